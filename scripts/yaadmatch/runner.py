"""The match: game pairs shared among worker threads, results counted as they come.

Each worker owns a process of each engine and a referee, and plays whole
pairs (an opening with the first engine as White, then as Black), so the
pairs an SPRT counts are always complete. With --sprt, a decision stops
the match from starting new pairs; the pairs already started are played
to the end and counted.
"""

import os
import shlex
import threading
from dataclasses import dataclass, field

from .game import GameSetup, play_game
from .hub_engine import HubEngine
from .referee import Referee
from .scoreboard import Scoreboard


@dataclass
class EngineSpec:
    command: str
    name: str = None     # None: the name the engine gives in its `id` line
    params: list = field(default_factory=list)  # (name, value, required) for set-param


@dataclass
class MatchPlan:
    engines: list        # two EngineSpecs
    rules: object        # game.GameRules
    games: int           # even
    openings: object     # openings.RandomOpenings or FileOpenings
    yaad: str
    concurrency: int = 1
    sprt: object = None  # stats.Sprt
    startup_timeout: float = 10.0
    log: object = None   # lineproc.TrafficLog

    @property
    def pairs(self):
        return self.games // 2


@dataclass
class SprtStop:
    decision: str  # H0 or H1
    pairs: int     # complete pairs when the LLR crossed a bound
    llr: float


class _Worker:
    def __init__(self, number, plan):
        self.engines = [HubEngine(spec.command, f"engine{slot + 1}/worker{number}", plan.rules.variant,
                                  spec.params, plan.log, plan.startup_timeout)
                        for slot, spec in enumerate(plan.engines)]
        self.referee = Referee(plan.yaad, f"referee/worker{number}", plan.log)
        # Checks the replies engines ponder on, without touching the game's referee.
        self.ponder_referee = (Referee(plan.yaad, f"referee-ponder/worker{number}", plan.log)
                               if any(plan.rules.ponder) else None)

    def _referees(self):
        return [r for r in (self.referee, self.ponder_referee) if r]

    def kill(self):
        for engine in self.engines:
            engine.kill()
        for referee in self._referees():
            referee.kill()

    def close(self):
        for engine in self.engines:
            engine.quit()
        for referee in self._referees():
            referee.close()


class Match:
    """`on_game(record, scoreboard)` is called, one call at a time, after every finished game."""

    def __init__(self, plan, on_game=None):
        self.plan = plan
        self.on_game = on_game
        self.names = [spec.name for spec in plan.engines]
        self.scoreboard = None
        self.sprt_stop = None
        self.error = None        # the exception that ended the match early, if any
        self.interrupted = False  # Ctrl-C
        self._workers = []
        self._lock = threading.Lock()
        self._stop = threading.Event()   # start no new pair
        self._abort = threading.Event()  # drop the games in flight too
        self._next_pair = 0

    def start_engines(self):
        """Starts every worker's engines, so a wrong command fails before the first game;
        settles the engines' names. Raises EngineStartError or RefereeError."""
        try:
            for number in range(1, min(self.plan.concurrency, self.plan.pairs) + 1):
                worker = _Worker(number, self.plan)
                self._workers.append(worker)
                for engine in worker.engines:
                    engine.start()
        except BaseException:  # Ctrl-C too: no engine may outlive the runner
            self._close_workers()
            raise
        first = self._workers[0].engines
        for slot, spec in enumerate(self.plan.engines):
            if not self.names[slot]:
                self.names[slot] = first[slot].id_name or os.path.basename(shlex.split(spec.command)[0])
        if self.names[0] == self.names[1]:
            self.names = [f"{self.names[0]}-1", f"{self.names[1]}-2"]
        self.scoreboard = Scoreboard(self.names)

    def run(self):
        """Plays the match; afterwards see scoreboard, sprt_stop, error and interrupted."""
        threads = [threading.Thread(target=self._work, args=(w,), daemon=True) for w in self._workers]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.2)
        except KeyboardInterrupt:
            self.interrupted = True
            self._halt()
            for thread in threads:
                thread.join()
        self._close_workers()

    def _work(self, worker):
        try:
            while (pair := self._take_pair()) is not None:
                self._play_pair(worker, pair)
        except Exception as e:  # a referee or openings failure: nothing sound can follow
            with self._lock:
                if not self._abort.is_set():
                    self.error = e
            self._halt()

    def _take_pair(self):
        with self._lock:
            if self._stop.is_set() or self._next_pair >= self.plan.pairs:
                return None
            self._next_pair += 1
            return self._next_pair - 1

    def _play_pair(self, worker, pair):
        opening = self.plan.openings.get(pair)
        for white in (0, 1):
            if self._abort.is_set():
                return
            setup = GameSetup(index=2 * pair + white + 1, pair=pair + 1, opening=opening, white_engine=white,
                              white_name=self.names[white], black_name=self.names[1 - white])
            record = play_game(self.plan.rules, setup, worker.engines[white], worker.engines[1 - white],
                               worker.referee, worker.ponder_referee)
            self._count(record)

    def _count(self, record):
        with self._lock:
            if self._abort.is_set():
                return  # a game cut short by Ctrl-C or a failure is no result
            pair_complete = self.scoreboard.add(record)
            sprt = self.plan.sprt
            if sprt and pair_complete and not self.sprt_stop:
                llr = sprt.llr(self.scoreboard.pentanomial)
                pairs = sum(self.scoreboard.pentanomial)
                decision = sprt.decision(llr, pairs)
                if decision:
                    self.sprt_stop = SprtStop(decision, pairs, llr)
                    self._stop.set()
            if self.on_game:
                self.on_game(record, self.scoreboard)

    def _halt(self):
        self._abort.set()
        self._stop.set()
        for worker in self._workers:
            worker.kill()

    def _close_workers(self):
        for worker in self._workers:
            worker.close()
