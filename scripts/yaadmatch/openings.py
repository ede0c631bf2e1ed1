"""Openings: random ones drawn by yaad, or the positions of a file.

Pair p of a match (counted from 0) is played from opening p. Random
openings come from `yaad random-opening` with a seed derived from the
match seed and p, so a match is reproducible from its seed. A file's
openings are used in order and repeat when the match needs more pairs.
"""

import hashlib
import subprocess
from dataclasses import dataclass

from .pdn import read_games
from .referee import RefereeError


class OpeningError(Exception):
    """An opening could not be made or read."""


@dataclass(frozen=True)
class Opening:
    fen: str
    origin: str  # where it came from, for the records
    start: str = None  # FEN the opening's moves start from (None: `fen` itself, no moves)
    moves: tuple = ()  # the opening's moves in the variant's PDN notation


def opening_seed(match_seed, index):
    """A 64-bit seed for opening `index`: the first 8 bytes of SHA-256("match_seed/index").

    Hashing keeps neighbouring matches (seeds s and s+1) from sharing
    openings, which a plain sum would do.
    """
    digest = hashlib.sha256(f"{match_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class RandomOpenings:
    def __init__(self, yaad, variant, plies, seed):
        self.yaad = yaad
        self.variant = variant
        self.plies = plies
        self.seed = seed

    def describe(self):
        return f"random, {self.plies} plies, seed {self.seed}"

    def get(self, index):
        seed = opening_seed(self.seed, index)
        command = [self.yaad, "random-opening", "--variant", self.variant, "--plies", str(self.plies),
                   "--seed", str(seed)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise OpeningError(f"{' '.join(command)}: {e}") from e
        fields = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
        if done.returncode != 0 or "fen" not in fields:
            raise OpeningError(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}")
        moves = tuple(fields.get("moves", "").split())
        return Opening(fields["fen"], f"random seed {seed}: {' '.join(moves)}", self._start(), moves)

    def _start(self):
        """The variant's start position, where random openings begin."""
        if not hasattr(self, "_start_fen"):
            command = [self.yaad, "random-opening", "--variant", self.variant, "--plies", "0", "--seed", "0"]
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
            fields = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
            self._start_fen = fields.get("fen") if done.returncode == 0 else None
        return self._start_fen


class FileOpenings:
    """One FEN per line (blank lines and # comments skipped), or PDN games.

    A PDN game's opening is the position after its moves, played from its
    FEN tag (or the start position) through the referee, so a file of
    opening lines needs no FEN. A game the runner wrote (`--pdn`) says with
    its OpeningPlies tag how many of its moves were the opening: only those
    are played, so a match's PDN gives its openings back. A game whose
    opening is the one of the game just before it (the other half of a
    pair the runner wrote) adds no opening, so a match replayed from another
    match's PDN plays each of its openings once per pair, in the same
    order. Every opening is checked by the referee when the file is read.
    """

    def __init__(self, path, variant, referee):
        self.path = path
        try:
            # utf-8-sig: Windows programs often begin a file with a byte order mark.
            with open(path, encoding="utf-8-sig") as f:
                text = f.read()
        except OSError as e:
            raise OpeningError(f"cannot read {path}: {e.strerror}") from e
        if any(line.lstrip().startswith("[") for line in text.splitlines()):
            self.openings = self._from_pdn(text, variant, referee)
        else:
            self.openings = self._from_fens(text, variant, referee)
        if not self.openings:
            raise OpeningError(f"{path} holds no opening")

    def describe(self):
        return f"{len(self.openings)} from {self.path}"

    def get(self, index):
        return self.openings[index % len(self.openings)]

    def _from_fens(self, text, variant, referee):
        openings = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if line:
                where = f"{self.path}:{number}"
                verdict = _ask(where, referee.new, variant, line)
                openings.append(Opening(_ongoing(verdict, where), where))
        return openings

    def _from_pdn(self, text, variant, referee):
        openings = []
        for number, (tags, moves) in enumerate(read_games(text), 1):
            where = f"{self.path} game {number}"
            if "OpeningPlies" in tags:
                plies = tags["OpeningPlies"]
                if not plies.isdigit() or int(plies) > len(moves):
                    raise OpeningError(f"{where}: OpeningPlies \"{plies}\" is not a count of its moves")
                moves = moves[:int(plies)]
            verdict = _ask(where, referee.new, variant, tags.get("FEN"))
            start = verdict.fen
            played = []
            for move in moves:
                verdict = _ask(where, referee.play, move)
                if not verdict.legal:
                    raise OpeningError(f"{where}: illegal move {move}: {verdict.message}")
                played.append(verdict.pdn)
            opening = Opening(_ongoing(verdict, where), where, start, tuple(played))
            if openings and (openings[-1].fen, openings[-1].start, openings[-1].moves) == (
                    opening.fen, opening.start, opening.moves):
                continue
            openings.append(opening)
        return openings


def _ask(where, question, *arguments):
    """A referee answer; a referee refusal becomes an OpeningError naming the place in the file."""
    try:
        return question(*arguments)
    except RefereeError as e:
        raise OpeningError(f"{where}: {e}") from e


def _ongoing(verdict, where):
    """The FEN of a position where the game goes on."""
    if verdict.over:
        raise OpeningError(f"{where}: the game is already over there ({verdict.reason})")
    return verdict.fen
