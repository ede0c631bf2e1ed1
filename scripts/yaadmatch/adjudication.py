"""Ending a game early when both engines' scores agree (optional).

Scores are what each engine reported for its own move, from its own side,
in men. A draw: for the last N moves of each engine, every score was within
±S. A win: for the last N moves of each engine, one side's engine always
saw itself at +S or better and the other's at -S or worse. A move without a
score does not count either way: engines often play a forced move (a single
legal move, common with compulsory captures) at once, without searching.
"""

from collections import deque
from dataclasses import dataclass

WHITE, BLACK = "W", "B"


@dataclass(frozen=True)
class Rule:
    moves: int
    score: float

    @staticmethod
    def parse(text):
        """`MOVES,SCORE`, e.g. `10,0.05`."""
        try:
            moves, score = text.split(",")
            rule = Rule(int(moves), float(score))
        except ValueError:
            raise ValueError(f"expected MOVES,SCORE such as 10,0.05, not {text!r}") from None
        if rule.moves < 1 or rule.score < 0:
            raise ValueError(f"MOVES must be 1 or more and SCORE 0 or more in {text!r}")
        return rule


class Adjudicator:
    def __init__(self, draw_rule=None, win_rule=None):
        self.draw_rule = draw_rule
        self.win_rule = win_rule
        longest = max((r.moves for r in (draw_rule, win_rule) if r), default=0)
        self._scores = {WHITE: deque(maxlen=longest), BLACK: deque(maxlen=longest)}

    def record(self, side, score):
        """Notes a move's score; returns None, 'draw', or the winning side ('W' or 'B')."""
        if score is None:
            return None
        self._scores[side].append(score)
        if self.draw_rule and self._all_last(self.draw_rule.moves, lambda s, _: abs(s) <= self.draw_rule.score):
            return "draw"
        if self.win_rule:
            rule = self.win_rule
            for winner, loser in ((WHITE, BLACK), (BLACK, WHITE)):
                if self._all_last(rule.moves, lambda s, who: s >= rule.score if who == winner else s <= -rule.score):
                    return winner
        return None

    def _all_last(self, count, test):
        """True when both sides have at least `count` scores and each of their last `count` passes `test`."""
        for side, history in self._scores.items():
            if len(history) < count or not all(test(s, side) for s in list(history)[-count:]):
                return False
        return True
