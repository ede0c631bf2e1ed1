"""scripts/match --cluster on 127.0.0.1 only, Dask picking every port: a LocalCluster and a real
`dask scheduler` with a `dask worker` play the same games as a local match, and every game
finishes exactly once when a worker is killed in the middle of one."""

import json
import os
import signal
import subprocess
import time
import unittest

from matchtest import MatchTestCase, fake_engine, yaad_engine

DASK = "/usr/bin/dask"  # Debian's python3-distributed

FIXED = ["--variant", "english", "--tc", "depth=2", "--seed", "3"]


def game_facts(data):
    """What must not depend on where a game was played: everything but times, memory and pids."""
    return [(g["index"], g["pair"], g["white"], g["opening"], g["moves"], g["scores"], g["depths"], g["result"],
             g["reason"]) for g in data["games"]]


class ClusterMatchTest(MatchTestCase):
    def start(self, *command):
        """A process of the test's own, in its own session; ended (with its children) at cleanup."""
        process = subprocess.Popen(command, cwd=self.dir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)

        def end():
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.addCleanup(end)

    def scheduler_address(self, path):
        """The address the scheduler reports in its --scheduler-file, once it has written it."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                return json.loads(path.read_text())["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.1)
        self.fail("the Dask scheduler wrote no address in 60 s")

    def test_two_workers_play_the_local_games(self):
        local = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "6", *FIXED)
        cluster = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "6", *FIXED,
                                     "--cluster", "local:2")
        self.assertEqual(game_facts(cluster), game_facts(local))
        # The same with a `dask scheduler` and a `dask worker` started apart, the worker in a
        # directory without this repository's scripts: the runner sends them.
        address_file = self.dir / "scheduler.json"
        self.start(DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(address_file))
        address = self.scheduler_address(address_file)
        self.start(DASK, "worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "2",
                   "--no-dashboard")
        separate = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "4", *FIXED,
                                      "--cluster", address)
        self.assertEqual(game_facts(separate), game_facts(local)[:4])
        # A worker that lacks an engine's program: one line of error before any game.
        done = self.run_match("--engine", "/nonexistent/engine hub", "--engine", yaad_engine(), "--games", "2",
                              *FIXED, "--cluster", address, expect_status=2)
        self.assertRegex(done.stderr, r"^error: worker tcp://127\.0\.0\.1:\d+: no program /nonexistent/engine ")
        self.assertEqual(cluster["summary"]["pentanomial"], local["summary"]["pentanomial"])
        self.assertEqual(cluster["match"]["cluster"], "local:2")
        self.assertEqual(cluster["summary"]["lost"], [])

    def test_a_killed_worker_loses_no_game(self):
        # The fake engine kills the worker process it runs in at its third move of the first game
        # to reach it; the scheduler plays that pair again on a worker the nanny starts anew.
        marker = self.dir / "killed"
        killer = fake_engine("kill-parent", "--at", "3", "--once", str(marker))
        done = self.run_match("--engine", killer, "--engine", yaad_engine(), "--games", "4", *FIXED,
                              "--cluster", "local:2", "--json", str(self.dir / "match.json"))
        self.assertTrue(marker.is_dir(), "no worker was killed")
        data = self.read_json()
        self.assertEqual([g["index"] for g in data["games"]], [1, 2, 3, 4], done.stdout)
        self.assertEqual(data["summary"]["lost"], [])
        self.assertEqual(data["summary"]["pairs"], 2)

    def test_a_bad_address_is_one_error(self):
        done = self.run_match("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2", *FIXED,
                              "--cluster", "nowhere", expect_status=2)
        self.assertIn("local:N", done.stderr)


if __name__ == "__main__":
    unittest.main()
