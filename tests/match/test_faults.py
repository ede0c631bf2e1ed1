"""Misbehaving engines lose their games with the right reason, are restarted,
and the match goes on to the right totals.

A fault that shows by its lateness (a stall, a late move) is tested under a
small time limit, but only the faulty move runs under it: the fake engine
faults on its first move (--at 1) and yaad plays under a limit of its own.
Nothing then depends on the machine being fast enough to play real moves
within a small bound.
"""

import unittest

from matchtest import MatchTestCase, fake_engine, yaad_engine


class FaultTest(MatchTestCase):
    def match_against(self, fault, *options, tc=("depth=2",), games=2, fake_options=()):
        """A match of yaad against a fake engine that misbehaves on its third move of every game
        (or its --at move); `tc` holds one time control for both, or yaad's and the fake's."""
        tcs = [word for control in tc for word in ("--tc", control)]
        return self.run_with_json("--engine", yaad_engine(), "--engine", fake_engine(fault, *fake_options),
                                  "--games", str(games), *tcs, "--seed", "5", *options)

    def assert_fake_lost_every_game(self, data, reason, at=3):
        games = data["games"]
        self.assertEqual([g["reason"] for g in games], [reason] * len(games))
        # The fake engine plays White in the even games; Jamaican openings after 4 plies have Black
        # to move, so it faults on its move `at` at ply 2 at - 1 as Black and 2 at as White (at 3:
        # 4 and 5 plies played).
        for game in games:
            fake_is_white = game["white"].startswith("fake")
            self.assertEqual(game["result"], "0-1" if fake_is_white else "1-0")
            self.assertEqual(game["plies"], 2 * at - 1 if fake_is_white else 2 * at - 2)
        first = data["summary"]["engines"][0]
        self.assertEqual((first["wins"], first["draws"], first["losses"]), (len(games), 0, 0))
        kind = reason.split(": ")[0]
        self.assertEqual(data["summary"]["terminations"],
                         [{"reason": kind, "games": len(games), "won_by": [len(games), 0], "drawn": 0}])

    def test_crash(self):
        transcript = self.dir / "fake.txt"
        data = self.match_against("crash", fake_options=("--transcript", str(transcript)))
        self.assert_fake_lost_every_game(data, "crash")
        # Started once for the match and once more after its crash in game 1.
        self.assertEqual(transcript.read_text().splitlines().count("hub"), 2)

    def test_stall(self):
        data = self.match_against("stall", "--timeout-margin", "0.3", tc=("depth=2", "movetime=0.05"),
                                  fake_options=("--at", "1"))
        self.assert_fake_lost_every_game(data, "timeout", at=1)

    def test_stall_without_a_clock(self):
        # The stall timeout holds for both; yaad plays by move time, with a margin to spare.
        data = self.match_against("stall", "--stall-timeout", "0.5", "--timeout-margin", "30",
                                  tc=("movetime=0.05", "depth=2"), fake_options=("--at", "1"))
        self.assert_fake_lost_every_game(data, "timeout", at=1)

    def test_illegal_move(self):
        self.assert_fake_lost_every_game(self.match_against("illegal"), "illegal move: 1-2")

    def test_garbage(self):
        self.assert_fake_lost_every_game(self.match_against("garbage"), 'garbage: done move="11-15')

    def test_late_move_loses_on_time(self):
        # 0.5 s asleep on a 0.3 s clock; the margin makes the move, however late, a time forfeit
        # rather than a timeout.
        data = self.match_against("late", "--timeout-margin", "30", tc=("depth=2", "0.3+0"),
                                  fake_options=("--sleep", "0.5", "--at", "1"))
        self.assert_fake_lost_every_game(data, "time forfeit", at=1)

    def test_a_line_that_answers_nothing_is_a_warning(self):
        # Such as a second `done`; the runner can tell one only when it comes before the
        # engine's next request, so the test uses a line no request is answered by.
        data = self.match_against("chatter", "--max-plies", "10")
        for game in data["games"]:
            self.assertEqual(game["reason"], "ply limit")
            self.assertEqual(game["warnings"], [{"ply": game["warnings"][0]["ply"], "engine": "fake-chatter",
                                                 "message": "unasked line: hello"}])
        self.assertEqual(data["summary"]["warnings"], 2)

    def test_sprt_stops_the_match(self):
        # Every pair won twice: the LLR is past the upper bound from the first pair (see test_stats),
        # and the decision comes with the third, as asked.
        data = self.match_against("crash", "--sprt", "0,10", "--sprt-min-pairs", "3", games=20,
                                  fake_options=("--at", "1"))
        summary = data["summary"]
        self.assertEqual(summary["games"], 6)
        self.assertEqual((summary["sprt"]["decision"], summary["sprt"]["decided_at_pair"]), ("H1", 3))

    def test_an_engine_that_never_starts_stops_the_match_at_once(self):
        done = self.run_match("--engine", yaad_engine(), "--engine", "/nonexistent/engine", "--games", "2",
                              "--tc", "depth=1", expect_status=2)
        self.assertIn("cannot start '/nonexistent/engine'", done.stderr)

    def test_odd_game_counts_are_refused(self):
        done = self.run_match("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "3",
                              "--tc", "depth=1", expect_status=2)
        self.assertIn("--games must be even", done.stderr)


class ClockLinesTest(MatchTestCase):
    """The `level` lines an engine receives, read from the fake engine's transcript.

    Two fake engines play, as they answer at once whatever their time (yaad would use it).
    """

    def levels(self, tc, *options):
        """The first engine's level lines, as lists of words."""
        transcript = self.dir / "levels.txt"
        self.run_match("--engine", fake_engine("none", "--transcript", str(transcript)), "--engine",
                       fake_engine("none"), "--games", "2", "--tc", tc, "--max-plies", "8", "--seed", "3",
                       *options)
        return [line.split()[1:] for line in transcript.read_text().splitlines() if line.startswith("level")]

    def test_clock_and_increment(self):
        # An increment large beside a move of the fake engine, however busy the machine.
        levels = self.levels("10+5")
        self.assertEqual(levels[0], ["time=10", "inc=5"])
        times = [float(level[0].split("=")[1]) for level in levels[:4]]  # the first game's four moves
        for before, after in zip(times, times[1:]):
            # The increment is the only thing that adds time; the times are
            # printed to the millisecond, so rounding may add one.
            self.assertLessEqual(after, before + 5.001)
            self.assertGreater(after, before)  # and it is added: a fake engine's move takes far less

    def test_moves_per_period(self):
        levels = self.levels("40/60")
        self.assertEqual(levels[0], ["moves=40", "time=60"])
        self.assertEqual([level[0] for level in levels[:4]], ["moves=40", "moves=39", "moves=38", "moves=37"])

    def test_movetime(self):
        self.assertEqual(set(map(tuple, self.levels("movetime=0.05"))), {("move-time=0.05",)})

    def test_one_time_control_per_engine(self):
        self.assertEqual(set(map(tuple, self.levels("depth=3", "--tc", "movetime=0.05"))), {("depth=3",)})


if __name__ == "__main__":
    unittest.main()
