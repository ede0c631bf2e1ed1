"""One game between two Hub engines, judged move by move by the referee."""

import time
from dataclasses import dataclass

from .adjudication import Adjudicator
from .clocks import Clock
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


@dataclass
class GameSetup:
    index: int
    pair: int
    opening: object       # openings.Opening
    white_engine: int     # 0 or 1: which --engine plays White
    white_name: str
    black_name: str


def play_game(rules, setup, white, black, referee):
    """Plays one game between two HubEngines; returns its GameRecord.

    An engine fault ends the game with a loss for that engine, which is
    left killed and restarted before its next game.
    """
    started = time.monotonic()
    start = referee.new(rules.variant, setup.opening.fen)
    if start.over:  # e.g. a long random opening that ends the game: no engine would play
        raise OpeningError(f"the opening {start.fen} ({setup.opening.origin}) ends the game: {start.reason}")
    record = GameRecord(setup.index, setup.pair, setup.white_engine, setup.white_name, setup.black_name,
                        start.fen, setup.opening.origin, start.result, start.reason)
    engines = {"W": white, "B": black}
    names = {"W": setup.white_name, "B": setup.black_name}
    tcs = {"W": rules.tcs[setup.white_engine], "B": rules.tcs[1 - setup.white_engine]}
    clocks = {side: Clock(tcs[side], rules.margin, rules.stall_timeout) for side in engines}
    adjudicator = Adjudicator(rules.draw_rule, rules.win_rule)
    position = hub_position(start.fen, rules.squares)
    verdict = start

    def finish(result, reason):
        record.result, record.reason = result, reason
        record.duration = time.monotonic() - started
        return record

    for side, engine in engines.items():
        try:
            engine.prepare_game()
        except EngineFault as fault:
            return finish(loss_for(side), fault.reason)
    while not verdict.over:
        side = side_to_move(verdict.fen)
        engine = engines[side]
        budget = clocks[side].begin_move()
        try:
            thought = engine.think(position, record.moves, budget.level, budget.wait)
        except EngineFault as fault:
            return finish(loss_for(side), fault.reason)
        record.move_times.append(thought.elapsed)
        record.scores.append(thought.score)
        record.depths.append(thought.depth)
        record.engine_errors += [{"ply": record.plies + 1, "engine": names[side], "message": m}
                                 for m in thought.errors]
        if not clocks[side].end_move(thought.elapsed):
            engine.kill()
            return finish(loss_for(side), TIME_FORFEIT)
        verdict = referee.play(thought.move)
        if not verdict.legal:
            engine.kill()
            return finish(loss_for(side), f"illegal move: {thought.move}")
        record.moves.append(verdict.move)
        record.pdn_moves.append(verdict.pdn)
        if verdict.over:
            break
        decision = adjudicator.record(side, thought.score)
        if decision == "draw":
            return finish(DRAW, ADJUDICATED_DRAW)
        if decision:
            return finish(win_for(decision), ADJUDICATED_WIN)
        if rules.max_plies and record.plies >= rules.max_plies:
            return finish(DRAW, PLY_LIMIT)
    return finish(verdict.result, verdict.reason)
