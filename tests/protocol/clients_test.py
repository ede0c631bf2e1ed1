#!/usr/bin/env python3
"""The recipes of docs/connect.md, run as the real clients run them (issue 13).

The clients themselves cannot be installed here (pydraughts comes only from
PyPI), so each test sends yaad exactly the lines a client sends and reads
the answers as strictly as that client reads them, both taken from the
client's public source:

- pydraughts' HubEngine (draughts/engines/hub.py): starts `yaad hub`
  through a shell with stderr merged into stdout, sends `hub`, reads `id`
  and `param` lines by splitting on blanks outside quotes and unpacking
  each item into exactly one name and one value, sends `set-param` with the
  value unquoted (`true`/`false` for booleans; `variant` only when the
  engine declared variants), `init` until `ready`, then per move
  `pos pos=<Hub position> moves="<every move from that position>"`, one
  `level` (a clock less its increment, since Hub engines add it first),
  `go think` or `go ponder`; from `info` it converts depth and nodes to
  int, mean-depth, time and nps to float, score to hundredths; from `done`
  it takes the value of the first item as the move, of the second as the
  ponder move.
- the lidraughts bot in Hub mode (engine_wrapper.py, lidraughts-bot.py):
  HubEngine with the options of its default configuration (book-ply,
  tt-size, bb-size, which are Scan's), then `variant` (`normal`, `russian`
  or `brazilian`) and `initial-time`; a first move by move-time, the others
  under the clock, pondering with ponder-hit or stop; `stop` and `quit` at
  the end.
- a Scan-compatible GUI on the 10x10 board (the Hub GUI, whose protocol
  text describes what it sends): only changed parameters, `new-game`, the
  recent king moves as `moves`, `level moves=N time=T`, ping during a
  search, `go analyze` under `level infinite`.
- the 8x8 variants through HubEngine.go, which takes a Hub position and
  moves as they are (pydraughts' own games have no Pool or Jamaican).
- pydraughts' DXPEngine (the lidraughts bot in DXP mode) as the initiator
  against `yaad dxp --listen`: a GAMEREQ with a set-up position and 0
  minutes (it always sends 0), moves, and a GAMEEND that asks to stop.

Usage: clients_test.py path/to/yaad
"""

import os
import socket
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yaadproc import WAIT, LineProcess, ProcessError, hub_capture_parts, referee  # noqa: E402

YAAD = None

INTERNATIONAL_START = "W" + "b" * 20 + "e" * 10 + "w" * 20
EIGHT_START_BLACK = "B" + "b" * 12 + "e" * 8 + "w" * 12  # Jamaican, Pool, English
EIGHT_START_WHITE = "W" + "b" * 12 + "e" * 8 + "w" * 12  # Russian, Brazilian

# The options of the lidraughts bot's default configuration (hub_options),
# with bb-size as its 'auto' gives it when there is no Scan data directory.
LIDRAUGHTS_HUB_OPTIONS = {"book-ply": 20, "tt-size": 23, "bb-size": 0}


def items(arg):
    """The blank-separated items of a line's arguments, blanks inside
    double quotes kept, as pydraughts splits them."""
    out, current, quoted = [], "", False
    for c in arg:
        if c == '"':
            quoted = not quoted
        if c == " " and not quoted:
            if current:
                out.append(current)
            current = ""
        else:
            current += c
    if current:
        out.append(current)
    return out


