"""scripts/soak: its chunks, its report's figures, and a tiny real soak that is
interrupted, resumed and reported again."""

import gzip
import json
import signal
import subprocess
import sys
import time
import unittest

from matchtest import REPOSITORY, YAAD, MatchTestCase
from yaadsoak import plan, summary

SOAK = REPOSITORY / "scripts" / "soak"


class PlanTest(unittest.TestCase):
    def settings(self, games, **changes):
        defaults = dict(games=games, seed=1, variants=plan.VARIANTS, tcs=plan.TIME_CONTROLS, ponder="clock",
                        endurance=0)
        return plan.Settings(**{**defaults, **changes})

    def test_every_variant_and_control_early(self):
        chunks = plan.make_chunks(self.settings(1000))
        self.assertEqual(len(chunks), 49)
        self.assertEqual(sum(c.games for c in chunks), 1000)
        self.assertTrue(all(c.games in (20, 22) for c in chunks))
        self.assertEqual(len({(c.variant, c.tc) for c in chunks}), 49)
        for first in range(0, 49, 7):  # each round of seven: every variant, every control
            round_ = chunks[first:first + 7]
            self.assertEqual({c.variant for c in round_}, set(plan.VARIANTS))
            self.assertEqual({c.tc for c in round_}, set(plan.TIME_CONTROLS))
        self.assertEqual([c.number for c in chunks], list(range(1, 50)))
        self.assertEqual(len({c.seed for c in chunks}), 49)

    def test_pondering_goes_with_the_clock(self):
        chunks = plan.make_chunks(self.settings(98))
        self.assertEqual({c.tc for c in chunks if c.ponder}, {"1+0.01", "2+0.05", "10/1"})
        self.assertTrue(all(c.ponder for c in plan.make_chunks(self.settings(98, ponder="all"))))
        self.assertFalse(any(c.ponder for c in plan.make_chunks(self.settings(98, ponder="none"))))

    def test_few_games_make_few_chunks(self):
        chunks = plan.make_chunks(self.settings(6))
        self.assertEqual([(c.variant, c.tc, c.games) for c in chunks],
                         [("jamaican", "movetime=0.01", 2), ("pool", "movetime=0.05", 2), ("english", "1+0.01", 2)])
        self.assertEqual([c.name for c in chunks],
                         ["001-jamaican-movetime-0.01", "002-pool-movetime-0.05", "003-english-1+0.01"])
        self.assertEqual(plan.make_chunks(self.settings(40, tcs=("10/1",)))[0].name, "001-jamaican-10per1")

    def test_endurance_comes_last(self):
        chunks = plan.make_chunks(self.settings(1000, endurance=100))
        self.assertEqual(len(chunks), 50)
        self.assertEqual(sum(c.games for c in chunks), 1000)
        last = chunks[-1]
        self.assertEqual((last.variant, last.tc, last.games, last.ponder, last.endurance),
                         ("jamaican", "1+0.01", 100, True, True))
        self.assertEqual(last.name, "050-jamaican-1+0.01-endurance")
        self.assertFalse(any(c.endurance for c in chunks[:-1]))
        self.assertEqual(plan.default_endurance(1000), 100)
        self.assertEqual(plan.default_endurance(300), 30)
        self.assertEqual(plan.default_endurance(30), 2)

    def test_differences(self):
        self.assertEqual(plan.differences(self.settings(10), self.settings(12, seed=2)),
                         ["games: 10 -> 12", "seed: 1 -> 2"])


def fake_game(index, reason, result="1/2-1/2", move_times=(0.1, 0.2, 0.3), memory=None, **extra):
    game = {"index": index, "white": "yaad-1", "black": "yaad-2", "opening": "B:W21-32:B1-12", "result": result,
            "reason": reason, "plies": len(move_times), "move_times": list(move_times), "duration": 1.0,
            "engine_errors": [], "warnings": [], "ponder_hits": [1, 2], "ponder_misses": [0, 1],
            "memory": memory or [None, None]}
    return {**game, **extra}


def fake_chunk(tc, games, variant="jamaican"):
    return {"match": {"variant": variant, "tc": [tc, tc], "ponder": [True, True], "timeout_margin": 1.0,
                      "engines": [{"name": "yaad-1"}, {"name": "yaad-2"}]}, "games": games}


def sample(pid, rss, peak):
    return {"pid": pid, "rss_kb": rss, "peak_kb": peak}


