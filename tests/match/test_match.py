"""Short real matches between two yaad processes: the PDN and JSON files are
complete, and yaad's referee replays every PDN game to its recorded result."""

import re
import unittest

from matchtest import MatchTestCase, read_pdn, referee_replay, yaad_engine

TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "SetUp", "FEN", "OpeningPlies",
        "Termination"]
MOVE_COMMENT = re.compile(r"^(?:[+-]\d+\.\d\d/\d+ )?\d+\.\d\ds$")
REFEREE_REASONS = {"no-pieces", "no-moves", "repetition", "no-progress", "lone-king"}
GAME_KEYS = {"index", "pair", "white", "black", "opening", "opening_origin", "opening_start", "opening_moves",
             "result", "reason", "plies",
             "moves", "pdn_moves", "move_times", "scores", "depths", "duration", "engine_errors", "warnings",
             "ponder_hits", "ponder_misses", "memory", "book_moves"}


class RealMatchTest(MatchTestCase):
    def play(self, variant, game_type, *options):
        pdn_path = self.dir / "games.pdn"
        data = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--variant", variant,
                                  "--games", "4", "--tc", "depth=2", "--seed", "7", "--pdn", str(pdn_path),
                                  *options)
        games = read_pdn(pdn_path, with_comments=True)
        self.assertEqual(len(games), 4)
        self.assertEqual(len(data["games"]), 4)
        for number, ((tags, moves, result, comments), record) in enumerate(zip(games, data["games"]), 1):
            with self.subTest(game=number):
                self.assertEqual(list(tags), TAGS)
                self.assertEqual(tags["Round"], str(number))
                self.assertEqual(tags["GameType"], game_type)
                self.assertEqual(tags["SetUp"], "1")
                self.assertEqual(tags["White"], "yaad-1" if number % 2 else "yaad-2")
                self.assertEqual(result, tags["Result"])
                self.assertEqual(set(record), GAME_KEYS)
                self.assertEqual((record["index"], record["pair"]), (number, (number + 1) // 2))
                self.assertEqual((record["result"], record["reason"]), (tags["Result"], tags["Termination"]))
                # The opening's moves come first, from the FEN tag; a comment marks their end and
                # each move the engines played carries {score/depth time}.
                opening = int(tags["OpeningPlies"])
                self.assertEqual(opening, 4)
                self.assertEqual(record["opening_moves"], moves[:opening])
                self.assertEqual(record["opening_start"], tags["FEN"])
                self.assertEqual(record["pdn_moves"], moves[opening:])
                self.assertEqual(comments[:opening], [None] * (opening - 1) + ["opening"])
                # A book move says so, as chess tools write it.
                self.assertEqual(len(record["book_moves"]), len(moves) - opening)
                for comment, book in zip(comments[opening:], record["book_moves"]):
                    if book:
                        self.assertEqual(comment, "book")
                    else:
                        self.assertRegex(comment, MOVE_COMMENT)
                self.assertEqual(record["plies"], len(moves) - opening)
                self.assertEqual(len(record["move_times"]), len(moves) - opening)
                # yaad plays a single legal move at once, without an info line (HUB.md allows it), and a
                # book move with one (book=true) that the runner does not count as a search.
                self.assertTrue(all(d is None or d >= 2 for d in record["depths"]), record["depths"])
                self.assertTrue(any(d is not None for d in record["depths"]), record["depths"])
                answers = referee_replay(variant, tags["FEN"], moves)
                self.assertTrue(answers[0].startswith("ok "), answers[0])
                self.assertTrue(all(a.startswith("legal ") for a in answers[1:-1]), answers)
                status = answers[-1]
                if tags["Termination"] in REFEREE_REASONS:
                    self.assertIn(f"reason={tags['Termination']} result={tags['Result']}", status)
                else:
                    self.assertIn("state=ongoing", status)
        if variant == "jamaican":  # its book knows every position after a random 4-ply opening
            self.assertTrue(any(any(g["book_moves"]) for g in data["games"]))
        # The two games of a pair start from the same opening.
        self.assertEqual(games[0][1][:4], games[1][1][:4])
        self.assertEqual(games[2][1][:4], games[3][1][:4])
        self.assertEqual(data["games"][0]["opening"], data["games"][1]["opening"])
        summary = data["summary"]
        first = summary["engines"][0]
        self.assertEqual(first["wins"] + first["draws"] + first["losses"], 4)
        self.assertEqual(summary["pairs"], 2)
        self.assertEqual(sum(t["games"] for t in summary["terminations"]), 4)
        return data

    def test_jamaican_two_at_once(self):
        data = self.play("jamaican", "23,B,8,8,A1,1", "--concurrency", "2")
        self.assertEqual(data["match"]["concurrency"], 2)

    def test_international_with_a_ply_limit(self):
        data = self.play("international", "20", "--max-plies", "60")
        self.assertTrue(all(g["plies"] <= 60 for g in data["games"]))

    def test_same_seed_same_openings(self):
        first = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2",
                                   "--tc", "depth=1", "--seed", "11", "--max-plies", "4")
        second = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2",
                                    "--tc", "depth=1", "--seed", "11", "--max-plies", "4")
        self.assertEqual([g["opening"] for g in first["games"]], [g["opening"] for g in second["games"]])

    def test_openings_from_a_pdn_file(self):
        openings = self.dir / "openings.pdn"
        # A byte order mark first, as Windows programs write.
        openings.write_text('\ufeff[Event "opening"]\n1. 11-15 23-19 2. 8-11 *\n\n'
                            '[FEN "W:W21-32:B1-12"]\n1... 22-18 *\n', encoding="utf-8")
        data = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--variant", "english",
                                  "--games", "6", "--tc", "depth=1", "--openings", str(openings),
                                  "--max-plies", "2")
        self.assertEqual([g["opening"] for g in data["games"]],
                         ["W:W19,21,22,24-32:B1-7,9-12,15"] * 2 + ["B:W18,21,23-32:B1-12"] * 2
                         + ["W:W19,21,22,24-32:B1-7,9-12,15"] * 2)

    def test_a_match_pdn_gives_its_openings_back(self):
        first_pdn = self.dir / "first.pdn"
        first = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--variant", "english",
                                   "--games", "4", "--tc", "depth=2", "--seed", "5", "--pdn", str(first_pdn))
        again = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--variant", "english",
                                   "--games", "4", "--tc", "depth=1", "--openings", str(first_pdn),
                                   "--max-plies", "2")
        # Each pair of the first match gives its opening (its first 4 plies) once: the same
        # number of games plays the same openings, in the same order.
        self.assertEqual([g["opening"] for g in again["games"]], [g["opening"] for g in first["games"]])
        self.assertEqual([g["opening_moves"] for g in again["games"]],
                         [g["opening_moves"] for g in first["games"]])
        self.assertNotEqual(first["games"][0]["opening"], first["games"][2]["opening"])

    def test_openings_from_a_fen_file(self):
        openings = self.dir / "openings.txt"
        openings.write_text("# two positions\nB:W21-32:B1-12\n\nW:W13-18:B1-6  # six-row start\n")
        self.run_match("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2", "--tc", "depth=1",
                       "--openings", str(openings), "--variant", "sixrow", expect_status=2)
        data = self.run_with_json("--engine", yaad_engine(), "--engine", yaad_engine(), "--games", "2",
                                  "--tc", "depth=1", "--openings", str(openings), "--variant", "english",
                                  "--max-plies", "2")
        self.assertEqual(data["games"][0]["opening"], "B:W21-32:B1-12")


if __name__ == "__main__":
    unittest.main()
