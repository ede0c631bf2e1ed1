"""The command line of scripts/match."""

import argparse
import dataclasses
import datetime
import os
import secrets
import sys
from pathlib import Path

from . import dask_setup, report, resume
from .arguments import non_negative_int, parsed_by, positive_int, seconds
from .adjudication import Rule
from .clocks import TimeControl
from .fen import board_size, side_to_move
from .game import GameRules
from .hub_engine import EngineStartError
from .lineproc import TrafficLog
from .matchfiles import MatchFiles
from .openings import FileOpenings, OpeningError, RandomOpenings
from .referee import Referee, RefereeError
from .runner import EngineSpec, Match, MatchPlan
from .stats import Sprt
from .tally import Tally

REPOSITORY = Path(__file__).resolve().parents[2]

DESCRIPTION = """\
Plays two Hub engines against each other. Every opening is played twice,
the colours swapped (a game pair); every move is judged by `yaad referee`,
which applies the rules and draw rules of the variant exactly.
"""

EPILOG = """\
examples:
  scripts/match --engine "build/yaad hub" --engine "build/yaad hub" \\
      --variant jamaican --games 20 --tc depth=4
  scripts/match --engine "build/yaad hub" --engine "/opt/old/yaad hub" --name new --name old \\
      --variant international --games 1000 --tc 10+0.1 --concurrency 2 \\
      --sprt 0,5 --pdn games.pdn --json games.json
  scripts/match ... --cluster local:2 --json games.json          # two local Dask workers
  scripts/match ... --cluster tcp://HOST:8786 --json games.json  # a `dask scheduler` there
  scripts/match ... --json games.json --resume games.json        # the same command, after a stop
  scripts/match --engine "build/yaad hub" --engine "build/yaad hub" --name d8 --name d6 \\
      --games 200 --tc depth=8 --tc depth=6 --adjudicate-draw 40,0.05

time controls (--tc):
  movetime=0.1   0.1 s per move (Hub `level move-time=0.1`); a move slower than
                 0.1 s + the timeout margin loses on time
  60+0.5         60 s each for the game, 0.5 s added before every move
                 (`level time=T inc=0.5`); a clock below 0 loses on time
  40/60          60 s for every 40 moves, unused time carried over
                 (`level moves=M time=T`); 40/60+0.5 adds an increment
  60             60 s for the whole game
  depth=6        each move searched to depth 6 (`level depth=6`)
  nodes=100000   each move searched for 100000 nodes (`level nodes=100000`)
  With depth and nodes there is no clock; a move that takes longer than
  --stall-timeout counts as a stall.

pondering (--ponder):
  After its move, an engine that names the reply it expects (`done move=M
  ponder=P`) searches the position after P on the opponent's time: `pos`,
  the `level` of its next move, `go ponder`. If the opponent plays P it gets
  `ponder-hit`, and its clock runs from then until its `done`; otherwise
  `stop` (its `done` is dropped) and a new `go think`. Pondering time is
  free. It must answer `stop` within --timeout-margin, and must not answer
  before `ponder-hit` or `stop`. No pondering when the engine names no
  reply or the reply ends the game; an illegal reply is skipped with a
  warning. The engines that declare a `ponder` parameter get it set to true.

how a game can end (the Termination tag and the summary's table):
  no-pieces, no-moves, repetition, no-progress, lone-king
                    the referee's rules (docs/rules.md §4)
  crash             the engine exited or closed its output (or could not be restarted)
  timeout           no move before its time (plus the margin) ran out, or a stall
  time forfeit      the move came, but after the engine's clock had fallen below 0
  illegal move: M   the referee refused the move M
  garbage: LINE     a `done` line that cannot be read
  unasked done: LINE
                    a `done` while pondering, before `ponder-hit` or `stop`
  adjudicated draw, adjudicated win, ply limit
                    --adjudicate-draw, --adjudicate-win, --max-plies
  An engine that loses by a fault is killed and restarted before its next game.

output: a progress line (W-D-L, score, Elo and LOS from the first engine's
side; LLR with --sprt) rewritten in place on a terminal, one line per game
otherwise; then a table per engine and the count of each termination.
Warnings decide no game but are counted, and listed per game in --json: a
line that answers nothing the runner asked (e.g. a second `done`), an
illegal ponder move, no answer to `stop` after the game ended.
Elo is -400 log10(1/score - 1), shown ± the half-width of its 95% interval.
Ctrl-C stops the match: the games in flight are dropped, the rest reported.
The --pdn and --json files are written as games finish, so a stopped match
keeps every game it finished; the same command with --resume FILE plays
only the games FILE lacks.

a Dask cluster (--cluster):
  Each game pair is one task on a worker, with engine processes of its own;
  the client draws the openings, counts, decides the SPRT and writes the
  files. `local:N` starts N worker processes on 127.0.0.1; `tcp://HOST:PORT`
  uses a running `dask scheduler`, with `dask worker tcp://HOST:PORT` on each
  machine. The yaad binary (--yaad) and each engine's program must be at the
  same path on every worker (a relative path is read from the worker's
  working directory); the runner's own code is sent to the workers. A pair
  whose worker dies is played again on another; one on which 3 workers died
  is reported as lost to a fault, and --resume plays it again. Needs Debian's
  python3-distributed (run under /usr/bin/python3).
"""


