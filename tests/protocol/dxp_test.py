#!/usr/bin/env python3
"""DamExchange tests (issue 4, HUB.md "DXP"): yaad against yaad over
127.0.0.1, then a Python DXP peer on a raw socket against
`yaad dxp --listen`, feeding split, merged, malformed and illegal input.

Usage: dxp_test.py path/to/yaad
"""

import os
import re
import socket
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yaadproc import WAIT, LineProcess, ProcessError, hub_capture_parts, referee  # noqa: E402

YAAD = None

MOVE_TIME = "0.02"
RESULT_LINE = re.compile(
    r"^game (\d+) white=(\S+) black=(\S+) result=(1-0|0-1|1/2-1/2|\*) reason=(\S+) plies=(\d+)$"
)
# Ends the rules decide; the referee must agree on the result after them.
RULE_ENDS = {"no-pieces", "no-moves", "repetition", "no-progress", "lone-king"}
# What `yaad dxp --listen` says on stderr once it listens (README, "DXP").
LISTENING = r"^dxp: listening on 127\.0\.0\.1:(\d+)$"


def start_follower(*extra, move_time=MOVE_TIME):
    """`yaad dxp --listen` on a port of the kernel's choosing, giving up on
    a silent peer after a while so that a broken test cannot leave it
    behind for long. Returns the process and its port once it listens: a
    port picked beforehand could be taken meanwhile, and a connection tried
    before it listens would be refused."""
    timing = ["--movetime", move_time] if move_time else []
    follower = LineProcess(
        [YAAD, "dxp", "--listen", "--port", "0", *timing, "--timeout", str(WAIT), *extra],
        name="yaad dxp --listen",
    )
    try:
        return follower, follower.stderr_line(LISTENING).group(1)
    except ProcessError:
        follower.kill()
        raise


# --- yaad against yaad -------------------------------------------------------


def parse_pdn(text):
    """The games of a PDN file: a list of (tags, moves, result)."""
    games = []
    tags, body = {}, []

    def finish():
        if tags or body:
            tokens = " ".join(body).split()
            result = tokens[-1] if tokens and tokens[-1] in ("1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1") else None
            moves = [t for t in (tokens[:-1] if result else tokens) if not re.match(r"^\d+\.(\.\.)?$", t)]
            games.append((dict(tags), moves, result))

    for line in text.splitlines():
        line = line.strip()
        m = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if m:
            if body:
                finish()
                tags.clear()
                body.clear()
            tags[m.group(1)] = m.group(2)
        elif line:
            body.append(line)
    finish()
    return games


