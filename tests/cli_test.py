#!/usr/bin/env python3
"""Transcript tests of the yaad command line (issue 2, "Commands").

Runs the real binary and checks exactly what it prints. Usage:
    cli_test.py path/to/yaad
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

YAAD = None

# The Russian position of issue 2: the black man on 14 takes 17, 18, 25 and
# 26 and comes back to 14 by two routes: one move, two routes.
DIAMOND = "B:B1,2,3,4,5,6,7,8,10,14,15:W17,18,19,24,25,26,27,28,29,31,32"

PERFT_LINE = re.compile(r"^perft (\d+) nodes=(\d+) seconds=(\d+\.\d+) mnps=(\d+\.\d+)$")


def run(*args):
    return subprocess.run([YAAD, *args], capture_output=True, text=True, timeout=120)


class Moves(unittest.TestCase):
    def test_english_start_sorted(self):
        # In the shell's order: by number where squares are numbered.
        r = run("moves", "--variant", "english")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        self.assertEqual(r.stdout, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n")

    def test_default_variant_is_jamaican(self):
        r = run("moves")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout.split("\n"), ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4", ""])

    def test_detail_of_quiet_moves(self):
        r = run("moves", "--variant", "english", "--detail")
        self.assertEqual(r.returncode, 0)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 7)
        self.assertEqual(lines[0], "9-13 from=9 to=13 captures=")
        self.assertEqual(lines[6], "12-16 from=12 to=16 captures=")

    def test_detail_of_captures(self):
        r = run("moves", "--variant", "russian", "--fen", DIAMOND, "--detail")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        self.assertEqual(
            r.stdout.splitlines(),
            [
                "c5:b6 from=14 to=9 captures=17,18,25,26",
                "c5:c5 from=14 to=14 captures=17,18,25,26",
                "c5:a3:c1:e3:g5 from=14 to=16 captures=17,19,25,26",
                "c5:e3:g5 from=14 to=16 captures=18,19",
                "c5:h6 from=14 to=12 captures=17,19,25,26",
                "e5:a5 from=15 to=13 captures=17,18",
            ],
        )

    def test_hub_position_string(self):
        hub = "B" + "b" * 12 + "e" * 8 + "w" * 12
        r = run("moves", "--variant", "pool", "--fen", hub)
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout, run("moves", "--variant", "english").stdout)


class Perft(unittest.TestCase):
    def perft_lines(self, stdout):
        rows = []
        for line in stdout.splitlines():
            m = PERFT_LINE.match(line)
            self.assertIsNotNone(m, line)
            rows.append((int(m.group(1)), int(m.group(2))))
        return rows

    def test_depths(self):
        r = run("perft", "--variant", "english", "--depth", "4")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        self.assertEqual(self.perft_lines(r.stdout), [(1, 7), (2, 49), (3, 302), (4, 1469)])

    def test_international(self):
        r = run("perft", "--variant", "international", "--depth", "3")
        self.assertEqual(self.perft_lines(r.stdout), [(1, 9), (2, 81), (3, 658)])

    def test_divide_sums_to_the_count(self):
        r = run("perft", "--variant", "english", "--depth", "3", "--divide")
        self.assertEqual(r.returncode, 0)
        lines = r.stdout.splitlines()
        divide, perft = lines[:7], lines[7:]
        moves = run("moves", "--variant", "english").stdout.splitlines()
        rows = [line.split(" ") for line in divide]
        self.assertEqual([move for move, _ in rows], moves)
        self.assertTrue(all(re.fullmatch(r"\d+", nodes) for _, nodes in rows))
        self.assertEqual(sum(int(nodes) for _, nodes in rows), 302)
        self.assertEqual(self.perft_lines("\n".join(perft)), [(1, 7), (2, 49), (3, 302)])

    def test_paths_count_routes(self):
        moves = run("perft", "--variant", "russian", "--fen", DIAMOND, "--depth", "1")
        routes = run("perft", "--variant", "russian", "--fen", DIAMOND, "--depth", "1", "--paths")
        self.assertEqual(self.perft_lines(moves.stdout), [(1, 6)])
        self.assertEqual(self.perft_lines(routes.stdout), [(1, 7)])
        divide = run("perft", "--variant", "russian", "--fen", DIAMOND, "--depth", "1", "--divide", "--paths")
        rows = divide.stdout.splitlines()[:-1]
        self.assertEqual(len(rows), 7)
        self.assertEqual(rows.count("c5:c5 1"), 2)


class RandomOpening(unittest.TestCase):
    def test_output_and_reproducibility(self):
        args = ("random-opening", "--variant", "jamaican", "--plies", "4", "--seed", "7")
        r = run(*args)
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 3)
        moves = lines[0].split(" ")
        self.assertEqual(moves[0], "moves")
        self.assertEqual(len(moves), 5)
        self.assertIn(moves[1], run("moves", "--variant", "jamaican").stdout.splitlines())
        self.assertTrue(lines[1].startswith("fen B:W"))
        self.assertEqual(lines[2], "seed 7")
        self.assertEqual(run(*args).stdout, r.stdout)
        # The final position is a valid FEN the engine reads back.
        fen = lines[1][len("fen "):]
        self.assertEqual(run("moves", "--variant", "jamaican", "--fen", fen).returncode, 0)

    def test_zero_plies(self):
        r = run("random-opening", "--variant", "russian", "--plies", "0", "--seed", "1")
        self.assertEqual(r.stdout, "moves\nfen W:W21-32:B1-12\nseed 1\n")

    def test_seeds_differ(self):
        outputs = {run("random-opening", "--variant", "pool", "--plies", "6", "--seed", str(s)).stdout for s in range(6)}
        self.assertGreater(len(outputs), 1)


ANALYSE_LINE = re.compile(
    r"^depth=(\d+) score=(-?\d+\.\d\d) nodes=(\d+) nps=(\d+) time=(\d+\.\d+) pv=(.*)$")


class Analyse(unittest.TestCase):
    """`yaad analyse`: one line per iteration, then `bestmove <m>` (issue 3)."""

    def parse(self, stdout):
        lines = stdout.splitlines()
        self.assertTrue(lines[-1].startswith("bestmove "), lines[-1])
        rows = []
        for line in lines[:-1]:
            m = ANALYSE_LINE.match(line)
            self.assertIsNotNone(m, line)
            rows.append(m.groups())
        return rows, lines[-1][len("bestmove "):]

    def test_depth_iterations_parse(self):
        r = run("analyse", "--variant", "english", "--depth", "8")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        rows, best = self.parse(r.stdout)
        self.assertEqual([int(row[0]) for row in rows], list(range(1, 9)))
        nodes = [int(row[2]) for row in rows]
        self.assertEqual(nodes, sorted(nodes))
        legal = run("moves", "--variant", "english").stdout.splitlines()
        self.assertIn(best, legal)
        self.assertEqual(rows[-1][5].split(" ")[0], best)

    def test_moves_then_nodes_limit(self):
        r = run("analyse", "--variant", "international", "--moves", "32-28 19-23 28x19", "--nodes", "20000")
        self.assertEqual(r.returncode, 0)
        rows, best = self.parse(r.stdout)
        self.assertTrue(rows)
        # Black must retake: 14x23 or 13x24.
        self.assertIn(best, ("14x23", "13x24"))

    def test_forced_win_is_scored_near_100(self):
        # Pool: 30-25 forces the king to take two and be taken.
        r = run("analyse", "--variant", "pool", "--fen", "W:W23,30,31,32:BK29,8", "--depth", "9")
        rows, best = self.parse(r.stdout)
        self.assertEqual(best, "30-25")
        self.assertGreater(float(rows[-1][1]), 99.0)

    def test_multipv(self):
        r = run("analyse", "--variant", "english", "--depth", "4", "--multipv", "3")
        self.assertEqual(r.returncode, 0)
        lines = r.stdout.splitlines()
        rows = [re.match(r"^depth=(\d+) multipv=(\d) score=(-?\d+\.\d\d) nodes=\d+ nps=\d+ time=\d+\.\d+ pv=(\S+)", l)
                for l in lines[:-1]]
        self.assertTrue(all(rows), lines)
        self.assertEqual([(int(m.group(1)), int(m.group(2))) for m in rows],
                         [(d, k) for d in range(1, 5) for k in (1, 2, 3)])
        self.assertEqual(lines[-1], "bestmove " + rows[-3].group(4))
        for bad in ("0", "65", "x"):
            r = run("analyse", "--variant", "english", "--depth", "2", "--multipv", bad)
            self.assertEqual(r.returncode, 2, bad)
            self.assertTrue(r.stderr.startswith("error:"), r.stderr)

    def test_thread_counts_out_of_range_say_the_range(self):
        for command in (("analyse", "--depth", "2"), ("book", "build"), ("egdb", "build", "--variant", "pool", "--pieces", "2")):
            for bad in ("-1", "0", "65", "x"):
                with self.subTest(command=command[0], threads=bad):
                    r = run(*command, "--threads", bad)
                    self.assertEqual(r.returncode, 2)
                    self.assertEqual(r.stderr, f"error: --threads must be 1 to 64, not '{bad}'\n")

    def test_needs_exactly_one_limit(self):
        for args in ((), ("--depth", "3", "--nodes", "10")):
            r = run("analyse", *args)
            self.assertEqual(r.returncode, 2)
            self.assertTrue(r.stderr.startswith("error:"))


ANNOTATE_GAMES = """[Event "a blunder"]
[GameType "21"]
[FEN "B:W26:B3,18"]

