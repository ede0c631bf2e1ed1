"""The running totals of a match, from the first engine's side."""

from collections import Counter

from . import stats
from .records import termination_kind


class Scoreboard:
    def __init__(self, names):
        self.names = names
        self.records = []
        self.wins = self.draws = self.losses = 0
        self._pair_points = {}  # pair -> the first engine's points in the games of the pair so far
        self._pair_games = Counter()
        self.pentanomial = [0] * 5  # complete pairs by the first engine's points: 0, 1/2, 1, 3/2, 2
        self.terminations = Counter()  # (termination kind, winner: 0, 1 or None for a draw)

    @property
    def games(self):
        return len(self.records)

    def add(self, record):
        """Counts a finished game; returns True if it completed its pair."""
        self.records.append(record)
        points = record.score_of(0)
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        winner = None if points == 0.5 else (0 if points == 1.0 else 1)
        self.terminations[termination_kind(record.reason), winner] += 1
        self._pair_points[record.pair] = self._pair_points.get(record.pair, 0.0) + points
        self._pair_games[record.pair] += 1
        if self._pair_games[record.pair] < 2:
            return False
        self.pentanomial[int(self._pair_points[record.pair] * 2)] += 1
        return True

    @property
    def score(self):
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    def elo_per_game(self):
        return stats.elo_per_game(self.wins, self.draws, self.losses)

    def elo_per_pair(self):
        return stats.elo_per_pair(self.pentanomial)

    def los(self):
        return stats.likelihood_of_superiority(self.wins, self.losses)
