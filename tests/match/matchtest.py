"""What the match runner's tests share: paths, running scripts/match, reading its files."""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
MATCH = REPOSITORY / "scripts" / "match"
FAKE_ENGINE = HERE / "fake_engines" / "fake_hub.py"
# CTest passes the binary it built; by hand the default build is used.
YAAD = os.environ.get("YAAD", str(REPOSITORY / "build" / "yaad"))

sys.path.insert(0, str(REPOSITORY / "scripts"))


def yaad_engine():
    return f"{shlex.quote(YAAD)} hub"


def fake_engine(fault, *options):
    return shlex.join([sys.executable, str(FAKE_ENGINE), "--yaad", YAAD, "--fault", fault, *options])


class MatchTestCase(unittest.TestCase):
    """Runs scripts/match in a scratch directory."""

    def setUp(self):
        scratch = tempfile.TemporaryDirectory()
        self.addCleanup(scratch.cleanup)
        self.dir = Path(scratch.name)

    def run_match(self, *arguments, expect_status=0):
        done = subprocess.run([sys.executable, str(MATCH), "--yaad", YAAD, *arguments],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, expect_status, f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
        return done

    def run_with_json(self, *arguments):
        path = self.dir / "match.json"
        self.run_match(*arguments, "--json", str(path))
        return json.loads(path.read_text())

    def read_json(self, name="match.json"):
        return json.loads((self.dir / name).read_text())


def read_pdn(path, with_comments=False):
    """The games of a PDN file as (tags, moves, result), read independently of the runner's PDN code;
    with_comments: (tags, moves, result, comments), comments[i] the text after move i or None."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", Path(path).read_text().strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        text = " ".join(line for line in block.splitlines() if not line.startswith("["))
        moves, comments = [], []
        for comment, word in re.findall(r"\{([^}]*)\}|(\S+)", text):
            if comment:
                comments[-1] = comment
            elif not re.fullmatch(r"\d+\.(\.\.)?", word):
                moves.append(word)
                comments.append(None)
        result = moves.pop() if moves else None
        comments = comments[:len(moves)]
        games.append((tags, moves, result, comments) if with_comments else (tags, moves, result))
    return games


def referee_replay(variant, fen, moves):
    """The answers of `yaad referee` to a game's moves, then its status line."""
    lines = [f"new variant={variant} pos={fen}"] + [f"play {m}" for m in moves] + ["status"]
    done = subprocess.run([YAAD, "referee"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=60)
    return done.stdout.splitlines()
