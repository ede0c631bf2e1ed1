"""Reading the PDN FEN the referee writes (RULES.md §1), to speak Hub.

The referee's FEN is canonical: `side:W<list>:B<list>`, numeric squares,
`K` marking kings, ranges `a-b` (a `K` before a range crowns all of it).
Hub wants the same position as one character per playable square.
"""


def side_to_move(fen):
    """'W' or 'B'."""
    return fen.strip()[0].upper()


def pieces(fen):
    """{square: 'w' | 'b' | 'W' | 'B'} for the pieces of a FEN."""
    board = {}
    for part in fen.strip().rstrip(".").split(":")[1:]:
        if not part:
            continue
        colour, items = part[0].lower(), part[1:]
        for item in filter(None, items.split(",")):
            king = item.upper().startswith("K")
            squares = item[1:] if king else item
            low, _, high = squares.partition("-")
            for square in range(int(low), int(high or low) + 1):
                board[square] = colour.upper() if king else colour
    return board


def board_size(start_fen):
    """The number of playable squares, read from the variant's start position.

    Every start position has a piece on the last square (White's back row),
    so the highest square in it is the board's square count: 32, 50 or 18.
    """
    return max(pieces(start_fen))


def hub_position(fen, squares):
    """The Hub form of a position: the side to move, then w/b/W/B/e for squares 1..`squares`."""
    board = pieces(fen)
    return side_to_move(fen) + "".join(board.get(s, "e") for s in range(1, squares + 1))
