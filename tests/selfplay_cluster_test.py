#!/usr/bin/env python3
"""scripts/selfplay --cluster on a LocalCluster of 127.0.0.1 (issue 15): the shards are byte for
byte those of a local run; a worker killed in the middle of a shard loses nothing; the same
command resumes, playing only the shards missing. Usage:
    selfplay_cluster_test.py path/to/yaad
"""

import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SELFPLAY = Path(__file__).resolve().parents[1] / "scripts" / "selfplay"
YAAD = None
SETTINGS = ["--variant", "sixrow", "--shard-games", "10", "--nodes", "300", "--seed", "4", "--no-pack"]


def selfplay(out, games, *options, yaad=None):
    done = subprocess.run([sys.executable, str(SELFPLAY), "--yaad", yaad or YAAD, "--out", str(out),
                           "--games", str(games), *SETTINGS, *options], capture_output=True, text=True, timeout=240)
    return done


def shards(out):
    return {p.name: p.read_bytes() for p in sorted((Path(out) / "shards").iterdir())}


class ClusterSelfplay(unittest.TestCase):
    def setUp(self):
        scratch = tempfile.TemporaryDirectory()
        self.addCleanup(scratch.cleanup)
        self.dir = Path(scratch.name)

    def test_killed_worker_and_resume(self):
        local = selfplay(self.dir / "local", 40, "--jobs", "1")
        self.assertEqual(local.returncode, 0, local.stderr)
        # A yaad that kills the worker running it (its parent), the first time only.
        marker = self.dir / "killed"
        killer = self.dir / "yaad-killer"
        killer.write_text(f'#!/bin/sh\nif mkdir "{marker}" 2>/dev/null; then kill -9 $PPID; exit 3; fi\n'
                          f'exec "{YAAD}" "$@"\n')
        killer.chmod(0o755)
        first = selfplay(self.dir / "cluster", 20, "--cluster", "local:2", yaad=str(killer))
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        self.assertTrue(marker.is_dir(), "no worker was killed")
        self.assertEqual(list(shards(self.dir / "cluster")), ["00000.rec", "00001.rec"])
        kept = {name: os.stat(self.dir / "cluster" / "shards" / name).st_mtime_ns for name in ("00000.rec",)}
        # The same command with more games: only the new shards are played.
        second = selfplay(self.dir / "cluster", 40, "--cluster", "local:2")
        self.assertEqual(second.returncode, 0, second.stdout + second.stderr)
        self.assertIn("4 shards of 10 games, 2 done, 2 to play", second.stdout)
        self.assertEqual(os.stat(self.dir / "cluster" / "shards" / "00000.rec").st_mtime_ns, kept["00000.rec"])
        self.assertEqual(shards(self.dir / "cluster"), shards(self.dir / "local"))


if __name__ == "__main__":
    YAAD = sys.argv.pop(1)
    unittest.main()