class YaadAgainstYaad(unittest.TestCase):
    def match(self, variant):
        """Two games between two yaad processes; returns both sides' result
        lines and the PDN text."""
        pdn = os.path.join(tempfile.mkdtemp(prefix="yaad-dxp-"), "games.pdn")
        follower, port = start_follower("--variant", variant, "--name", "beta")
        self.addCleanup(follower.kill)
        initiator = LineProcess([
            YAAD, "dxp", "--connect", "127.0.0.1", "--port", port, "--initiator", "--games", "2",
            "--minutes", "1", "--movetime", MOVE_TIME, "--pdn", pdn, "--variant", variant,
            "--name", "alpha", "--timeout", str(WAIT),
        ], name="yaad dxp --connect")
        self.addCleanup(initiator.kill)
        self.assertEqual(initiator.wait(4 * WAIT), 0, initiator.stderr_text()[-500:])
        self.assertEqual(follower.wait(), 0, follower.stderr_text()[-500:])
        # Both have exited and wait() has read all their output.
        mine = initiator.pending_lines(0)
        theirs = follower.pending_lines(0)
        with open(pdn) as f:
            text = f.read()
        return mine, theirs, text

    def check_match(self, variant):
        mine, theirs, pdn = self.match(variant)
        rows = []
        for side, lines in (("initiator", mine), ("follower", theirs)):
            parsed = [RESULT_LINE.match(l) for l in lines]
            self.assertTrue(all(parsed), f"{side}: {lines}")
            self.assertEqual([int(m.group(1)) for m in parsed], [1, 2], f"{side}: {lines}")
            rows.append(parsed)
        for a, b in zip(*rows):
            # Same game, same verdict, same length on both sides.
            self.assertEqual(a.group(2, 3, 4, 6), b.group(2, 3, 4, 6), f"{a.group(0)} / {b.group(0)}")
            self.assertNotEqual(a.group(4), "*", a.group(0))
        # Colours alternate: the initiator has White in odd games.
        self.assertEqual(rows[0][0].group(2, 3), ("alpha", "beta"))
        self.assertEqual(rows[0][1].group(2, 3), ("beta", "alpha"))

        games = parse_pdn(pdn)
        self.assertEqual(len(games), 2, pdn[:500])
        ref = referee(YAAD)
        for (tags, moves, result), row in zip(games, rows[0]):
            with self.subTest(game=row.group(1)):
                self.assertEqual(result, row.group(4))
                self.assertEqual(tags.get("Result"), row.group(4))
                self.assertEqual((tags.get("White"), tags.get("Black")), row.group(2, 3))
                self.assertEqual(len(moves), int(row.group(6)), "plies in the PDN")
                ref.new(variant, tags.get("FEN", "start"))
                for m in moves:
                    ref.play(m)  # fails on an illegal move
                status = ref.status()
                if row.group(5) in RULE_ENDS:
                    self.assertEqual(status["result"], row.group(4), status)
                    self.assertEqual(status.get("reason"), row.group(5))
                else:
                    self.assertEqual(status["state"], "ongoing", f"{row.group(0)} but {status}")

    def test_international(self):
        self.check_match("international")

    def test_english(self):
        self.check_match("english")


# --- a Python peer against yaad ----------------------------------------------


def name32(name):
    return name.ljust(32)


def gamereq(follower_colour="Z", minutes=5, moves=0, name="pytest", setup=None, version="01"):
    """R: version, name(32), the follower's colour, minutes(3), moves(3),
    then A or B + side + squares."""
    text = f"R{version}{name32(name)}{follower_colour}{minutes:03d}{moves:03d}"
    return text + ("A" if setup is None else "B" + setup)


def dxp_move(hub_move, seconds=1):
    frm, to, captured = hub_capture_parts(hub_move)
    return f"M{seconds:04d}{frm:02d}{to:02d}{len(captured):02d}" + "".join(f"{c:02d}" for c in captured)


def hub_move(message):
    """A DXP MOVE as a Hub move the referee reads."""
    frm, to, count = int(message[5:7]), int(message[7:9]), int(message[9:11])
    captured = [int(message[11 + 2 * i:13 + 2 * i]) for i in range(count)]
    if not captured:
        return f"{frm}-{to}"
    return f"{frm}x{to}" + "".join(f"x{c}" for c in captured)


