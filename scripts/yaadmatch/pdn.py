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


def movetext(moves, first_side, opening_side, result):
    """Numbered moves ending with the result, e.g. `1. 11-15 23-19 2. 8-11 1-0`.

    A move number covers one move of each side, the variant's first mover
    first; when the opening has the other side to move, the text starts
    with `1...`.
    """
    words = []  # a move number stays on the line of its move
    number = 1
    side = opening_side
    for move in moves:
        if side == first_side:
            words.append(f"{number}. {move}")
        else:
            words.append(f"{number}... {move}" if not words else move)
            number += 1
        side = "B" if side == "W" else "W"
    words.append(result)
    return _wrap(words)


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
    tags = [
        ("Event", event), ("Site", site), ("Date", date), ("Round", record.index),
        ("White", record.white), ("Black", record.black), ("Result", record.result),
        ("GameType", GAME_TYPES[variant]), ("SetUp", "1"), ("FEN", record.opening),
        ("Termination", record.reason),
    ]
    head = "\n".join(_tag(name, value) for name, value in tags)
    body = movetext(record.pdn_moves, first_side, side_to_move(record.opening), record.result)
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
