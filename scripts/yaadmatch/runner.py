"""The match: game pairs shared among worker threads, results counted as they come.

Each worker owns a process of each engine and a referee, and plays whole
pairs (an opening with the first engine as White, then as Black), so the
pairs an SPRT counts are always complete. With --sprt, a decision stops
the match from starting new pairs; the pairs already started are played
to the end and counted. A resumed match plays only the games its file
lacks (MatchPlan.todo).
"""

import os
import shlex
import threading
from dataclasses import dataclass, field

from .game import GameSetup, play_game
from .hub_engine import HubEngine
from .referee import Referee


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
    todo: list = None    # (pair from 0, white engines to play) still to play; None: every game

    @property
    def pairs(self):
        return self.games // 2

    def jobs(self):
        """The games to play, pair by pair: (pair from 0, the --engine slots that play White)."""
        if self.todo is not None:
            return list(self.todo)
        return [(pair, (0, 1)) for pair in range(self.pairs)]


def pair_games(plan, names, worker, pair, opening, whites, abort=None):
    """Plays the games of one pair (pair from 0) whose White is in `whites`, one after the other,
    yielding each GameRecord; stops early once `abort` (a threading.Event) is set."""
    for white in whites:
        if abort is not None and abort.is_set():
            return
        setup = GameSetup(index=2 * pair + white + 1, pair=pair + 1, opening=opening, white_engine=white,
                          white_name=names[white], black_name=names[1 - white])
        yield play_game(plan.rules, setup, worker.engines[white], worker.engines[1 - white], worker.referee,
                        worker.ponder_referee)


class Worker:
    """The processes one game at a time needs: both engines and the referees."""

    def __init__(self, label, plan):
        """`label` (worker1, ...) tells the processes apart in --log and error messages."""
        self.engines = [HubEngine(spec.command, f"engine{slot + 1}/{label}", plan.rules.variant,
                                  spec.params, plan.log, plan.startup_timeout)
                        for slot, spec in enumerate(plan.engines)]
        self.referee = Referee(plan.yaad, f"referee/{label}", plan.log)
        # Checks the replies engines ponder on, without touching the game's referee.
        self.ponder_referee = (Referee(plan.yaad, f"referee-ponder/{label}", plan.log)
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


def settle_names(specs, id_names):
    """The engines' names: --name, else the name each gives in its `id` line, else its program's;
    two equal names get -1 and -2."""
    names = [spec.name or id_name or os.path.basename(shlex.split(spec.command)[0])
             for spec, id_name in zip(specs, id_names)]
    if names[0] == names[1]:
        names = [f"{names[0]}-1", f"{names[1]}-2"]
    return names


class Match:
    """Plays the plan's games on local threads, each finished game counted by a Tally."""

    def __init__(self, plan):
        self.plan = plan
        self.names = None
        self.error = None        # the exception that ended the match early, if any
        self.interrupted = False  # Ctrl-C
        self._workers = []
        self._lock = threading.Lock()
        self._stop = threading.Event()   # start no new pair
        self._abort = threading.Event()  # drop the games in flight too
        self._jobs = plan.jobs()
        self._tally = None

    def start_engines(self):
        """Starts every worker's engines, so a wrong command fails before the first game;
        settles the engines' names. Raises EngineStartError or RefereeError."""
        try:
            for number in range(1, max(1, min(self.plan.concurrency, len(self._jobs))) + 1):
                worker = Worker(f"worker{number}", self.plan)
                self._workers.append(worker)
                for engine in worker.engines:
                    engine.start()
        except BaseException:  # Ctrl-C too: no engine may outlive the runner
            self.close()
            raise
        self.names = settle_names(self.plan.engines, [engine.id_name for engine in self._workers[0].engines])

    def run(self, tally):
        """Plays the match into `tally`; afterwards see error and interrupted."""
        self._tally = tally
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
        self.close()

    def _work(self, worker):
        try:
            while (job := self._take_job()) is not None:
                pair, whites = job
                opening = self.plan.openings.get(pair)
                for record in pair_games(self.plan, self.names, worker, pair, opening, whites, self._abort):
                    self._count(record)
        except Exception as e:  # a referee or openings failure: nothing sound can follow
            with self._lock:
                if not self._abort.is_set():
                    self.error = e
            self._halt()

    def _take_job(self):
        with self._lock:
            if self._stop.is_set() or self._tally.stopped or not self._jobs:
                return None
            return self._jobs.pop(0)

    def _count(self, record):
        with self._lock:
            if self._abort.is_set():
                return  # a game cut short by Ctrl-C or a failure is no result
            self._tally.add(record)

    def _halt(self):
        self._abort.set()
        self._stop.set()
        for worker in self._workers:
            worker.kill()

    def close(self):
        """Ends every engine and referee (run does it at its end)."""
        for worker in self._workers:
            worker.close()
        self._workers = []