class Peer:
    """Our end of a DXP connection: messages out with their NUL, messages
    in split on NUL, every read with a timeout."""

    def __init__(self, port):
        # yaad has said it listens: one try is enough.
        self.sock = socket.create_connection(("127.0.0.1", int(port)), timeout=WAIT)
        self.buffer = b""
        self.log = []

    def send_raw(self, data):
        self.sock.sendall(data)

    def send(self, *messages):
        """The messages in one write."""
        self.send_raw(b"".join(m.encode("latin-1") + b"\0" for m in messages))

    def recv(self, timeout=WAIT):
        """The next message; fails after `timeout` or when the peer closes."""
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProcessError(f"no DXP message within {timeout} s; had {self.log[-5:]}")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            if not data:
                raise ProcessError(f"the engine closed the connection; had {self.log[-5:]}")
            self.buffer += data
        frame, _, self.buffer = self.buffer.partition(b"\0")
        message = frame.decode("latin-1")
        self.log.append(message)
        return message

    def expect(self, kind, timeout=WAIT, skip=""):
        """The next message of type `kind`, passing over types in `skip`."""
        deadline = time.monotonic() + timeout
        while True:
            m = self.recv(max(0.01, deadline - time.monotonic()))
            if m[:1] == kind:
                return m
            if not m or m[0] not in skip:
                raise ProcessError(f"expected a {kind!r} message, got {m[:80]!r}; had {self.log[-5:]}")

    def closed_by_engine(self, timeout=WAIT):
        """True if the engine closes the connection within `timeout`
        (messages before the close are dropped)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            except ConnectionResetError:
                return True
            if not data:
                return True
        return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class PeerCase(unittest.TestCase):
    """Each test starts `yaad dxp --listen` and connects to it."""

    move_time = MOVE_TIME  # seconds a move, so that games go fast

    def setUp(self):
        self.engine, port = start_follower(move_time=self.move_time)
        self.addCleanup(self.engine.kill)
        self.peer = Peer(port)
        self.addCleanup(self.peer.close)
        self.ref = referee(YAAD)

    def accept_game(self, follower_colour="Z", **kw):
        """Sends a GAMEREQ; checks the GAMEACC; the referee starts the game."""
        self.peer.send(gamereq(follower_colour, **kw))
        accept = self.peer.expect("A", skip="C")
        self.assertEqual(accept, "A" + name32("yaad") + "0")
        # yaad then says in a chat how it understood the game.
        self.assertIn(" min per side, ", self.peer.expect("C"))
        self.ref.new("international")

    def our_move(self, pick=0):
        legal = self.ref.moves()
        move = legal[pick % len(legal)]
        self.peer.send(dxp_move(move))
        self.ref.play(move)
        return move

    def their_move(self):
        """The engine's next move, checked legal and played on the referee."""
        m = self.peer.expect("M", skip="C")
        self.assertRegex(m, r"^M\d{4}\d{2}\d{2}(\d{2})(\d{2})*$")
        self.assertEqual(len(m), 11 + 2 * int(m[9:11]))
        self.ref.play(hub_move(m))
        return m

    def end_game(self, reason=0, stop=0):
        """Our GAMEEND; the engine must answer with its own (it may send
        the move it was thinking about first)."""
        self.peer.send(f"E{reason}{stop}")
        reply = self.peer.expect("E", skip="MC")
        self.assertRegex(reply, r"^E[0-3][01]$")
        return reply

    def exits_cleanly(self):
        self.assertEqual(self.engine.wait(), 0, self.engine.stderr_text()[-400:])

    def results(self):
        """The result lines, once the engine has exited."""
        return [l for l in self.engine.pending_lines(0) if l.startswith("game ")]


class Framing(PeerCase):
    def test_gamereq_split_over_many_writes(self):
        data = gamereq("Z").encode() + b"\0"
        for i in range(0, len(data), 5):
            self.peer.send_raw(data[i:i + 5])
            time.sleep(0.01)  # likely separate reads; the test holds either way
        self.assertEqual(self.peer.expect("A", skip="C"), "A" + name32("yaad") + "0")
        self.ref.new("international")
        self.our_move()
        self.their_move()
        self.end_game(0, 1)
        self.exits_cleanly()

    def test_several_messages_in_one_write(self):
        # A chat and the request together; yaad plays White and moves first.
        self.peer.send("Chello from the test", gamereq("W"))
        self.assertEqual(self.peer.expect("A", skip="C"), "A" + name32("yaad") + "0")
        self.ref.new("international")
        self.their_move()
        # Our move and a chat in one write, then a move split in two.
        legal = self.ref.moves()
        self.peer.send(dxp_move(legal[0]), "Cnice move")
        self.ref.play(legal[0])
        self.their_move()
        legal = self.ref.moves()
        raw = dxp_move(legal[-1]).encode() + b"\0"
        self.peer.send_raw(raw[:4])
        time.sleep(0.05)  # likely two reads; the test holds either way
        self.peer.send_raw(raw[4:])
        self.ref.play(legal[-1])
        self.their_move()
        self.end_game(2, 0)
        # The follower is ready for another game on the same connection.
        self.accept_game("Z")
        self.our_move(3)
        self.their_move()
        self.end_game(0, 1)
        self.exits_cleanly()
        results = self.results()
        self.assertEqual(len(results), 2, results)


