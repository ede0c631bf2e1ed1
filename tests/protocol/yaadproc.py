"""What the protocol tests share: a line-oriented child process that can be
read with timeouts, and the `yaad referee` as a judge of legality.

Every wait in here takes a timeout, so a yaad that hangs fails the test
that waited instead of hanging the whole run. The timeouts are generous
(WAIT): they bound a wait for something that must come, on a machine that
may be busy, and cost nothing when it comes.
"""

import atexit
import queue
import re
import subprocess
import threading
import time

# Seconds to wait for a line or an exit that must come soon: long enough for
# a loaded machine (or a sanitizer build) that is slow but not broken.
WAIT = 30.0


class ProcessError(AssertionError):
    """The child did not answer as expected (a test failure, not an error)."""


class LineProcess:
    """A child process spoken to line by line over pipes.

    stdout is read by a thread into a queue, as raw bytes per line, so that
    a test can wait for a line with a timeout and can also check that what
    came back is clean ASCII. stderr is drained by another thread (a child
    that fills the stderr pipe would block) and kept for failure messages
    and for stderr_line. wait() joins both threads: once it has returned,
    everything the child wrote is here.
    """

    def __init__(self, args, name=None):
        self.name = name or " ".join(str(a) for a in args[:2])
        self.proc = subprocess.Popen(
            [str(a) for a in args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self._lines = queue.Queue()
        self._stderr = []
        self._stderr_changed = threading.Condition()
        self._stderr_ended = False
        self._sent = []
        self._eof = False
        self._readers = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read_stdout(self):
        for raw in iter(self.proc.stdout.readline, b""):
            self._lines.put(raw.rstrip(b"\n"))
        self._lines.put(None)  # end of output
        self.proc.stdout.close()

    def _read_stderr(self):
        for raw in iter(self.proc.stderr.readline, b""):
            with self._stderr_changed:
                self._stderr.append(raw.decode("latin-1").rstrip("\n"))
                self._stderr_changed.notify_all()
        self.proc.stderr.close()
        with self._stderr_changed:
            self._stderr_ended = True
            self._stderr_changed.notify_all()

    # --- writing -----------------------------------------------------------

    def send(self, line):
        """Sends one line (str or bytes); a newline is added."""
        data = line if isinstance(line, bytes) else line.encode("latin-1")
        self._sent.append(data[:120])
        try:
            self.proc.stdin.write(data + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise self.failure(f"could not send {data[:60]!r}: {e}")

    def close_stdin(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    # --- reading -----------------------------------------------------------

    def raw_line(self, timeout):
        """The next line as bytes; fails after `timeout` seconds or at EOF."""
        if self._eof:
            raise self.failure("output already ended")
        try:
            raw = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise self.failure(f"no line within {timeout} s")
        if raw is None:
            self._eof = True
            raise self.failure("output ended")
        return raw

    def line(self, timeout=WAIT):
        return self.raw_line(timeout).decode("latin-1")

    def lines_until(self, predicate, timeout=WAIT):
        """Lines up to and including the first for which predicate holds,
        all within `timeout` seconds in total."""
        deadline = time.monotonic() + timeout
        out = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self.failure(f"waited {timeout} s; got {out[-5:]}")
            out.append(self.line(left))
            if predicate(out[-1]):
                return out

    def no_line_for(self, seconds):
        """Fails if any line arrives within `seconds`; returns nothing."""
        try:
            raw = self._lines.get(timeout=seconds)
        except queue.Empty:
            return
        if raw is None:
            self._eof = True
            raise self.failure("output ended where silence was expected")
        raise self.failure(f"unexpected line {raw[:200]!r}")

    def pending_lines(self, settle=0.2):
        """Whatever arrives within `settle` seconds of quiet."""
        out = []
        while True:
            try:
                raw = self._lines.get(timeout=settle)
            except queue.Empty:
                return out
            if raw is None:
                self._eof = True
                return out
            out.append(raw.decode("latin-1"))

    def lines_during(self, seconds):
        """Every line that arrives in the next `seconds` seconds."""
        deadline = time.monotonic() + seconds
        out = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return out
            try:
                raw = self._lines.get(timeout=left)
            except queue.Empty:
                return out
            if raw is None:
                self._eof = True
                return out
            out.append(raw.decode("latin-1"))

    def at_eof(self, timeout):
        """True if stdout ends within `timeout` (lines before the end are dropped)."""
        deadline = time.monotonic() + timeout
        while not self._eof:
            try:
                if self._lines.get(timeout=max(0.0, deadline - time.monotonic())) is None:
                    self._eof = True
            except queue.Empty:
                return False
        return True

    def stderr_line(self, pattern, timeout=WAIT):
        """The match of the first stderr line that matches the regex
        `pattern`; fails after `timeout` or when stderr ends without one."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        seen = 0
        with self._stderr_changed:
            while True:
                for line in self._stderr[seen:]:
                    if m := regex.search(line):
                        return m
                seen = len(self._stderr)
                left = deadline - time.monotonic()
                if self._stderr_ended or left <= 0:
                    break
                self._stderr_changed.wait(left)
        raise self.failure(f"no stderr line like {pattern!r} " + ("before it ended" if self._stderr_ended
                                                                  else f"within {timeout} s"))

    # --- ending ------------------------------------------------------------

    def wait(self, timeout=WAIT):
        """The exit status, once the child has exited and all its output
        has been read (a status with part of stderr still unread misled a
        test into thinking a child had failed for no reason); fails (and
        kills the child) after `timeout`."""
        deadline = time.monotonic() + timeout
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise self.failure(f"still running after {timeout} s")
        for reader in self._readers:
            reader.join(max(0.0, deadline - time.monotonic()))
            if reader.is_alive():
                raise self.failure(f"exited, but its output was still open after {timeout} s")
        return status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                pass
        self.close_stdin()

    def running(self):
        return self.proc.poll() is None

    def stderr_text(self):
        return "\n".join(self._stderr)

    def failure(self, what):
        sent = b" | ".join(self._sent[-6:]).decode("latin-1")
        err = self.stderr_text()[-600:]
        return ProcessError(f"{self.name}: {what}\n  last sent: {sent}\n  stderr: {err}")


class Referee:
    """`yaad referee` (protocol/referee.hpp): tells legal moves in Hub form,
    replays games. One process serves a whole test module."""

    def __init__(self, yaad):
        self.proc = LineProcess([yaad, "referee"], name="yaad referee")

    def ask(self, line, timeout=WAIT):
        self.proc.send(line)
        return self.proc.line(timeout)

    def new(self, variant, pos="start"):
        answer = self.ask(f"new variant={variant} pos={quote(pos)}")
        if not answer.startswith("ok "):
            raise ProcessError(f"referee refused the position {pos!r}: {answer}")
        return answer

    def play(self, move):
        """The referee's answer fields for a legal move; fails on an illegal one."""
        answer = self.ask(f"play {move}")
        if not answer.startswith("legal "):
            raise ProcessError(f"referee: {move} is not legal: {answer}")
        return fields(answer)

    def moves(self):
        answer = fields(self.ask("moves"))
        return answer["list"].split()

    def status(self):
        return fields(self.ask("status"))

    def legal_moves(self, variant, pos="start", moves=()):
        """The legal moves (Hub form) after `moves` from `pos`."""
        self.new(variant, pos)
        for m in moves:
            self.play(m)
        return self.moves()

    def close(self):
        self.proc.send("quit")
        self.proc.close_stdin()
        try:
            self.proc.wait()
        finally:
            self.proc.kill()


_referees = {}


def referee(yaad):
    """The module's shared referee, started on first use."""
    if yaad not in _referees:
        _referees[yaad] = Referee(yaad)
        atexit.register(_referees[yaad].proc.kill)
    return _referees[yaad]


def quote(value):
    """A Hub value, quoted when it needs it (HUB.md: blanks, '=' or empty)."""
    if value == "" or any(c in value for c in " \t="):
        return f'"{value}"'
    return value


def tokenize(line):
    """Our own reading of a Hub line (HUB.md "Syntax"): returns the command
    and a list of (name, value) with value None for a flag. Raises
    ValueError where the line breaks the syntax."""
    i, n = 0, len(line)
    words = []

    def blanks():
        nonlocal i
        while i < n and line[i] in " \t":
            i += 1

    def word():
        nonlocal i
        start = i
        while i < n and line[i] not in ' \t="':
            i += 1
        return line[start:i]

    blanks()
    command = word()
    if not command:
        raise ValueError(f"no command in {line!r}")
    while True:
        blanks()
        if i >= n:
            return command, words
        name = word()
        if not name:
            raise ValueError(f"stray {line[i]!r} at {i} in {line!r}")
        blanks()
        if i < n and line[i] == "=":
            i += 1
            blanks()
            if i < n and line[i] == '"':
                end = line.find('"', i + 1)
                if end < 0:
                    raise ValueError(f"unterminated quote in {line!r}")
                value = line[i + 1:end]
                i = end + 1
            else:
                value = word()
                if not value:
                    raise ValueError(f"missing value for {name} in {line!r}")
            if i < n and line[i] not in " \t":
                raise ValueError(f"junk after {name}= in {line!r}")
            words.append((name, value))
        else:
            words.append((name, None))


def fields(line):
    """The name=value pairs of a line as a dict (flags left out)."""
    return {k: v for k, v in tokenize(line)[1] if v is not None}


def hub_capture_parts(move):
    """(from, to, captured) of a Hub move: '32-28' or '28x19x23'."""
    if "-" in move:
        a, b = move.split("-")
        return int(a), int(b), []
    parts = [int(p) for p in move.split("x")]
    return parts[0], parts[1], parts[2:]
