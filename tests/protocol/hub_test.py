#!/usr/bin/env python3
"""Transcript tests of `yaad hub` (issue 4, HUB.md "Hub v2").

Runs the real binary over pipes and checks every line it answers: the
handshake, set-param, searches under each level form, the shape of info
and done, ponder, analyze, ping during a search, capture notation, position
strings of 18, 32 and 50 squares, pos moves=, and bad input of many kinds.
Moves are judged by `yaad referee`, which owns the rules.

Usage: hub_test.py path/to/yaad
"""

import os
import re
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yaadproc import WAIT, LineProcess, fields, quote, referee, tokenize  # noqa: E402

YAAD = None

VARIANTS = ["jamaican", "pool", "english", "russian", "brazilian", "international", "sixrow"]

# Start positions as Hub strings: side to move, then one letter per square.
INTERNATIONAL_START = "W" + "b" * 20 + "e" * 10 + "w" * 20
ENGLISH_START = "B" + "b" * 12 + "e" * 8 + "w" * 12
SIXROW_START = "W" + "b" * 6 + "e" * 6 + "w" * 6

ERROR_LINE = re.compile(r'^error message="[^"]*"$')
SCORE = re.compile(r"^-?\d+\.\d\d$")
REAL = re.compile(r"^\d+(\.\d+)?$")


