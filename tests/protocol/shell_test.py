#!/usr/bin/env python3
"""Transcript tests of the interactive shell (`yaad shell`, and plain `yaad`)
with stdin from a pipe, so no prompt is printed.

The shell's output has no end-of-answer marker, so each command is followed
by `fen`, whose answer is one line that is nothing but a FEN: everything
before it is the answer to the command. Moves are judged by `yaad referee`.

Usage: shell_test.py path/to/yaad
"""

import os
import re
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yaadproc import WAIT, LineProcess, referee  # noqa: E402

YAAD = None

FEN_LINE = re.compile(r"^[WB]:W[^ ]*:B[^ ]*$")
MOVES_LINE = re.compile(r"^(\d+) moves?:((?: \S+)*)$")
SCORE_FOR_PEOPLE = (r"(?:\+\d+\.\d\d for (?:White|Black)|0\.00: level|(?:White|Black) wins in \d+ moves? \(\d+ pl(?:y|ies)\)"
                    r"|(?:White|Black) wins \(endgame database: \d+ pl(?:y|ies) to the next capture, crowning or the end\))")
ENGINE_MOVE = re.compile(rf"^yaad plays (\S+)(?:  \({SCORE_FOR_PEOPLE}, depth \d+\)|  \(book, {SCORE_FOR_PEOPLE}\))?$")
ANALYSIS_LINE = re.compile(rf"^depth (\d+)  {SCORE_FOR_PEOPLE}  (.+)  \(\d+(?:\.\d+ [kM])? nodes, "
                           r"\d+(?:\.\d+ [kM])? nodes/s, \d+\.\d\d s(?:, \d+ database hits)?\)$")

START = {
    "jamaican": "B:W21-32:B1-12",
    "english": "B:W21-32:B1-12",
    "international": "W:W31-50:B1-20",
}

# Published perft counts from the start position (distinct moves).
PERFT = {
    "english": [7, 49, 302],
    "international": [9, 81, 658],
}


class Shell:
    def __init__(self, args=("shell",)):
        self.p = LineProcess([YAAD, *args], name="yaad " + " ".join(args))
        self.greeting, self.fen = self.run()

    def run(self, *commands, timeout=WAIT):
        """Sends the commands, then `fen`; returns (the lines before the
        FEN line, the FEN)."""
        for c in commands:
            self.p.send(c)
        self.p.send("fen")
        lines = self.p.lines_until(lambda l: FEN_LINE.match(l) is not None, timeout=timeout)
        self.fen = lines[-1]
        return lines[:-1], self.fen

    def moves(self):
        out, _ = self.run("moves")
        matches = [MOVES_LINE.match(l) for l in out]
        found = [m for m in matches if m]
        if len(found) != 1:
            raise self.p.failure(f"no move list in {out}")
        listed = found[0].group(2).split()
        if int(found[0].group(1)) != len(listed):
            raise self.p.failure(f"the count does not match the list: {out}")
        return listed

    def close(self):
        self.p.close_stdin()
        try:
            return self.p.wait()
        finally:
            self.p.kill()


def errors(lines):
    return [l for l in lines if l.startswith("error:")]


class ShellCase(unittest.TestCase):
    def shell(self, *args):
        s = Shell(args or ("shell",))
        self.addCleanup(s.close)
        return s

    def assert_one_error(self, out):
        self.assertEqual(len(out), 1, out)
        self.assertTrue(out[0].startswith("error: "), out)


class Basics(ShellCase):
    def test_greeting_board_and_no_prompt(self):
        s = self.shell()
        self.assertTrue(s.greeting[0].startswith("yaad shell, jamaican draughts"), s.greeting[:1])
        self.assertTrue(any("Black to move." in l for l in s.greeting), s.greeting)
        self.assertEqual(s.fen, START["jamaican"])
        out, _ = s.run("moves", "board", "help")
        self.assertFalse([l for l in s.greeting + out if "yaad>" in l], "a prompt with stdin from a pipe")

    def test_help(self):
        s = self.shell()
        out, _ = s.run("help")
        text = "\n".join(out)
        for word in ("go", "analyse", "stop", "level", "multipv", "undo", "history", "save", "load", "moves", "fen", "variant", "random", "eval",
                     "perft", "help", "quit"):
            self.assertRegex(text, rf"(?m)^  {word}\b", f"help does not list {word}")
        self.assertIn("international", text)
        self.assertEqual(errors(out), [])

    def test_eof_and_quit_end_the_shell(self):
        s = self.shell()
        self.assertEqual(s.close(), 0)
        t = self.shell()
        t.p.send("quit")
        self.assertEqual(t.p.wait(), 0)