# Malformed frames: (what, bytes without the final NUL, or None when the
# bytes are sent as they are).
MALFORMED = [
    ("unknown type", b"X123"),
    ("lower-case type", b"m0001322800"),
    ("MOVE too short", b"M00013228"),
    ("MOVE too long", b"M000132280000"),
    ("MOVE with letters", b"M00a1322800"),
    ("MOVE missing a captured square", b"M0001322801"),
    ("GAMEEND too short", b"E0"),
    ("GAMEEND bad code", b"E9"  b"0"),
    ("BACKREQ bad colour", b"B001Q"),
    ("empty frame", b""),
    ("bytes above 127", b"C\xe9\xff\x80"),
]
# 200 bytes before the NUL: more than a frame can be. The engine refuses its
# first 128 bytes and drops the rest up to the NUL.
OVERLONG = b"C" + b"x" * 199 + b"\0"


class Malformed(PeerCase):
    def chat_error(self):
        chat = self.peer.expect("C")
        self.assertIn("error", chat.lower())
        return chat

    def test_outside_a_game_each_gets_a_chat(self):
        for what, frame in MALFORMED:
            with self.subTest(what):
                self.peer.send_raw(frame + b"\0")
                self.chat_error()
        with self.subTest("200 bytes before the NUL"):
            self.peer.send_raw(OVERLONG)
            self.chat_error()
        # Nothing broke: a game can start.
        self.accept_game("Z")
        self.our_move()
        self.their_move()
        self.end_game(0, 1)
        self.exits_cleanly()

    def test_in_a_game_each_gets_a_chat_and_a_gameend(self):
        cases = MALFORMED + [("200 bytes before the NUL", None)]
        for number, (what, frame) in enumerate(cases, 1):
            with self.subTest(what):
                self.accept_game("Z")
                self.our_move(number)
                self.their_move()
                self.peer.send_raw(OVERLONG if frame is None else frame + b"\0")
                self.chat_error()
                end = self.peer.expect("E")
                self.assertRegex(end, r"^E[0-3]0$")
                self.peer.send("E00")  # we acknowledge, as the receiver must
        self.peer.send("E01")
        self.assertRegex(self.peer.expect("E", skip="C"), r"^E[0-3][01]$")
        self.exits_cleanly()
        results = self.results()
        self.assertEqual(len(results), len(cases), results)
        self.assertTrue(all("reason=malformed-message" in r for r in results), results)

    def test_illegal_moves(self):
        illegal = [
            ("not a diagonal", "M0001322900"),
            ("a square off the board", "M0001325600"),
            ("another's man", "M0001192300"),
            ("a capture that is not there", "M000132230128"),
        ]
        for what, move in illegal:
            with self.subTest(what):
                self.accept_game("Z")
                self.peer.send(move)
                self.chat_error()
                self.assertRegex(self.peer.expect("E"), r"^E[0-3]0$")
                self.peer.send("E00")
        # A move that breaks the maximum-capture rule: White must take two.
        setup = "W" + "".join(
            "z" if n in (17, 28, 34) else "w" if n in (33, 40) else "e" for n in range(1, 51)
        )
        self.peer.send(gamereq("Z", setup=setup))
        self.assertEqual(self.peer.expect("A", skip="C"), "A" + name32("yaad") + "0")
        self.assertIn(" min per side, ", self.peer.expect("C"))
        self.peer.send("M0001402901" "34")  # 40x29 takes one where 33x11 takes two
        self.chat_error()
        self.assertRegex(self.peer.expect("E"), r"^E[0-3]0$")
        self.peer.send("E00")
        self.peer.close()
        self.exits_cleanly()
        results = self.results()
        self.assertEqual(len(results), len(illegal) + 1, results)
        self.assertTrue(all("reason=illegal-move" in r for r in results), results)


