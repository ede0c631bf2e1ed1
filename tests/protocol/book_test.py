#!/usr/bin/env python3
"""Transcript tests of the opening book (issue 13): the Hub parameters
book, book-margin and book-file, the shell's book commands, the command
line's --book and --book-margin and `yaad book build|info`, and book files
that cannot be used (one error line, play goes on without a book).

Usage: book_test.py path/to/yaad
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hub_test  # noqa: E402
from yaadproc import WAIT, LineProcess, fields, referee  # noqa: E402

YAAD = None
ERROR_LINE = re.compile(r'^error message="[^"]*"$')


def run(*args, stdin=None):
    return subprocess.run([YAAD, *args], input=stdin, capture_output=True, text=True, timeout=4 * WAIT)


def book_moves(book=None, variant="jamaican"):
    """The book's moves of the start as `yaad book info` lists them, best
    first: [(move in PDN form, score in men)]."""
    r = run("book", "info", "--variant", variant, *(["--book", book] if book else []))
    if r.returncode != 0:
        raise AssertionError(r.stderr)
    moves = []
    for line in r.stdout.splitlines()[1:]:
        move, score = line.split()
        moves.append((move, float(score)))
    return moves


def hub_form(pdn_moves, variant="jamaican"):
    """The Hub forms of moves of the start position."""
    out = set()
    ref = referee(YAAD)
    for m in pdn_moves:
        ref.new(variant)
        out.add(ref.play(m)["move"])
    return out


class Books:
    """A directory of book files, good and bad, made once per module."""

    dir = None

    @classmethod
    def get(cls):
        if cls.dir is None:
            cls.tmp = tempfile.TemporaryDirectory(prefix="yaad-book-test-")
            cls.dir = cls.tmp.name
            good = os.path.join(cls.dir, "small.book")
            r = run("book", "build", "--variant", "jamaican", "--positions", "40", "--depth", "2", "--out", good)
            if r.returncode != 0:
                raise AssertionError(r.stderr)
            with open(good, "rb") as f:
                data = f.read()
            cls.files = {"good": good}
            for name, content in {
                "truncated": data[:-7],
                "corrupt": data[:50] + bytes([data[50] ^ 1]) + data[51:],
                "not-a-book": b"[Event \"a PDN file\"]\n",
                "new-version": data[:8] + bytes([2]) + data[9:],
            }.items():
                path = os.path.join(cls.dir, name + ".book")
                with open(path, "wb") as f:
                    f.write(content)
                cls.files[name] = path
            cls.files["missing"] = os.path.join(cls.dir, "missing.book")
            english = os.path.join(cls.dir, "english.book")
            r = run("book", "build", "--variant", "english", "--positions", "10", "--depth", "1", "--out", english)
            if r.returncode != 0:
                raise AssertionError(r.stderr)
            cls.files["other-variant"] = english
        return cls.files


BAD_FILES = {
    "missing": "cannot read the book",
    "truncated": "(truncated?)",
    "corrupt": "checksum mismatch (corrupt file)",
    "not-a-book": "not a yaad opening book",
    "new-version": "book version 2, this yaad reads version 1",
    "other-variant": "a book of english, not of jamaican",
}


class Hub(unittest.TestCase):
    def hub(self, *args):
        h = hub_test.Hub(args=("hub", *args))
        self.addCleanup(h.close)
        return h

    def answer_to(self, h, line):
        h.send(line)
        h.send("ping")
        return h.p.lines_until(lambda l: l == "pong")[:-1]

    def assert_book_line(self, info, done):
        """A move from the book: one info line, depth 0, book=true, its pv the move."""
        self.assertEqual(len(info), 1, info)
        self.assertRegex(info[0], r'^info depth=0 mean-depth=0\.0 score=-?\d+\.\d\d nodes=0 time=0\.000 '
                         r'nps=0\.00 pv="[^"]+" book=true$')
        self.assertEqual(fields(info[0])["pv"], fields(done)["move"])

    def test_params_declared(self):
        h = self.hub()
        params = {fields(l)["name"]: fields(l) for l in h.greeting[1:-1]}
        self.assertEqual((params["book"]["type"], params["book"]["value"]), ("bool", "true"))
        margin = params["book-margin"]
        self.assertEqual((margin["type"], margin["min"], margin["max"], margin["value"]), ("int", "0", "1000", "5"))
        self.assertEqual((params["book-file"]["type"], params["book-file"]["value"]), ("string", ""))

    def test_command_line_sets_the_declared_defaults(self):
        h = self.hub("--book", "off", "--book-margin", "12")
        values = {fields(l)["name"]: fields(l)["value"] for l in h.greeting[1:-1]}
        self.assertEqual((values["book"], values["book-margin"]), ("false", "12"))
        h = self.hub("--book", Books.get()["good"])
        values = {fields(l)["name"]: fields(l)["value"] for l in h.greeting[1:-1]}
        self.assertEqual((values["book"], values["book-file"]), ("true", Books.get()["good"]))

    def test_a_book_move_at_once_a_search_when_off_or_analysing(self):
        h = self.hub()
        h.send("pos start")
        info, done, _ = h.search("level depth=30")
        self.assert_book_line(info, done)
        self.assertIn(fields(done)["move"], hub_form(m for m, _ in book_moves()))
        # An analysis lists the book's moves (best first, ranked), then searches.
        h.send("pos start")
        info, done, _ = h.search("level depth=3", go="go analyze")
        moves = book_moves()
        listed = [fields(l) for l in info[:len(moves)]]
        self.assertEqual([(f["pv"], f["multipv"], f["book"], f["depth"]) for f in listed],
                         [(pv, str(rank), "true", "0") for rank, pv in
                          enumerate((hub_form([m]).pop() for m, _ in moves), 1)])
        self.assertEqual([float(f["score"]) for f in listed], [s for _, s in moves])
        self.assertTrue(info[len(moves):])
        self.assertNotIn("book", fields(info[-1]))
        h.set_param("book", "false")
        h.send("pos start")
        info, done, _ = h.search("level depth=3")
        self.assertTrue(info)

    def test_margin_zero_plays_a_best_move(self):
        moves = book_moves()
        best = hub_form(m for m, s in moves if s == moves[0][1])
        h = self.hub("--book-margin", "0")
        for _ in range(6):
            h.send("pos start")
            info, done, _ = h.search("level depth=3")
            self.assert_book_line(info, done)
            self.assertIn(fields(done)["move"], best)

    def test_a_book_file_replaces_the_built_in_one(self):
        good = Books.get()["good"]
        h = self.hub()
        self.assertEqual(self.answer_to(h, f"set-param name=book-file value={good}"), [])
        h.send("pos start")
        info, done, _ = h.search("level depth=3")
        self.assert_book_line(info, done)
        self.assertIn(fields(done)["move"], hub_form(m for m, _ in book_moves(good)))

    def test_a_file_that_cannot_be_used_is_one_error_and_play_goes_on(self):
        files = Books.get()
        for name, why in BAD_FILES.items():
            with self.subTest(name):
                h = self.hub()
                answer = self.answer_to(h, f"set-param name=book-file value={files[name]}")
                self.assertEqual(len(answer), 1, answer)
                self.assertRegex(answer[0], ERROR_LINE)
                self.assertIn(why.replace('"', "'"), answer[0])
                self.assertIn("playing without a book", answer[0])
                h.send("pos start")
                info, done, _ = h.search("level depth=3")
                self.assertTrue(info)
                self.assertIn(fields(done)["move"], referee(YAAD).legal_moves("jamaican"))

    def test_bad_values(self):
        h = self.hub()
        for line in ("set-param name=book value=perhaps", "set-param name=book-margin value=-1",
                     "set-param name=book-margin value=1001", "set-param name=book-margin value=x"):
            with self.subTest(line):
                answer = self.answer_to(h, line)
                self.assertEqual(len(answer), 1, answer)
                self.assertRegex(answer[0], ERROR_LINE)


class Shell(unittest.TestCase):
    def shell(self, *lines, args=()):
        r = run("shell", *args, stdin="\n".join(lines) + "\nquit\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        return [l for l in r.stdout.splitlines() if l and not l.startswith(" ")]

    def test_book_commands(self):
        out = self.shell("book", "book margin 20", "book off", "book margin x", "book on")
        self.assertRegex(out[2], r"^book on, margin 5 \(0\.05 men\), built-in: \d+ positions of jamaican$")
        self.assertRegex(out[3], r"^book \(scores for Black\): [a-h]\d-[a-h]\d [+-]?\d\.\d\d(, [a-h]\d-[a-h]\d [+-]?\d\.\d\d){6}$")
        self.assertRegex(out[4], r"^book on, margin 20 \(0\.20 men\), built-in: ")
        self.assertTrue(out[5].startswith("book (scores for Black): "))
        self.assertEqual(out[6], "book off, margin 20 (0.20 men)")
        self.assertEqual(out[7], "error: book margin takes hundredths of a man, 0 to 1000")
        self.assertRegex(out[8], r"^book on, margin 20 \(0\.20 men\), built-in: ")

    def test_go_plays_from_the_book_and_analyse_shows_it(self):
        out = self.shell("go", "analyse depth 2", "book off", "go")
        best = {m for m, _ in book_moves()}
        played = re.match(r"^yaad plays (\S+)  \(book, (?:\+\d\.\d\d for (?:White|Black)|0\.00: level)\)$", out[2])
        self.assertTrue(played, out[2])
        self.assertIn(played.group(1), best)
        self.assertTrue(out[4].startswith("book (scores for White): "), out[4])
        self.assertTrue(out[5].startswith("depth 1  "), out[5])
        # The moves were not saved: quit says so (the input then ends).
        self.assertRegex(out[-3], r"^yaad plays \S+  \(.*, depth \d+\)$")
        self.assertTrue(out[-1].startswith("the game is not saved (2 plies)"), out[-1])

    def test_book_files(self):
        files = Books.get()
        out = self.shell(f"book file {files['good']}", "book file builtin")
        self.assertEqual(out[2], f"book on, margin 5 (0.05 men), {files['good']}: {(os.path.getsize(files['good']) - 44) // 11} positions of jamaican")
        self.assertRegex(out[4], r"^book on, margin 5 \(0\.05 men\), built-in: ")
        for name, why in BAD_FILES.items():
            with self.subTest(name):
                # The book command refuses the file and keeps its book.
                out = self.shell(f"book file {files[name]}", "book")
                self.assertTrue(out[2].startswith("error: ") and why in out[2], out[2])
                self.assertRegex(out[3], r"^book on, margin 5 \(0\.05 men\), built-in: ")
                # Given at the start, it is one error; play goes on without a book.
                out = self.shell("go", args=("--book", files[name]))
                self.assertTrue(out[0].startswith("error: ") and why in out[0], out[0])
                self.assertIn("playing without a book", out[0])
                self.assertRegex(out[3], r"^yaad plays \S+  \(.*, depth \d+\)$")


class Dxp(unittest.TestCase):
    def test_a_bad_book_is_said_at_the_start_and_play_goes_on(self):
        missing = Books.get()["missing"]
        p = LineProcess([YAAD, "dxp", "--listen", "--port", "0", "--book", missing], name="yaad dxp")
        try:
            p.stderr_line(rf"^error: cannot read the book {re.escape(missing)}; playing without a book$")
            p.stderr_line(r"^dxp: listening on 127\.0\.0\.1:\d+$")
        finally:
            p.kill()


class CommandLine(unittest.TestCase):
    def test_info_of_the_built_in_books(self):
        for variant in ("jamaican", "international", "english", "russian", "brazilian", "sixrow"):
            with self.subTest(variant):
                r = run("book", "info", "--variant", variant)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertRegex(r.stdout.splitlines()[0], rf"^book built-in: {variant}, version 1, \d+ positions, "
                                 r"\d+ expanded, leaves searched with nodes \d+$")
                # It knows every move of the start.
                self.assertEqual(len(book_moves(variant=variant)), len(referee(YAAD).legal_moves(variant)))

    def test_pool_plays_from_the_jamaican_book(self):
        # The same game on the other diagonal: the same scores, the moves named for Pool's board.
        r = run("book", "info", "--variant", "pool")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertRegex(r.stdout.splitlines()[0], r"^book built-in: jamaican \(pool plays from the jamaican book: "
                         r"the same game on the mirrored board\), version 1, ")
        pool, jamaican = book_moves(variant="pool"), book_moves()
        self.assertEqual(sorted(s for _, s in pool), sorted(s for _, s in jamaican))
        self.assertEqual(sorted(m for m, _ in pool), sorted(referee(YAAD).legal_moves("pool")))

    def test_build_then_extend(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "e.book")
            r = run("book", "build", "--variant", "english", "--positions", "20", "--depth", "2", "--out", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertRegex(r.stdout, r"^book .*e\.book: \d+ positions, \d+ expanded, \d+ bytes\n$")
            self.assertRegex(r.stderr.splitlines()[-1], r"^book: \d+/20 positions, \d+ expanded, [\d.]+ searches/s, "
                             r"\d+m\d\ds elapsed, ETA \S+$")
            r = run("book", "build", "--variant", "english", "--positions", "40", "--out", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("book: extending", r.stderr.splitlines()[0])
            r = run("book", "build", "--variant", "english", "--positions", "50", "--depth", "3", "--out", out)
            self.assertEqual(r.returncode, 2)
            self.assertEqual(r.stderr, f"error: {out} scores its leaves with --depth 2; extend it alike "
                             "(or leave the option out)\n")
            r = run("book", "build", "--variant", "pool", "--positions", "50", "--out", out)
            self.assertEqual(r.stderr, f"error: {out} is a book of english, not of pool\n")
            r = run("book", "info", "--variant", "english", "--book", out)
            self.assertEqual(r.returncode, 0, r.stderr)

    def test_bad_input(self):
        files = Books.get()
        for args, message in [
            (("book",), "error: yaad book needs build or info\n"),
            (("book", "build", "--depth", "2", "--nodes", "9"), "error: give --depth or --nodes, not both\n"),
            (("book", "build", "--positions", "0"), "error: --positions must be 1 or more\n"),
            (("book", "build", "--ply-cost", "0"), "error: --ply-cost must be 1 to 100 hundredths of a man\n"),
            (("book", "info", "--book", files["corrupt"]), f"error: {files['corrupt']}: checksum mismatch (corrupt file)\n"),
            (("shell", "--book-margin", "2000"), "error: --book-margin must be 0 to 1000 hundredths of a man\n"),
        ]:
            with self.subTest(args):
                r = run(*args, stdin="")
                self.assertEqual((r.returncode, r.stderr), (2, message))


def main():
    global YAAD
    if len(sys.argv) < 2:
        sys.exit("usage: book_test.py path/to/yaad [unittest options]")
    YAAD = os.path.abspath(sys.argv.pop(1))
    hub_test.YAAD = YAAD
    unittest.main(verbosity=1)


if __name__ == "__main__":
    main()
