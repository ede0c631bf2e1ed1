"""Time controls and the runner's own clocks.

The runner keeps every clock itself and tells the engine its time with a
Hub `level` line before each move. HUB.md: the increment is added before
each move, so `level time=T inc=I` means this move may use T + I; the
runner credits the increment at the same moment.
"""

import math
import re
from dataclasses import dataclass

MOVETIME, CLOCK, DEPTH, NODES = "movetime", "clock", "depth", "nodes"


@dataclass(frozen=True)
class TimeControl:
    kind: str
    seconds: float = 0.0      # movetime: per move; clock: the clock of each period
    increment: float = 0.0    # clock: added before each move
    period_moves: int = 0     # clock: moves per period (0 = the whole game)
    limit: int = 0            # depth or nodes

    @staticmethod
    def parse(text):
        """`movetime=0.1`, `60+0.5`, `40/60` (or `40/60+0.5`), `60`, `depth=6`, `nodes=100000`."""
        spec = text.strip().replace(" ", "")
        number = r"(\d+(?:\.\d*)?|\.\d+)"
        if m := re.fullmatch(rf"movetime={number}", spec):
            tc = TimeControl(MOVETIME, seconds=float(m[1]))
        elif m := re.fullmatch(rf"(?:(\d+)/)?{number}(?:\+{number})?", spec):
            tc = TimeControl(CLOCK, seconds=float(m[2]), increment=float(m[3] or 0),
                             period_moves=int(m[1] or 0))
            if m[1] is not None and tc.period_moves == 0:
                raise ValueError("a period of moves/clock needs at least one move")
        elif m := re.fullmatch(r"(depth|nodes)=(\d+)", spec):
            tc = TimeControl(m[1], limit=int(m[2]))
            if tc.limit == 0:
                raise ValueError(f"{m[1]} must be at least 1")
        else:
            raise ValueError(f"unknown time control {text!r}: use movetime=S, CLOCK+INC, MOVES/CLOCK, "
                             "depth=D or nodes=N")
        if tc.kind in (MOVETIME, CLOCK) and tc.seconds <= 0:
            raise ValueError("the time must be above 0 seconds")
        return tc

    def __str__(self):
        if self.kind == MOVETIME:
            return f"movetime={_seconds(self.seconds)}"
        if self.kind == CLOCK:
            text = _seconds(self.seconds)
            if self.period_moves:
                text = f"{self.period_moves}/{text}"
            return text + (f"+{_seconds(self.increment)}" if self.increment else "")
        return f"{self.kind}={self.limit}"


def _seconds(value):
    """Seconds as Hub writes them: plain decimals, no trailing zeros, in whole
    milliseconds rounded down so an engine is never told it has more time than it has."""
    text = f"{math.floor(value * 1000 + 1e-9) / 1000:.3f}".rstrip("0").rstrip(".")
    return text or "0"


@dataclass
class MoveBudget:
    """What one move may take: the `level` to send and how long to wait for `done`."""
    level: list
    wait: float


class Clock:
    """One engine's clock in one game.

    movetime: each move gets `seconds`; a move slower than seconds + margin
    flags. Clock controls: the engine's time, credited with the increment
    before each move and, with moves/clock, with a new period's time after
    its last move; below zero it flags. depth/nodes: no clock, but a move
    that takes longer than `stall_timeout` counts as a stall.
    """

    def __init__(self, tc, margin=1.0, stall_timeout=60.0):
        self.tc = tc
        self.margin = margin
        self.stall_timeout = stall_timeout
        self.remaining = tc.seconds
        self.moves_left = tc.period_moves

    def begin_move(self):
        tc = self.tc
        if tc.kind == MOVETIME:
            return MoveBudget([("move-time", _seconds(tc.seconds))], tc.seconds + self.margin)
        if tc.kind in (DEPTH, NODES):
            return MoveBudget([(tc.kind, str(tc.limit))], self.stall_timeout)
        level = [("moves", str(self.moves_left))] if tc.period_moves else []
        level.append(("time", _seconds(self.remaining)))
        if tc.increment:
            level.append(("inc", _seconds(tc.increment)))
        self.remaining += tc.increment
        return MoveBudget(level, self.remaining + self.margin)

    def end_move(self, elapsed):
        """Charges a move's time; returns False if the flag fell."""
        tc = self.tc
        if tc.kind == MOVETIME:
            return elapsed <= tc.seconds + self.margin
        if tc.kind in (DEPTH, NODES):
            return elapsed <= self.stall_timeout
        self.remaining -= elapsed
        if self.remaining < 0:
            return False
        if tc.period_moves:
            self.moves_left -= 1
            if self.moves_left == 0:
                self.remaining += tc.seconds
                self.moves_left = tc.period_moves
        return True