class GameRecord(ShellCase):
    """history, save and load: the game survives a PDN round trip."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.file = os.path.join(self.dir.name, "games.pdn")

    def test_history_numbers_the_moves(self):
        s = self.shell("shell", "--variant", "english")
        out, _ = s.run("history")
        self.assertEqual(out, ["no moves yet"])
        s.run("11-15", "23-19", "8-11")
        out, _ = s.run("history")
        self.assertEqual(out, ["1. 11-15 23-19", "2. 8-11"])

    def test_save_then_load_gives_the_same_game(self):
        s = self.shell("shell", "--variant", "english")
        s.run("11-15", "23-19", "8-11", "go depth 2")
        history, fen = s.run("history")
        out, _ = s.run(f"save {self.file}")
        self.assertEqual(out, [f"saved the game in {self.file} (4 plies, *)"])
        with open(self.file) as f:
            text = f.read()
        for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Result"):
            self.assertRegex(text, rf'(?m)^\[{tag} "[^"]*"\]$', f"no {tag} tag")
        self.assertIn('[GameType "21"]', text)
        self.assertIn("1. 11-15 23-19 2. 8-11 ", text)

        # A fresh shell of another variant takes up the game, its variant
        # and its history.
        t = self.shell()
        out, loaded_fen = t.run(f"load {self.file}")
        self.assertEqual(errors(out), [])
        self.assertEqual(out[0], f"game 1 of 1 in {self.file}: ? - ?, english, 4 plies, *")
        self.assertEqual(loaded_fen, fen)
        self.assertEqual(t.run("history")[0], history)
        # Undo goes back through the loaded moves.
        _, back = t.run("undo 4")
        self.assertEqual(back, START["english"])

    def test_save_adds_to_a_file_and_load_picks_a_game(self):
        s = self.shell("shell", "--variant", "english")
        s.run("11-15")
        s.run(f"save {self.file}")
        s.run("23-19")
        out, _ = s.run(f"save {self.file}")
        self.assertEqual(out, [f"added the game to {self.file} (2 plies, *)"])
        t = self.shell()
        out, fen = t.run(f"load {self.file} 2")
        self.assertEqual(errors(out), [])
        self.assertEqual(t.run("history")[0], ["1. 11-15 23-19"])
        out, kept = t.run(f"load {self.file} 3")
        self.assertEqual(out, [f"error: '{self.file}' holds 2 games"])
        self.assertEqual(kept, fen)

    def test_the_result_is_written_when_the_game_ends(self):
        s = self.shell("shell", "--variant", "english")
        s.run("fen W:W22:B18")  # White (English: the second player) takes the last man
        out, _ = s.run("22x15")
        self.assertEqual(out[-2:], ["Black to move.  B:W15:B", "Game over. White wins: Black has no pieces left"])
        # Nothing to analyse in a finished game.
        out, _ = s.run("analyse")
        self.assertEqual(out, ["error: the game is over; 'new' or 'undo'"])
        out, _ = s.run("history")
        self.assertEqual(out, ["from W:W22:B18", "1... 22x15", "1-0"])
        s.run(f"save {self.file}")
        with open(self.file) as f:
            text = f.read()
        self.assertIn('[Result "1-0"]', text)
        self.assertIn('[FEN "W:W22:B18"]', text)
        self.assertRegex(text, r"1\.\.\. 22x15 1-0\n")

    def test_quit_warns_of_an_unsaved_game(self):
        s = self.shell("shell", "--variant", "english")
        s.run("11-15")
        out, _ = s.run("quit")
        self.assertEqual(out, ["the game is not saved (1 ply): 'save FILE' keeps it; 'quit' again leaves without it"])
        s.run(f"save {self.file}")
        s.p.send("quit")
        self.assertEqual(s.p.wait(), 0)
        # A second quit leaves all the same; so does a game with no moves.
        t = self.shell("shell", "--variant", "english")
        t.run("11-15")
        t.p.send("quit")
        t.p.send("quit")
        self.assertEqual(t.p.wait(), 0)
        u = self.shell("shell", "--variant", "english")
        u.run("11-15", "undo")
        u.p.send("quit")
        self.assertEqual(u.p.wait(), 0)

    def test_a_file_name_with_spaces_in_quotes(self):
        spaced = os.path.join(self.dir.name, "my games.pdn")
        s = self.shell("shell", "--variant", "english")
        s.run("11-15", "23-19")
        out, _ = s.run(f'save "{spaced}"')
        self.assertEqual(out, [f"saved the game in {spaced} (2 plies, *)"])
        self.assertTrue(os.path.exists(spaced))
        out, _ = s.run(f'load "{spaced}" 1')
        self.assertEqual(errors(out), [])
        self.assertEqual(s.run("history")[0], ["1. 11-15 23-19"])
        # Unquoted, the name is two words: the usage, nothing written.
        out, _ = s.run(f"save {spaced}")
        self.assertEqual(out, ["error: save FILE (a name with spaces in double quotes)"])

    def test_commands_that_drop_a_game_warn_once(self):
        for command in ("new", "variant pool", "fen W:W22:B18", f"load {self.file}", "random 4 7"):
            with self.subTest(command):
                s = self.shell("shell", "--variant", "english")
                s.run("11-15", "23-19")
                if command.startswith("load"):
                    s.run(f"save {self.file}", "undo")
                word = command.split()[0]
                out, kept = s.run(command)
                plies = 1 if word == "load" else 2
                self.assertEqual(out, [f"the game is not saved ({plies} pl{'y' if plies == 1 else 'ies'}): "
                                       f"'save FILE' keeps it; '{word}' again drops it"])
                self.assertEqual(s.run("history")[0], ["1. 11-15" + (" 23-19" if plies == 2 else "")])
                out, _ = s.run(command)
                self.assertEqual(errors(out), [])
                self.assertNotEqual(s.run("history")[0], ["1. 11-15" + (" 23-19" if plies == 2 else "")])
        # A bad argument is its error, not the warning; a saved game drops at once.
        s = self.shell("shell", "--variant", "english")
        s.run("11-15")
        self.assertEqual(s.run("fen W:W99")[0][0][:6], "error:")
        self.assertEqual(s.run("variant chess")[0][0][:6], "error:")
        s.run(f"save {self.file}")
        self.assertEqual(errors(s.run("new")[0]), [])
        self.assertEqual(s.run("history")[0], ["no moves yet"])
        # Only the command that warned goes ahead when typed again: another
        # one warns in its turn, and a move played warns afresh.
        s.run("11-15")
        self.assertEqual(s.run("quit")[0], ["the game is not saved (1 ply): 'save FILE' keeps it; "
                                            "'quit' again leaves without it"])
        self.assertEqual(s.run("new")[0], ["the game is not saved (1 ply): 'save FILE' keeps it; 'new' again drops it"])
        s.run("23-19")
        self.assertEqual(s.run("new")[0], ["the game is not saved (2 plies): 'save FILE' keeps it; 'new' again drops it"])
        self.assertEqual(s.run("random 4 7")[0], ["the game is not saved (2 plies): 'save FILE' keeps it; "
                                                  "'random' again drops it"])
        self.assertEqual(s.run("history")[0], ["1. 11-15 23-19"])
        self.assertEqual(errors(s.run("random 4 7")[0]), [])
        self.assertNotEqual(s.run("history")[0], ["1. 11-15 23-19"])

    def test_a_loaded_game_keeps_its_tags_and_invents_none(self):
        other = os.path.join(self.dir.name, "other.pdn")
        with open(other, "w") as f:
            f.write('[White "Ann"]\n[Result "2-0"]\n[TimeControl "180+2"]\n[GameType "20"]\n\n'
                    '{Source: a club} 1. 32-28 {[%clock w0:03:00 B0:03:00]} 19-23 {a reply; the usual} 2-0\n')
        s = self.shell()
        s.run(f"load {other}", f"save {self.file}")
        # Played on, it is no longer the record's game: its other tags go.
        s.run("undo", f"save {self.file}")
        with open(self.file) as f:
            games = f.read().split("\n\n")
        self.assertEqual(games[0].splitlines(), [
            '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Ann"]', '[Black "?"]',
            '[Result "1-0"]', '[TimeControl "180+2"]', '[GameType "20"]'])
        # ... and so are its comments, while its moves are the record's.
        self.assertEqual(" ".join(games[1].split()), "{Source: a club} 1. 32-28 {[%clock w0:03:00 B0:03:00]} 1... 19-23 {a reply; the usual} 1-0")
        self.assertEqual(games[3].strip(), "1. 32-28 *")
        self.assertEqual(games[2].splitlines(), [
            '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Ann"]', '[Black "?"]',
            '[Result "*"]', '[GameType "20"]'])

    def test_who_played_is_named(self):
        s = self.shell("shell", "--variant", "english")
        s.run("11-15", "go depth 2", "9-13", "go depth 2")
        s.run(f"save {self.file}")
        with open(self.file) as f:
            text = f.read()
        self.assertIn('[Black "?"]', text)
        self.assertRegex(text, r'\[White "yaad [^"]+"\]')

    def test_bad_files_are_one_error_and_change_nothing(self):
        s = self.shell("shell", "--variant", "english")
        _, fen = s.run("11-15")
        broken = os.path.join(self.dir.name, "broken.pdn")
        illegal = os.path.join(self.dir.name, "illegal.pdn")
        empty = os.path.join(self.dir.name, "empty.pdn")
        with open(broken, "w") as f:
            f.write('[Event "x"]\n1. 11-15 {no end\n')
        with open(illegal, "w") as f:
            f.write('[GameType "21"]\n1. 11-15 23-19 2. 15-10 *\n')
        with open(empty, "w") as f:
            f.write("\n")
        cases = [
            (f"load {broken}", "error: PDN line 2: a comment that never ends"),
            (f"load {illegal}", "error: the game's move 3 (black, '15-10'): "),
            (f"load {empty}", f"error: '{empty}' holds no PDN game"),
            (f"load {self.dir.name}/missing.pdn", f"error: cannot read '{self.dir.name}/missing.pdn': "),
            (f"save {self.dir.name}/no/such/dir.pdn", f"error: cannot write '{self.dir.name}/no/such/dir.pdn'"),
            ("load", "error: load FILE [N] (a name with spaces in double quotes)"),
            (f"load {broken} 0", "error: load takes a whole number 1 or more"),
            ("save", "error: save FILE (a name with spaces in double quotes)"),
        ]
        for command, start in cases:
            with self.subTest(command):
                out, kept = s.run(command)
                self.assertEqual(len(out), 1, out)
                self.assertTrue(out[0].startswith(start), out)
                self.assertEqual(kept, fen)


class Commands(ShellCase):
    def test_undo(self):
        s = self.shell("shell", "--variant", "english")
        s.run("11-15")
        self.assertEqual(s.fen, "W:W21-32:B1-10,12,15")
        s.run("go depth 2")
        out, fen = s.run("undo")
        self.assertEqual(errors(out), [])
        self.assertEqual(fen, "W:W21-32:B1-10,12,15")
        _, fen = s.run("undo")
        self.assertEqual(fen, START["english"])
        # Nothing left to take back: still no error, still the start.
        out, fen = s.run("undo")
        self.assertEqual(errors(out), [])
        self.assertEqual(fen, START["english"])
        s.run("9-13", "go depth 1", "10-14")
        _, fen = s.run("undo 3")
        self.assertEqual(fen, START["english"])

    def test_fen_shows_and_sets(self):
        s = self.shell()
        out, fen = s.run()
        self.assertEqual((out, fen), ([], START["jamaican"]))
        s.run("fen W:WK5,21:B12")
        self.assertEqual(s.fen, "W:WK5,21:B12")
        # A Hub position string works too.
        s.run("fen B" + "b" * 12 + "e" * 8 + "w" * 12)
        self.assertEqual(s.fen, START["jamaican"])
        out, fen = s.run("fen W:W21:B21")  # a square given twice
        self.assert_one_error(out)
        self.assertEqual(fen, START["jamaican"])

    def test_variant(self):
        s = self.shell()
        out, fen = s.run("variant international")
        self.assertEqual(errors(out), [])
        self.assertEqual(fen, START["international"])
        out, _ = s.run("variant")
        self.assertEqual(out, ["international"])
        self.assertEqual(len(s.moves()), 9)
        out, fen = s.run("variant chess")
        self.assert_one_error(out)
        self.assertEqual(fen, START["international"])

    def test_analyse(self):
        s = self.shell("shell", "--variant", "english")
        out, fen = s.run("analyse depth 3")
        self.assertEqual(fen, START["english"])  # analysis plays nothing
        self.assertEqual(errors(out), [])
        self.assertRegex(out[-1], r"^best move \S+$")
        self.assertIn(out[-1].split()[-1], referee(YAAD).legal_moves("english"))
        self.assertGreaterEqual(len(out), 2, out)

    def test_analyse_runs_until_stop(self):
        # Without the book: its moves would come before the search's lines.
        s = self.shell("shell", "--variant", "english", "--book", "off")
        s.p.send("analyse")
        lines = s.p.lines_until(lambda l: l.startswith("depth 3 "))
        self.assertTrue(all(ANALYSIS_LINE.match(l) for l in lines), lines)
        s.p.send("stop")
        rest = s.p.lines_until(lambda l: l.startswith("best move"))
        self.assertIn(rest[-1].split()[-1], referee(YAAD).legal_moves("english"))
        out, fen = s.run("stop")  # nothing to stop: said, and harmless
        self.assertEqual(out, ["no analysis is running"])
        self.assertEqual(fen, START["english"])

    def test_any_command_ends_an_analysis_without_limits(self):
        s = self.shell("shell", "--variant", "english")
        s.p.send("analyse")
        s.p.lines_until(lambda l: l.startswith("depth 2 "))
        out, fen = s.run("11-15")  # the move is played once the analysis ended
        self.assertTrue(any(l.startswith("best move") for l in out), out)
        self.assertIn("you played 11-15", out)
        self.assertEqual(fen, "W:W21-32:B1-10,12,15")

    def test_analysis_with_a_limit_finishes_before_the_next_command(self):
        s = self.shell("shell", "--variant", "english")
        out, _ = s.run("analyse depth 9", "moves")
        depths = [int(m.group(1)) for m in map(ANALYSIS_LINE.match, out) if m]
        self.assertEqual(depths, list(range(1, 10)))
        self.assertRegex(out[-1], r"^7 moves: ")

    def test_multipv_lines(self):
        s = self.shell("shell", "--variant", "english")
        out, _ = s.run("multipv 2")
        self.assertEqual(out, ["multipv 2"])
        out, _ = s.run("analyse depth 3")
        lines = [l for l in out if l.startswith("depth ")]
        self.assertEqual([l.split("  ")[:2] for l in lines],
                         [[f"depth {d}", f"line {k}"] for d in (1, 2, 3) for k in (1, 2)])
        for bad in ("multipv 0", "multipv 65", "multipv x", "multipv 1 2"):
            with self.subTest(bad):
                self.assert_one_error(s.run(bad)[0])
        self.assertEqual(s.run("multipv")[0], ["multipv 2"])

    def test_level_sets_what_go_and_auto_use(self):
        # Without the book: its moves would come before the search's lines.
        s = self.shell("shell", "--variant", "english", "--book", "off")
        out, _ = s.run("level")
        self.assertEqual(out, ["level: time 1 s a move, strength 20 (full)"])
        out, _ = s.run("level depth 3")
        self.assertEqual(out, ["level: depth 3, strength 20 (full)"])
        out, _ = s.run("go")
        self.assertRegex(out[0], r", depth 3\)$")
        s.run("undo", "auto on")
        out, _ = s.run("11-15")
        engine = [l for l in out if l.startswith("yaad plays")]
        self.assertEqual(len(engine), 1, out)
        self.assertRegex(engine[0], r", depth 3\)$")
        out, _ = s.run("level nodes 500")
        self.assertEqual(out, ["level: nodes 500, strength 20 (full)"])
        out, _ = s.run("level 4")
        self.assertEqual(out, ["level: nodes 500, strength 4"])
        for bad in ("level depth", "level depth x", "level speed 3", "level 0", "level 21", "level x"):
            with self.subTest(bad):
                out, _ = s.run(bad)
                self.assert_one_error(out)
        # A limit without its number is not taken for a strength.
        out, _ = s.run("level depth")
        self.assertEqual(out, ["error: level N (a strength 1 to 20), or level depth D, time S or nodes N"])
        self.assertEqual(s.run("level")[0], ["level: nodes 500, strength 4"])
        s.run("undo 2")
        out, _ = s.run("11-15")  # auto is on: a strength-4 answer
        engine = [l for l in out if l.startswith("yaad plays")]
        self.assertEqual(len(engine), 1, out)

    def test_analysis_lines_for_people(self):
        # Without the book: its moves would come before the search's lines.
        s = self.shell("shell", "--variant", "english", "--book", "off")
        out, _ = s.run("analyse depth 4")
        lines = [ANALYSIS_LINE.match(l) for l in out[:-1]]
        self.assertTrue(all(lines), out)
        self.assertEqual([int(m.group(1)) for m in lines], [1, 2, 3, 4])
        legal = referee(YAAD).legal_moves("english")
        for m in lines:
            self.assertIn(m.group(2).split()[0], legal)

    def test_scores_say_whose_they_are(self):
        # English, Black to move: two kings against one, lost for Black. The
        # score is White's win both when Black plays and when White does.
        s = self.shell("shell", "--variant", "english", "--egdb", "none")
        s.run("fen B:WK23,K24:BK32")
        out, _ = s.run("analyse depth 14")
        self.assertRegex(out[-2], r"^depth 14  White wins in 7 moves \(14 plies\)  32-")
        for _ in range(2):
            out, _ = s.run("go depth 14")
            self.assertRegex(out[0], r"^yaad plays \S+  \(White wins in \d moves? \(\d+ pl(y|ies)\), depth 14\)$")
        out, _ = s.run("fen W:WK14:BK32")
        self.assertEqual(out, ["the game is not saved (2 plies): 'save FILE' keeps it; 'fen' again drops it"])
        s.run("fen W:WK14:BK32")
        out, _ = s.run("analyse depth 3")
        self.assertRegex(out[-2], r"^depth 3  0\.00: level  ")

    def test_variant_names_people_use(self):
        s = self.shell()
        for name, variant in (("checkers", "english"), ("Six-Row", "sixrow"), ("normal", "international")):
            with self.subTest(name):
                out, _ = s.run(f"variant {name}")
                self.assertEqual(errors(out), [])
                self.assertEqual(s.run("variant")[0], [variant])

    def test_moves_in_square_order(self):
        s = self.shell("shell", "--variant", "english")
        out, _ = s.run("moves")
        self.assertEqual(out, ["7 moves: 9-13 9-14 10-14 10-15 11-15 11-16 12-16"])
        s.run("fen W:W21:B1")
        out, _ = s.run("moves")
        self.assertEqual(out, ["1 move: 21-17"])
        t = self.shell()  # Jamaican names its squares: by file, then rank
        out, _ = t.run("moves")
        self.assertEqual(out, ["7 moves: a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"])

    def test_illegal_moves_say_why(self):
        s = self.shell("shell", "--variant", "english")
        cases = [
            ("fen B:W18,30:B14", "13-17", "error: illegal move '13-17': no piece on 13"),
            ("fen B:W18,30:B14", "14-19", "error: illegal move '14-19': a capture is compulsory: 14x23"),
            ("fen B:W18,30:B14", "18-15", "error: illegal move '18-15': the piece on 18 is White's; Black is to move"),
            ("fen W:W22,K30:B12", "22-26", "error: illegal move '22-26': men move and capture forward only"),
            ("fen W:W22,K30:B12", "22-15", "error: illegal move '22-15': a man moves one square; it jumps only to capture"),
            ("fen W:W22,K30:B12", "30-21",
             "error: illegal move '30-21': a king moves one square in english; it jumps only to capture"),
            ("fen W:W22,K30:B12,15,18", "22-18", "error: illegal move '22-18': 18 is not empty"),
            ("fen W:W22,K30:B12", "22-23", "error: illegal move '22-23': pieces move along a diagonal"),
        ]
        for fen, move, error in cases:
            with self.subTest(move=move):
                s.run(fen)
                out, after = s.run(move)
                self.assertEqual(out, [error])
                self.assertEqual(after, fen.split()[1])
        t = self.shell()  # Jamaican: squares by name, men take backward
        out, _ = t.run("fen W:W22:B12")
        out, _ = t.run("d2-c1")
        self.assertEqual(len(out), 1)
        self.assertRegex(out[0], r"^error: illegal move 'd2-c1': (no piece on d2|men move forward only \(backward only to capture\))$")
        u = self.shell("shell", "--variant", "international")
        u.run("fen W:W28,K46:B22,23,K5")
        out, _ = u.run("46-37")
        self.assertEqual(out, ["error: illegal move '46-37': a capture of the most pieces is compulsory: 28x17, 28x19"])

    def test_eval(self):
        # Jamaican has a built-in network: its score, each piece's share
        # (the score less the score without it), largest first, and what
        # the search adds, all for the side to move. The numbers are the
        # built-in network's.
        s = self.shell()
        s.run("fen B:W21-23,26,27,30:B5,9,11,12,15")
        out, _ = s.run("eval")
        self.assertEqual(out, [
            "evaluation: flying8 network v1 120-128-32-1, built-in, checksum 108a2e50f24b199b",
            "network            +1.77 for White",
            "piece              share  (the score less the score without the piece, for Black)",
            "black man e3       +1.86",
            "white man d6       -1.83",
            "white man d8       -1.78",
            "white man f6       -1.77",
            "white man e7       -1.72",
            "black man f4       +1.70",
            "white man b6       -1.69",
            "black man g3       +1.67",
            "white man c7       -1.53",
            "black man a3       +1.36",
            "black man b2       +1.27",
            "sum of the shares  -2.46  (not the score: a network's shares do not add up)",
            "the search adds nothing to the network's score",
            "total +1.77 for White",
        ])
        # A side's only piece is never taken off: a side without pieces
        # has lost, which the network never sees.
        s.run("fen W:W21,22,K30:B12")
        out, _ = s.run("eval")
        self.assertEqual(out[1:], [
            "network            +5.49 for White",
            "piece              share  (the score less the score without the piece, for White)",
            "white king d8      +3.75",
            "white man d6       +2.29",
            "white man b6       +1.70",
            "black man g3           -  (Black's only piece: a side is never left without pieces)",
            "sum of the shares  +7.74  (not the score: a network's shares do not add up)",
            "the search adds nothing to the network's score",
            "total +5.49 for White",
        ])
        # Kings only: the hand-made evaluation, and it says why.
        s.run("fen W:WK21,K22,K23:BK1")
        out, _ = s.run("eval")
        self.assertRegex(out[0], r"^evaluation: hand-made, kings only \(flying8 network v1 120-128-32-1, built-in, "
                                 r"checksum [0-9a-f]{16} is for positions with men\)$")
        self.assertIn("scaled down by 4 (drawish ending)", out)
        self.assertEqual(out[-1], "total +1.57 for White")
        # English has built-in learned weights: the score per window table
        # and global term, for White.
        s = self.shell("shell", "--variant", "english")
        out, _ = s.run("eval")
        self.assertEqual(errors(out), [])
        self.assertRegex(out[0], r"^evaluation: learned english weights v\d+, built-in, checksum [0-9a-f]{16}$")
        self.assertTrue(any(re.match(r"^window table 1\s+-?\d+\.\d\d$", l) for l in out), out)
        self.assertTrue(any(re.match(r"^men\s+0\.00$", l) for l in out), out)
        self.assertRegex(out[-1], rf"^total {SCORE_FOR_PEOPLE}$")

    def test_eval_handmade(self):
        s = self.shell("shell", "--eval", "handmade")
        out, _ = s.run("eval")
        self.assertEqual(errors(out), [])
        self.assertTrue(any(re.match(r"^material\s+12\.00\s+12\.00$", l) for l in out), out)
        self.assertRegex(out[-1], rf"^total {SCORE_FOR_PEOPLE}$")

    def test_perft_3(self):
        s = self.shell()
        for variant, counts in PERFT.items():
            with self.subTest(variant):
                s.run(f"variant {variant}")
                out, _ = s.run("perft 3")
                self.assertEqual(out, [f"perft {d} nodes={n}" for d, n in enumerate(counts, 1)])

    def test_random_opening_is_repeatable(self):
        first = self.shell()
        second = self.shell()
        out1, fen1 = first.run("random 4 7")
        out2, fen2 = second.run("random 4 7")
        self.assertEqual(fen1, fen2)
        line1 = [l for l in out1 if l.startswith("random opening")]
        self.assertEqual(line1, [l for l in out2 if l.startswith("random opening")])
        self.assertEqual(len(line1), 1, out1)
        moves = line1[0].split(": ", 1)[1].split()
        self.assertEqual(len(moves), 4)
        # The opening is legal, and it is where the shell now stands.
        ref = referee(YAAD)
        ref.new("jamaican")
        for m in moves:
            fen = ref.play(m)["fen"]
        self.assertEqual(fen, fen1)
        # Same seed again in the same shell: the same opening.
        _, again = first.run("random 4 7")
        self.assertEqual(again, fen1)

    def test_bad_move_and_unknown_command(self):
        s = self.shell()
        for bad in ("a3-a5", "1-99", "c3-d4x", "frobnicate", "go depth zero", "perft", "undo many", "auto maybe"):
            with self.subTest(bad):
                out, fen = s.run(bad)
                self.assert_one_error(out)
                self.assertEqual(fen, START["jamaican"])
        # Still working: a legal move is played.
        legal = s.moves()
        out, fen = s.run(legal[0])
        self.assertEqual(errors(out), [])
        self.assertNotEqual(fen, START["jamaican"])


class WholeGame(ShellCase):
    def test_game_against_the_engine(self):
        """A human picks each move from `moves`, the engine answers with
        `go depth 2`, until the game ends or 60 plies pass. The referee
        checks every move and every position the shell reports."""
        s = self.shell()
        ref = referee(YAAD)
        ref.new("jamaican")
        plies = 0
        over = False
        while plies < 60 and not over:
            legal = s.moves()
            if not legal:
                over = True
                break
            human = legal[(plies * 5 + 1) % len(legal)]
            out, fen = s.run(human)
            self.assertEqual(errors(out), [], f"{human}: {out}")
            self.assertTrue(any(l.startswith("you played ") for l in out), out)
            answer = ref.play(human)
            self.assertEqual(fen, answer["fen"], human)
            plies += 1
            if answer["state"] != "ongoing":
                self.assertTrue(any(l.startswith("Game over. ") for l in out), out)
                over = True
                break

            out, fen = s.run("go depth 2")
            self.assertEqual(errors(out), [], out)
            played = [ENGINE_MOVE.match(l) for l in out if l.startswith("yaad plays")]
            self.assertEqual(len(played), 1, out)
            self.assertIsNotNone(played[0], out)
            answer = ref.play(played[0].group(1))
            self.assertEqual(fen, answer["fen"])
            plies += 1
            if answer["state"] != "ongoing":
                self.assertTrue(any(l.startswith("Game over. ") for l in out), out)
                over = True
        self.assertGreaterEqual(plies, 2)
        if over:
            # Nothing more to play: go is refused with one error line.
            out, _ = s.run("go depth 2")
            self.assert_one_error(out)


class HubSwitch(unittest.TestCase):
    def check_hub(self, args):
        p = LineProcess([YAAD, *args], name="yaad " + " ".join(args))
        self.addCleanup(p.kill)
        p.send("hub")
        lines = p.lines_until(lambda l: l == "wait")
        self.assertTrue(lines[0].startswith("id name=yaad "), lines[0])
        self.assertTrue(all(l.startswith("param ") for l in lines[1:-1]), lines)
        for line in ("set-param name=variant value=english", "init"):
            p.send(line)
        self.assertEqual(p.line(), "ready")
        p.send("pos start")
        p.send("level depth=2")
        p.send("go think")
        done = p.lines_until(lambda l: l.startswith("done"))[-1]
        move = done.split()[1].removeprefix("move=")
        self.assertIn(move, referee(YAAD).legal_moves("english"))
        p.send("quit")
        self.assertEqual(p.wait(), 0)

    def test_plain_yaad_switches_to_hub(self):
        self.check_hub([])

    def test_shell_switches_to_hub(self):
        self.check_hub(["shell"])

    def test_hub_later_is_just_a_bad_command(self):
        # Only a first line "hub" switches; later it is not a shell command.
        s = Shell(())
        self.addCleanup(s.close)
        out, _ = s.run("hub")
        self.assertEqual(len(out), 1, out)
        self.assertTrue(out[0].startswith("error: "), out)


def main():
    global YAAD
    if len(sys.argv) < 2:
        sys.exit("usage: shell_test.py path/to/yaad [unittest options]")
    YAAD = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)


if __name__ == "__main__":
    main()