class HubEngineLike:
    """pydraughts' HubEngine on the wire (see the module's doc)."""

    def __init__(self, test, command):
        self.test = test
        # HubEngine runs the command through a shell, stderr into stdout.
        self.p = LineProcess(["sh", "-c", " ".join(f'"{w}"' for w in command) + " 2>&1"], name="yaad hub")
        test.addCleanup(self.p.kill)
        self.unexpected = []  # lines HubEngine would only log as a warning
        self.id, self.options, self.variants = self.hub()

    def send(self, line):
        self.p.send(line)

    def recv(self):
        """The next non-empty line, split into command and the rest."""
        while True:
            line = self.p.line().rstrip()
            if line:
                command, _, arg = line.partition(" ")
                return command, arg.strip()

    def pairs(self, arg):
        """name=value items; pydraughts unpacks each into exactly two parts."""
        out = []
        for item in items(arg):
            parts = item.split("=")
            self.test.assertEqual(len(parts), 2, f"pydraughts cannot unpack {item!r} of {arg!r}")
            out.append((parts[0], parts[1]))
        return out

    def hub(self):
        self.send("hub")
        ident, options, variants = {}, set(), set()
        while True:
            command, arg = self.recv()
            if command == "wait":
                return ident, options, variants
            if command == "id":
                ident.update(self.pairs(arg))
            elif command == "param":
                is_variant = False
                for key, value in self.pairs(arg):
                    if key == "name":
                        options.add(value)
                        is_variant = value == "variant"
                    if key == "values" and is_variant:
                        variants.update(value.strip('"').split())
            else:
                self.unexpected.append((command, arg))

    def setoption(self, name, value):
        if value is True:
            value = "true"
        elif value is False:
            value = "false"
        elif value is None:
            value = "none"
        if name != "variant" or self.variants:
            self.send(f"set-param name={name} value={value}")

    def init(self):
        self.send("init")
        while True:
            command, arg = self.recv()
            if command == "ready":
                return
            if command != "init":
                self.unexpected.append((command, arg))

    def start_search(self, fen, moves="", time=None, inc=None, moves_left=None, movetime=None, depth=None,
                     nodes=None, ponder=False):
        """Sends pos, level and go as HubEngine.go does."""
        self.send(f'pos pos={fen} moves="{moves}"' if moves else f"pos pos={fen}")
        if time is not None and inc and moves_left:
            self.send(f"level moves={moves_left} time={time - inc} inc={inc}")
        elif time is not None and inc:
            self.send(f"level time={time - inc} inc={inc}")
        elif time is not None and moves_left:
            self.send(f"level moves={moves_left} time={time}")
        elif time is not None:
            self.send(f"level time={time}")
        elif movetime is not None:
            self.send(f"level move-time={movetime}")
        elif depth is not None:
            self.send(f"level depth={depth}")
        elif nodes is not None:
            self.send(f"level nodes={nodes}")
        self.send("go ponder" if ponder else "go think")

    def result(self):
        """Reads info lines up to done: (move, ponder move or None, info)."""
        info = {}
        while True:
            command, arg = self.recv()
            if command == "done":
                parts = [item.split("=") for item in arg.split()]
                self.test.assertTrue(parts and all(len(p) == 2 for p in parts), f"done {arg}")
                self.test.assertEqual(parts[0][0], "move", f"done {arg}")
                return parts[0][1], parts[1][1] if len(parts) == 2 else None, info
            if command == "info":
                for key, value in self.pairs(arg):
                    if key in ("depth", "nodes"):
                        value = int(value)
                    elif key in ("mean-depth", "time", "nps"):
                        value = float(value)
                    elif key == "score":
                        value = int(float(value) * 100)
                    info[key] = value
            else:
                self.unexpected.append((command, arg))

    def go(self, fen, moves="", **limits):
        self.start_search(fen, moves, **limits)
        return self.result()

    def quit(self):
        self.send("stop")
        self.send("quit")
        return self.p.wait()


class Game:
    """One game judged by `yaad referee`: the moves in Hub form from a start
    position, the moves a client sends with `pos`."""

    def __init__(self, variant, pos):
        self.variant, self.pos, self.moves = variant, pos, []
        self.ref = referee(YAAD)
        self.ref.new(variant, pos)

    def play(self, move):
        self.moves.append(move)
        return self.ref.play(move)

    def undo(self):
        self.moves.pop()
        self.legal()

    def legal(self):
        self.ref.new(self.variant, self.pos)
        for m in self.moves:
            self.ref.play(m)
        return self.ref.moves()

    def over(self):
        return self.ref.status()["state"] != "ongoing"

    def text(self):
        return " ".join(self.moves)


