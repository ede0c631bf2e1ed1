"""A child process spoken to one line at a time, whose answers can time out.

A reader thread moves every output line, stamped with the moment it
arrived, into a queue; the runner waits on the queue with a timeout, so an
engine that stalls is noticed and never blocks the match. Children run in
their own session: a Ctrl-C at the terminal reaches the runner only, which
then ends them itself.
"""

import os
import queue
import signal
import subprocess
import threading
import time


class ProcessGone(Exception):
    """The process could not be started, closed its output, or exited."""


class ReadTimeout(Exception):
    """No line arrived in time."""


class TrafficLog:
    """Every line sent to and read from the children, for `--log FILE`."""

    def __init__(self, path):
        self._file = open(path, "a", encoding="utf-8")
        self._lock = threading.Lock()
        self._start = time.monotonic()

    def write(self, label, direction, line):
        with self._lock:
            self._file.write(f"{time.monotonic() - self._start:10.3f} {label} {direction} {line}\n")
            self._file.flush()

    def close(self):
        self._file.close()


class LineProcess:
    def __init__(self, argv, label, log=None):
        self.label = label
        self._log = log
        self._lines = queue.Queue()
        self._ended = False
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if log else subprocess.DEVNULL,
                start_new_session=True)
        except OSError as e:
            raise ProcessGone(f"cannot start {argv[0]!r}: {e.strerror}") from e
        threading.Thread(target=self._read_output, daemon=True).start()
        if log:
            threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_output(self):
        for raw in self._process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self._lines.put((time.monotonic(), line))
            if self._log:
                self._log.write(self.label, "<", line)
        self._lines.put((time.monotonic(), None))

    def _read_errors(self):
        for raw in self._process.stderr:
            self._log.write(self.label, "!", raw.decode("utf-8", "replace").rstrip("\r\n"))

    def send(self, line):
        if self._log:
            self._log.write(self.label, ">", line)
        try:
            self._process.stdin.write((line + "\n").encode("utf-8"))
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise ProcessGone(f"{self.label} does not read its input any more") from e

    def read(self, timeout):
        """The next line and the monotonic time it arrived; ReadTimeout or ProcessGone otherwise."""
        if self._ended:
            raise ProcessGone(f"{self.label} has ended")
        try:
            arrived, line = self._lines.get(timeout=max(timeout, 0))
        except queue.Empty:
            raise ReadTimeout(f"{self.label} said nothing for {timeout:.1f} s") from None
        if line is None:
            self._ended = True
            raise ProcessGone(f"{self.label} ended (exit status {self._process.wait()})")
        return arrived, line

    def pending_lines(self):
        """Lines already received and not read yet, without waiting."""
        lines = []
        while not self._ended:
            try:
                _, line = self._lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self._ended = True
            else:
                lines.append(line)
        return lines

    @property
    def running(self):
        return not self._ended and self._process.poll() is None

    @property
    def pid(self):
        return self._process.pid

    def close(self, goodbye=None, grace=2.0):
        """Asks the process to end (with `goodbye`, then EOF), kills it after `grace` seconds."""
        if self._process.poll() is None and goodbye:
            try:
                self.send(goodbye)
            except ProcessGone:
                pass
        try:
            self._process.stdin.close()
        except OSError:
            pass
        try:
            self._process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.kill()
        self._ended = True

    def kill(self):
        """Ends the process and anything it started, at once."""
        if self._process.poll() is None:
            try:
                os.killpg(self._process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._process.wait()
        self._ended = True