class GameFlow(PeerCase):
    def test_stop_in_our_answer_to_its_gameend(self):
        # yaad ends the game (our illegal move); our answering GAMEEND says
        # stop=1, no more games: yaad must not wait for another request.
        self.accept_game("Z")
        self.peer.send("M0001322900")
        self.peer.expect("C")
        self.assertRegex(self.peer.expect("E"), r"^E[0-3]0$")
        self.peer.send("E01")
        self.assertTrue(self.peer.closed_by_engine(), "yaad still waits for a game after E01")
        self.exits_cleanly()

    def test_engine_plays_white_and_answers_our_gameend(self):
        self.accept_game("W")
        for i in range(3):
            self.their_move()
            self.our_move(i)
        self.their_move()
        self.assertEqual(self.end_game(2, 0), "E00")
        self.accept_game("Z")
        self.our_move()
        self.their_move()
        self.end_game(1, 1)
        self.exits_cleanly()

    def test_backreq_gets_backacc(self):
        self.accept_game("Z")
        first = self.our_move(0)
        self.their_move()
        self.our_move(1)
        self.their_move()
        # Back to move 1, White to move: both moves of each side undone.
        self.peer.send("B001W")
        self.assertEqual(self.peer.expect("K", skip="C"), "K0")
        self.ref.new("international")
        legal = self.ref.moves()
        other = next(m for m in legal if m != first)
        self.peer.send(dxp_move(other))
        self.ref.play(other)
        self.their_move()  # legal after our new first move
        # A move the game has not reached: refused.
        self.peer.send("B050W")
        self.assertEqual(self.peer.expect("K", skip="C"), "K1")
        self.our_move(2)
        self.their_move()
        self.end_game(0, 1)
        self.exits_cleanly()

    def test_gameend_with_stop_before_any_game(self):
        self.peer.send("E01")
        self.assertRegex(self.peer.expect("E", skip="C"), r"^E[0-3][01]$")
        self.exits_cleanly()

    def test_closing_the_socket_ends_the_engine(self):
        self.accept_game("Z")
        self.our_move()
        self.their_move()
        self.peer.close()
        self.exits_cleanly()

    def test_closing_the_socket_while_it_thinks(self):
        self.accept_game("W")
        self.peer.close()
        self.exits_cleanly()

    def test_setup_position(self):
        # Black to move in a position of our choosing; yaad plays Black.
        squares = "".join("z" if n in (18, 19) else "w" if n in (32, 33, 45) else "e" for n in range(1, 51))
        self.peer.send(gamereq("Z", setup="Z" + squares))
        self.assertEqual(self.peer.expect("A", skip="C"), "A" + name32("yaad") + "0")
        self.ref.new("international", "B:W32,33,45:B18,19")
        self.their_move()
        self.our_move()
        self.end_game(0, 1)
        self.exits_cleanly()

    def test_setup_without_a_move_is_refused(self):
        # White to move with no piece: there is no game to play.
        squares = "".join("z" if n == 1 else "e" for n in range(1, 51))
        self.peer.send(gamereq("Z", setup="W" + squares))
        accept = self.peer.expect("A", skip="C")
        self.assertEqual(accept[:33], "A" + name32("yaad"))
        self.assertNotEqual(accept[33], "0")
        self.accept_game("Z")  # the next request is fine
        self.end_game(0, 1)
        self.exits_cleanly()

    def test_other_version_is_refused_with_gameacc_1(self):
        # HUB.md: GAMEACC code 1 = version refused. An initiator waits for
        # GAMEACC, so a chat alone would leave it hanging.
        self.peer.send(gamereq("Z", version="02"))
        accept = self.peer.expect("A", skip="C")
        self.assertEqual(accept, "A" + name32("yaad") + "1")


class Clock(PeerCase):
    move_time = None  # thinking time from the clock alone

    def test_clock_comes_from_gamereq(self):
        # The request gives each side 1 minute and 60 moves, not the 5
        # minutes of yaad's own --minutes default; yaad says in a chat what
        # it took (no timing: the machine may be busy).
        self.peer.send(gamereq("W", minutes=1, moves=60))
        self.assertEqual(self.peer.expect("A", skip="C"), "A" + name32("yaad") + "0")
        self.assertIn("plays white, 1 min per side, 60 moves", self.peer.expect("C"))
        self.peer.expect("M", skip="C")