def _param(text):
    """`NAME=VALUE` for both engines, `1:NAME=VALUE` or `2:NAME=VALUE` for one."""
    engine, _, setting = text.rpartition(":") if text[:2] in ("1:", "2:") else ("", "", text)
    name, equals, value = setting.partition("=")
    if not name or not equals:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE or 1:NAME=VALUE, not {text!r}")
    return (int(engine) - 1 if engine else None), name, value


def build_parser():
    p = argparse.ArgumentParser(prog="scripts/match", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", action="append", required=True, metavar="CMD",
                   help='an engine command line, shell-style, e.g. "build/yaad hub"; give exactly two')
    p.add_argument("--name", action="append", default=[], metavar="NAME",
                   help="the engines' names, in --engine order (default: the name each engine gives)")
    p.add_argument("--variant", default="jamaican",
                   help="jamaican (default), pool, english, russian, brazilian, international (or normal), "
                        "sixrow")
    p.add_argument("--games", type=positive_int, required=True, metavar="N",
                   help="number of games; must be even, as each opening is played twice, colours swapped")
    p.add_argument("--tc", type=parsed_by(TimeControl.parse), action="append", required=True, metavar="TC",
                   help="time control: movetime=0.1, 60+0.5, 40/60, 60, depth=6 or nodes=100000 (see below); "
                        "give it twice for one per engine, in --engine order")
    p.add_argument("--concurrency", type=positive_int, metavar="K",
                   help="games played at once, each by its own engine processes (default 1); more than "
                        "the CPU cores makes timed games unfair")
    p.add_argument("--cluster", type=parsed_by(dask_setup.address), metavar="local:N|tcp://HOST:PORT",
                   help="play the game pairs as tasks of a Dask cluster (see below): N local worker processes, "
                        "or the workers of the scheduler at HOST:PORT")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the match whose --json FILE an interrupted run left: give the same options; "
                        "the games FILE holds are kept, the others played (--json defaults to FILE)")
    openings = p.add_mutually_exclusive_group()
    openings.add_argument("--openings", metavar="FILE",
                          help="openings: one FEN per line (blank lines and # comments skipped) or PDN "
                               "games (the position after their moves, from their FEN tag or the start); "
                               "used in order, repeated if the match needs more")
    openings.add_argument("--plies", type=non_negative_int, default=4, metavar="N",
                          help="random openings of N plies from `yaad random-opening` (default 4, the "
                               "Jamaican Random start)")
    p.add_argument("--seed", type=non_negative_int, metavar="S",
                   help="seed of the random openings; opening i uses a seed derived from S and i, so "
                        "the same S gives the same openings (default: a fresh one, printed)")
    p.add_argument("--sprt", type=parsed_by(Sprt.parse), metavar="ELO0,ELO1[,ALPHA,BETA]",
                   help="sequential test on game pairs (pentanomial): H0 elo=ELO0 against H1 elo=ELO1 for "
                        "the first engine, alpha and beta 0.05 by default, e.g. 0,10. When the LLR "
                        "crosses a bound no new pair starts; the pairs in flight are finished and counted")
    p.add_argument("--sprt-min-pairs", type=positive_int, default=10, metavar="N",
                   help="no SPRT decision before N complete pairs (default 10): a few pairs cannot "
                        "measure the variance the LLR divides by")
    p.add_argument("--pdn", metavar="FILE", help="write every game as PDN")
    p.add_argument("--json", metavar="FILE", help="write the settings, every game and the summary as JSON")
    p.add_argument("--yaad", default=str(REPOSITORY / "build" / "yaad"), metavar="PATH",
                   help="the yaad binary for the referee and random openings (default: build/yaad of "
                        "this repository)")
    p.add_argument("--adjudicate-draw", type=parsed_by(Rule.parse), metavar="MOVES,SCORE",
                   help="a draw once both engines' scores stayed within ±SCORE (in men) for their last "
                        "MOVES moves each, e.g. 20,0.05")
    p.add_argument("--adjudicate-win", type=parsed_by(Rule.parse), metavar="MOVES,SCORE",
                   help="a win once, for their last MOVES moves each, one engine saw +SCORE or more and "
                        "the other -SCORE or less, e.g. 5,5")
    p.add_argument("--max-plies", type=non_negative_int, default=0, metavar="N",
                   help="a draw after N plies from the opening (default 0: no limit)")
    p.add_argument("--hash", type=positive_int, metavar="MB",
                   help="hash size for both engines (set-param hash; skipped by engines without it)")
    p.add_argument("--param", type=_param, action="append", default=[], metavar="[1:|2:]NAME=VALUE",
                   help="set-param for both engines, or only the first (1:) or second (2:); the engine "
                        "must declare NAME. Repeatable, e.g. --param 2:ponder=false")
    p.add_argument("--ponder", nargs="?", const="both", choices=["both", "1", "2"], metavar="1|2",
                   help="let both engines ponder on the opponent's time (see below), or only the first "
                        "(--ponder 1) or the second (--ponder 2)")
    p.add_argument("--timeout-margin", type=seconds, default=1.0, metavar="S",
                   help="grace on each move's time before it counts as lost on time (default 1)")
    p.add_argument("--stall-timeout", type=seconds, default=60.0, metavar="S",
                   help="with depth= or nodes=, the longest a move may take (default 60)")
    p.add_argument("--startup-timeout", type=seconds, default=10.0, metavar="S",
                   help="the longest an engine may take to answer hub and init (default 10)")
    p.add_argument("--log", metavar="FILE",
                   help="append every line exchanged with the engines and referees, and their stderr")
    p.add_argument("--event", default="yaad match", help='PDN Event tag (default "yaad match")')
    p.add_argument("--site", default="?", help='PDN Site tag (default "?")')
    return p


