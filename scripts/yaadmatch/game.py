"""One game between two Hub engines, judged move by move by the referee.

With pondering on, an engine searches on the opponent's time from the reply
it expects (`go ponder`); if that reply comes it is told `ponder-hit` and
its clock runs from then, otherwise `stop` and a new search. Pondering
time is free.
"""

import time
from dataclasses import dataclass

from .adjudication import Adjudicator
from .clocks import Clock, MoveBudget
from .fen import hub_position, side_to_move
from .hub_engine import EngineFault
from .openings import OpeningError
from .records import DRAW, GameRecord, loss_for, win_for

# Terminations the runner itself decides (the referee's own are its reason= names).
TIME_FORFEIT = "time forfeit"
ADJUDICATED_DRAW = "adjudicated draw"
ADJUDICATED_WIN = "adjudicated win"
PLY_LIMIT = "ply limit"


@dataclass
class GameRules:
    """What every game of a match shares."""
    variant: str
    squares: int          # playable squares, for Hub position strings
    tcs: list             # clocks.TimeControl of each engine, in --engine order
    margin: float         # seconds of grace on a move's time
    stall_timeout: float  # seconds a depth- or node-limited move may take
    draw_rule: object = None  # adjudication.Rule or None
    win_rule: object = None
    max_plies: int = 0    # 0: no limit
    ponder: tuple = (False, False)  # whether each engine ponders, in --engine order


@dataclass
class GameSetup:
    index: int
    pair: int
    opening: object       # openings.Opening
    white_engine: int     # 0 or 1: which --engine plays White
    white_name: str
    black_name: str


@dataclass
class _Pondering:
    """An engine pondering on the reply it expects, between its move and the opponent's."""
    expected: str      # the reply, in the referee's Hub form
    budget: MoveBudget  # of the engine's next move, taken from its clock when pondering began


def play_game(rules, setup, white, black, referee, ponder_referee=None):
    """Plays one game between two HubEngines; returns its GameRecord.

    An engine fault ends the game with a loss for that engine, which is
    left killed and restarted before its next game. `ponder_referee`, a
    second referee, checks the replies engines want to ponder on; it is
    needed when rules.ponder is on for either engine.
    """
    return _Game(rules, setup, white, black, referee, ponder_referee).play()