class ClientTestCase(unittest.TestCase):
    def engine(self, *args):
        e = HubEngineLike(self, [YAAD, "hub", *args])
        self.assertEqual(e.id.get("name"), "yaad")
        return e

    def assert_clean(self, engine):
        self.assertEqual(engine.unexpected, [], "lines pydraughts would only warn about")

    def assert_pong_while_searching(self, engine):
        """A ping sent during a search is answered by pong, among its info lines."""
        engine.send("ping")
        command, _ = engine.recv()
        while command == "info":
            command, _ = engine.recv()
        self.assertEqual(command, "pong")

    def engine_move(self, engine, game, **limits):
        """The engine's move in `game`, checked legal and played."""
        legal = game.legal()
        move, ponder, info = engine.go(game.pos, game.text(), **limits)
        self.assertIn(move, legal, f"{move} after {game.text()!r}")
        game.play(move)
        return move, ponder, info

    def reply(self, game, index=0):
        """The opponent plays a legal move chosen by index, deterministically."""
        legal = game.legal()
        return game.play(legal[index % len(legal)])


class PydraughtsHubEngine(ClientTestCase):
    def test_handshake_declares_what_pydraughts_reads(self):
        e = self.engine()
        self.assertEqual(e.variants, {"jamaican", "pool", "english", "russian", "brazilian", "international",
                                      "sixrow"})
        self.assertTrue({"variant", "hash", "threads", "ponder"} <= e.options, e.options)
        for key in ("version", "author", "country"):
            self.assertIn(key, e.id)
        e.setoption("variant", "normal")
        e.setoption("ponder", True)
        e.init()
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)

    def game(self, variant, pos, plies, hub_variant=None):
        """A game of `plies` plies in which the engine plays every other
        move, pydraughts' play(): the start position and every move so far."""
        e = self.engine()
        e.setoption("variant", hub_variant or variant)
        e.init()
        game = Game(variant, pos)
        searched = 0
        for ply in range(plies):
            if game.over():
                break
            if ply % 2 == 0:
                forced = len(game.legal()) == 1
                _, _, info = self.engine_move(e, game, depth=4)
                if forced or not info or info.get("book") == "true":
                    continue  # answered at once: a forced move (no info) or a book move (depth 0, book=true)
                searched += 1
                self.assertEqual(info["depth"], 4, info)
                self.assertIsInstance(info["score"], int)
                self.assertTrue(info["pv"].startswith('"'), info)  # kept whole, quotes and all
            else:
                self.reply(game, ply)
        self.assertGreater(searched, 0)
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)

    def test_international_game(self):
        self.game("international", INTERNATIONAL_START, 12, hub_variant="normal")

    def test_russian_game(self):
        # pydraughts numbers the Russian and Brazilian boards as yaad does:
        # Black on 1-12, White on 21-32, White first.
        self.game("russian", EIGHT_START_WHITE, 12)

    def test_brazilian_game(self):
        self.game("brazilian", EIGHT_START_WHITE, 12)

    def test_english_with_colours_swapped(self):
        # pydraughts' English game has White move first from 21-32 (its
        # board is the real one turned round, colours swapped): the same
        # game for the rules, which yaad plays from that position.
        self.game("english", EIGHT_START_WHITE, 12)

    def test_clock_levels(self):
        e = self.engine()
        e.setoption("variant", "normal")
        e.init()
        game = Game("international", INTERNATIONAL_START)
        for limits in ({"time": 1.0, "inc": 0.1}, {"time": 1.0, "moves_left": 20},
                       {"time": 1.0, "inc": 0.1, "moves_left": 20}, {"time": 0.5}, {"movetime": 0.05},
                       {"nodes": 2000}):
            with self.subTest(limits=limits):
                self.engine_move(e, game, **limits)
                self.reply(game)
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)

    def test_won_score_reads_as_a_win(self):
        # A score beyond 90 men is a win for pydraughts: 10000 - score in
        # hundredths, halved, is the moves to the win. White wins at once here.
        e = self.engine()
        e.setoption("variant", "normal")
        e.init()
        # White men on 28 and 29, a black man on 23: either capture wins.
        move, _, info = e.go("W" + "e" * 22 + "b" + "e" * 4 + "ww" + "e" * 21, depth=3)
        self.assertIn(move, ("28x19x23", "29x18x23"))
        self.assertGreater(info["score"], 9000, info)
        self.assertEqual(e.quit(), 0)


