"""One Hub engine process (HUB.md): handshake, one search per move, pondering, faults.

A fault (crash, stall, unreadable answer) is raised as EngineFault with the
reason recorded for the game; the process is killed at once, and the
runner starts a fresh one before the engine's next game.
"""

import shlex
import time
from dataclasses import dataclass, field

from . import hubline, memory
from .lineproc import LineProcess, ProcessGone, ReadTimeout


class EngineFault(Exception):
    """The engine loses the game: `reason` says why (crash, timeout, garbage: ...)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class EngineStartError(Exception):
    """The engine did not start, did not finish the handshake, or refused a setting."""


@dataclass
class Thought:
    """An engine's answer to `go think`, or to `ponder-hit` after `go ponder`."""
    move: str
    ponder: str   # the reply the engine expects (`done ... ponder=`); None if it gave none
    score: float  # from the mover's side, in men; None if the engine gave none
    depth: int    # None if the engine gave none
    elapsed: float
    errors: list  # the messages of `error` lines the engine sent while asked for this move
    book: bool = False  # the move came from the engine's book (yaad's info line with book=true)


@dataclass
class _Search:
    """What an engine has said so far in one search: its last score and depth, its `error` messages."""
    score: float = None
    depth: int = None
    errors: list = field(default_factory=list)
    book: bool = False

    def note(self, line, text):
        # A move from the engine's book (yaad's info line with book=true) is recorded as one without
        # a search: no score, no depth; its comment is `book`.
        if line.command == "info" and line.get("book") == "true":
            self.book = True
        elif line.command == "info":
            if "score" in line.values:
                self.score = _number(line.get("score"), float)
            if "depth" in line.values:
                self.depth = _number(line.get("depth"), int)
        elif line.command == "error":
            self.errors.append(line.get("message", text))


def _number(text, kind):
    try:
        return kind(text)
    except (TypeError, ValueError):
        return None


def _excerpt(line, width=60):
    return line if len(line) <= width else line[:width] + "..."