class _Game:
    def __init__(self, rules, setup, white, black, referee, ponder_referee):
        self.rules = rules
        self.setup = setup
        self.referee = referee
        self.ponder_referee = ponder_referee
        self.engines = {"W": white, "B": black}
        self.names = {"W": setup.white_name, "B": setup.black_name}
        self.slots = {"W": setup.white_engine, "B": 1 - setup.white_engine}  # --engine order
        self.clocks = {side: Clock(rules.tcs[slot], rules.margin, rules.stall_timeout)
                       for side, slot in self.slots.items()}
        self.adjudicator = Adjudicator(rules.draw_rule, rules.win_rule)
        self.pondering = {}  # side -> _Pondering
        self.record = None
        self.position = None  # the first position, as a Hub string

    def play(self):
        started = time.monotonic()
        start = self.referee.new(self.rules.variant, self.setup.opening.fen)
        if start.over:  # e.g. a long random opening that ends the game: no engine would play
            raise OpeningError(f"the opening {start.fen} ({self.setup.opening.origin}) ends the game: "
                               f"{start.reason}")
        setup = self.setup
        self.record = GameRecord(setup.index, setup.pair, setup.white_engine, setup.white_name,
                                 setup.black_name, start.fen, setup.opening.origin, start.result, start.reason,
                                 setup.opening.start, list(setup.opening.moves))
        self.position = hub_position(start.fen, self.rules.squares)
        result, reason = self._play_from(start)
        self._end_pondering()
        for side in self.engines:
            self._warn_strays(side)
        for side, engine in self.engines.items():
            self.record.memory[self.slots[side]] = engine.memory()
        self.record.result, self.record.reason = result, reason
        self.record.duration = time.monotonic() - started
        return self.record

    def _play_from(self, verdict):
        """Plays the moves; returns the game's result and why it ended."""
        record = self.record
        for side, engine in self.engines.items():
            try:
                engine.prepare_game()
            except EngineFault as fault:
                return loss_for(side), fault.reason
        while not verdict.over:
            side = side_to_move(verdict.fen)
            engine = self.engines[side]
            try:
                thought, budget_ok = self._ask_move(side)
            except EngineFault as fault:
                return loss_for(side), fault.reason
            finally:
                self._warn_strays(side)
            record.move_times.append(thought.elapsed)
            record.scores.append(thought.score)
            record.depths.append(thought.depth)
            record.book_moves.append(thought.book)
            record.engine_errors += [{"ply": record.plies + 1, "engine": self.names[side], "message": m}
                                     for m in thought.errors]
            if not budget_ok:
                engine.kill()
                return loss_for(side), TIME_FORFEIT
            verdict = self.referee.play(thought.move)
            if not verdict.legal:
                engine.kill()
                return loss_for(side), f"illegal move: {thought.move}"
            record.moves.append(verdict.move)
            record.pdn_moves.append(verdict.pdn)
            if verdict.over:
                break
            decision = self.adjudicator.record(side, thought.score)
            if decision == "draw":
                return DRAW, ADJUDICATED_DRAW
            if decision:
                return win_for(decision), ADJUDICATED_WIN
            if self.rules.max_plies and record.plies >= self.rules.max_plies:
                return DRAW, PLY_LIMIT
            try:
                self._start_pondering(side, thought.ponder, verdict.fen)
            except EngineFault as fault:
                return loss_for(side), fault.reason
        return verdict.result, verdict.reason

    def _ask_move(self, side):
        """The engine's move, from a ponder search if it expected the last reply, else from a new
        search; and whether its clock held. Raises EngineFault."""
        engine = self.engines[side]
        slot = self.slots[side]
        pondering = self.pondering.pop(side, None)
        if pondering and self.record.moves[-1] == pondering.expected:
            self.record.ponder_hits[slot] += 1
            thought = engine.ponder_hit(pondering.budget.wait)
        else:
            if pondering:
                self.record.ponder_misses[slot] += 1
                engine.stop_ponder(self.rules.margin)
                budget = pondering.budget
            else:
                budget = self.clocks[side].begin_move()
            thought = engine.think(self.position, self.record.moves, budget.level, budget.wait)
        return thought, self.clocks[side].end_move(thought.elapsed)

    def _start_pondering(self, side, reply, fen):
        """After `side` moved to `fen`: its engine ponders on `reply` if pondering is on for it and
        the reply is a legal move that leaves a game to play. Raises EngineFault."""
        if not reply or not self.rules.ponder[self.slots[side]]:
            return
        self.ponder_referee.new(self.rules.variant, fen)
        answer = self.ponder_referee.play(reply)
        if not answer.legal:
            self._warn(side, f"illegal ponder move: {reply}")
            return
        if answer.over:
            return
        budget = self.clocks[side].begin_move()
        self.engines[side].ponder(self.position, self.record.moves + [answer.move], budget.level)
        self.pondering[side] = _Pondering(answer.move, budget)

    def _end_pondering(self):
        """Stops every ponder search still running: none may answer into the next game."""
        for side in sorted(self.pondering):
            try:
                self.engines[side].stop_ponder(self.rules.margin)
            except EngineFault as fault:
                self._warn(side, f"{fault.reason} when told to stop pondering after the game")
        self.pondering.clear()

    def _warn_strays(self, side):
        for text in self.engines[side].take_strays():
            self._warn(side, f"unasked line: {text}")

    def _warn(self, side, message):
        self.record.warnings.append({"ply": self.record.plies, "engine": self.names[side], "message": message})