class LidraughtsBotHub(ClientTestCase):
    def bot_engine(self, variant):
        e = self.engine()
        for name, value in {**LIDRAUGHTS_HUB_OPTIONS, "variant": variant, "initial-time": 60.0}.items():
            e.setoption(name, value)
        # set-param of parameters yaad lacks must be ignored in silence: the
        # first line after init is `ready`.
        e.init()
        self.assert_clean(e)
        return e

    def test_a_game_with_pondering(self):
        e = self.bot_engine("normal")
        game = Game("international", INTERNATIONAL_START)
        # The first move is searched by move-time (the bot sends 10 s).
        _, expected, _ = self.engine_move(e, game, movetime=0.2)
        clock = {"time": 2.0, "inc": 0.1}
        for hit in (True, False, True):
            if expected is None:
                self.reply(game)
                _, expected, _ = self.engine_move(e, game, **clock)
                continue
            # The bot ponders on the position after the expected reply.
            game.play(expected)
            e.start_search(game.pos, game.text(), ponder=True, **clock)
            if hit:
                # The opponent played it: ponder-hit, and the search's move.
                legal = game.legal()
                e.send("ponder-hit")
                move, expected, _ = e.result()
                self.assertIn(move, legal)
                game.play(move)
            else:
                # Another move: stop (its answer is dropped), a new search.
                e.send("stop")
                e.result()
                game.undo()
                game.play([m for m in game.legal() if m != expected][0])
                _, expected, _ = self.engine_move(e, game, **clock)
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)

    def test_russian_and_brazilian(self):
        for variant in ("russian", "brazilian"):
            with self.subTest(variant=variant):
                e = self.bot_engine(variant)
                game = Game(variant, EIGHT_START_WHITE)
                self.engine_move(e, game, movetime=0.1)
                self.reply(game)
                self.engine_move(e, game, time=1.0, inc=0.1)
                self.assert_clean(e)
                self.assertEqual(e.quit(), 0)


class ScanCompatibleGui(ClientTestCase):
    def test_hub_gui_session_on_10x10(self):
        e = self.engine()
        # Parameters are set only where they differ from the declared default.
        e.send("set-param name=variant value=normal")
        e.send("set-param name=ponder value=true")
        e.init()
        e.send("new-game")
        game = Game("international", INTERNATIONAL_START)
        e.start_search(game.pos, moves_left=40, time=4.0)
        move, _, _ = e.result()
        self.assertIn(move, game.legal())

        # Later positions come with the king moves since the last man move
        # or capture only, for repetitions; then a pondered search, a ping
        # while it runs, and ponder-hit.
        pos = "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee"
        king_moves = "38-15 5-41 48-26"
        game = Game("international", pos)
        for m in king_moves.split():
            game.play(m)
        e.send(f'pos pos={pos} moves="{king_moves}"')
        e.send("level moves=9 time=2.9")
        e.send("go ponder")
        self.assert_pong_while_searching(e)
        e.send("ponder-hit")
        move, _, _ = e.result()
        self.assertIn(move, game.legal())

        # Analysis until the user stops it.
        e.send(f"pos pos={INTERNATIONAL_START}")
        e.send("level infinite")
        e.send("go analyze")
        self.assert_pong_while_searching(e)
        e.send("stop")
        move, _, _ = e.result()
        self.assertIn(move, Game("international", INTERNATIONAL_START).legal())
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)


