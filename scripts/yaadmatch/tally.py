"""The count of a match as its games come in, from local worker threads or a cluster.

Every finished game passes through Tally.add, one at a time: the
scoreboard counts it, the SPRT looks at every completed pair, and the
listeners (the progress line, the files written as the match goes) hear of
it. A game number is counted once only, however often a result for it
arrives (a cluster may run a task again after a worker died).
"""

import threading
from dataclasses import dataclass

from .scoreboard import Scoreboard


@dataclass
class SprtStop:
    decision: str  # H0 or H1
    pairs: int     # complete pairs when the LLR crossed a bound
    llr: float


class Tally:
    """`listeners` are called as listener(record, tally) after each counted game."""

    def __init__(self, names, sprt=None, listeners=()):
        self.scoreboard = Scoreboard(names)
        self.sprt = sprt
        self.sprt_stop = None
        self.listeners = list(listeners)
        # Games that no worker could finish (a worker died on them too often): {game, pair, reason}.
        # They count for nobody, and --resume plays them again.
        self.lost = []
        self._lock = threading.Lock()
        self._counted = set()

    def preload(self, records):
        """The games of an interrupted match (--resume): counted, listeners not called. A decision
        their pairs already reach stops the match at once."""
        with self._lock:
            for record in records:
                if record.index not in self._counted:
                    self._counted.add(record.index)
                    self.scoreboard.add(record)
            self._check_sprt()

    def add(self, record):
        """Counts a finished game; returns False if its number was counted already."""
        with self._lock:
            if record.index in self._counted:
                return False
            self._counted.add(record.index)
            self.lost = [entry for entry in self.lost if entry["game"] != record.index]
            if self.scoreboard.add(record):
                self._check_sprt()
            for listener in self.listeners:
                listener(record, self)
            return True

    def lose(self, game, pair, reason):
        """A game no worker could finish: recorded, never counted."""
        with self._lock:
            if game not in self._counted:
                self.lost.append({"game": game, "pair": pair, "reason": reason})

    @property
    def stopped(self):
        """True once the SPRT has decided: no new pair may start."""
        return self.sprt_stop is not None

    def _check_sprt(self):
        if not self.sprt or self.sprt_stop:
            return
        pairs = sum(self.scoreboard.pentanomial)
        llr = self.sprt.llr(self.scoreboard.pentanomial)
        decision = self.sprt.decision(llr, pairs)
        if decision:
            self.sprt_stop = SprtStop(decision, pairs, llr)
