"""Pondering (--ponder): real yaad games stay legal and get ponder-hits; pondering time
is free; engines that mishandle pondering lose with a clear reason. Also the memory
samples the runner records.

No engine that plays well may lose on time on a busy machine: the clocks and margins
leave every real move seconds, and only the move that is meant to be late runs under
a small bound.
"""

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
        # A move time, not a short clock: on a busy machine a short clock can fall, which is no
        # fault of pondering's; the margin leaves every move and every `stop` seconds.
        log = self.dir / "match.log"
        data = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2",
                                  "--tc", "movetime=0.05", "--timeout-margin", "30", "--ponder",
                                  "--max-plies", "40", "--seed", "4", "--log", str(log))
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
        # so every ponder is a hit. The second takes THINK seconds a move: the first ponders
        # meanwhile, and its clock must not pay for it. Each of its moves is then charged
        # only the moment between ponder-hit and its answer, far less than THINK however
        # busy the machine; had it paid for pondering, each would cost THINK or more. The
        # clock is long enough that nobody's flag can fall.
        think = 0.5
        quick, slow = self.dir / "quick.txt", self.dir / "slow.txt"
        data = self.run_with_json("--engine", fake_engine("none", "--transcript", str(quick)),
                                  "--engine", fake_engine("none", "--think", str(think), "--transcript", str(slow)),
                                  "--games", "2", "--tc", "60+0", "--ponder", "--max-plies", "8", "--seed", "3")
        for game in data["games"]:
            self.assertEqual(game["ponder_hits"], [3, 3])  # every move but each engine's first
            self.assertEqual(game["ponder_misses"], [0, 0])
        quick_levels = self.levels(quick)[:4]  # the first game: 60, then a little less each move
        for before, after in zip(quick_levels, quick_levels[1:]):
            self.assertLess(before - after, think, quick_levels)
        # The slow engine's clock does pay for its thinking (levels rounded down to milliseconds).
        slow_levels = self.levels(slow)[:4]  # the first game: 60, then at most 59.5, 59, 58.5
        for before, after in zip(slow_levels, slow_levels[1:]):
            self.assertGreaterEqual(before - after, think - 0.002, slow_levels)
        self.assertIn("ponder-hit", quick.read_text().splitlines())

    def test_ponder_for_one_engine(self):
        first, second = self.dir / "first.txt", self.dir / "second.txt"
        data = self.run_with_json("--engine", fake_engine("none", "--transcript", str(first)),
                                  "--engine", fake_engine("none", "--transcript", str(second)),
                                  "--games", "2", "--tc", "movetime=0.05", "--timeout-margin", "30",
                                  "--ponder", "2", "--max-plies", "6", "--seed", "3")
        self.assertNotIn("go ponder", first.read_text().splitlines())
        self.assertIn("go ponder", second.read_text().splitlines())
        self.assertEqual([g["ponder_hits"] for g in data["games"]], [[0, 2], [0, 2]])
        self.assertEqual(data["match"]["ponder"], [False, True])


class PonderFaultTest(MatchTestCase):
    def lose(self, fault, reason_pattern, think, margin):
        """The faulty engine loses each game once the opponent, which takes `think` seconds a
        move, has answered; `margin` is --timeout-margin, the time every move may take beyond
        its 0.05 s, and `stop` at all."""
        data = self.run_with_json("--engine", fake_engine("none", "--think", str(think)),
                                  "--engine", fake_engine(fault), "--games", "2", "--tc", "movetime=0.05",
                                  "--timeout-margin", str(margin), "--ponder", "--seed", "5")
        for game in data["games"]:
            faulty_is_white = game["white"] == f"fake-{fault}"
            self.assertEqual(game["result"], "0-1" if faulty_is_white else "1-0")
            self.assertRegex(game["reason"], reason_pattern)
            # It ponders after its first move and fails once the opponent has answered.
            self.assertEqual(game["plies"], 3 if faulty_is_white else 2)

    def test_an_answer_before_ponder_hit_or_stop_loses(self):
        # The runner can tell an early answer only if it has come when the opponent has moved:
        # the opponent takes a second, far more than the early answer needs however busy the
        # machine is. The margin leaves every move time to spare.
        self.lose("ponder-early", r"^unasked done: done move=\S+ ponder=\S+$", think=1, margin=30)

    def test_no_answer_to_ponder_hit_or_stop_is_a_timeout(self):
        # The margin is what a deaf engine is waited for, so it is the test's cost; its other
        # moves are answered at once, and the margin leaves them seconds.
        self.lose("ponder-deaf", r"^timeout$", think=0, margin=2)


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