class EightByEight(ClientTestCase):
    def test_jamaican_numbers_over_hub(self):
        # The same FEN is another position in Jamaican and in Pool: Jamaican
        # numbers its mirrored board from the top-left corner (1 = a1), so
        # the man on 10 (c3) jumps 14 (d4) to 19 (e5); in Pool 10 is d6 and
        # it lands on 17 (b4).
        for variant, answer in (("jamaican", "10x19x14"), ("pool", "10x17x14")):
            with self.subTest(variant=variant):
                e = self.engine()
                e.setoption("variant", variant)
                e.init()
                move, _, _ = e.go("B:W14:B10", depth=2)
                self.assertEqual(move, answer)
                self.assertEqual(e.quit(), 0)

    def test_jamaican_and_pool_games_through_go(self):
        for variant in ("jamaican", "pool"):
            with self.subTest(variant=variant):
                e = self.engine()
                e.setoption("variant", variant)
                e.init()
                game = Game(variant, EIGHT_START_BLACK)
                for ply in range(10):
                    if ply % 2 == 0:
                        self.engine_move(e, game, depth=4)
                    else:
                        self.reply(game, ply)
                self.assert_clean(e)
                self.assertEqual(e.quit(), 0)

    def test_sixrow(self):
        e = self.engine()
        e.setoption("variant", "sixrow")
        e.init()
        game = Game("sixrow", "W" + "b" * 6 + "e" * 6 + "w" * 6)
        self.engine_move(e, game, depth=4)
        self.assert_clean(e)
        self.assertEqual(e.quit(), 0)


class PydraughtsDxp(unittest.TestCase):
    """pydraughts' DXPEngine as the initiator; yaad listens."""

    def message(self, sock, buffer):
        while b"\0" not in buffer[0]:
            chunk = sock.recv(4096)
            if not chunk:
                raise ProcessError("the follower closed the connection")
            buffer[0] += chunk
        text, _, buffer[0] = buffer[0].partition(b"\0")
        return text.decode("ascii")

    def test_game_request_with_zero_minutes(self):
        follower = LineProcess([YAAD, "dxp", "--listen", "--port", "0", "--movetime", "0.05",
                                "--variant", "international", "--timeout", str(WAIT)], name="yaad dxp --listen")
        self.addCleanup(follower.kill)
        port = int(follower.stderr_line(r"^dxp: listening on 127\.0\.0\.1:(\d+)$").group(1))
        sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.addCleanup(sock.close)
        buffer = [b""]

        def send(text):
            sock.sendall(text.encode("ascii") + b"\0")

        def receive(kinds):
            while True:
                m = self.message(sock, buffer)
                if m[0] in kinds:
                    return m
                self.assertEqual(m[0], "C", m)  # chat is only logged

        # The bot's side plays Black: the follower (yaad) gets White; the
        # position is always sent set up, and the time is always 000.
        squares = "z" * 20 + "e" * 10 + "w" * 20
        send("R01" + "DXP Client".ljust(32) + "W" + "000" + "000" + "B" + "W" + squares)
        accept = receive("A")
        self.assertEqual(accept[33], "0", accept)
        self.assertEqual(accept[1:33].strip(), "yaad")
        # 0 minutes is no clock: every move takes --movetime (else 1 s),
        # not a share of nothing.
        follower.stderr_line(r"^dxp: to peer: yaad plays white, no clock \(0\.05 s a move\), no move limit$")
        game = Game("international", "W" + squares.replace("z", "b"))
        for ply in range(7):
            if ply % 2 == 0:
                m = receive("M")
                frm, to, count = int(m[5:7]), int(m[7:9]), int(m[9:11])
                caps = sorted(int(m[11 + 2 * i:13 + 2 * i]) for i in range(count))
                hub = f"{frm}-{to}" if not caps else "x".join(str(n) for n in [frm, to, *caps])
                self.assertIn(hub, game.legal())
                game.play(hub)
            else:
                move = game.legal()[0]
                frm, to, caps = hub_capture_parts(move)
                send("M0000" + f"{frm:02}{to:02}{len(caps):02}" + "".join(f"{c:02}" for c in caps))
                game.play(move)
        # quit() on the client's turn: a GAMEEND asking for no more games.
        send("E01")
        self.assertEqual(receive("E")[0], "E")
        sock.close()
        self.assertEqual(follower.wait(), 0)
        self.assertRegex(follower.line(), r"^game 1 white=yaad black=DXP Client result=\* reason=peer-ended-0 ")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: clients_test.py path/to/yaad")
    YAAD = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
