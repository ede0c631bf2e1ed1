"""The record of one finished game, as the summary, PDN and JSON need it."""

from dataclasses import dataclass, field

from .memory import MemorySample

WHITE_WINS, BLACK_WINS, DRAW = "1-0", "0-1", "1/2-1/2"


def win_for(side):
    """The PDN result when `side` ('W' or 'B') wins."""
    return WHITE_WINS if side == "W" else BLACK_WINS


def loss_for(side):
    """The PDN result when `side` ('W' or 'B') loses."""
    return BLACK_WINS if side == "W" else WHITE_WINS


def termination_kind(reason):
    """The reason without its detail: 'illegal move: 11-15' -> 'illegal move'."""
    return reason.split(": ", 1)[0]


@dataclass
class GameRecord:
    index: int          # 1-based game number
    pair: int           # 1-based number of the opening pair
    white_engine: int   # 0 if the first engine (--engine) played White, else 1
    white: str
    black: str
    opening: str        # FEN of the first position the engines play from
    opening_origin: str
    result: str         # 1-0, 0-1 or 1/2-1/2
    reason: str         # why the game ended (the referee's rule, a fault, an adjudication)
    opening_start: str = None  # FEN the opening's moves start from (None: no opening moves)
    opening_moves: list = field(default_factory=list)  # the opening's moves, PDN notation
    moves: list = field(default_factory=list)       # Hub form
    pdn_moves: list = field(default_factory=list)   # the variant's PDN notation
    # Per answer of the engines (a move that lost on time or was illegal included):
    move_times: list = field(default_factory=list)  # seconds, as the runner measured them
    scores: list = field(default_factory=list)  # the last score reported (None: none)
    depths: list = field(default_factory=list)  # the last depth reported (None: none)
    duration: float = 0.0
    engine_errors: list = field(default_factory=list)  # {'ply', 'engine', 'message'} of engine `error` lines
    # Problems that did not decide the game, {'ply', 'engine', 'message'}: a line that answered
    # nothing (e.g. a second `done`), an unusable ponder move, a fault while stopping a ponder
    # search after the game had ended.
    warnings: list = field(default_factory=list)
    # Per engine, in --engine order:
    ponder_hits: list = field(default_factory=lambda: [0, 0])    # the expected reply came: ponder-hit
    ponder_misses: list = field(default_factory=lambda: [0, 0])  # another reply came: stop, then go think
    memory: list = field(default_factory=lambda: [None, None])   # memory.MemorySample at the game's end
    book_moves: list = field(default_factory=list)  # per answer: True for a move from the engine's book

    @property
    def plies(self):
        return len(self.moves)

    def score_of(self, engine):
        """The points engine 0 or 1 (in --engine order) made in this game: 1, 0.5 or 0."""
        if self.result == DRAW:
            return 0.5
        white_won = self.result == WHITE_WINS
        return 1.0 if white_won == (engine == self.white_engine) else 0.0

    def to_json(self):
        return {
            "index": self.index, "pair": self.pair, "white": self.white, "black": self.black,
            "opening": self.opening, "opening_origin": self.opening_origin,
            "opening_start": self.opening_start, "opening_moves": self.opening_moves,
            "result": self.result, "reason": self.reason, "plies": self.plies,
            "moves": self.moves, "pdn_moves": self.pdn_moves,
            "move_times": [round(t, 4) for t in self.move_times],
            "scores": self.scores, "depths": self.depths,
            "duration": round(self.duration, 3),
            "engine_errors": self.engine_errors,
            "warnings": self.warnings,
            "ponder_hits": self.ponder_hits,
            "ponder_misses": self.ponder_misses,
            "memory": [m.to_json() if m else None for m in self.memory],
            "book_moves": self.book_moves,
        }

    @staticmethod
    def from_json(data):
        """The record to_json wrote, as --resume reads it back. Game i of a match is pair
        (i + 1) // 2, and the first engine plays White in its odd games."""
        return GameRecord(
            data["index"], data["pair"], (data["index"] - 1) % 2, data["white"], data["black"], data["opening"],
            data["opening_origin"], data["result"], data["reason"], data["opening_start"],
            list(data["opening_moves"]), list(data["moves"]), list(data["pdn_moves"]), list(data["move_times"]),
            list(data["scores"]), list(data["depths"]), data["duration"], list(data["engine_errors"]),
            list(data["warnings"]), list(data["ponder_hits"]), list(data["ponder_misses"]),
            [MemorySample.from_json(m) for m in data["memory"]],
            # Match files written before the runner noted book moves have none.
            list(data.get("book_moves", [False] * len(data["moves"]))))
