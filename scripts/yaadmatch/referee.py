"""The `yaad referee` process: every rules decision of a match is its answer.

The runner never decides legality or the end of a game itself; it sends
`new` and `play` lines (see protocol/referee.hpp) and reads the verdicts.
"""

from dataclasses import dataclass

from . import hubline
from .lineproc import LineProcess, ProcessGone, ReadTimeout


class RefereeError(Exception):
    """The referee failed or answered something unexpected: the match cannot go on."""


ONGOING = "ongoing"


@dataclass
class Verdict:
    """The referee's answer to `new` or `play`; `legal` is False for an illegal move."""
    legal: bool
    fen: str = None
    state: str = None   # ongoing, white-wins, black-wins or draw
    reason: str = None  # the rule that ended the game: no-pieces, no-moves, repetition, ...
    result: str = None  # PDN result: 1-0, 0-1, 1/2-1/2 or *
    move: str = None    # the move in canonical Hub form
    pdn: str = None     # the move in the variant's PDN notation
    message: str = None  # why a move is illegal
    variant: str = None  # the variant's canonical name (answer to `new`)

    @property
    def over(self):
        return self.state != ONGOING


class Referee:
    def __init__(self, yaad, label="referee", log=None, timeout=30.0):
        self._timeout = timeout
        try:
            self._process = LineProcess([yaad, "referee"], label, log)
        except ProcessGone as e:
            raise RefereeError(str(e)) from e

    def _ask(self, line):
        try:
            self._process.send(line)
            _, text = self._process.read(self._timeout)
        except (ProcessGone, ReadTimeout) as e:
            raise RefereeError(f"yaad referee failed after {line!r}: {e}") from e
        try:
            return hubline.parse(text)
        except hubline.HubSyntaxError as e:
            raise RefereeError(f"unreadable referee answer {text!r} to {line!r}") from e

    def new(self, variant, fen=None):
        """Starts a game of `variant` from `fen` (the start position if None)."""
        pairs = [("variant", variant)] + ([("pos", fen)] if fen else [])
        request = hubline.format_line("new", pairs)
        answer = self._ask(request)
        if answer.command != "ok":
            raise RefereeError(f"the referee refused '{request}': {answer.get('message', answer.command)}")
        return Verdict(True, answer.get("fen"), answer.get("state"), answer.get("reason"), answer.get("result"),
                       variant=answer.get("variant"))

    def play(self, move):
        """Plays one move of the current game; an illegal move gets legal=False and a message."""
        answer = self._ask(f"play {move}")
        if answer.command == "illegal":
            return Verdict(False, message=answer.get("message", ""))
        if answer.command != "legal":
            raise RefereeError(f"unexpected referee answer to 'play {move}': {answer.command} "
                               f"{answer.get('message', '')}")
        return Verdict(True, answer.get("fen"), answer.get("state"), answer.get("reason"),
                       answer.get("result"), answer.get("move"), answer.get("pdn"))

    def close(self):
        self._process.close("quit")

    def kill(self):
        self._process.kill()
