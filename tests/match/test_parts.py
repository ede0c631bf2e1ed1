"""Unit tests of the runner's parts that need no engine: Hub lines, clocks,
adjudication, FEN reading, PDN text, and scripts/book-coverage on a made-up
match file."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import matchtest  # noqa: F401  (puts scripts/ on the path)
from matchtest import REPOSITORY
from yaadmatch import fen, hubline, pdn
from yaadmatch.adjudication import Adjudicator, Rule
from yaadmatch.clocks import Clock, TimeControl


class HubLineTest(unittest.TestCase):
    def test_values_quotes_and_flags(self):
        line = hubline.parse('done move=32-28 ponder=19x28x23')
        self.assertEqual((line.command, line.values), ("done", {"move": "32-28", "ponder": "19x28x23"}))
        line = hubline.parse('info depth = 4 pv="9-13 21-18" empty="" analyze')
        self.assertEqual(line.values, {"depth": "4", "pv": "9-13 21-18", "empty": ""})
        self.assertEqual(line.flags, {"analyze"})
        self.assertEqual(hubline.parse("pos start moves=\"a b\"").flags, {"start"})

    def test_malformed_lines(self):
        for bad in ('done move="11-15', 'done move=a"b', 'done =3'):
            with self.assertRaises(hubline.HubSyntaxError, msg=bad):
                hubline.parse(bad)

    def test_writing(self):
        self.assertEqual(hubline.format_line("pos", [("pos", "B:W21-32:B1-12"), ("moves", "9-13 21-17")]),
                         'pos pos=B:W21-32:B1-12 moves="9-13 21-17"')
        self.assertEqual(hubline.format_line("set-param", [("name", "x"), ("value", "")]),
                         'set-param name=x value=""')


class TimeControlTest(unittest.TestCase):
    def test_forms(self):
        self.assertEqual(TimeControl.parse("movetime=0.1"), TimeControl("movetime", seconds=0.1))
        self.assertEqual(TimeControl.parse("60+0.5"), TimeControl("clock", seconds=60, increment=0.5))
        self.assertEqual(TimeControl.parse("40/60"), TimeControl("clock", seconds=60, period_moves=40))
        self.assertEqual(TimeControl.parse("60"), TimeControl("clock", seconds=60))
        self.assertEqual(TimeControl.parse("depth=6"), TimeControl("depth", limit=6))
        self.assertEqual(TimeControl.parse("nodes=100000"), TimeControl("nodes", limit=100000))
        for text in ("movetime=0.1", "60+0.5", "40/60", "40/60+1", "depth=6", "nodes=100000"):
            self.assertEqual(str(TimeControl.parse(text)), text)
        for bad in ("fast", "0/60", "depth=0", "movetime=0", "60+", "-1+1"):
            with self.assertRaises(ValueError, msg=bad):
                TimeControl.parse(bad)


class ClockTest(unittest.TestCase):
    def test_increment_is_credited_before_the_move(self):
        clock = Clock(TimeControl.parse("10+0.5"), margin=1.0)
        budget = clock.begin_move()
        # HUB.md: `time` is the clock before the increment; this move may use time + inc.
        self.assertEqual(budget.level, [("time", "10"), ("inc", "0.5")])
        self.assertEqual(budget.wait, 11.5)  # 10 + 0.5 + the margin
        self.assertTrue(clock.end_move(3.25))  # 10.5 - 3.25 = 7.25 left
        self.assertEqual(clock.begin_move().level, [("time", "7.25"), ("inc", "0.5")])
        self.assertFalse(clock.end_move(7.8))  # 7.75 - 7.8 < 0: the flag falls

    def test_periods_refill(self):
        clock = Clock(TimeControl.parse("2/60"))
        self.assertEqual(clock.begin_move().level, [("moves", "2"), ("time", "60")])
        self.assertTrue(clock.end_move(20))
        self.assertEqual(clock.begin_move().level, [("moves", "1"), ("time", "40")])
        self.assertTrue(clock.end_move(30))  # the period ends with 10 s left; 60 more carry over
        self.assertEqual(clock.begin_move().level, [("moves", "2"), ("time", "70")])

    def test_movetime_and_limits(self):
        clock = Clock(TimeControl.parse("movetime=0.25"), margin=0.5)
        budget = clock.begin_move()
        self.assertEqual((budget.level, budget.wait), ([("move-time", "0.25")], 0.75))
        self.assertTrue(clock.end_move(0.7))
        self.assertFalse(clock.end_move(0.8))
        clock = Clock(TimeControl.parse("depth=6"), stall_timeout=60)
        self.assertEqual(clock.begin_move().level, [("depth", "6")])
        self.assertEqual(clock.begin_move().wait, 60)

    def test_times_are_rounded_down(self):
        clock = Clock(TimeControl.parse("1"))
        clock.end_move(0.12345)
        self.assertEqual(clock.begin_move().level, [("time", "0.876")])  # 0.87655 left


class AdjudicationTest(unittest.TestCase):
    def test_draw_needs_both_engines_for_n_moves(self):
        judge = Adjudicator(draw_rule=Rule.parse("2,0.1"))
        self.assertIsNone(judge.record("B", 0.05))
        self.assertIsNone(judge.record("W", -0.1))
        self.assertIsNone(judge.record("B", 0.0))
        self.assertEqual(judge.record("W", 0.02), "draw")

    def test_a_large_score_breaks_the_run(self):
        judge = Adjudicator(draw_rule=Rule.parse("2,0.1"))
        for side, score in (("B", 0.0), ("W", 0.0), ("B", 0.5), ("W", 0.0)):
            self.assertIsNone(judge.record(side, score))
        self.assertIsNone(judge.record("B", 0.0))  # Black's last two: 0.5 and 0.0
        self.assertEqual(judge.record("B", 0.0), "draw")

    def test_a_move_without_a_score_does_not_count(self):
        judge = Adjudicator(draw_rule=Rule.parse("2,0.1"))
        for side, score in (("B", 0.0), ("W", 0.0), ("B", None), ("W", None), ("B", 0.0)):
            self.assertIsNone(judge.record(side, score))
        self.assertEqual(judge.record("W", 0.0), "draw")

    def test_win_needs_both_engines_to_agree(self):
        judge = Adjudicator(win_rule=Rule.parse("2,3"))
        self.assertIsNone(judge.record("W", 3.5))
        self.assertIsNone(judge.record("B", -4))
        self.assertIsNone(judge.record("W", 3))
        self.assertIsNone(judge.record("B", 1.0))  # Black does not agree
        self.assertIsNone(judge.record("W", 5))
        self.assertIsNone(judge.record("B", -3))
        self.assertIsNone(judge.record("W", 5))
        self.assertEqual(judge.record("B", -90.5), "W")

    def test_parse(self):
        self.assertEqual(Rule.parse("10,0.05"), Rule(10, 0.05))
        for bad in ("10", "0,1", "a,b", "3,-1"):
            with self.assertRaises(ValueError):
                Rule.parse(bad)


class FenTest(unittest.TestCase):
    def test_hub_position(self):
        self.assertEqual(fen.board_size("B:W21-32:B1-12"), 32)
        self.assertEqual(fen.board_size("W:W31-50:B1-20"), 50)
        self.assertEqual(fen.hub_position("B:W21-32:B1-12", 32), "B" + "b" * 12 + "e" * 8 + "w" * 12)
        self.assertEqual(fen.hub_position("W:WK1-3,10:BK18,5", 18), "WWWWebeeeeweeeeeeeB")
        self.assertEqual(fen.hub_position("W:W:B1", 18), "Wb" + "e" * 17)
        self.assertEqual(fen.side_to_move("B:W21-32:B1-12"), "B")


class BookCoverageTest(unittest.TestCase):
    def run_on(self, games):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "match.json")
            with open(path, "w") as f:
                json.dump({"games": games}, f)
            return subprocess.run([sys.executable, str(REPOSITORY / "scripts" / "book-coverage"), path, "2"],
                                  capture_output=True, text=True, check=True).stdout.splitlines()

    def test_moves_without_a_search_and_from_the_book(self):
        # White (engine a) moves first: its first two moves, a book move and a forced one.
        game = {"opening": "W:W21-32:B1-12", "white": "a", "black": "b", "depths": [None, 5, None, 6, 7],
                "book_moves": [True, False, False, False, False]}
        self.assertEqual(self.run_on([game]), [
            "a: 2.00 of its first 2 moves without a search, 1.00 of them from the book (mean over 1 games; 2.00 moves played)",
            "b: 0.00 of its first 2 moves without a search, 0.00 of them from the book (mean over 1 games; 2.00 moves played)"])
        del game["book_moves"]  # a match file from before the runner marked book moves
        self.assertEqual(self.run_on([game])[0],
                         "a: 2.00 of its first 2 moves without a search (mean over 1 games; 2.00 moves played)")


class PdnTest(unittest.TestCase):
    def test_move_numbers_follow_the_first_mover(self):
        self.assertEqual(pdn.movetext(["11-15", "23-19", "8-11"], "B", "B", "1-0"), "1. 11-15 23-19 2. 8-11 1-0")
        self.assertEqual(pdn.movetext(["23-19", "8-11"], "B", "W", "0-1"), "1... 23-19 2. 8-11 0-1")
        self.assertEqual(pdn.movetext([], "W", "W", "1/2-1/2"), "1/2-1/2")
        self.assertEqual(pdn.movetext(["11-15", "23-19", "8-11"], "B", "B", "1-0", ["opening", "+0.13/4 0.02s", None]),
                         "1. 11-15 {opening} 1... 23-19 {+0.13/4 0.02s} 2. 8-11 1-0")
        self.assertEqual(pdn.move_comment(-0.5, 12, 0.514), "-0.50/12 0.51s")
        self.assertEqual(pdn.move_comment(None, None, 0.02), "0.02s")
        self.assertEqual(pdn.move_comment(None, None, None), None)
        self.assertEqual(pdn.move_comment(None, None, 0.01, book=True), "book")

    def test_long_games_wrap_without_splitting_a_move_from_its_number(self):
        text = pdn.movetext(["31-27", "19-23"] * 40, "W", "W", "1-0")
        self.assertTrue(all(len(line) <= pdn.LINE_WIDTH for line in text.splitlines()))
        self.assertFalse(any(line.endswith(".") for line in text.splitlines()))

    def test_reading_games(self):
        text = ('[Event "a"]\n[FEN "B:W21-32:B1-12"]\n\n1. 11-15 {a comment} 23-19 (2. 9-13 (2... 1-5)) '
                '2.8-11! $3 22x15 1-0\n\n[Event "b \\"quoted\\""]\n1... 9-13 *\n')
        self.assertEqual(pdn.read_games(text), [
            ({"Event": "a", "FEN": "B:W21-32:B1-12"}, ["11-15", "23-19", "8-11", "22x15"]),
            ({"Event": 'b "quoted"'}, ["9-13"]),
        ])


if __name__ == "__main__":
    unittest.main()
