"""The chunks of a soak, and the plan file that lets an interrupted soak resume.

Chunks come in rounds: each round plays every variant once, each at a
different time control (variant i at control i + round, cyclically), so
that the first few chunks already cover every variant and every control
and an interrupted soak has tried them all.

Every chunk starts fresh engine processes, which then live for a few games
only; a last, endurance chunk has one pair of processes play many games
in a row, so that a slow leak shows in their memory.
"""

import hashlib
import json
from dataclasses import asdict, dataclass

from yaadmatch.clocks import CLOCK, TimeControl

VARIANTS = ("jamaican", "pool", "english", "russian", "brazilian", "international", "sixrow")
# Very short controls find races and clock bugs; depth and nodes find stalls without a clock.
TIME_CONTROLS = ("movetime=0.01", "movetime=0.05", "1+0.01", "2+0.05", "10/1", "depth=4", "nodes=20000")
PONDER_MODES = ("clock", "all", "none")  # which time controls are played with --ponder


@dataclass(frozen=True)
class Chunk:
    number: int   # 1-based, the order of play
    variant: str
    tc: str
    games: int    # even: scripts/match plays openings in pairs
    seed: int     # the match's --seed
    ponder: bool
    endurance: bool = False  # played one game at a time, by one pair of processes

    @property
    def name(self):
        """A file name stem: `007-international-2+0.05`, `050-jamaican-1+0.01-endurance`."""
        stem = f"{self.number:03d}-{self.variant}-{self.tc.replace('/', 'per').replace('=', '-')}"
        return stem + "-endurance" if self.endurance else stem


@dataclass(frozen=True)
class Settings:
    """What decides the chunks; a soak resumes only with the same settings."""
    games: int      # in all, the endurance chunk's included
    seed: int
    variants: tuple
    tcs: tuple
    ponder: str     # one of PONDER_MODES
    endurance: int  # the endurance chunk's games (0: none)


def _chunk_seed(seed, number):
    digest = hashlib.sha256(f"soak {seed} chunk {number}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _is_clock(tc):
    return TimeControl.parse(tc).kind == CLOCK


def _ponders(mode, tc):
    return mode == "all" or (mode == "clock" and _is_clock(tc))


def default_endurance(games):
    """A tenth of the games, even."""
    return games // 20 * 2


def make_chunks(settings):
    """The chunks in the order of play; the game pairs are spread as evenly as they go. The
    endurance chunk comes last: the first variant at the first clock control (if any)."""
    variants, tcs = settings.variants, settings.tcs
    combos = [(variant, tcs[(i + round_) % len(tcs)])
              for round_ in range(len(tcs)) for i, variant in enumerate(variants)]
    base, extra = divmod((settings.games - settings.endurance) // 2, len(combos))
    chunks = []
    for index, (variant, tc) in enumerate(combos):
        pairs = base + (index < extra)
        if pairs:
            number = len(chunks) + 1
            chunks.append(Chunk(number, variant, tc, 2 * pairs, _chunk_seed(settings.seed, number),
                                _ponders(settings.ponder, tc)))
    if settings.endurance:
        number = len(chunks) + 1
        tc = next((tc for tc in tcs if _is_clock(tc)), tcs[0])
        chunks.append(Chunk(number, variants[0], tc, settings.endurance, _chunk_seed(settings.seed, number),
                            _ponders(settings.ponder, tc), endurance=True))
    return chunks


def save(path, settings, binary):
    """Writes the plan file: the settings and the yaad binary under test (path and SHA-256)."""
    document = {"settings": asdict(settings), "binary": binary}
    path.write_text(json.dumps(document, indent=1) + "\n")


def load(path):
    """The settings and binary of a plan file."""
    document = json.loads(path.read_text())
    stored = document["settings"]
    settings = Settings(stored["games"], stored["seed"], tuple(stored["variants"]), tuple(stored["tcs"]),
                        stored["ponder"], stored["endurance"])
    return settings, document["binary"]


def differences(stored, wanted):
    """The settings that differ, as `name: stored -> wanted` texts."""
    return [f"{name}: {getattr(stored, name)} -> {getattr(wanted, name)}"
            for name in ("games", "seed", "variants", "tcs", "ponder", "endurance")
            if getattr(stored, name) != getattr(wanted, name)]