def _check(parser, args):
    if len(args.engine) != 2:
        parser.error("give exactly two --engine options")
    if len(args.name) > 2:
        parser.error("give at most two --name options")
    if len(args.tc) > 2:
        parser.error("give one --tc for both engines or one per engine")
    if args.games % 2:
        choices = " or ".join(str(n) for n in (args.games - 1, args.games + 1) if n >= 2)
        parser.error(f"--games must be even (each opening is played twice, colours swapped): use {choices}")
    if not os.access(args.yaad, os.X_OK):
        parser.error(f"no yaad binary at {args.yaad}: build it (cmake --build build) or pass --yaad")
    if args.cluster and args.concurrency:
        parser.error("--concurrency is for a local match: with --cluster every worker thread plays a game")
    if args.cluster and args.log:
        parser.error("--log records the lines of local engines: it cannot be used with --cluster")
    if args.resume and not os.path.exists(args.resume):
        parser.error(f"--resume: no file {args.resume}")


def _tc_text(tcs):
    """`depth=4`, or `depth=8 / depth=6` when the engines differ."""
    return str(tcs[0]) if tcs[0] == tcs[1] else f"{tcs[0]} / {tcs[1]}"


def _pondering(args):
    """Whether each engine ponders, in --engine order."""
    return tuple(args.ponder in ("both", str(slot + 1)) for slot in range(2))


def _ponder_text(names, ponder):
    """`both` or the one engine's name."""
    return "both" if all(ponder) else names[ponder.index(True)]


def _engine_specs(args):
    names = args.name + [None] * (2 - len(args.name))
    specs = [EngineSpec(command, name) for command, name in zip(args.engine, names)]
    for spec, ponders in zip(specs, _pondering(args)):
        if args.hash:
            spec.params.append(("hash", str(args.hash), False))
        if ponders:
            spec.params.append(("ponder", "true", False))
    for engine, name, value in args.param:
        for slot, spec in enumerate(specs):
            if engine is None or engine == slot:
                spec.params.append((name, value, True))
    return specs


def _set_up(args, seed, log, todo):
    """The match plan, with every rules question put to a referee; also the
    side that moves first in the variant (for PDN move numbers)."""
    referee = Referee(args.yaad, "referee/setup", log)
    try:
        start = referee.new(args.variant)
        variant = start.variant
        openings = (FileOpenings(args.openings, variant, referee) if args.openings
                    else RandomOpenings(args.yaad, variant, args.plies, seed))
    finally:
        referee.close()
    tcs = args.tc * 2 if len(args.tc) == 1 else args.tc
    rules = GameRules(variant, board_size(start.fen), tcs, args.timeout_margin, args.stall_timeout,
                      args.adjudicate_draw, args.adjudicate_win, args.max_plies, _pondering(args))
    sprt = dataclasses.replace(args.sprt, min_pairs=args.sprt_min_pairs) if args.sprt else None
    plan = MatchPlan(_engine_specs(args), rules, args.games, openings, args.yaad, args.concurrency or 1,
                     sprt, args.startup_timeout, log, todo)
    return plan, side_to_move(start.fen)