def fen_to_hub(fen, squares):
    """A numeric PDN FEN ('W:W21-32,K5:B1-12') as a Hub position string."""
    parts = fen.strip().rstrip(".").split(":")
    board = ["e"] * squares
    for part in parts[1:]:
        if not part:
            continue
        colour, items = part[0], part[1:]
        for item in filter(None, items.split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            low, _, high = item.partition("-")
            for n in range(int(low), int(high or low) + 1):
                letter = "w" if colour == "W" else "b"
                board[n - 1] = letter.upper() if king else letter
    return parts[0] + "".join(board)


class Hub:
    """A `yaad hub` process with helpers for the usual exchanges."""

    # Without the opening book: these tests are about searches, and a book
    # move from the start position is answered without one (book_test.py
    # tests the book).
    def __init__(self, variant=None, handshake=True, init=True, args=("hub", "--book", "off")):
        self.p = LineProcess([YAAD, *args], name="yaad hub")
        self.variant = "jamaican"
        if handshake:
            self.greeting = self.handshake()
        if variant:
            self.set_param("variant", variant)
        if handshake and init:
            self.init()

    def send(self, line):
        self.p.send(line)

    def handshake(self):
        self.send("hub")
        return self.p.lines_until(lambda l: l == "wait")

    def init(self):
        self.send("init")
        self.expect("ready")

    def set_param(self, name, value):
        self.send(f"set-param name={name} value={quote(value)}")
        if name == "variant":
            self.variant = "international" if value == "normal" else value
        self.alive()  # set-param answers nothing; a wrong one would show up before pong

    def expect(self, line, timeout=WAIT):
        got = self.p.line(timeout)
        if got != line:
            raise self.p.failure(f"expected {line!r}, got {got[:200]!r}")

    def alive(self, timeout=WAIT):
        """ping must be answered by pong and nothing else."""
        self.send("ping")
        self.expect("pong", timeout)

    def search(self, level="level depth=2", go="go think", timeout=WAIT):
        """Sends level (if any) and go; returns (info lines, done line, seconds)."""
        if level:
            self.send(level)
        start = time.monotonic()
        self.send(go)
        lines = self.p.lines_until(lambda l: not l.startswith("info"), timeout=timeout)
        seconds = time.monotonic() - start
        done = lines[-1]
        if done != "done" and not done.startswith("done "):
            raise self.p.failure(f"a search ended with {done[:200]!r}")
        return lines[:-1], done, seconds

    def settle(self):
        """Ends whatever search a failed test left running and drops its
        lines, so the next test starts from a quiet engine."""
        self.send("stop")
        self.send("ping")
        self.p.lines_until(lambda l: l == "pong")

    def quit(self):
        self.send("quit")
        return self.p.wait()

    def close(self):
        self.p.close_stdin()
        try:
            self.p.wait()
        finally:
            self.p.kill()


def done_fields(test, done):
    """The fields of a done line, checked for shape: move first, then ponder."""
    command, words = tokenize(done)
    test.assertEqual(command, "done")
    names = [n for n, _ in words]
    test.assertIn(names, (["move"], ["move", "ponder"]), done)
    test.assertTrue(all(v for _, v in words), done)
    return dict(words)


class HubTestCase(unittest.TestCase):
    def hub(self, **kw):
        h = Hub(**kw)
        self.addCleanup(h.close)
        return h

    def shared(self, variant="international"):
        """One engine for all tests of a class: starting yaad costs a few
        tenths of a second (it allocates its hash table), too much to pay
        for every test. Restarted if an earlier test killed it."""
        cls = type(self)
        h = cls.__dict__.get("_shared")
        if h is None or not h.p.running():
            h = Hub(variant=variant)
            cls._shared = h
        else:
            h.settle()
            if h.variant != variant:
                h.set_param("variant", variant)
        return h

    @classmethod
    def tearDownClass(cls):
        h = cls.__dict__.get("_shared")
        if h is not None:
            h.close()

    def legal(self, variant, pos="start", moves=()):
        return referee(YAAD).legal_moves(variant, pos, moves)

    def assert_legal_done(self, done, variant, pos="start", moves=()):
        f = done_fields(self, done)
        legal = self.legal(variant, pos, moves)
        self.assertIn(f["move"], legal, f"{done} from {pos} {' '.join(moves)}")
        if "ponder" in f:
            after = self.legal(variant, pos, [*moves, f["move"]])
            self.assertIn(f["ponder"], after, done)
        return f["move"]


class Handshake(HubTestCase):
    def test_id_params_wait(self):
        h = self.hub(handshake=False)
        lines = h.handshake()
        command, words = tokenize(lines[0])
        self.assertEqual(command, "id")
        ident = dict(words)
        self.assertEqual(ident.get("name"), "yaad")
        for key in ("version", "author", "country"):
            self.assertTrue(ident.get(key), f"id without {key}: {lines[0]}")
        self.assertEqual(lines[-1], "wait")

        # pydraughts splits each pair on '=' and unpacks two parts: an '='
        # inside a value of id or param would crash it.
        for line in lines[:-1]:
            self.assertFalse([v for _, v in tokenize(line)[1] if v and "=" in v], line)

        params = {}
        for line in lines[1:-1]:
            command, words = tokenize(line)
            self.assertEqual(command, "param", line)
            self.assertTrue(all(v is not None for _, v in words), f"a bare flag in {line}")
            f = dict(words)
            params[f["name"]] = f
        self.assertLessEqual({"variant", "hash", "threads", "ponder"}, set(params))

        v = params["variant"]
        self.assertEqual(v["type"], "enum")
        self.assertEqual(v["values"].split(), VARIANTS)
        self.assertEqual(v["value"], "jamaican")  # yaad's default game
        for name in ("hash", "threads"):
            p = params[name]
            self.assertEqual(p["type"], "int", name)
            low, high, value = int(p["min"]), int(p["max"]), int(p["value"])
            self.assertGreaterEqual(low, 1, name)
            self.assertLessEqual(low, value, name)
            self.assertLessEqual(value, high, name)
        self.assertEqual(params["ponder"]["type"], "bool")
        self.assertIn(params["ponder"]["value"], ("true", "false"))
        for p in params.values():
            self.assertIn(p["type"], ("bool", "int", "real", "string", "enum"), p)

    def test_init_ready_then_a_search(self):
        h = self.hub()
        h.send("pos start")
        _, done, _ = h.search()
        self.assert_legal_done(done, "jamaican")


def param_values(h):
    """The current value of each parameter, as a second `hub` shows them."""
    values = {}
    for line in h.handshake()[1:-1]:
        f = fields(line)
        values[f["name"]] = f["value"]
    return values


class SetParam(HubTestCase):
    def test_each_variant_then_search_its_game(self):
        h = self.hub()
        for name in VARIANTS + ["normal"]:
            with self.subTest(variant=name):
                h.set_param("variant", name)
                game = "international" if name == "normal" else name
                self.assertEqual(param_values(h)["variant"], game)
                h.send("pos start")
                _, done, _ = h.search("level depth=2")
                self.assert_legal_done(done, game)

    def test_normal_means_the_50_square_game(self):
        h = self.hub()
        h.set_param("variant", "normal")
        h.send(f"pos pos={INTERNATIONAL_START}")
        h.alive()  # no error: 50 squares are right
        _, done, _ = h.search()
        self.assert_legal_done(done, "international")

    def test_hash_threads_ponder_take_valid_values(self):
        h = self.hub()
        first = h.handshake()
        limits = {fields(l)["name"]: fields(l) for l in first[1:-1]}
        h.set_param("hash", "1")
        h.set_param("hash", "16")
        h.set_param("threads", limits["threads"]["max"])
        h.set_param("threads", "1")
        h.set_param("ponder", "true")
        h.send('set-param name=ponder value="false"')  # quoted or not, the same
        h.alive()
        h.set_param("ponder", "true")
        values = param_values(h)
        self.assertEqual(values["hash"], "16")
        self.assertEqual(values["threads"], "1")
        self.assertEqual(values["ponder"], "true")
        h.send("pos start")
        _, done, _ = h.search("level depth=3")
        self.assert_legal_done(done, "jamaican")

    def test_rejected_values_leave_the_setting_alone(self):
        h = self.hub()
        first = {fields(l)["name"]: fields(l) for l in h.handshake()[1:-1]}
        h.set_param("hash", "8")
        too_big = str(int(first["hash"]["max"]) + 1)
        threads_too_many = str(int(first["threads"]["max"]) + 1)
        bad = [
            ("hash", "0"),
            ("hash", too_big),
            ("hash", "-4"),
            ("hash", "lots"),
            ("hash", "1.5"),
            ("threads", "0"),
            ("threads", threads_too_many),
            ("ponder", "maybe"),
            ("ponder", "2"),
            ("variant", "chess"),
            ("variant", ""),
            ("level", "0"),
            ("level", "21"),
        ]
        for name, value in bad:
            with self.subTest(name=name, value=value):
                h.send(f"set-param name={name} value={quote(value)}")
                line = h.p.line()
                self.assertRegex(line, ERROR_LINE)
                h.alive()
        values = param_values(h)
        self.assertEqual(values["hash"], "8")
        self.assertEqual(values["threads"], first["threads"]["value"])
        self.assertEqual(values["ponder"], "false")
        self.assertEqual(values["variant"], "jamaican")


    def test_strength_level(self):
        h = self.hub()
        first = {fields(l)["name"]: fields(l) for l in h.handshake()[1:-1]}
        self.assertEqual((first["level"]["type"], first["level"]["min"], first["level"]["max"], first["level"]["value"]),
                         ("int", "1", "20", "20"))
        h.set_param("level", "2")
        self.assertEqual(param_values(h)["level"], "2")
        h.send("pos start")
        for _ in range(3):
            _, done, _ = h.search("level depth=6")
            self.assert_legal_done(done, "jamaican")

    def test_command_line_sets_the_declared_defaults(self):
        # A Hub GUI sends only parameters that differ from the declared
        # defaults: `yaad hub --variant international --level 7` must
        # declare those and play that game without a set-param.
        p = LineProcess([YAAD, "hub", "--variant", "international", "--level", "7"], name="yaad hub --variant")
        try:
            p.send("hub")
            lines = p.lines_until(lambda l: l == "wait")
            values = {fields(l)["name"]: fields(l)["value"] for l in lines if l.startswith("param ")}
            self.assertEqual((values["variant"], values["level"]), ("international", "7"))
            p.send("init")
            self.assertEqual(p.line(), "ready")
            p.send(f"pos pos={INTERNATIONAL_START}")
            p.send("level depth=2")
            p.send("go think")
            done = p.lines_until(lambda l: l.startswith("done"))[-1]
            self.assert_legal_done(done, "international")
        finally:
            p.close_stdin()
            p.wait()

    def test_unknown_parameters_are_ignored(self):
        # HUB.md: unknown arguments are ignored. lidraughts' bot sends
        # initial-time and increment to every engine.
        h = self.hub()
        before = param_values(h)
        for line in ("set-param name=initial-time value=300", "set-param name=increment value=2",
                     'set-param name=contempt value="lots of it"'):
            with self.subTest(line):
                h.send(line)
                h.send("ping")
                self.assertEqual(h.p.line(), "pong")
        self.assertEqual(param_values(h), before)
        h.send("pos start")
        _, done, _ = h.search("level depth=2")
        self.assert_legal_done(done, "jamaican")


class MultiPV(HubTestCase):
    def test_lines_per_depth_distinct_and_in_score_order(self):
        h = self.hub()
        h.set_param("variant", "english")
        h.set_param("multipv", "3")
        self.assertEqual(param_values(h)["multipv"], "3")
        h.send("pos start")
        infos, done, _ = h.search("level depth=5", "go analyze")
        by_depth = {}
        for line in infos:
            f = fields(line)
            by_depth.setdefault(int(f["depth"]), []).append(f)
        self.assertEqual(sorted(by_depth), [1, 2, 3, 4, 5])
        legal = self.legal("english")
        for depth, lines in by_depth.items():
            self.assertEqual([int(f["multipv"]) for f in lines], [1, 2, 3], depth)
            firsts = [f["pv"].split()[0] for f in lines]
            self.assertEqual(len(set(firsts)), 3, firsts)
            self.assertTrue(set(firsts) <= set(legal), firsts)
            scores = [float(f["score"]) for f in lines]
            self.assertEqual(scores, sorted(scores, reverse=True), depth)
        self.assertEqual(fields(done)["move"], by_depth[5][0]["pv"].split()[0])

    def test_one_line_has_no_multipv_key(self):
        h = self.hub()
        h.send("pos start")
        infos, _, _ = h.search("level depth=3", "go analyze")
        self.assertTrue(infos)
        self.assertFalse([l for l in infos if "multipv=" in l])

    def test_out_of_range(self):
        h = self.hub()
        for value in ("0", "65", "two"):
            with self.subTest(value):
                h.send(f"set-param name=multipv value={value}")
                self.assertRegex(h.p.line(), ERROR_LINE)
                h.alive()
        self.assertEqual(param_values(h)["multipv"], "1")


class GoModes(HubTestCase):
    def test_bare_go_plays_a_move(self):
        h = self.shared()
        h.send("pos start")
        _, done, _ = h.search("level depth=2", "go")
        self.assert_legal_done(done, "international")

    def test_unknown_mode_starts_no_search(self):
        h = self.shared()
        h.send("pos start")
        h.send("level depth=2")
        h.send("go infinite")
        self.assertRegex(h.p.line(), ERROR_LINE)
        h.alive()


class Levels(HubTestCase):
    """Each level form ends in `done move=<legal move>`, a timed one within
    its time. The bounds of the timed ones leave yaad its own time plus
    most of a second for pipes and a busy machine: yaad stops by its own
    clock, however slowly the machine searches."""

    def setUp(self):
        self.h = self.shared()
        self.h.send("pos start")

    def check(self, level, go="go think", within=None):
        infos, done, seconds = self.h.search(level, go)
        self.assert_legal_done(done, "international")
        if within is not None:
            self.assertLess(seconds, within, f"{level}: {seconds:.2f} s")
        return infos, seconds

    def test_depth(self):
        infos, _ = self.check("level depth=4")
        self.assertTrue(infos)
        self.assertEqual(int(fields(infos[-1])["depth"]), 4)

    def test_nodes(self):
        # No time to check: a node limit is work, which a busy machine does slowly.
        infos, _ = self.check("level nodes=3000")
        self.assertTrue(infos)

    def test_move_time(self):
        self.check("level move-time=0.2", within=1.5)

    def test_time_with_increment(self):
        # 1 s left plus 0.1 s a move: this move may use at most 1.1 s.
        self.check("level time=1 inc=0.1", within=1.5)

    def test_moves_and_time(self):
        self.check("level moves=5 time=1", within=1.4)

    def test_never_past_the_clock(self):
        # Half a second on the clock: the answer must come before it runs
        # out (the margin is for pipes and a busy machine, not for yaad).
        self.check("level time=0.5", within=0.9)

    def test_infinite_until_stop(self):
        self.h.send("level infinite")
        self.h.send("go think")
        early = self.h.p.lines_during(0.6)
        self.assertFalse([l for l in early if not l.startswith("info")], "an infinite search ended by itself")
        self.h.send("stop")
        lines = self.h.p.lines_until(lambda l: l.startswith("done"))
        self.assert_legal_done(lines[-1], "international")

    def test_level_resets_after_go(self):
        self.check("level depth=1")
        # No level now: the default search (a second or so) goes deeper.
        infos, _ = self.check(None)
        self.assertGreater(int(fields(infos[-1])["depth"]), 1)

    def test_level_resets_after_pos(self):
        self.h.send("level depth=1")
        self.h.send("pos start")
        infos, _ = self.check(None)
        self.assertGreater(int(fields(infos[-1])["depth"]), 1)


class FirstSearch(HubTestCase):
    def test_first_search_keeps_its_time_with_a_big_hash(self):
        # The hash table is the engine's to set up between init and ready
        # (the client waits for ready); a first search that pays for it
        # out of its own 0.1 s loses on time in a fast game.
        h = self.hub(handshake=False)
        h.handshake()
        h.set_param("variant", "international")
        h.set_param("hash", "256")
        h.send("init")
        h.p.lines_until(lambda l: l == "ready")
        h.send("pos start")
        _, done, seconds = h.search("level move-time=0.1")
        self.assert_legal_done(done, "international")
        self.assertLess(seconds, 0.8, f"the first 0.1 s search took {seconds:.2f} s")


class InfoAndDone(HubTestCase):
    def test_info_lines_are_key_value_pairs(self):
        h = self.shared()
        moves = ["32-28", "19-23", "28x19x23", "14x23x19", "37-32"]
        h.send(f'pos start moves="{" ".join(moves)}"')
        infos, done, _ = h.search("level depth=6")
        self.assertTrue(infos)
        last_depth = 0
        for line in infos:
            with self.subTest(line=line):
                command, words = tokenize(line)
                self.assertEqual(command, "info")
                self.assertTrue(all(v is not None for _, v in words), "a bare flag")
                self.assertTrue(all("=" not in v for _, v in words), "an '=' inside a value")
                f = dict(words)
                self.assertLessEqual({"depth", "score", "nodes", "time", "nps", "pv"}, set(f))
                self.assertIn('pv="', line)
                self.assertRegex(f["depth"], r"^\d+$")
                self.assertGreaterEqual(int(f["depth"]), last_depth)
                last_depth = int(f["depth"])
                self.assertRegex(f["score"], SCORE)
                self.assertRegex(f["nodes"], r"^\d+$")
                self.assertRegex(f["time"], REAL)
                self.assertRegex(f["nps"], REAL)
                # The PV is a line of legal moves from the searched position.
                ref = referee(YAAD)
                ref.new("international")
                for m in moves:
                    ref.play(m)
                for m in f["pv"].split():
                    self.assertIn(m, ref.moves(), f"pv {f['pv']}")
                    ref.play(m)
        f = self.assert_legal_done(done, "international", moves=moves)
        self.assertEqual(f, fields(infos[-1])["pv"].split()[0])

    def test_decided_game_scores_beyond_90(self):
        # White takes the last black man: a win, reported as +90 or more.
        h = self.shared()
        h.send("pos pos=W:W33,48:B28,17")
        infos, done, _ = h.search("level depth=3", "go analyze")
        self.assertEqual(fields(done)["move"], "33x11x17x28")
        # pydraughts reads 100 - score as the distance to the win.
        score = float(fields(infos[-1])["score"])
        self.assertGreater(score, 90.0)
        self.assertLessEqual(score, 100.0)


class PonderAnalyzePing(HubTestCase):
    def setUp(self):
        self.h = self.shared()
        # The position already holds the reply we expect (HUB.md, go ponder).
        self.moves = ["32-28", "18-23"]
        self.h.send(f'pos start moves="{" ".join(self.moves)}"')

    def wait_done(self, timeout=WAIT):
        lines = self.h.p.lines_until(lambda l: not l.startswith("info"), timeout=timeout)
        self.assertTrue(lines[-1].startswith("done"), lines[-1])
        return lines

    def assert_still_searching(self, seconds):
        """Waits `seconds`; only info lines may come meanwhile. Returns them."""
        lines = self.h.p.lines_during(seconds)
        self.assertFalse([l for l in lines if not l.startswith("info")], "the search did not wait")
        return lines

    def test_ponder_then_ponder_hit(self):
        self.h.send("level move-time=0.2")
        self.h.send("go ponder")
        # While pondering the clock does not run: no done, however long.
        self.assert_still_searching(0.7)
        self.h.send("ponder-hit")
        start = time.monotonic()
        lines = self.wait_done()
        self.assertLess(time.monotonic() - start, 1.5, "ponder-hit did not start the 0.2 s budget")
        self.assert_legal_done(lines[-1], "international", moves=self.moves)

    def test_ponder_then_stop(self):
        self.h.send("level time=30")
        self.h.send("go ponder")
        self.assert_still_searching(0.3)
        self.h.send("stop")
        lines = self.wait_done()
        self.assert_legal_done(lines[-1], "international", moves=self.moves)

    def test_analyze_infinite_then_stop(self):
        self.h.send("level infinite")
        self.h.send("go analyze")
        early = self.assert_still_searching(0.5)
        self.h.send("stop")
        lines = early + self.wait_done()
        self.assertTrue(any(l.startswith("info") for l in lines), "an analysis without info")
        self.assert_legal_done(lines[-1], "international", moves=self.moves)

    def test_analyze_without_level_waits_for_stop(self):
        self.h.send("go analyze")
        self.assert_still_searching(1.3)  # longer than a default think
        self.h.send("stop")
        self.assert_legal_done(self.wait_done()[-1], "international", moves=self.moves)

    def test_analyze_searches_a_single_legal_move(self):
        self.h.send("pos pos=W:W33,48:B28,17,3")
        infos, done, _ = self.h.search("level depth=3", "go analyze")
        self.assertTrue(infos, "analysis of a forced move printed no info")
        self.assertEqual(fields(done)["move"], "33x11x17x28")

    def test_forced_move_is_played_fast(self):
        # Much time to spend, so that spending it shows however busy the
        # machine is; a pass costs none of it.
        self.h.send("pos pos=W:W33,48:B28,17,3")
        _, done, seconds = self.h.search("level move-time=20", timeout=2 * WAIT)
        self.assertEqual(fields(done)["move"], "33x11x17x28")
        self.assertLess(seconds, 10, "a forced move took most of its time")

    def test_ping_during_search(self):
        self.h.send("level infinite")
        self.h.send("go think")
        time.sleep(0.1)  # most likely in the search by now; the test holds either way
        # The search is infinite: pong before any done is the answer during it.
        self.h.send("ping")
        lines = self.h.p.lines_until(lambda l: not l.startswith("info"))
        self.assertEqual(lines[-1], "pong")
        self.assert_still_searching(0.3)  # pong did not end the search
        self.h.send("ping")
        self.assertEqual(self.h.p.lines_until(lambda l: not l.startswith("info"))[-1], "pong")
        self.h.send("stop")
        self.assert_legal_done(self.wait_done()[-1], "international", moves=self.moves)

    def test_other_line_ends_the_search_then_is_handled(self):
        self.h.send("level infinite")
        self.h.send("go think")
        time.sleep(0.2)  # let it search a while; the test holds either way
        self.h.send("frobnicate")
        lines = self.wait_done()
        self.assert_legal_done(lines[-1], "international", moves=self.moves)
        self.assertRegex(self.h.p.line(), ERROR_LINE)
        self.h.alive()


class Notation(HubTestCase):
    """Hub captures name every captured square, ascending (HUB.md)."""

    def only_move(self, variant, pos):
        h = self.shared(variant)
        h.send(f"pos pos={pos}")
        _, done, _ = h.search("level depth=2")
        legal = self.legal(variant, pos)
        self.assertEqual(len(legal), 1, legal)
        self.assertEqual(fields(done)["move"], legal[0])
        return legal[0]

    def test_double_capture_lists_both(self):
        self.assertEqual(self.only_move("international", "W:W33:B28,17"), "33x11x17x28")

    def test_captured_squares_ascending_not_in_route_order(self):
        # The man takes 28 first, then 18: written 18 before 28.
        self.assertEqual(self.only_move("international", "W:W33:B28,18"), "33x13x18x28")

    def test_capture_back_to_its_start_square(self):
        self.assertEqual(self.only_move("international", "W:W38:B32,33,22,23"), "38x38x22x23x32x33")

    def test_english_double_jump(self):
        self.assertEqual(self.only_move("english", "W:W30:B25,17"), "30x14x17x25")

    def test_flying_king_capture(self):
        h = self.shared()
        h.send("pos pos=W:WK46:B37")
        _, done, _ = h.search("level depth=2")
        move = self.assert_legal_done(done, "international", "W:WK46:B37")
        self.assertRegex(move, r"^46x\d+x37$")


class Positions(HubTestCase):
    def search_from(self, variant, pos, moves=()):
        h = self.shared(variant)
        line = f"pos pos={pos}"
        if moves:
            line += f' moves="{" ".join(moves)}"'
        h.send(line)
        _, done, _ = h.search("level depth=3")
        return self.assert_legal_done(done, variant, pos, moves)

    def test_32_square_string(self):
        self.search_from("english", ENGLISH_START)
        # A non-start 8x8 position, both ways round.
        self.search_from("pool", "W" + "b" * 11 + "e" * 9 + "w" * 11 + "e")
        self.search_from("russian", "B" + "e" * 12 + "B" + "e" * 18 + "w")

    def test_18_square_string(self):
        self.search_from("sixrow", SIXROW_START)
        self.search_from("sixrow", "B" + "b" * 5 + "e" * 8 + "w" * 4 + "W")

    def test_50_square_string(self):
        self.search_from("international", INTERNATIONAL_START)
        self.search_from("international", "B" + "e" * 10 + "b" * 5 + "e" * 20 + "w" * 5 + "e" * 9 + "W")

    def test_pdn_fen_and_start_flag(self):
        self.search_from("international", "W:W31-50:B1-20")
        self.search_from("brazilian", "W:WK29,30:B3,K4")
        h = self.shared("sixrow")
        h.send("pos start")
        _, done, _ = h.search()
        self.assert_legal_done(done, "sixrow")

    def test_strings_of_another_board_size_are_refused(self):
        h = self.shared()
        for pos in (ENGLISH_START, SIXROW_START):
            h.send(f"pos pos={pos}")
            self.assertRegex(h.p.line(), ERROR_LINE)
            h.alive()


class PosMoves(HubTestCase):
    """pos moves= holds the whole game (pydraughts) or the recent moves only
    (the Hub GUI); both must land on the same position."""

    def game(self, variant, plies):
        """A game of `plies` legal moves, picked deterministically, with the
        FEN after each ply."""
        ref = referee(YAAD)
        ref.new(variant)
        moves, fens = [], [fields(ref.ask("status"))["fen"]]
        for i in range(plies):
            legal = ref.moves()
            move = legal[(7 * i + 3) % len(legal)]
            fens.append(ref.play(move)["fen"])
            moves.append(move)
        return moves, fens

    def test_whole_game_from_the_start(self):
        moves, _ = self.game("international", 16)
        h = self.shared()
        h.send(f'pos pos={INTERNATIONAL_START} moves="{" ".join(moves)}"')
        _, done, _ = h.search("level depth=3")
        self.assert_legal_done(done, "international", moves=moves)
        # The same with the start flag.
        h.send(f'pos start moves="{" ".join(moves)}"')
        _, done, _ = h.search("level depth=3")
        self.assert_legal_done(done, "international", moves=moves)

    def test_recent_moves_only(self):
        moves, fens = self.game("english", 14)
        h = self.shared("english")
        cut = 9
        hub_pos = fen_to_hub(fens[cut], 32)
        h.send(f'pos pos={hub_pos} moves="{" ".join(moves[cut:])}"')
        _, done, _ = h.search("level depth=3")
        self.assert_legal_done(done, "english", fens[cut], moves[cut:])
        # And from the FEN itself.
        h.send(f'pos pos={fens[cut]} moves="{" ".join(moves[cut:])}"')
        _, done, _ = h.search("level depth=3")
        self.assert_legal_done(done, "english", fens[cut], moves[cut:])

    def test_ten_thousand_moves(self):
        # Resource limits (issue 6): 10,000 king moves in pos moves=, going
        # round the same four positions, are all played, and the search
        # after them answers as usual, drawn as the game is.
        cycle = ["29-25", "1-5", "25-29", "5-1"]
        moves = cycle * 2500
        h = self.shared("pool")
        h.send(f'pos pos=W:WK29:BK1 moves="{" ".join(moves)}"')
        infos, done, _ = h.search("level depth=6")
        # The moves end where they began (the referee, which stops at the
        # threefold repetition, judges the move there).
        self.assert_legal_done(done, "pool", "W:WK29:BK1")
        self.assertTrue(infos, "the search reports")
        h.alive()

    def test_empty_moves(self):
        h = self.shared()
        h.send('pos start moves=""')
        _, done, _ = h.search()
        self.assert_legal_done(done, "international")

    def test_moves_in_other_accepted_forms(self):
        # A bare capture and a PDN path name one legal move each (HUB.md).
        h = self.shared()
        h.send('pos start moves="32-28 19-23 28x19 14x23"')
        _, done, _ = h.search()
        self.assert_legal_done(done, "international", moves=["32-28", "19-23", "28x19x23", "14x23x19"])


class NoLegalMove(HubTestCase):
    def test_blocked_side_gets_bare_done(self):
        h = self.shared("english")
        h.send("pos pos=W:W29:B25,22")
        _, done, _ = h.search()
        self.assertEqual(done, "done")
        h.alive()

    def test_no_pieces_gets_bare_done_under_every_go(self):
        h = self.shared()
        for go in ("go think", "go analyze", "go ponder"):
            h.send("pos pos=W:W:B1,2")
            _, done, _ = h.search("level infinite", go)
            self.assertEqual(done, "done", go)
        h.alive()


class Session(HubTestCase):
    def test_new_game_keeps_the_variant(self):
        h = self.hub(variant="english")
        h.send("pos start")
        h.search()
        h.send("new-game")
        h.alive()
        h.send("pos start")
        _, done, _ = h.search()
        self.assert_legal_done(done, "english")

    def test_nothing_on_stderr_in_a_normal_session(self):
        # pydraughts runs engines with stderr merged into stdout: any
        # diagnostic there would reach it as a protocol line.
        h = self.hub(variant="international")
        h.send("pos start")
        h.search("level depth=3")
        h.send("new-game")
        h.send('pos start moves="32-28"')
        h.search("level move-time=0.05", "go analyze")
        self.assertEqual(h.quit(), 0)
        self.assertTrue(h.p.at_eof(0))  # wait() has read all the output
        self.assertEqual(h.p.stderr_text(), "")

    def test_quit(self):
        h = self.hub()
        self.assertEqual(h.quit(), 0)
        self.assertTrue(h.p.at_eof(0))

    # An infinite search never ends by itself: that the process exits at
    # all after quit or EOF shows the search was stopped (how soon is the
    # machine's business).

    def test_quit_during_a_search(self):
        h = self.hub(variant="international")
        h.send("pos start")
        h.send("level infinite")
        h.send("go think")
        time.sleep(0.2)  # let it search a while; the test holds either way
        self.assertEqual(h.quit(), 0)

    def test_eof_ends_the_process(self):
        h = self.hub()
        h.p.close_stdin()
        self.assertEqual(h.p.wait(), 0)

    def test_eof_during_an_infinite_search(self):
        h = self.hub(variant="international")
        h.send("pos start")
        h.send("level infinite")
        h.send("go analyze")
        time.sleep(0.2)  # let it search a while; the test holds either way
        h.p.close_stdin()
        self.assertEqual(h.p.wait(), 0)

    def test_eof_before_anything(self):
        h = self.hub(handshake=False)
        h.p.close_stdin()
        self.assertEqual(h.p.wait(), 0)
        self.assertTrue(h.p.at_eof(0))

    def test_crlf_lines(self):
        # A client on Windows line ends: the '\r' is only a blank.
        h = self.shared()
        h.send("ping\r")
        h.expect("pong")
        h.send("pos start\r")
        _, done, _ = h.search("level depth=2\r", "go think\r")
        self.assert_legal_done(done, "international")


# A position of few pieces whose legal moves share nothing with the start
# position's or with those of the positions the bad commands try to set:
# a search after a refused command proves this one is still in force.
KEPT = "W:W45,46,49:B3,8,12"

MEGABYTE = 1 << 20

# (what it is, the line): each must get exactly one `error` line.
BAD_LINES = [
    ("unknown command", "frobnicate now"),
    ("unterminated quote", 'pos pos="W:W31-50:B1-20'),
    ("unterminated quote in moves", 'pos start moves="32-28 19-23'),
    ("non-numeric level", "level depth=deep"),
    ("number with junk", "level nodes=12x"),
    ("not a number: nan", "level move-time=nan"),
    ("negative depth", "level depth=-3"),
    ("negative time", "level move-time=-1"),
    ("zero depth", "level depth=0"),
    ("level without a limit", "level"),
    ("inc without time", "level inc=1"),
    ("pos without a position", "pos"),
    ("position string too short", "pos pos=Wbbbbbbbbbbeeeewwwww"),
    ("position string too long", "pos pos=" + INTERNATIONAL_START + "e"),
    ("bad character in position", "pos pos=W" + "x" + "b" * 19 + "e" * 10 + "w" * 20),
    ("bad side to move", "pos pos=X" + "b" * 20 + "e" * 10 + "w" * 20),
    ("white man on its crowning row", "pos pos=W:W3,45:B40"),
    ("black man on its crowning row", "pos pos=W:W45:B48"),
    ("FEN square twice", "pos pos=W:W31,45:B31"),
    ("FEN square off the board", "pos pos=W:W51:B1"),
    ("FEN garbage", "pos pos=W:W4x:B1"),
    ("illegal move in moves", 'pos start moves="32-28 28-23"'),
    ("unreadable move in moves", 'pos start moves="32-28 hello"'),
    ("unknown go mode", "go infinite"),
    ("unknown go mode beside a known one", "go think fast"),
    ("set-param without value", "set-param name=hash"),
    ("hash out of range", "set-param name=hash value=0"),
    ("bad bool", "set-param name=ponder value=perhaps"),
    ("unknown variant", "set-param name=variant value=chess"),
    ("stray '='", "level = 3"),
    ("stray quote", 'level depth=3"'),
    ("quote as a command", '"go"'),
    ("a 1 MB word", "x" * MEGABYTE),
    ("a 1 MB position", "pos pos=" + "e" * MEGABYTE),
    ("control bytes", b"\x01\x02\x03\x00\x7f\x1b[2J\x07"),
    ("bytes beyond ASCII", "level depth=\u0663".encode("utf-8")),
    ("Latin-1 command", b"p\xf6s start"),
    ("Latin-1 parameter value", b"set-param name=variant value=j\xe4maican"),
]


class Output(HubTestCase):
    def test_one_done_per_go_when_commands_come_all_at_once(self):
        # A GUI that sends ahead interrupts each search with the next pos.
        # The answers must not double: once, reading the next command
        # flushed the output from the main thread while the search thread
        # wrote its done, and a line came out twice.
        forced = "B:W18,30:B1,14"  # English: the man on 14 must take 18
        lines = ["hub", "set-param name=variant value=english", "init"]
        for i in range(300):
            lines += [f"pos pos={forced if i % 2 else 'start'}", "level depth=2", "go think"]
        lines.append("quit")
        r = subprocess.run([YAAD, "hub"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                           timeout=4 * WAIT)
        dones = [l for l in r.stdout.splitlines() if l.startswith("done")]
        self.assertEqual(len(dones), 300)
        self.assertEqual(r.returncode, 0)


class BadInput(HubTestCase):
    """Each bad line gets exactly one `error message="..."` line, the engine
    answers ping afterwards, and the position set before is still the one
    searched."""

    def setUp(self):
        self.h = self.shared()
        self.h.send(f"pos pos={KEPT}")
        self.kept_moves = self.legal("international", KEPT)
        self.assertFalse(set(self.kept_moves) & set(self.legal("international")))

    def answer_to(self, line, h=None):
        """The lines answering `line`, up to the pong of a ping sent after it."""
        h = h or self.h
        h.send(line)
        h.send("ping")
        return h.p.lines_until(lambda l: l == "pong")[:-1]

    def assert_kept_position_searched(self, h=None, variant="international", pos=KEPT):
        h = h or self.h
        _, done, _ = h.search("level depth=2")
        self.assert_legal_done(done, variant, pos)

    def test_each_bad_line(self):
        for what, line in BAD_LINES:
            with self.subTest(what):
                answer = self.answer_to(line)
                self.assertEqual(len(answer), 1, f"{what}: {[a[:100] for a in answer]}")
                self.assertTrue(ERROR_LINE.match(answer[0]), f"{what}: {answer[0][:200]!r}")
                self.assert_kept_position_searched()

    def test_blank_lines_get_no_answer(self):
        for line in ("", "   ", "\t", " \r"):
            with self.subTest(line=line):
                self.assertEqual(self.answer_to(line), [])
        self.assert_kept_position_searched()

    def test_error_lines_are_short_printable_ascii(self):
        # A client reads lines as text: raw control bytes, bytes beyond
        # ASCII or a megabyte echoed back in an error can break it
        # (Python's strict UTF-8 decoding raises on b'\xf6').
        for what, line in BAD_LINES:
            with self.subTest(what):
                answer = self.answer_to(line)
                self.assertEqual(len(answer), 1, f"{what}: {[a[:100] for a in answer]}")
                text = answer[0]
                self.assertLess(len(text), 1000, f"{what}: an error line of {len(text)} characters")
                bad = sorted({c for c in text if not (" " <= c <= "~")})
                self.assertEqual(bad, [], f"{what}: {text[:120]!r}")

    def test_ambiguous_move(self):
        # English men take freely: from 30 to 14 over 25 and 17, or over 26
        # and 18. "30x14" names both moves.
        h = self.shared("english")
        h.send("pos start")
        answer = self.answer_to('pos pos=W:W30:B17,18,25,26 moves="30x14"', h)
        self.assertEqual(len(answer), 1, answer)
        self.assertRegex(answer[0], ERROR_LINE)
        self.assert_kept_position_searched(h, "english", "start")
        # Each full form is accepted.
        h.send('pos pos=W:W30:B17,18,25,26 moves="30x14x17x25"')
        h.alive()

    def test_bad_line_during_a_search_stops_it_first(self):
        self.h.send("level infinite")
        self.h.send("go think")
        time.sleep(0.2)  # let it search a while; the test holds either way
        self.h.send("pos pos=Wnonsense")
        lines = self.h.p.lines_until(lambda l: not l.startswith("info"))
        self.assert_legal_done(lines[-1], "international", KEPT)
        self.assertRegex(self.h.p.line(), ERROR_LINE)
        self.assert_kept_position_searched()


class OutOfOrder(HubTestCase):
    def test_commands_before_init(self):
        h = self.hub(init=False)
        for line in ("pos start", "level depth=2", "go think"):
            with self.subTest(line):
                h.send(line)
                self.assertRegex(h.p.line(), ERROR_LINE)
                h.alive()
        h.init()
        h.send("pos start")
        _, done, _ = h.search()
        self.assert_legal_done(done, "jamaican")

    def test_commands_before_hub(self):
        h = self.hub(handshake=False)
        h.send("go think")
        self.assertRegex(h.p.line(), ERROR_LINE)
        h.alive()
        h.handshake()
        h.init()

    def test_go_without_pos(self):
        h = self.hub()
        h.send("level depth=2")
        h.send("go think")
        self.assertRegex(h.p.line(), ERROR_LINE)
        h.alive()
        h.send("pos start")
        _, done, _ = h.search()
        self.assert_legal_done(done, "jamaican")

    def test_variant_change_drops_the_position(self):
        # A position of one game means nothing in another: go must not
        # search the old one under new rules.
        h = self.shared()
        h.send("pos start")
        h.set_param("variant", "english")
        h.send("go think")
        line = h.p.line()
        if line.startswith("done"):
            self.assert_legal_done(line, "english")
        else:
            self.assertRegex(line, ERROR_LINE)
        h.alive()

    def test_stop_and_ponder_hit_outside_a_search_are_harmless(self):
        h = self.shared()
        for line in ("stop", "ponder-hit"):
            h.send(line)
            h.alive()


def main():
    global YAAD
    if len(sys.argv) < 2:
        sys.exit("usage: hub_test.py path/to/yaad [unittest options]")
    YAAD = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)


if __name__ == "__main__":
    main()
