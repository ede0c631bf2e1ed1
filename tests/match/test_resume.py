"""--resume: a match stopped by Ctrl-C, or whose client died in the middle of writing its JSON file,
continues without playing its finished games again, and ends as the match played in one go."""

import json
import signal
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from matchtest import MATCH, YAAD, MatchTestCase, yaad_engine

GAMES = 6
# Without the book: its moves are drawn at random, and a resumed match must
# end as the one played in one go.
BOOK_OFF = yaad_engine() + " --book off"
MATCH_OPTIONS = ["--engine", BOOK_OFF, "--engine", BOOK_OFF, "--variant", "english",
                 "--games", str(GAMES), "--tc", "depth=2", "--seed", "9"]


def facts(data):
    return [(g["index"], g["moves"], g["result"], g["reason"]) for g in data["games"]]


class ResumeTest(MatchTestCase):
    @classmethod
    def setUpClass(cls):
        """The match played in one go, which every resumed one must end as."""
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "whole.json"
            subprocess.run([sys.executable, str(MATCH), "--yaad", YAAD, *MATCH_OPTIONS, "--json", str(path)],
                           capture_output=True, check=True, timeout=120)
            cls.whole = facts(json.loads(path.read_text()))

    def stop_after(self, games, path, stop=signal.SIGINT):
        """Runs the match and sends it `stop` (Ctrl-C) once it has reported `games` games."""
        runner = subprocess.Popen([sys.executable, str(MATCH), "--yaad", YAAD, *MATCH_OPTIONS, "--json", str(path),
                                   "--pdn", str(self.dir / "games.pdn")],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            reported = 0
            for line in runner.stdout:
                reported += line.startswith("game ")
                if reported == games:
                    runner.send_signal(stop)
                    break
            runner.communicate(timeout=120)
        finally:
            runner.kill()
        self.assertEqual(runner.returncode, 130 if stop == signal.SIGINT else -stop)

    def test_resume_after_ctrl_c(self):
        path = self.dir / "stopped.json"
        self.stop_after(3, path)
        kept = json.loads(path.read_text())["games"]
        self.assertGreaterEqual(len(kept), 3)
        self.assertLess(len(kept), GAMES)
        self.run_match(*MATCH_OPTIONS, "--resume", str(path), "--pdn", str(self.dir / "games.pdn"))
        resumed = json.loads(path.read_text())
        self.assertEqual(facts(resumed), self.whole)
        # The games kept were not played again: their records, times included, are the same.
        self.assertEqual(resumed["games"][:len(kept)], kept)
        self.assertEqual((self.dir / "games.pdn").read_text().count("[Event "), GAMES)

    def test_resume_from_a_file_cut_short(self):
        # A client killed while writing: the streamed file ends in the middle of a game line.
        path = self.dir / "cut.json"
        self.stop_after(4, path, signal.SIGKILL)
        lines = path.read_text().split("\n")
        self.assertTrue(lines[1].startswith('{"index"'), lines[:2])
        path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])
        self.run_match(*MATCH_OPTIONS, "--resume", str(path))
        self.assertEqual(facts(json.loads(path.read_text())), self.whole)

    def test_resume_refuses_another_match(self):
        path = self.dir / "first.json"
        self.stop_after(2, path)
        other = [option.replace("depth=2", "depth=3") for option in MATCH_OPTIONS]
        done = self.run_match(*other, "--resume", str(path), expect_status=2)
        self.assertIn("is another match: tc: ['depth=2', 'depth=2'] -> ['depth=3', 'depth=3']", done.stderr)


if __name__ == "__main__":
    unittest.main()