1. 18-22 26x17 *

[Event "the best move"]
[GameType "21"]
[FEN "B:W26:B3,18"]

{a study} 1. 3-8 {[%clk 0:01:58]} *
"""


class Annotate(unittest.TestCase):
    """`yaad annotate`: the games back with a judgement of every move."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.file = os.path.join(self.dir.name, "games.pdn")
        with open(self.file, "w") as f:
            f.write(ANNOTATE_GAMES)

    def test_marks_comments_and_summary(self):
        # English, Black to move, two men against one: 3-8 and 3-7 win;
        # 18-22 lets White take a man and draw, a blunder; White's capture is
        # forced.
        r = run("annotate", self.file, "--depth", "8")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        games = r.stdout.strip().split("\n\n[")
        self.assertEqual(len(games), 2)
        self.assertIn('[Annotator "yaad ', games[0])
        self.assertIn(", depth 8\"]", games[0])
        text = " ".join(games[0].split())
        self.assertRegex(text, r"1\. 18-22\?\? \{[-+]?\d+\.\d\d/8, best (3-[78]) \+9\d\.\d\d: \1 ")
        self.assertIn("1... 26x17 {forced}", text)
        self.assertIn("{White: average loss 0.00, 0 mistakes, 0 blunders; Black: average loss", text)
        self.assertIn("0 mistakes, 1 blunder} *", text)
        second = " ".join(games[1].split())
        # The game's own comment comes first.
        self.assertRegex(second, r"\{a study\} 1\. 3-8 \{\[%clk 0:01:58\] \+9\d\.\d\d/8\} \{White")
        # The same depth, the same annotation.
        self.assertEqual(run("annotate", self.file, "--depth", "8").stdout, r.stdout)
        # What it writes reads back as the same games.
        again = os.path.join(self.dir.name, "again.pdn")
        with open(again, "w") as f:
            f.write(r.stdout)
        # Annotated again, it gets a fresh annotation, not a second one.
        twice = run("annotate", again, "--depth", "8")
        self.assertEqual(twice.returncode, 0)
        self.assertEqual(twice.stdout.count("/8"), r.stdout.count("/8"))
        self.assertEqual(twice.stdout.count("[%clk"), 0)
        # The comment before the first move is the game's, kept.
        self.assertEqual(twice.stdout.count("{a study} 1. 3-8"), 1)

    def test_json(self):
        r = run("annotate", self.file, "--depth", "6", "--json")
        self.assertEqual(r.returncode, 0, r.stderr)
        data = json.loads(r.stdout)
        self.assertEqual(data["annotator"].split(", ")[-1], "depth 6")
        first, second = data["games"]
        self.assertEqual(first["tags"]["Event"], "a blunder")
        self.assertEqual(first["variant"], "english")
        blunder, forced = first["moves"]
        self.assertEqual((blunder["move"], blunder["mark"], blunder["side"]), ("18-22", "??", "black"))
        self.assertIn(blunder["best"], ("3-7", "3-8"))
        self.assertGreaterEqual(blunder["loss"], 1.0)
        self.assertEqual(forced, {"ply": 2, "side": "white", "move": "26x17", "forced": True})
        self.assertEqual(first["summary"]["black"]["blunders"], 1)
        self.assertEqual(second["moves"][0]["mark"], "")
        self.assertEqual(second["moves"][0]["comment"], "[%clk 0:01:58]")
        self.assertEqual(second["comment"], "a study")
        self.assertNotIn("comment", first)
        self.assertEqual(second["moves"][0]["loss"], 0)

    def test_bad_input(self):
        cases = {
            "no file": ("annotate",),
            "missing file": ("annotate", os.path.join(self.dir.name, "missing.pdn")),
            "depth 1": ("annotate", self.file, "--depth", "1"),
            "depth and time": ("annotate", self.file, "--depth", "4", "--movetime", "1"),
            "zero time": ("annotate", self.file, "--movetime", "0"),
        }
        illegal = os.path.join(self.dir.name, "illegal.pdn")
        with open(illegal, "w") as f:
            f.write('[GameType "21"]\n1. 11-15 23-19 2. 15-10 *\n')
        cases["illegal move"] = ("annotate", illegal)
        for what, args in cases.items():
            with self.subTest(what):
                r = run(*args)
                self.assertEqual(r.returncode, 2)
                self.assertEqual(r.stdout, "")
                self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
                self.assertTrue(r.stderr.startswith("error: "), r.stderr)


