"""PDN: writing the games of a match, and reading the games of an openings file."""

import re

from .fen import side_to_move

# RULES.md §1 "PDN game types".
GAME_TYPES = {
    "international": "20",
    "english": "21",
    "pool": "23,B,8,8,N1,0",
    "jamaican": "23,B,8,8,A1,1",
    "russian": "25",
    "brazilian": "26",
    "sixrow": "-1,W,6,6,A0,0",
}
RESULTS = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"}
LINE_WIDTH = 79


def _tag(name, value):
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def movetext(moves, first_side, opening_side, result, comments=None):
    """Numbered moves ending with the result, e.g. `1. 11-15 23-19 2. 8-11 1-0`.

    A move number covers one move of each side, the variant's first mover
    first; when the opening has the other side to move, the text starts
    with `1...`. comments[i], if given and not None, follows move i in
    braces; a move of the second mover after a comment gets its number
    again (`2... 8-11`), as PGN readers expect.
    """
    words = []  # a move number stays on the line of its move
    number = 1
    side = opening_side
    after_comment = False
    for i, move in enumerate(moves):
        if side == first_side:
            words.append(f"{number}. {move}")
        else:
            words.append(f"{number}... {move}" if not words or after_comment else move)
            number += 1
        comment = comments[i] if comments else None
        after_comment = comment is not None
        if after_comment:
            words.append("{" + comment.replace("}", ")") + "}")
        side = "B" if side == "W" else "W"
    words.append(result)
    return _wrap(words)


def move_comment(score, depth, seconds, book=False):
    """`{score/depth time}` as chess tools write it: `+0.13/12 0.51s`, the score in men from the
    mover's side; the parts the engine did not give are left out. A move from the engine's book
    is `{book}`."""
    if book:
        return "book"
    parts = []
    if score is not None:
        parts.append(f"{score:+.2f}" + (f"/{depth}" if depth is not None else ""))
    if seconds is not None:
        # Match files written before the runner noted the time ahead of its question may hold
        # a time a hair below zero.
        parts.append(f"{max(seconds, 0.0):.2f}s")
    return " ".join(parts) or None


def _wrap(words):
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > LINE_WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def format_game(record, variant, first_side, event, site, date):
    """A game with its opening's moves (the FEN tag is where they start; OpeningPlies says how
    many there are, so the file can serve as --openings) and a `{score/depth time}` comment on
    each move the engines played."""
    start = record.opening_start or record.opening
    opening = list(record.opening_moves) if record.opening_start else []
    tags = [
        ("Event", event), ("Site", site), ("Date", date), ("Round", record.index),
        ("White", record.white), ("Black", record.black), ("Result", record.result),
        ("GameType", GAME_TYPES[variant]), ("SetUp", "1"), ("FEN", start),
        ("OpeningPlies", len(opening)), ("Termination", record.reason),
    ]
    head = "\n".join(_tag(name, value) for name, value in tags)

    def at(values, i):
        return values[i] if i < len(values) else None

    comments = [None] * len(opening)
    if opening:
        comments[-1] = "opening"
    comments += [move_comment(at(record.scores, i), at(record.depths, i), at(record.move_times, i),
                              bool(at(record.book_moves, i)))
                 for i in range(len(record.pdn_moves))]
    body = movetext(opening + record.pdn_moves, first_side, side_to_move(start), record.result, comments)
    return f"{head}\n\n{body}\n"


def write_games(path, records, variant, first_side, event, site, date):
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(format_game(r, variant, first_side, event, site, date) for r in records))


_TOKEN = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]|\{[^}]*\}|\(|\)|[^\s\[\]{}()]+')


def read_games(text):
    """The games of a PDN text as (tags, moves) pairs: a dict of tags and the
    main line's moves as written (comments, variations, move numbers, NAGs
    and results dropped)."""
    games = []
    tags, moves = {}, []
    in_moves = False
    depth = 0  # nesting of variations, whose moves are not the game's

    def close():
        nonlocal tags, moves, in_moves
        if tags or moves:
            games.append((tags, moves))
        tags, moves, in_moves = {}, [], False

    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if m.group(1):
            if in_moves:
                close()
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        elif token == "(":
            depth += 1
        elif token == ")":
            depth = max(depth - 1, 0)
        elif token.startswith("{") or depth:
            continue
        elif token in RESULTS:
            close()
        else:
            in_moves = True
            move = re.sub(r"^\d+\.+", "", token).rstrip("!?")
            if move and not move.startswith("$"):
                moves.append(move)
    close()
    return games