class Connecting(unittest.TestCase):
    """--port 0 with the listening line, and --connect-timeout (README, "DXP")."""

    def dxp(self, *args):
        p = LineProcess([YAAD, "dxp", *args], name="yaad dxp " + " ".join(args[:2]))
        self.addCleanup(p.kill)
        return p

    def assert_refused(self, p, error):
        """Exit status 2 with one `error:` line, the one given, and no result."""
        self.assertEqual(p.wait(), 2, p.stderr_text())
        self.assertEqual([l for l in p.stderr_text().splitlines() if l.startswith("error")], [error])
        self.assertEqual(p.pending_lines(0), [])

    def test_listening_line_before_any_peer(self):
        follower, port = start_follower()
        self.addCleanup(follower.kill)
        self.assertGreater(int(port), 0)
        self.assertTrue(follower.running())
        # The port is the one it listens on: a peer gets its game.
        peer = Peer(port)
        self.addCleanup(peer.close)
        peer.send("E01")
        self.assertRegex(peer.expect("E", skip="C"), r"^E[0-3][01]$")
        self.assertEqual(follower.wait(), 0)
        self.assertEqual(follower.pending_lines(0), [], "the listening line is not on stdout")

    def test_connect_timeout_waits_for_a_late_listener(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))  # the port is ours, but nobody listens on it yet
            port = str(server.getsockname()[1])
            initiator = self.dxp("--connect", "127.0.0.1", "--port", port, "--initiator",
                                 "--connect-timeout", str(WAIT), "--timeout", str(WAIT))
            # It says so once it has been refused; only then do we listen.
            initiator.stderr_line(rf"^dxp: cannot connect to 127\.0\.0\.1:{port}: .*; trying again")
            server.listen(1)
            server.settimeout(WAIT)
            connection, _ = server.accept()
            with connection:
                connection.settimeout(WAIT)
                self.assertEqual(connection.recv(1), b"R", "the initiator's first message is GAMEREQ")
        self.assertEqual(initiator.wait(), 1, "the peer left before a game: an initiator's failure")

    def test_connect_timeout_gives_up(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            port = str(server.getsockname()[1])
            initiator = self.dxp("--connect", "127.0.0.1", "--port", port, "--initiator",
                                 "--connect-timeout", "0.2")
            self.assert_refused(initiator, f"error: cannot connect to 127.0.0.1:{port}: Connection refused "
                                           "(tried for 0.2 s)")

    def test_one_try_without_connect_timeout(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            port = str(server.getsockname()[1])
            initiator = self.dxp("--connect", "127.0.0.1", "--port", port, "--initiator")
            self.assert_refused(initiator, f"error: cannot connect to 127.0.0.1:{port}: Connection refused")
            self.assertNotIn("trying again", initiator.stderr_text())

    def test_bad_values(self):
        cases = [
            (["--connect-timeout", "-1"], "error: --connect-timeout must be a number of seconds, 0 or more"),
            (["--connect-timeout", "nan"], "error: --connect-timeout must be a number of seconds, 0 or more"),
            (["--connect-timeout", "soon"], "error: the argument ('soon') for option '--connect-timeout' is invalid"),
            (["--port", "0"], "error: --port must be 1 to 65535 (or 0 with --listen: any free port)"),
            (["--port", "65536"], "error: --port must be 1 to 65535 (or 0 with --listen: any free port)"),
        ]
        for args, error in cases:
            with self.subTest(args=args):
                self.assert_refused(self.dxp("--connect", "127.0.0.1", *args), error)


def main():
    global YAAD
    if len(sys.argv) < 2:
        sys.exit("usage: dxp_test.py path/to/yaad [unittest options]")
    YAAD = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)


if __name__ == "__main__":
    main()