BENCH_LINE = re.compile(r"^bench nodes=(\d+) seconds=(\d+\.\d+) nps=(\d+)$")


class Bench(unittest.TestCase):
    def test_last_line_and_determinism(self):
        first = run("bench", "--depth", "6")
        second = run("bench", "--depth", "6")
        self.assertEqual(first.returncode, 0)
        last = first.stdout.splitlines()[-1]
        m = BENCH_LINE.match(last)
        self.assertIsNotNone(m, last)
        # One line per position before it, at least 8 per variant.
        self.assertGreaterEqual(len(first.stdout.splitlines()) - 1, 7 * 8)
        self.assertEqual(m.group(1), BENCH_LINE.match(second.stdout.splitlines()[-1]).group(1))


class Egdb(unittest.TestCase):
    """yaad egdb build, info and probe (issue 12) on a small set in a temporary directory."""

    def test_build_info_probe(self):
        with tempfile.TemporaryDirectory() as d:
            r = run("egdb", "build", "--variant", "english", "--pieces", "3", "--dir", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout, "built 16 slices (404560 positions), 0 already there, in %s\n" % d)
            self.assertRegex(r.stderr.splitlines()[-2], r"^egdb: slice \S+ rows -?\d+,-?\d+ verify: .* ETA \d+ s$")
            self.assertRegex(r.stderr.splitlines()[-1], r"^egdb: slice \S+ built: [\d.]+ s elapsed, [\d.]+ s CPU; "
                             r"solving [\d.]+ s, [\d.]+ s CPU; verifying [\d.]+ s, [\d.]+ s CPU; \d+ bytes$")
            r = run("egdb", "build", "--variant", "english", "--pieces", "3", "--dir", d)
            self.assertEqual(r.stdout, "built 0 slices (0 positions), 16 already there, in %s\n" % d)
            r = run("egdb", "info", "--dir", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            lines = r.stdout.splitlines()
            self.assertEqual(len(lines), 18)
            self.assertRegex(lines[0], r"^english 0m1k-0m1k positions=1984 bytes=\d+$")
            self.assertEqual(lines[16], "english: complete up to 3 pieces")
            self.assertRegex(lines[17], r"^16 slices, 404560 positions, \d+ bytes in ")
            for fen, line in (("W:WK1,K2:BK32", "value=win plies=33"), ("B:WK1,K2:BK32", "value=loss plies=30"),
                              ("W:WK18:BK32", "value=draw plies=-"), ("B:W22:BK1", "value=win plies=7")):
                r = run("egdb", "probe", "--variant", "english", "--dir", d, "--fen", fen)
                self.assertEqual((r.returncode, r.stdout, r.stderr), (0, line + "\n", ""), fen)
            r = run("egdb", "probe", "--variant", "english", "--dir", d, "--fen", "W:WK1,K2:BK31,K32")
            self.assertEqual((r.returncode, r.stdout), (2, ""))
            self.assertEqual(r.stderr, "error: the position is not in the database\n")
            # The search with the database: its verdict under the 80-ply
            # rule, then known wins and the positions it decided.
            analyse = ("analyse", "--variant", "english", "--fen", "W:WK1,K2:BK32", "--depth", "2")
            r = run(*analyse, "--egdb", d)
            lines = r.stdout.splitlines()
            self.assertEqual((r.returncode, r.stderr), (0, ""))
            self.assertEqual(lines[0], "database: White wins if the count leaves 33 plies or more (80 left)")
            self.assertRegex(lines[2], r"^depth=2 score=79\.67 nodes=\d+ nps=\d+ time=\S+ egdb-hits=\d+ pv=1-5$")
            r = run(*analyse, "--egdb", "none")
            self.assertNotIn("database", r.stdout)
            self.assertNotIn("egdb-hits", r.stdout)
            missing = "error: no endgame database directory '%s'\n" % os.path.join(d, "missing")
            r = run(*analyse, "--egdb", os.path.join(d, "missing"))
            self.assertEqual((r.returncode, r.stderr), (2, missing))
            # So with probe and info: a mistyped directory is not an empty database.
            for args in (("probe", "--variant", "english", "--fen", "W:WK1,K2:BK32"), ("info",)):
                r = run("egdb", *args, "--dir", os.path.join(d, "missing"))
                self.assertEqual((r.returncode, r.stdout, r.stderr), (2, "", missing), args)
            # A truncated slice: one warning when the database is opened,
            # and the engine goes on without it.
            path = os.path.join(d, "english", "0m2k-0m1k.egdb")
            os.truncate(path, os.path.getsize(path) // 2)
            r = run("egdb", "probe", "--variant", "english", "--dir", d, "--fen", "W:WK1:BK32")
            self.assertEqual(r.stdout, "value=draw plies=-\n")
            self.assertEqual(r.stderr.splitlines(),
                             ["egdb: %s: truncated, or its block offsets are inconsistent; slice skipped" % path])
            # A corrupt one: found when first probed (and by info, which
            # reads every file).
            flipped = os.path.join(d, "english", "1m0k-0m2k.egdb")
            with open(flipped, "r+b") as f:
                f.seek(100)
                f.write(b"\x5a")
            corrupt = "egdb: %s: checksum mismatch: the file is corrupt or truncated; slice skipped" % flipped
            r = run("egdb", "probe", "--variant", "english", "--dir", d, "--fen", "W:W10:BK1,K3")
            self.assertEqual((r.returncode, r.stdout), (2, ""))
            self.assertEqual(r.stderr.splitlines()[1:],
                             [corrupt, "error: the position is not in the database"])
            r = run("egdb", "info", "--dir", d)
            self.assertIn(corrupt, r.stderr.splitlines())


class BadInput(unittest.TestCase):
    """Each bad input prints one line starting with 'error:' on stderr,
    nothing on stdout, and exits with status 2."""

    CASES = {
        "unknown variant": ("moves", "--variant", "chess"),
        "level 0": ("hub", "--level", "0"),
        "level 21": ("shell", "--level", "21"),
        "malformed FEN": ("moves", "--fen", "X:W1"),
        "FEN garbage": ("moves", "--fen", "W:Wfoo:B1"),
        "man on its crowning row": ("moves", "--variant", "pool", "--fen", "W:W1:B20"),
        "more pieces than squares": ("moves", "--variant", "sixrow", "--fen", "W:W7-18:B1-12"),
        "Hub string too long": ("moves", "--fen", "B" + "b" * 12 + "e" * 9 + "w" * 12),
        "negative depth": ("perft", "--depth", "-1"),
        "negative depth with =": ("perft", "--depth=-1"),
        "zero depth": ("perft", "--depth", "0"),
        "non-numeric depth": ("perft", "--depth", "abc"),
        "missing depth": ("perft",),
        "unknown command": ("frobnicate",),
        "unknown option": ("moves", "--frobnicate"),
        "negative seed": ("random-opening", "--seed", "-3"),
        "non-numeric plies": ("random-opening", "--plies", "four"),
        "egdb without an action": ("egdb",),
        "egdb unknown action": ("egdb", "clean"),
        "egdb too many pieces": ("egdb", "build", "--pieces", "9", "--dir", "/nonexistent"),
        "egdb probe without a position": ("egdb", "probe", "--dir", "/nonexistent"),
    }

    def test_each(self):
        for name, args in self.CASES.items():
            with self.subTest(name):
                r = run(*args)
                self.assertEqual(r.returncode, 2)
                self.assertEqual(r.stdout, "")
                lines = r.stderr.splitlines()
                self.assertEqual(len(lines), 1, r.stderr)
                self.assertTrue(lines[0].startswith("error:"), lines[0])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: cli_test.py path/to/yaad")
    YAAD = sys.argv.pop(1)
    unittest.main()