def _settings(args, plan, names, seed, date):
    """The --json file's `match` section; all but resume.RESUMABLE_CHANGES must be the same to resume."""
    return {
        "engines": [{"command": spec.command, "name": name, "params": spec.params}
                    for spec, name in zip(plan.engines, names)],
        "variant": plan.rules.variant, "games": plan.games, "tc": [str(tc) for tc in plan.rules.tcs],
        "concurrency": plan.concurrency, "cluster": args.cluster, "openings": plan.openings.describe(),
        "seed": seed, "sprt": plan.sprt, "adjudicate_draw": plan.rules.draw_rule,
        "adjudicate_win": plan.rules.win_rule, "max_plies": plan.rules.max_plies, "ponder": list(plan.rules.ponder),
        "timeout_margin": plan.rules.margin, "stall_timeout": plan.rules.stall_timeout, "date": date.isoformat(),
    }


def _read_resumed(args):
    """(settings, records) of the --resume file, the games beyond --games left out; (None, [])
    without --resume. Raises ResumeError."""
    if not args.resume:
        return None, []
    settings, records = resume.read_match(args.resume)
    return settings, [r for r in records if r.index <= args.games]


def _runner(args, plan):
    if not args.cluster:
        return Match(plan)
    from .cluster import ClusterMatch  # Dask is imported only here
    return ClusterMatch(plan, args.cluster)


# The exceptions that stop a match before its first game, with one line of error.
START_ERRORS = (RefereeError, OpeningError, EngineStartError, resume.ResumeError, dask_setup.ClusterError)


def _status_text(runner, pace):
    """The cluster's part of the progress line: games per minute, ETA, workers alive."""
    def status(board):
        alive, threads = runner.workers() if runner.client else (0, 0)
        return f"{pace.text(board.games)}  workers {alive} ({threads} threads)"
    return status


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args = parser.parse_args(argv)
    _check(parser, args)
    if args.cluster and (problem := dask_setup.run_with_dask(argv)):
        print(f"error: {problem}", file=sys.stderr)
        return 2
    args.json = args.json or args.resume
    log = TrafficLog(args.log) if args.log else None
    runner = None
    try:
        resumed, records = _read_resumed(args)
        seed = (args.seed if args.seed is not None else resumed["seed"] if resumed
                else secrets.randbelow(2 ** 32))
        todo = resume.todo(args.games, {r.index for r in records}) if resumed else None
        plan, first_side = _set_up(args, seed, log, todo)
        runner = _runner(args, plan)
        runner.start_engines()
        date = datetime.date.today()
        settings = _settings(args, plan, runner.names, seed, date)
        if resumed and (conflicts := resume.conflicts(resumed, settings)):
            raise resume.ResumeError(f"{args.resume} is another match: " + "; ".join(conflicts))
    except START_ERRORS as e:
        if runner:
            runner.close()
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted before the first game", file=sys.stderr)
        return 130
    names = runner.names
    status = _status_text(runner, report.Pace(plan.games, len(records))) if args.cluster else None
    progress = report.Progress(sys.stdout, plan.games, plan.sprt, status)
    files = MatchFiles(args.pdn, args.json, settings,
                       (plan.rules.variant, first_side, args.event, args.site, date.strftime("%Y.%m.%d")))

    def summary(tally):
        return report.summary_data(tally.scoreboard, plan.sprt, tally.sprt_stop, tally.lost)

    tally = Tally(names, plan.sprt, [lambda record, t: progress.game_done(record, t.scoreboard),
                                     lambda record, t: files.add(record, summary(t))])
    tally.preload(records)
    files.start(records, summary(tally))
    where = f"cluster {args.cluster}" if args.cluster else f"concurrency {plan.concurrency}"
    print(f"{names[0]} vs {names[1]}: {plan.rules.variant}, {plan.games} games, tc {_tc_text(plan.rules.tcs)}, "
          f"openings: {plan.openings.describe()}, {where}"
          + (f", pondering: {_ponder_text(names, plan.rules.ponder)}" if any(plan.rules.ponder) else "")
          + (f", SPRT {plan.sprt}" if plan.sprt else ""), flush=True)
    if resumed:
        print(f"resuming {args.resume}: {len(records)} games kept, "
              f"{sum(len(whites) for _, whites in plan.jobs())} to play", flush=True)
    runner.run(tally)
    progress.finish()

    board = tally.scoreboard
    data = summary(tally)
    if runner.interrupted:
        print(f"interrupted: {board.games} games finished; the games in flight were dropped")
    print()
    print(report.summary_text(data, plan.sprt))
    files.finish(sorted(board.records, key=lambda r: r.index), data)
    if log:
        log.close()
    if runner.error:
        print(f"error: the match stopped: {runner.error}", file=sys.stderr)
        return 1
    return 130 if runner.interrupted else 0
