#!/usr/bin/env python3
"""The learned evaluation's pipeline end to end, small (issue 11): six-row
self-play at a tiny node budget, pack, yaad-train, then the engine plays
with the weights; a corrupt weights file gets one error line and the engine
plays on with its built-in evaluation; yaad-relabel gives records a deeper
search's score, the same on a resumed run; yaad-train-net fits a small
network that the engine then plays with. Usage:
    train_test.py path/to/yaad path/to/yaad-train path/to/yaad-relabel path/to/yaad-train-net
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

YAAD = None
TRAIN = None
RELABEL = None
TRAIN_NET = None
RECORD = 32  # bytes, eval/training_record.hpp


def run(*args):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300)


class Pipeline(unittest.TestCase):
    def assert_plays_with(self, eval_file):
        """`yaad analyse --eval-file` takes the trained file without a word and answers."""
        r = run(YAAD, "analyse", "--variant", "sixrow", "--depth", "6", "--eval-file", eval_file)
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stderr, "")
        self.assertRegex(r.stdout, r"bestmove \S+\n$")

    def test_selfplay_pack_train_play(self):
        with tempfile.TemporaryDirectory() as tmp:
            shard = os.path.join(tmp, "shard.rec")
            r = run(YAAD, "selfplay", "--variant", "sixrow", "--games", "300", "--nodes", "300", "--out", shard,
                    "--eval", "handmade")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertRegex(r.stdout, r"^selfplay games=300 .* positions=\d+ seconds=")
            train, holdout = os.path.join(tmp, "train.rec"), os.path.join(tmp, "holdout.rec")
            r = run(YAAD, "selfplay-pack", "--in", shard, "--train", train, "--holdout", holdout,
                    "--holdout-fraction", "0.1")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertGreater(int(re.search(r"train=(\d+)", r.stdout).group(1)), 1000)

            weights = os.path.join(tmp, "sixrow.weights")
            r = run(TRAIN, "--train", train, "--holdout", holdout, "--out", weights, "--epochs", "40")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("hold-out", r.stdout)
            self.assertRegex(r.stdout, r"wrote .*sixrow weights v1, checksum [0-9a-f]{16}")

            self.assert_plays_with(weights)

            # A small network on the same records, and the engine with it.
            net = os.path.join(tmp, "sixrow.net")
            r = run(TRAIN_NET, "--train", train, "--holdout", holdout, "--out", net, "--hidden1", "16", "--hidden2",
                    "4", "--buckets", "2", "--epochs", "3")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("epoch 3: ", r.stdout)
            self.assertIn("quantized, as the engine computes it: hold-out result loss", r.stdout)
            self.assertRegex(r.stdout, r"wrote .*sixrow network v1 66-16-4-2, checksum [0-9a-f]{16}")
            self.assert_plays_with(net)
            r = run(TRAIN_NET, "--train", train, "--holdout", holdout, "--out", net, "--hidden1", "20")
            self.assertEqual(r.returncode, 2)
            self.assertRegex(r.stderr, r"^yaad-train-net: --hidden1 a multiple of 16, .*\nusage: yaad-train-net ")

            # A truncated file: one line of error, and the search still answers.
            with open(weights, "rb") as f:
                data = f.read()
            with open(weights, "wb") as f:
                f.write(data[:-5])
            r = run(YAAD, "analyse", "--variant", "sixrow", "--depth", "6", "--eval-file", weights)
            self.assertEqual(r.returncode, 0)
            self.assertEqual(len(r.stderr.splitlines()), 1)
            self.assertRegex(r.stderr, r"^error: .*truncated.*keeping the built-in weights")
            self.assertRegex(r.stdout, r"bestmove \S+\n$")

    def test_hub_eval_file_errors_keep_playing(self):
        lines = "hub\nset-param name=eval-file value=/nonexistent/x.weights\nset-param name=variant value=sixrow\n" \
                "init\npos pos=start\nlevel depth=4\ngo think\nquit\n"
        r = subprocess.run([YAAD, "hub"], input=lines, capture_output=True, text=True, timeout=60)
        self.assertIn('param name=eval-file value="" type=string', r.stdout)
        self.assertIn('error message="cannot read /nonexistent/x.weights"', r.stdout)
        self.assertRegex(r.stdout, r"done move=\S+")


class CommandLines(unittest.TestCase):
    def test_tools_read_their_options_alike(self):
        """One line of error and the usage, status 2, for every kind of bad command line."""
        cases = [
            ((TRAIN_NET, "--train", "a", "--holdout", "b", "--out", "c", "--epochs", "2.5"),
             "yaad-train-net: --epochs needs a whole number, not 2.5"),
            ((TRAIN_NET, "--train", "a", "--holdout", "b", "--out", "c", "--hidden2", "3000000000"),
             "yaad-train-net: --hidden2 takes at most 2147483647, not 3000000000"),
            ((TRAIN, "--train", "a", "--out", "c", "b", "--holdout", "d"), "yaad-train: unknown argument b"),
            ((TRAIN, "--train", "a", "--holdout", "b", "--out", "c", "--lr", "fast"),
             "yaad-train: --lr needs a number, not fast"),
            ((TRAIN, "--train", "a", "--holdout", "b", "--out"), "yaad-train: --out needs a value"),
            ((RELABEL, "--in", "a", "--count", "-3", "--out", "b"),
             "yaad-relabel: --count needs a whole number, not -3"),
            ((RELABEL, "--in", "a", "--bogus"), "yaad-relabel: unknown argument --bogus"),
        ]
        for command, error in cases:
            r = run(*command)
            self.assertEqual(r.returncode, 2, command)
            lines = r.stderr.splitlines()
            self.assertEqual(lines[0], error)
            self.assertTrue(lines[1].startswith("usage: " + os.path.basename(str(command[0]))), r.stderr)


class Relabel(unittest.TestCase):
    def test_relabel_keeps_all_but_the_score_and_resumes(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b = os.path.join(tmp, "a.rec"), os.path.join(tmp, "b.rec")
            for path, seed in ((a, "1"), (b, "2")):
                r = run(YAAD, "selfplay", "--variant", "sixrow", "--games", "3", "--nodes", "300", "--seed", seed,
                        "--out", path, "--eval", "handmade")
                self.assertEqual(r.returncode, 0, r.stderr)
            out = os.path.join(tmp, "deep.rec")
            command = (RELABEL, "--in", a, b, "--count", "4", "--out", out, "--nodes", "3000")
            r = run(*command)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(a, "rb") as f:
                first = f.read()
            with open(b, "rb") as f:
                second = f.read()
            with open(out, "rb") as f:
                deep = f.read()
            self.assertEqual(len(deep), 8 * RECORD)
            # In turns: a's first, b's first, a's second ...
            sources = [first[k * RECORD:(k + 1) * RECORD] for k in range(4)]
            sources = [rec for k in range(4) for rec in (sources[k], second[k * RECORD:(k + 1) * RECORD])]
            for i, source in enumerate(sources):
                record = deep[i * RECORD:(i + 1) * RECORD]
                self.assertEqual(record[:28], source[:28])  # pieces, variant, side, result
                self.assertEqual(record[30:], source[30:])  # ply
            self.assertNotEqual(deep, b"".join(sources))  # some score changed

            # yaad-train takes the deeper scores for those positions.
            r = run(TRAIN, "--train", a, b, "--holdout", b, "--out", os.path.join(tmp, "w.weights"), "--epochs", "2",
                    "--rescore", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            rescored = re.search(r"rescored (\d+) of (\d+) training positions", r.stdout)
            self.assertIsNotNone(rescored, r.stdout)
            self.assertGreaterEqual(int(rescored.group(1)), 8)

            # A variant's own weights; a variant of another family is refused before training.
            r = run(TRAIN, "--train", a, "--holdout", b, "--out", os.path.join(tmp, "own.weights"), "--epochs", "2",
                    "--variant", "sixrow", "--last")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertRegex(r.stdout, r"wrote .*sixrow weights v1 \(sixrow's own\), checksum [0-9a-f]{16}")
            self.assertIn("the last epoch's weights", r.stdout)
            r = run(TRAIN, "--train", a, "--holdout", b, "--out", os.path.join(tmp, "own.weights"), "--variant",
                    "jamaican")
            self.assertEqual(r.returncode, 2)
            self.assertEqual(r.stderr, "yaad-train: error: --variant jamaican is not of family sixrow\n")

            # Killed mid-record: the partial record is dropped and the rest redone alike.
            with open(out, "wb") as f:
                f.write(deep[:3 * RECORD + 10])
            r = run(*command)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("3 done", r.stderr)
            with open(out, "rb") as f:
                self.assertEqual(f.read(), deep)

            r = run(RELABEL, "--in", a, "--count", "x", "--out", out)
            self.assertEqual(r.returncode, 2)
            self.assertEqual(len(r.stderr.splitlines()), 2)  # the error and the usage


if __name__ == "__main__":
    YAAD, TRAIN, RELABEL, TRAIN_NET = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    unittest.main(argv=sys.argv[:1])
