"""--resume: what an interrupted match's JSON file holds, whether it is this match, and the
games still to play."""

import json

from . import jsonout
from .matchfiles import GAMES, HEAD
from .records import GameRecord

# Settings a resumed match may change: they do not change what a game is.
RESUMABLE_CHANGES = ("games", "concurrency", "cluster", "date")


class ResumeError(Exception):
    """The file cannot be resumed from."""


def read_match(path):
    """The settings and the finished games (GameRecords) of a --json file, complete or left by an
    interrupted match."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise ResumeError(f"cannot read {path}: {e.strerror}") from e
    try:
        document = json.loads(text)
        settings, games = document["match"], document["games"]
    except (ValueError, KeyError, TypeError):
        settings, games = _read_damaged(path, text)
    try:
        return settings, [GameRecord.from_json(game) for game in games]
    except (KeyError, TypeError, ValueError) as e:
        raise ResumeError(f"{path}: a game record lacks {e}") from e


def _read_damaged(path, text):
    """What a streamed file cut short still holds: its settings line and every whole game line."""
    lines = text.split("\n")
    first = lines[0]
    if not (first.startswith(HEAD) and first.endswith(GAMES)):
        raise ResumeError(f"{path} is not a match's --json file")
    try:
        settings = json.loads(first[len(HEAD):-len(GAMES)])
    except ValueError as e:
        raise ResumeError(f"{path}: unreadable settings: {e}") from e
    games = []
    for line in lines[1:]:
        try:
            game = json.loads(line.rstrip(","))
        except ValueError:
            continue  # the line a crash cut short, or the summary's
        if isinstance(game, dict) and "index" in game:
            games.append(game)
    return settings, games


def conflicts(old, new):
    """The settings that differ between the file resumed and this run, as `name: old -> new`."""
    new = json.loads(json.dumps(jsonout.plain(new)))  # as the file holds them: lists, no tuples
    return [f"{key}: {old.get(key)!r} -> {new.get(key)!r}" for key in sorted(set(old) | set(new))
            if key not in RESUMABLE_CHANGES and old.get(key) != new.get(key)]


def todo(games, done):
    """The games of a `games`-game match not in `done` (game numbers), as MatchPlan.todo:
    (pair from 0, the White slots not yet played)."""
    left = []
    for pair in range(games // 2):
        whites = tuple(white for white in (0, 1) if 2 * pair + white + 1 not in done)
        if whites:
            left.append((pair, whites))
    return left
