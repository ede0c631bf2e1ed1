"""Pondering (--ponder): real yaad games stay legal and get ponder-hits; pondering time
is free; engines that mishandle pondering lose with a clear reason. Also the memory
samples the runner records."""

import os
import re
import unittest

from matchtest import MatchTestCase, fake_engine, referee_replay, yaad_engine
from yaadmatch import memory


def engine_commands(log_path):
    """(label, line) of every line the runner sent an engine, in order, from a --log file."""
    sent = []
    for line in log_path.read_text().splitlines():
        m = re.match(r"\s*[\d.]+ (engine\d/worker\d+) > (.*)$", line)
        if m:
            sent.append((m[1], m[2]))
    return sent


class RealPonderTest(MatchTestCase):
    def test_yaad_against_yaad(self):
        log = self.dir / "match.log"
        data = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2",
                                  "--tc", "2+0.05", "--ponder", "--max-plies", "40", "--seed", "4",
                                  "--log", str(log))
        sent = engine_commands(log)
        hits = [label for label, line in sent if line == "ponder-hit"]
        self.assertGreater(len(hits), 0)
        self.assertEqual(len(hits), sum(sum(g["ponder_hits"]) for g in data["games"]))
        self.assertEqual(sum(1 for _, line in sent if line == "stop"),
                         sum(sum(g["ponder_misses"]) for g in data["games"]) + self.stops_at_game_ends(sent))
        # Every ponder-hit and stop answers that engine's last `go`, which was `go ponder`.
        last_go = {}
        for label, line in sent:
            if line.startswith("go "):
                last_go[label] = line
            elif line in ("ponder-hit", "stop"):
                self.assertEqual(last_go.get(label), "go ponder", f"{label}: {line}")
        self.assertIn("set-param name=ponder value=true", {line for _, line in sent})
        for game in data["games"]:
            answers = referee_replay("jamaican", game["opening"], game["moves"])
            self.assertTrue(all(a.startswith("legal ") for a in answers[1:-1]), answers)
            self.assertIn(game["reason"], {"ply limit", "no-pieces", "no-moves", "repetition", "no-progress",
                                           "lone-king"})
            self.assertEqual(game["warnings"], [])
        self.assertEqual(data["match"]["ponder"], [True, True])
        if os.path.exists("/proc/self/status"):
            for game in data["games"]:
                self.assertTrue(all(m["peak_kb"] >= m["rss_kb"] > 0 for m in game["memory"]), game["memory"])

    @staticmethod
    def stops_at_game_ends(sent):
        """`stop` lines sent to an engine whose next line is `new-game` or `quit`, or that got no more lines."""
        count = 0
        for i, (label, line) in enumerate(sent):
            if line == "stop":
                after = [later for other, later in sent[i + 1:] if other == label]
                count += not after or after[0] in ("new-game", "quit")
        return count


class FakePonderTest(MatchTestCase):
    def levels(self, transcript):
        return [float(line.split("time=")[1].split()[0]) for line in transcript.read_text().splitlines()
                if line.startswith("level")]

    def test_pondering_time_is_free(self):
        # The fake engines always play the first legal move and expect the first legal reply,
        # so every ponder is a hit. The second takes 0.2 s a move: the first ponders meanwhile,
        # and its clock must not pay for it.
        quick, slow = self.dir / "quick.txt", self.dir / "slow.txt"
        data = self.run_with_json("--engine", fake_engine("none", "--transcript", str(quick)),
                                  "--engine", fake_engine("none", "--think", "0.2", "--transcript", str(slow)),
                                  "--games", "2", "--tc", "1+0", "--ponder", "--max-plies", "8", "--seed", "3")
        for game in data["games"]:
            self.assertEqual(game["ponder_hits"], [3, 3])  # every move but each engine's first
            self.assertEqual(game["ponder_misses"], [0, 0])
        self.assertGreater(min(self.levels(quick)), 0.9)
        slow_levels = self.levels(slow)[:4]  # the first game: 1, then about 0.8, 0.6, 0.4
        for before, after in zip(slow_levels, slow_levels[1:]):
            self.assertAlmostEqual(before - after, 0.2, delta=0.08)
        self.assertIn("ponder-hit", quick.read_text().splitlines())

    def test_ponder_for_one_engine(self):
        first, second = self.dir / "first.txt", self.dir / "second.txt"
        data = self.run_with_json("--engine", fake_engine("none", "--transcript", str(first)),
                                  "--engine", fake_engine("none", "--transcript", str(second)),
                                  "--games", "2", "--tc", "movetime=0.05", "--ponder", "2", "--max-plies", "6",
                                  "--seed", "3")
        self.assertNotIn("go ponder", first.read_text().splitlines())
        self.assertIn("go ponder", second.read_text().splitlines())
        self.assertEqual([g["ponder_hits"] for g in data["games"]], [[0, 2], [0, 2]])
        self.assertEqual(data["match"]["ponder"], [False, True])


class PonderFaultTest(MatchTestCase):
    def lose(self, fault, reason_pattern):
        # The opponent takes 0.2 s a move, so a ponder search that answers at once has
        # answered well before it is told anything.
        data = self.run_with_json("--engine", fake_engine("none", "--think", "0.2"), "--engine", fake_engine(fault),
                                  "--games", "2", "--tc", "movetime=0.05", "--timeout-margin", "0.3",
                                  "--ponder", "--seed", "5")
        for game in data["games"]:
            faulty_is_white = game["white"] == f"fake-{fault}"
            self.assertEqual(game["result"], "0-1" if faulty_is_white else "1-0")
            self.assertRegex(game["reason"], reason_pattern)
            # It ponders after its first move and fails once the opponent has answered.
            self.assertEqual(game["plies"], 3 if faulty_is_white else 2)

    def test_an_answer_before_ponder_hit_or_stop_loses(self):
        self.lose("ponder-early", r"^unasked done: done move=\S+ ponder=\S+$")

    def test_no_answer_to_ponder_hit_or_stop_is_a_timeout(self):
        self.lose("ponder-deaf", r"^timeout$")


class MemoryTest(unittest.TestCase):
    def test_sample_of_a_live_process(self):
        sample = memory.sample(os.getpid())
        if sample is None:
            self.skipTest("no /proc here")
        self.assertEqual(sample.pid, os.getpid())
        self.assertGreater(sample.rss_kb, 0)
        self.assertGreaterEqual(sample.peak_kb, sample.rss_kb)

    def test_no_sample_of_a_missing_process(self):
        self.assertIsNone(memory.sample(2 ** 22 + 12345))  # above Linux's largest pid


if __name__ == "__main__":
    unittest.main()