class HubEngine:
    """`command` is a shell-style command line; `params` are (name, value, required) triples."""

    def __init__(self, command, label, variant, params=(), log=None, startup_timeout=10.0):
        self.command = command
        self.label = label
        self.variant = variant
        self.params = list(params)
        self.log = log
        self.startup_timeout = startup_timeout
        self.id_name = None
        self._process = None
        self._last_memory = None  # memory.MemorySample of the current process
        self._strays = []  # lines that answered nothing, until take_strays

    @property
    def running(self):
        return self._process is not None and self._process.running

    def start(self):
        """Starts the process and runs the handshake: hub ... wait, set-param, init ... ready."""
        self.kill()
        self._last_memory = None
        try:
            argv = shlex.split(self.command)
        except ValueError as e:
            raise EngineStartError(f"cannot read the command {self.command!r}: {e}") from e
        if not argv:
            raise EngineStartError("empty engine command")
        try:
            self._process = LineProcess(argv, self.label, self.log)
            declared = self._greet()
            for name, value in self._settings(declared):
                self._process.send(hubline.format_line("set-param", [("name", name), ("value", value)]))
            self._process.send("init")
            self._lines_until("ready")
        except (ProcessGone, ReadTimeout) as e:
            self.kill()
            raise EngineStartError(f"{self.label} ({self.command}): {e}") from e
        except EngineStartError:
            self.kill()
            raise

    def _greet(self):
        """Sends `hub`, reads `id` and `param` lines up to `wait`; returns the declared params by name."""
        self._process.send("hub")
        declared = {}
        for line in self._lines_until("wait"):
            if line.command == "id" and "name" in line.values:
                self.id_name = line.values["name"]
            elif line.command == "param" and "name" in line.values:
                declared[line.values["name"]] = line
        return declared

    def _settings(self, declared):
        """The set-param pairs to send: the variant first, then the requested params."""
        settings = []
        variant_param = declared.get("variant")
        if variant_param is not None:
            offered = variant_param.get("values", "").split()
            if not offered or self.variant in offered:
                settings.append(("variant", self.variant))
            elif self.variant == "international" and "normal" in offered:
                settings.append(("variant", "normal"))
            else:
                raise EngineStartError(
                    f"{self.label} does not play {self.variant} (its variants: {' '.join(offered)})")
        elif self.variant != "international":
            raise EngineStartError(
                f"{self.label} declares no variant parameter, so it plays international only")
        for name, value, required in self.params:
            if name in declared:
                settings.append((name, value))
            elif required:
                raise EngineStartError(f"{self.label} has no parameter {name!r}")
        return settings

    def _lines_until(self, last):
        """The parsed lines up to the line whose command is `last`; an `error` line ends the handshake."""
        deadline = time.monotonic() + self.startup_timeout
        lines = []
        while True:
            _, text = self._process.read(deadline - time.monotonic())
            try:
                line = hubline.parse(text)
            except hubline.HubSyntaxError:
                continue
            if line.command == "error":
                raise EngineStartError(f"{self.label} refused the setup: {line.get('message', text)}")
            if line.command == last:
                return lines
            lines.append(line)

    def prepare_game(self):
        """Before each game: a fresh process if the last one was killed or died, then `new-game`."""
        if not self.running:
            try:
                self.start()
            except EngineStartError as e:
                raise EngineFault(f"crash: restart failed: {e}") from e
        self._send_or_fault("new-game")

    def think(self, position, moves, level, wait):
        """Asks for a move: `pos`, `level`, `go think`, then reads `info` lines up to `done`.

        `position` is the game's first position as a Hub string, `moves`
        every move played since, in Hub form; `level` is a list of (name,
        value) pairs; `wait` is how long to wait for `done` before the
        engine counts as stalled. Raises EngineFault.
        """
        for line in self._process.pending_lines():
            self._note_stray(line)
        # The clock starts before the question: a runner held up between sending it and
        # noting the time would give the engine that time for nothing.
        asked = time.monotonic()
        self._send_search(position, moves, level, "think")
        return self._read_answer(_Search(), asked, wait)

    def ponder(self, position, moves, level):
        """Starts a ponder search (`go ponder`) and returns at once; `moves` end with the
        expected reply, `level` is the one of the engine's next move. Raises EngineFault.

        The search must then end with ponder_hit or stop_ponder, and must not
        answer before either."""
        for line in self._process.pending_lines():
            self._note_stray(line)
        self._send_search(position, moves, level, "ponder")

    def ponder_hit(self, wait):
        """The expected reply was played: `ponder-hit`, then the search's `done`, which must
        come within `wait` seconds from now; its time counts from now. Raises EngineFault."""
        search = self._ponder_so_far()
        asked = time.monotonic()  # before the question, as in think
        self._send_or_fault("ponder-hit")
        return self._read_answer(search, asked, wait)

    def stop_ponder(self, wait):
        """Another reply was played, or the game ended: `stop`, and the search's `done`, which
        must come within `wait` seconds, is dropped. Raises EngineFault."""
        self._ponder_so_far()
        asked = time.monotonic()
        self._send_or_fault("stop")
        self._read_answer(_Search(), asked, wait, need_move=False)

    def _ponder_so_far(self):
        """The lines a ponder search has sent; a `done` among them came before anyone asked."""
        search = _Search()
        for text in self._process.pending_lines():
            try:
                line = hubline.parse(text)
            except hubline.HubSyntaxError:
                if text.lstrip().startswith("done"):
                    self._fault(f"unasked done: {_excerpt(text)}")
                continue
            if line.command == "done":
                self._fault(f"unasked done: {_excerpt(text)}")
            if line.command in ("info", "error"):
                search.note(line, text)
            else:
                self._note_stray(text)
        return search

    def _send_search(self, position, moves, level, mode):
        pos_pairs = [("pos", position)]
        if moves:
            pos_pairs.append(("moves", " ".join(moves)))
        self._send_or_fault(hubline.format_line("pos", pos_pairs))
        self._send_or_fault(hubline.format_line("level", level))
        self._send_or_fault(f"go {mode}")

    def _read_answer(self, search, asked, wait, need_move=True):
        """Reads `info` lines up to `done`, for at most `wait` seconds after `asked`."""
        while True:
            try:
                arrived, text = self._process.read(asked + wait - time.monotonic())
            except ReadTimeout:
                self._fault("timeout")
            except ProcessGone:
                self._fault("crash")
            try:
                line = hubline.parse(text)
            except hubline.HubSyntaxError:
                if text.lstrip().startswith("done"):
                    self._fault(f"garbage: {_excerpt(text)}")
                continue
            if line.command in ("info", "error"):
                search.note(line, text)
            elif line.command == "done":
                move = line.get("move", "")
                if need_move and (not move or any(c.isspace() or c in '="' for c in move)):
                    self._fault(f"garbage: {_excerpt(text)}")
                return Thought(move, line.get("ponder") or None, search.score, search.depth, arrived - asked,
                               search.errors, search.book)
            else:
                self._note_stray(text)

    def memory(self):
        """The process's memory now; once it is killed, as it was just before (None if unknown)."""
        if self.running:
            self._last_memory = memory.sample(self._process.pid)
        return self._last_memory

    def _note_stray(self, text):
        """A line that answers nothing the runner asked, such as a second `done`: the log
        marks it, and take_strays hands it on."""
        self._strays.append(_excerpt(text, 100))
        if self.log:
            self.log.write(self.label, "?", text)

    def take_strays(self):
        """The stray lines noticed since the last call (noticed only when the engine is next asked
        something, as only then are its pending lines read)."""
        strays, self._strays = self._strays, []
        return strays

    def _send_or_fault(self, line):
        try:
            self._process.send(line)
        except ProcessGone:
            self._fault("crash")

    def _fault(self, reason):
        self.kill()
        raise EngineFault(reason)

    def quit(self):
        if self._process is not None:
            self._process.close("quit")

    def kill(self):
        """Ends the process at once; safe from another thread while a search is read."""
        if self._process is not None:
            self.memory()  # its peak, before it is lost with the process
            self._process.kill()
