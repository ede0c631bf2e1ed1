"""Playing one chunk through scripts/match, and finding the chunks already played.

A chunk writes NAME.pdn, NAME.json, NAME.log (every line exchanged and the
engines' stderr) and NAME.txt (what scripts/match printed). The JSON is
written under a temporary name and renamed only when the match ended
normally, so a chunk counts as played exactly when NAME.json is there.
The log of a played chunk is gzipped (NAME.log.gz): the engines' info lines
make a megabyte a game, which compresses tenfold.
"""

import gzip
import json
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MATCH = Path(__file__).resolve().parents[1] / "match"
KINDS = ("pdn", "json", "log", "log.gz", "txt")
STOP_POLL_SECONDS = 0.1  # how soon a match in flight is ended after Ctrl-C


@dataclass(frozen=True)
class RunOptions:
    yaad: str                # the binary under test: both engines, the referee and the openings
    concurrency: int
    timeout_margin: float
    hash_mb: int = None      # None: the engine's default


def files(directory, chunk):
    """The chunk's files by kind (pdn, json, log, log.gz, txt)."""
    return {kind: directory / f"{chunk.name}.{kind}" for kind in KINDS}


def played(directory, chunk):
    """The chunk's match JSON if the chunk was played to the end, else None."""
    try:
        data = json.loads(files(directory, chunk)["json"].read_text())
    except (OSError, ValueError):
        return None
    return data if len(data.get("games", [])) == chunk.games else None


def match_command(chunk, options, paths, json_path):
    engine = f"{shlex.quote(options.yaad)} hub"
    command = [sys.executable, str(MATCH), "--engine", engine, "--engine", engine, "--variant", chunk.variant,
               "--games", str(chunk.games), "--tc", chunk.tc, "--seed", str(chunk.seed),
               "--concurrency", str(1 if chunk.endurance else options.concurrency),
               "--timeout-margin", str(options.timeout_margin),
               "--yaad", options.yaad, "--pdn", str(paths["pdn"]), "--json", str(json_path),
               "--log", str(paths["log"]), "--event", f"yaad soak {chunk.name}"]
    if chunk.ponder:
        command.append("--ponder")
    if options.hash_mb:
        command += ["--hash", str(options.hash_mb)]
    return command


def play(directory, chunk, options, stopping):
    """Plays the chunk from scratch; returns scripts/match's exit status (0: played, JSON in
    place), or None when `stopping()` turned true meanwhile: the match was then ended, and the
    chunk will be played again from its start.
    """
    paths = files(directory, chunk)
    partial = directory / f"{chunk.name}.json.part"
    for path in [*paths.values(), partial]:
        path.unlink(missing_ok=True)
    with open(paths["txt"], "w", encoding="utf-8") as output:
        # Its own session: a Ctrl-C at the terminal is the soak's to handle.
        process = subprocess.Popen(match_command(chunk, options, paths, partial), stdout=output,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        while (status := process.poll()) is None:
            if stopping():
                process.terminate()  # its engines and referees end on the EOF of their input
                process.wait()
                return None
            time.sleep(STOP_POLL_SECONDS)
    if status == 0:
        _gzip(paths["log"], paths["log.gz"])
        partial.replace(paths["json"])
    return status


def _gzip(path, target):
    with open(path, "rb") as plain, gzip.open(target, "wb") as packed:
        shutil.copyfileobj(plain, packed)
    path.unlink()
