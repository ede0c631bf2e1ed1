"""The command line of scripts/soak."""

import argparse
import dataclasses
import hashlib
import json
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from yaadmatch.arguments import parsed_by, positive_int, seconds
from yaadmatch.clocks import TimeControl

from . import chunks, plan, summary

REPOSITORY = Path(__file__).resolve().parents[2]

DESCRIPTION = """\
Plays a long match of yaad against yaad through scripts/match: every
variant in turn, at very short to short time controls, pondering with the
clock controls, and reports every fault (crash, illegal move, time forfeit,
timeout, other), warning and engine error line, how close the clocks came
to falling, and the engines' memory (peak, and resident size game by game
per process, to show whether it grows).
"""

EPILOG = """\
The soak is played in chunks of one variant at one time control, each a
scripts/match run writing DIR/chunks/NAME.{pdn,json,log.gz,txt}; a last,
endurance chunk (--endurance) is played by one pair of engine processes, so
that their memory is watched over many games. A chunk is
done once its JSON is there; run the same command again (or just
`scripts/soak --out DIR`) to resume an interrupted soak, and
`scripts/soak --out DIR --report` to print the report of the chunks played.
The yaad binary is copied to DIR/yaad when the soak starts and every chunk
uses that copy, so rebuilding build/ meanwhile changes nothing.

Exit status: 0 when every chunk was played without a fault, 1 when a fault
or a failed chunk was seen, 130 when interrupted.

examples:
  scripts/soak --games 300
  scripts/soak --games 1000 --seed 1 --out build/soak-1000
  scripts/soak --games 70 --tc movetime=0.01 --tc 1+0.01 --out /tmp/quick-soak
"""


def _even_games(least):
    """An argparse type: an even number of games, `least` or more."""
    def convert(text):
        value = int(text)
        if value < least or value % 2:
            raise argparse.ArgumentTypeError(f"needs an even number of games, {least} or more, not {text}")
        return value
    convert.__name__ = "even_games"
    return convert


def _tc_text(text):
    """A time control as scripts/match takes it, written the standard way."""
    return str(TimeControl.parse(text))


def _variants(text):
    names = tuple(text.replace(",", " ").split())
    unknown = [name for name in names if name not in plan.VARIANTS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown variant {' '.join(unknown) or '(none)'}: choose from "
                                         f"{', '.join(plan.VARIANTS)}")
    return names


def build_parser():
    p = argparse.ArgumentParser(prog="scripts/soak", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=_even_games(2), metavar="N",
                   help="games in all, spread over the chunks (default 1000; even)")
    p.add_argument("--seed", type=int, metavar="S", help="seed of the openings (default: a fresh one, kept in "
                                                         "the plan)")
    p.add_argument("--tc", type=parsed_by(_tc_text), action="append", metavar="TC",
                   help="a time control, as scripts/match takes it; repeat for several (default: "
                        + " ".join(plan.TIME_CONTROLS) + ")")
    p.add_argument("--variants", type=_variants, metavar="V,V,...",
                   help="the variants (default: all seven)")
    p.add_argument("--ponder", choices=plan.PONDER_MODES,
                   help="which time controls are played with pondering: clock (the default: those with a "
                        "clock), all or none")
    p.add_argument("--endurance", type=_even_games(0), metavar="N",
                   help="of the games, N are played last by a single pair of engine processes, one game at "
                        "a time, to watch their memory over a long life (default: a tenth of --games)")
    p.add_argument("--yaad", metavar="PATH",
                   help="the yaad binary to test (default build/yaad); copied into DIR when the soak starts")
    p.add_argument("--out", default=str(REPOSITORY / "build" / "soak"), metavar="DIR",
                   help="where the plan, the binary, the chunks and the report go (default build/soak)")
    p.add_argument("--concurrency", type=positive_int, default=2, metavar="K",
                   help="games played at once in a chunk (default 2); with pondering each game keeps two "
                        "processes busy")
    p.add_argument("--timeout-margin", type=seconds, default=1.0, metavar="S",
                   help="scripts/match --timeout-margin: grace on each move's time (default 1)")
    p.add_argument("--hash", type=positive_int, metavar="MB", help="the engines' hash size (default: theirs)")
    p.add_argument("--report", action="store_true", help="play nothing: print the report of the chunks played")
    p.add_argument("--restart", action="store_true",
                   help="throw away what DIR holds (plan, binary, chunks) and start again")
    return p


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _version(binary):
    try:
        return subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return None


class SoakError(Exception):
    pass


def _wanted(args, stored):
    """The settings asked for: the command line's, and for what it leaves out the stored plan's
    (or the defaults when there is none)."""
    given = {"games": args.games, "seed": args.seed, "variants": args.variants,
             "tcs": tuple(args.tc) if args.tc else None, "ponder": args.ponder, "endurance": args.endurance}
    given = {name: value for name, value in given.items() if value is not None}
    if stored:
        return dataclasses.replace(stored, **given)
    games = given.get("games", 1000)
    defaults = plan.Settings(games, secrets.randbelow(2 ** 31), plan.VARIANTS, plan.TIME_CONTROLS, "clock",
                             plan.default_endurance(games))
    return dataclasses.replace(defaults, **given)