class SummaryTest(unittest.TestCase):
    def test_fault_kinds(self):
        self.assertIsNone(summary.fault_of("repetition"))
        self.assertIsNone(summary.fault_of("adjudicated draw"))
        self.assertEqual(summary.fault_of("illegal move: 1-2"), "illegal move")
        self.assertEqual(summary.fault_of("time forfeit"), "time forfeit")
        self.assertEqual(summary.fault_of("crash: restart failed: x"), "crash")
        self.assertEqual(summary.fault_of("unasked done: done move=1-5"), "other fault")
        self.assertEqual(summary.fault_of("garbage: done move=\"1"), "other fault")

    def test_clocks_are_replayed(self):
        # Black moves first; 1 s + 0.1 s a move: Black 1.1-0.1=1.0, then White 1.1-0.2=0.9, Black 1.1-0.3=0.8.
        least, slowest = summary.clock_figures(fake_game(1, "repetition"), "1+0.1", 1.0)
        self.assertAlmostEqual(least, 0.8)
        self.assertAlmostEqual(slowest, 0.3)
        self.assertEqual(summary.clock_figures(fake_game(1, "repetition"), "movetime=0.2", 1.0)[0], None)

    def test_figures(self):
        chunks = [
            ("001-jamaican-1+0.1", fake_chunk("1+0.1", [
                fake_game(1, "no-pieces", "1-0", memory=[sample(10, 1000, 1100), sample(11, 900, 950)]),
                fake_game(2, "time forfeit", "1-0", memory=[sample(10, 1000, 1200), sample(11, 3000, 3100)]),
            ])),
            ("002-pool-depth-4", fake_chunk("depth=4", [
                fake_game(1, "unasked done: done move=9-13", "0-1",
                          memory=[sample(20, 1500, 1500), sample(21, 800, 800)],
                          warnings=[{"ply": 3, "engine": "yaad-2", "message": "illegal ponder move: 1-2"}]),
            ], variant="pool")),
        ]
        f = summary.figures(chunks)
        self.assertEqual((f["chunks"], f["games"], f["plies"]), (2, 3, 9))
        self.assertEqual(f["faults"], {"crash": 0, "illegal move": 0, "time forfeit": 1, "timeout": 0,
                                       "other fault": 1})
        self.assertEqual([(g["chunk"], g["game"], g["loser"]) for g in f["fault_games"]],
                         [("001-jamaican-1+0.1", 2, "yaad-2"), ("002-pool-depth-4", 1, "yaad-1")])
        self.assertEqual(f["variants"]["jamaican"], {"games": 2, "decisive": 2, "drawn": 0, "plies": 6, "faults": 1})
        self.assertEqual(f["tcs"]["1+0.1"]["ponder_hits"], 6)
        self.assertEqual(len(f["warnings"]), 1)
        memory = f["memory"]
        self.assertEqual(memory["processes"], 4)
        self.assertEqual([(e["peak_kb"], e["first_rss_kb"], e["last_rss_kb"]) for e in memory["engines"]],
                         [(1500, 1000, 1500), (3100, 900, 800)])
        self.assertEqual((memory["largest_growth"]["pid"], memory["largest_growth"]["growth_kb"]), (11, 2100))
        self.assertEqual([p["pid"] for p in memory["grown"]], [11])
        text = summary.text(f, 2, 4)
        self.assertIn("faults: crashes 0, illegal moves 0, time forfeits 1, timeouts 0, other faults 1", text)
        self.assertIn("002-pool-depth-4 game 1: yaad-1 lost by unasked done: done move=9-13", text)


class RealSoakTest(MatchTestCase):
    def soak(self, *arguments, expect_status=0):
        done = subprocess.run([sys.executable, str(SOAK), "--out", str(self.dir / "soak"), *arguments],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, expect_status, f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
        return done.stdout

    def test_interrupt_resume_and_report(self):
        # No clock, and a margin of seconds on every move time and every `stop`: on a busy machine
        # a short clock can fall, or a move come a little late, which is no fault of the soak's.
        arguments = ["--yaad", YAAD, "--games", "6", "--endurance", "2", "--variants", "jamaican,sixrow",
                     "--tc", "depth=2", "--tc", "movetime=0.02", "--ponder", "all", "--seed", "3",
                     "--timeout-margin", "30"]
        # Stopped in its first chunk: nothing is counted, the plan and the binary's copy stay. The
        # chunk's text file appears as its match starts; the match then plays two long games (some
        # seconds), far more than the signal needs to arrive.
        interrupted = subprocess.Popen([sys.executable, str(SOAK), "--out", str(self.dir / "soak"), *arguments],
                                       stdout=subprocess.PIPE, text=True)
        chunks = self.dir / "soak" / "chunks"
        deadline = time.monotonic() + 60
        while not any(chunks.glob("*.txt")):
            self.assertLess(time.monotonic(), deadline, "no chunk started within 60 s")
            time.sleep(0.05)
        interrupted.send_signal(signal.SIGTERM)
        output, _ = interrupted.communicate(timeout=60)
        self.assertEqual(interrupted.returncode, 130, output)
        self.assertIn("interrupted in chunk 001-jamaican-depth-2", output)

        output = self.soak(*arguments)
        self.assertIn("[  1/3] jamaican      depth=2       ponder", output)
        self.assertIn("[  2/3] sixrow        movetime=0.02 ponder", output)
        self.assertIn("[  3/3] jamaican      depth=2       ponder", output)
        self.assertIn("soak: 6 games of 6 planned, 3 chunks of 3", output)
        self.assertIn("the longest-lived process:", output)
        figures = json.loads((self.dir / "soak" / "summary.json").read_text())
        self.assertEqual(figures["games"], 6)
        self.assertEqual(sum(figures["faults"].values()), 0)
        self.assertGreater(figures["tcs"]["movetime=0.02"]["ponder_hits"], 0)
        self.assertEqual(sorted(p.name for p in chunks.glob("001-*")),
                         [f"001-jamaican-depth-2.{kind}" for kind in ("json", "log.gz", "pdn", "txt")])
        with gzip.open(chunks / "001-jamaican-depth-2.log.gz", "rt") as log:
            self.assertIn("> go think", log.read())

        endurance = json.loads((chunks / "003-jamaican-depth-2-endurance.json").read_text())
        self.assertEqual(endurance["match"]["concurrency"], 1)

        again = self.soak()  # the plan's settings; nothing left to play
        self.assertNotIn("[  1/3]", again)
        self.assertIn("soak: 6 games of 6 planned", again)
        self.assertIn("soak: 6 games of 6 planned", self.soak("--report"))
        self.soak("--games", "8", expect_status=2)


if __name__ == "__main__":
    unittest.main()
