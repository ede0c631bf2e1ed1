#!/usr/bin/env python3
"""The web board's server (yaad serve, docs/web.md): the page's files over
HTTP; games over WebSocket, one per connection and independent; bad
messages answered with an error that changes nothing; searches that run
beside the I/O, stop when asked and end when their page goes; the
13-move count to its end.

Usage: server_test.py path/to/yaad
"""

import http.client
import os
import random
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webclient import Server, Socket, wait_until  # noqa: E402

YAAD = None
HERE = os.path.dirname(os.path.abspath(__file__))
# A Jamaican position 10 random plies in, Black to move: no book knows it,
# so the engine searches there.
OUT_OF_BOOK = "B:W20-22,24-28,30-32:B1-4,6,8-10,13,14,16"


def game_of(state):
    """What a bad message must leave alone."""
    return (state["variant"], state["fen"], state["ply"], state["history"], state["players"], state["analysing"])


class ServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(YAAD)

    @classmethod
    def tearDownClass(cls):
        status = cls.server.stop()
        assert status == 0, f"yaad serve ended with {status}; stderr: {''.join(cls.server.stderr)}"

    def connect(self):
        s = Socket(self.server.port)
        self.addCleanup(s.close)
        self.assertEqual(s.status, 101)
        first = s.wait_for(lambda m: m["type"] == "state", "first state")
        return s, first

    def test_command_line(self):
        for args, error in ((["--host", "nowhere"], "error: --host must be an IP address such as 127.0.0.1, not 'nowhere'"),
                            (["--port", "70000"], "error: --port must be 0 to 65535 (0: any free port)"),
                            (["--port", str(self.server.port)], "error: cannot listen on 127.0.0.1 port "
                             f"{self.server.port}: Address already in use")):
            run = subprocess.run([YAAD, "serve", *args], capture_output=True, text=True, timeout=60)
            self.assertEqual((run.returncode, run.stdout, run.stderr), (2, "", error + "\n"))
        other = Server(YAAD, "--host", "localhost")
        self.assertTrue(other.url.startswith("http://127.0.0.1:"))
        self.assertEqual(other.stop(), 0)

    def test_page_files(self):
        status, kind, body = self.server.get("/")
        self.assertEqual((status, kind), (200, "text/html; charset=utf-8"))
        self.assertIn('<script src="board.js">', body)
        self.assertEqual(self.server.get("/board.js")[:2], (200, "text/javascript; charset=utf-8"))
        self.assertEqual(self.server.get("/board.css")[:2], (200, "text/css; charset=utf-8"))
        self.assertEqual(self.server.get("/nothing")[0], 404)
        self.assertEqual(self.server.get("/../etc/passwd")[0], 404)
        self.assertEqual(self.server.get("/", method="POST")[0], 405)

    def test_other_names_refused(self):
        """A name made to point at 127.0.0.1 is not the board's (DNS rebinding)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        self.addCleanup(connection.close)
        for host, status in ((f"evil.example:{self.server.port}", 403), (f"localhost:{self.server.port}", 200),
                             ("127.0.0.1", 200)):
            connection.request("GET", "/", headers={"Host": host})
            response = connection.getresponse()
            response.read()
            self.assertEqual(response.status, status, host)

    def test_socket_from_another_site_refused(self):
        s = Socket(self.server.port, origin="http://example.com")
        self.addCleanup(s.close)
        self.assertEqual(s.status, 403)
        ok = Socket(self.server.port, origin=f"http://127.0.0.1:{self.server.port}")
        self.addCleanup(ok.close)
        self.assertEqual(ok.status, 101)

    def test_first_state(self):
        _, state = self.connect()
        self.assertEqual(state["variant"], "jamaican")
        self.assertEqual(state["size"], 8)
        self.assertEqual(state["side"], "black")
        self.assertEqual(state["ply"], 0)
        self.assertEqual(len(state["moves"]), 7)
        self.assertFalse(state["capture"])
        self.assertEqual(state["status"], "Black to move")
        # Jamaican's long diagonal runs from top left to bottom right:
        # squares at (column, row) (0, 0) and (7, 7) are playable.
        places = {(sq["column"], sq["row"]) for sq in state["board"]}
        self.assertIn((0, 0), places)
        self.assertIn((7, 7), places)
        self.assertNotIn((7, 0), places)
        self.assertIn("[GameType \"23,B,8,8,A1,1\"]", state["pdn"])

    def test_bad_messages_change_nothing(self):
        s, _ = self.connect()
        s.send(type="move", move=s.state()["moves"][0]["text"])
        before = game_of(s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 1, "the move played"))
        bad = [
            "not json", "", "[1, 2]", "{\"type\": }", "{\"type\": \"move\"}", "{\"type\": 3}",
            "{\"type\": \"fly\"}", "{\"type\": \"move\", \"move\": \"zz9\"}",
            "{\"type\": \"move\", \"move\": \"a1-b2\"}", "{\"type\": \"move\", \"move\": [\"c3\"]}",
            "{\"type\": \"new\", \"variant\": \"chess\"}", "{\"type\": \"new\", \"fen\": \"W:W99:B1\"}",
            "{\"type\": \"players\", \"level\": 99}", "{\"type\": \"players\", \"white\": \"robot\"}",
            "{\"type\": \"players\", \"movetime\": -1}", "{\"type\": \"random\", \"plies\": 0}",
            "{\"type\": \"random\", \"plies\": 9}",
            "{\"type\": \"load\", \"pdn\": \"1. 99-98 *\"}", "{\"type\": \"load\", \"pdn\": \"{ unterminated\"}",
            "{\"type\": \"analyse\", \"on\": \"yes\"}", "{\"type\": \"analyse\", \"on\": true, \"multipv\": 11}",
            "{\"type\": \"move\", \"move\": \"\\ud800\"}", "{\"type\": \"state\", \"type\": \"new\"}",
            "{\"type\": \"state\"} trailing", "{\"a\": 1e999999, \"type\": \"fly\"}",
        ]
        for text in bad:
            s.send_text(text)
            error = s.wait_for(lambda m: m["type"] in ("error", "state"), "an answer")
            self.assertEqual(error["type"], "error", f"{text!r} was accepted")
            self.assertTrue(error["message"] and "\n" not in error["message"], error)
        s.send_frame(b"\x00\x01binary", opcode=2)
        self.assertEqual(s.wait_for(lambda m: m["type"] in ("error", "state"), "an answer")["type"], "error")
        s.send_frame(b"\xff\xfe", opcode=1)  # not UTF-8: the server closes, as RFC 6455 says
        with self.assertRaises(ConnectionError):
            s.wait_for(lambda m: False, "nothing")
        other, _ = self.connect()
        self.assertEqual(other.state()["ply"], 0)
        self.assertEqual(before[2], 1)

    def test_error_leaves_state(self):
        s, _ = self.connect()
        before = game_of(s.state())
        s.send(type="move", move="h6-g5")  # White's man; Black is to move
        error = s.wait_for(lambda m: m["type"] == "error", "error")
        self.assertIn("Black is to move", error["message"])
        self.assertEqual(game_of(s.state()), before)

    def test_sessions_are_separate(self):
        sockets = [self.connect()[0] for _ in range(4)]
        for i, s in enumerate(sockets):
            s.send(type="new", variant=["pool", "english", "international", "sixrow"][i])
        for i, s in enumerate(sockets):
            state = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 0 and m["variant"] != "jamaican", "new")
            self.assertEqual(state["variant"], ["pool", "english", "international", "sixrow"][i])
            s.send(type="move", move=state["moves"][i % len(state["moves"])]["text"])
        fens = set()
        for i, s in enumerate(sockets):
            state = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 1, "moved")
            self.assertEqual(state["variant"], ["pool", "english", "international", "sixrow"][i])
            fens.add(state["fen"])
        self.assertEqual(len(fens), 4)

    def test_analysis_beside_play_and_disconnect_mid_search(self):
        baseline = self.server.threads()
        analyst, _ = self.connect()
        analyst.send(type="analyse", on=True, multipv=2)
        first = analyst.wait_for(lambda m: m["type"] == "info", "an analysis line")
        self.assertEqual(first["kind"], "analysis")
        analyst.wait_for(lambda m: m["type"] == "info" and m["line"] == 2, "a second line")
        # Another tab is served while the analysis runs.
        player, _ = self.connect()
        player.send(type="move", move=player.state()["moves"][0]["text"])
        player.wait_for(lambda m: m["type"] == "state" and m["ply"] == 1, "a move beside the analysis")
        self.assertGreater(self.server.threads(), baseline)
        # The page goes mid-search: its search ends, the server serves on.
        analyst.close()
        wait_until(lambda: self.server.threads() == baseline, "the search thread ending")
        self.assertEqual(player.state()["ply"], 1)

    def test_engine_takes_over_from_an_analysis(self):
        s, _ = self.connect()
        s.send(type="analyse", on=True)
        s.wait_for(lambda m: m["type"] == "info" and m["kind"] == "analysis", "the analysis")
        s.send(type="players", black="engine", nodes=300)
        s.wait_for(lambda m: m["type"] == "engine", "the engine's move")
        state = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 1, "White to move")
        self.assertTrue(state["analysing"])
        # White is a person's: the analysis goes on for White's move.
        s.wait_for(lambda m: m["type"] == "info" and m["kind"] == "analysis", "the analysis again")

    def test_engine_plays_from_the_book(self):
        s, _ = self.connect()
        s.send(type="players", black="engine", movetime=3600)
        engine = s.wait_for(lambda m: m["type"] in ("info", "engine"), "the engine's move")
        self.assertEqual((engine["type"], engine["book"]), ("engine", True))
        self.assertRegex(engine["score"], r"^(\+\d\.\d\d for (Black|White)|0\.00: level)$")
        self.assertNotIn("depth", engine)
        # Below full strength the engine chooses its own moves.
        s.send(type="players", level=19, nodes=300)
        s.send(type="new")
        engine = s.wait_for(lambda m: m["type"] == "engine", "the level's move")
        self.assertNotIn("book", engine)

    def engine_move(self, server, variant):
        """The engine's first move of a new game of `variant` on `server`, at full strength."""
        s = Socket(server.port)
        self.addCleanup(s.close)
        s.wait_for(lambda m: m["type"] == "state", "first state")
        s.send(type="new", variant=variant)
        s.wait_for(lambda m: m["type"] == "state" and m["variant"] == variant and m["ply"] == 0, "the new game")
        s.send(type="players", black="engine", nodes=300)
        return s.wait_for(lambda m: m["type"] == "engine", "the engine's move")

    def test_book_option(self):
        with tempfile.TemporaryDirectory(prefix="yaad-serve-book-") as d:
            # A book of one position, not expanded: it knows no move, so a
            # game it serves is searched from the first move.
            empty = os.path.join(d, "english.book")
            build = subprocess.run([YAAD, "book", "build", "--variant", "english", "--positions", "1", "--depth", "1",
                                    "--out", empty], capture_output=True, text=True, timeout=60)
            self.assertEqual(build.returncode, 0, build.stderr)
            # The file serves English; Jamaican keeps its built-in book.
            server = Server(YAAD, "--book", empty)
            self.addCleanup(server.stop)
            self.assertNotIn("book", self.engine_move(server, "english"))
            self.assertTrue(self.engine_move(server, "jamaican")["book"])
            # Off: no book for any variant.
            server = Server(YAAD, "--book", "off")
            self.addCleanup(server.stop)
            self.assertNotIn("book", self.engine_move(server, "jamaican"))
            # A file that cannot be used: one error line, the board plays without a book.
            missing = os.path.join(d, "missing.book")
            server = Server(YAAD, "--book", missing)
            self.addCleanup(server.stop)
            wait_until(lambda: server.stderr, "the error line")
            self.assertEqual(server.stderr, [f"error: cannot read the book {missing}; playing without a book\n"])
            self.assertNotIn("book", self.engine_move(server, "jamaican"))

    def test_engine_plays_and_stop_plays_at_once(self):
        s, _ = self.connect()
        s.send(type="new", fen=OUT_OF_BOOK)
        s.wait_for(lambda m: m["type"] == "state" and m["fen"] == OUT_OF_BOOK, "a position out of the book")
        s.send(type="players", black="engine", nodes=300)
        engine = s.wait_for(lambda m: m["type"] == "engine", "the engine's move")
        self.assertNotIn("book", engine)
        state = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 1, "the state after it")
        self.assertEqual(state["plies"], [engine["move"]])
        self.assertIn("yaad", state["pdn"].split("[Black \"")[1].split("\"")[0])
        # A move of an hour, cut short by stop.
        s.send(type="players", white="engine", movetime=3600, nodes=0)
        s.wait_for(lambda m: m["type"] == "info", "the engine thinking")
        s.send(type="move", move=state["moves"][0]["text"] if state["moves"] else "a1-b2")
        self.assertIn("engine", s.wait_for(lambda m: m["type"] == "error", "refused")["message"])
        s.send(type="players", black="human")
        s.send(type="stop")
        s.wait_for(lambda m: m["type"] == "engine", "the move played on stop")
        after = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 2, "the state")
        self.assertFalse(after["thinking"])
        # Undo goes back to the person's move: two plies.
        s.send(type="undo")
        self.assertEqual(s.wait_for(lambda m: m["type"] == "state", "undone")["ply"], 0)

    def test_random_opening_is_the_engines(self):
        s, _ = self.connect()
        s.send(type="random", plies=4, seed=7)
        opening = s.wait_for(lambda m: m["type"] == "opening", "the opening")
        state = s.wait_for(lambda m: m["type"] == "state", "its state")
        self.assertEqual(state["ply"], 4)
        expected = subprocess.run([YAAD, "random-opening", "--plies", "4", "--seed", "7"], capture_output=True,
                                  text=True, check=True).stdout
        self.assertIn(f"moves {opening['moves']}\n", expected)
        self.assertEqual(opening["seed"], 7)

    def test_pdn_round_trip(self):
        s, _ = self.connect()
        s.send(type="random", plies=6, seed=3)
        played = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 6, "opening")
        s.send(type="new", variant="english")
        s.wait_for(lambda m: m["type"] == "state" and m["variant"] == "english", "another game")
        s.send(type="load", pdn=played["pdn"])
        loaded = s.wait_for(lambda m: m["type"] == "state" and m["variant"] == "jamaican", "loaded")
        self.assertEqual((loaded["fen"], loaded["history"]), (played["fen"], played["history"]))

    def test_fen_and_compulsory_capture(self):
        s, _ = self.connect()
        s.send(type="new", fen="W:Wc3:Bd4,b6")
        state = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 0 and m["capture"], "the set-up")
        self.assertEqual(state["status"], "White to move: a capture is compulsory")
        self.assertEqual([m["text"] for m in state["moves"]], ["c3xe5"])
        self.assertEqual(state["moves"][0]["captures"], [n["n"] for n in state["board"] if n["name"] == "d4"])
        s.send(type="move", move="c3-b4")
        self.assertIn("capture is compulsory", s.wait_for(lambda m: m["type"] == "error", "refused")["message"])

    def test_thirteen_move_count_to_its_end(self):
        """Three kings against one in Jamaican: the count shows, and the game
        ends a draw when White's 13 moves run out. The moves are found by a
        search of the game tree through the server (move, look, undo), for
        a line where nothing is captured and no position comes twice;
        count13.pdn is the line it found, for the browser test."""
        s, _ = self.connect()
        s.send(type="new", fen="W:WKa1,Kb2,Kc1:BKd8")
        state = s.wait_for(lambda m: m["type"] == "state" and m["variant"] == "jamaican" and m["ply"] == 0, "set up")
        self.assertEqual(state["count"], "13-move count: White has made 0 of 13 moves")
        rng = random.Random(1)
        seen = {state["fen"]}
        calls = []

        def quiet_line(st):
            calls.append(1)
            self.assertLess(len(calls), 2000, "no line found")
            if st["over"]:
                return st["reason"] == "lone-king"
            moves = st["moves"][:]
            rng.shuffle(moves)
            for move in moves:
                s.send(type="move", move=move["text"])
                after = s.wait_for(lambda m: m["type"] == "state", "moved")
                if not after["capture"] and after["fen"] not in seen and after["reason"] in ("", "lone-king"):
                    seen.add(after["fen"])
                    if after["count"] and not after["over"]:
                        self.assertRegex(after["count"], r"^13-move count: White has made \d+ of 13 moves$")
                    if quiet_line(after):
                        return True
                    seen.remove(after["fen"])
                s.send(type="undo")
                s.wait_for(lambda m: m["type"] == "state", "undone")
            return False

        self.assertTrue(quiet_line(state))
        state = s.state()
        self.assertEqual((state["reason"], state["result"], state["ply"]), ("lone-king", "1/2-1/2", 25))
        self.assertEqual(state["status"], "Draw: the count ran out (White had 13 moves to win against the lone king)")
        self.assertEqual(state["count"], "")
        with open(os.path.join(HERE, "count13.pdn")) as f:
            s.send(type="load", pdn=f.read())
        loaded = s.wait_for(lambda m: m["type"] == "state" and m["ply"] == 25, "the game of count13.pdn")
        self.assertEqual((loaded["reason"], loaded["status"]), (state["reason"], state["status"]))

def main():
    global YAAD
    if len(sys.argv) < 2:
        sys.exit("usage: server_test.py path/to/yaad")
    YAAD = sys.argv.pop(1)
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