def _open_soak(args, out):
    """The settings and binary of the soak in `out`, starting a new one if there is none."""
    plan_path = out / "plan.json"
    if args.yaad and not Path(args.yaad).is_file():
        raise SoakError(f"no yaad binary at {args.yaad}")
    if args.restart and not args.report:
        for name in ("plan.json", "yaad", "summary.txt", "summary.json"):
            (out / name).unlink(missing_ok=True)
        shutil.rmtree(out / "chunks", ignore_errors=True)
    if plan_path.exists():
        stored, binary = plan.load(plan_path)
        settings = _wanted(args, stored)
        changed = plan.differences(stored, settings)
        if changed:
            raise SoakError(f"{out} holds a soak with other settings ({'; '.join(changed)}): use another --out, "
                            "or --restart to throw it away")
        if args.yaad and _sha256(args.yaad) != binary["sha256"]:
            print(f"note: {args.yaad} is not the binary this soak started with; the soak goes on with its "
                  f"copy {out / 'yaad'}", file=sys.stderr)
        return settings, binary
    if args.report:
        raise SoakError(f"no soak in {out} (no plan.json)")
    settings = _wanted(args, None)
    if settings.endurance >= settings.games:
        raise SoakError(f"--endurance {settings.endurance} leaves none of the {settings.games} games to the "
                        "other chunks")
    source = args.yaad or str(REPOSITORY / "build" / "yaad")
    if not Path(source).is_file():
        raise SoakError(f"no yaad binary at {source}: build it (cmake --build build -j1) or pass --yaad")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, out / "yaad")
    binary = {"source": str(Path(source).resolve()), "sha256": _sha256(out / "yaad"),
              "version": _version(str(out / "yaad"))}
    plan.save(plan_path, settings, binary)
    return settings, binary


def _chunk_line(chunk, total, data, seconds):
    figures = summary.figures([(chunk.name, data)])
    faults = sum(figures["faults"].values())
    decisive = sum(r["decisive"] for r in figures["variants"].values())
    return (f"[{chunk.number:3d}/{total}] {chunk.variant:13} {chunk.tc:13} {'ponder' if chunk.ponder else '':6} "
            f"{chunk.games} games, {decisive} decisive, {faults} faults, {len(figures['warnings'])} warnings, "
            f"{seconds:.0f} s")


class _StopRequest:
    """Ctrl-C or `kill` (SIGTERM): the soak ends the match in flight and stops. A flag, not an
    exception, so that no half-started match is left behind."""

    def __init__(self):
        self.requested = False
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, self._request)

    def _request(self, signum, frame):
        self.requested = True

    def __call__(self):
        return self.requested


def _play(out, all_chunks, options, stopping):
    """Plays the chunks not played yet; returns the failed ones' texts and whether it was stopped."""
    directory = out / "chunks"
    directory.mkdir(parents=True, exist_ok=True)
    failures = []
    for chunk in all_chunks:
        if chunks.played(directory, chunk):
            continue
        started = time.monotonic()
        status = None if stopping() else chunks.play(directory, chunk, options, stopping)
        if status is None:
            print(f"interrupted in chunk {chunk.name}; run the same command to resume", flush=True)
            return failures, True
        data = chunks.played(directory, chunk) if status == 0 else None
        if data is None:
            failures.append(f"{chunk.name}: scripts/match exit status {status} (see chunks/{chunk.name}.txt)")
            print(f"[{chunk.number:3d}/{len(all_chunks)}] {chunk.name} FAILED: exit status {status}", flush=True)
        else:
            print(_chunk_line(chunk, len(all_chunks), data, time.monotonic() - started), flush=True)
    return failures, False


def main(argv=None):
    args = build_parser().parse_args(argv)
    stopping = _StopRequest()
    out = Path(args.out)
    try:
        settings, binary = _open_soak(args, out)
    except SoakError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    all_chunks = plan.make_chunks(settings)
    failures, interrupted = [], False
    if not args.report:
        print(f"soak in {out}: {settings.games} games in {len(all_chunks)} chunks, seed {settings.seed}, "
              f"{binary.get('version') or 'yaad'} (sha256 {binary['sha256'][:12]}), concurrency "
              f"{args.concurrency}", flush=True)
        options = chunks.RunOptions(str((out / "yaad").resolve()), args.concurrency, args.timeout_margin,
                                    args.hash)
        failures, interrupted = _play(out, all_chunks, options, stopping)
    played = [(c.name, data) for c in all_chunks if (data := chunks.played(out / "chunks", c))]
    figures = summary.figures(played)
    figures["failed_chunks"] = failures
    report = summary.text(figures, len(all_chunks), settings.games)
    if failures:
        report += "\n\nfailed chunks:\n" + "\n".join(f"  {f}" for f in failures)
    print()
    print(report)
    if not args.report:
        (out / "summary.txt").write_text(report + "\n")
        (out / "summary.json").write_text(json.dumps(figures, indent=1) + "\n")
    if interrupted:
        return 130
    return 1 if failures or any(figures["faults"].values()) else 0
