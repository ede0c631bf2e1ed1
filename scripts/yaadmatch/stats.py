"""Match statistics: Elo from the score with its 95% interval, LOS, and the
pentanomial SPRT on game pairs.

Conventions. A game scores 1, 1/2 or 0 for the first engine. Elo follows
the logistic model: an Elo difference d gives the expected score

    s = 1 / (1 + 10^(-d/400)),   so   d = -400 * log10(1/s - 1).

A game pair is one opening played twice with colours swapped; its score is
the first engine's points in the pair divided by 2, one of
0, 1/4, 1/2, 3/4, 1. The pentanomial counts are how many pairs scored each
of those five values (LL, LD, DD or WL, WD, WW), always listed in that
order, lowest first.
"""

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the standard normal's two-sided 95% quantile
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
# Fishtest's regularisation: an empty pentanomial cell counts as this many
# pairs, so a sample in which every pair scored the same still has a
# variance and the LLR stays finite.
EMPTY_CELL = 1e-3


def expected_score(elo):
    """s = 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    """d = -400 * log10(1/s - 1); -inf at s <= 0 and +inf at s >= 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: an even score gives 0, not -0


def normal_cdf(x):
    """Phi(x) = (1 + erf(x / sqrt 2)) / 2."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with the bounds of its 95% interval."""
    elo: float
    low: float
    high: float

    @property
    def margin(self):
        """Half the interval's width: the `±` figure."""
        return (self.high - self.low) / 2.0

    def negated(self):
        """The same estimate from the other engine's side."""
        return EloEstimate(0.0 - self.elo, 0.0 - self.high, 0.0 - self.low)  # 0.0 - x: never -0


def _estimate(mean, variance, samples):
    """The score's 95% interval is mean ± Z95 * sqrt(variance / samples);
    the Elo bounds are that interval's ends put through elo_from_score."""
    error = math.sqrt(variance / samples)
    return EloEstimate(elo_from_score(mean), elo_from_score(mean - Z95 * error),
                       elo_from_score(mean + Z95 * error))


def elo_per_game(wins, draws, losses):
    """Elo and interval from the games taken one by one (trinomial model).

    N = W + D + L,  s = (W + D/2) / N,
    var = (W (1 - s)^2 + D (1/2 - s)^2 + L s^2) / N   (variance of one game's score),
    interval: s ± Z95 * sqrt(var / N).
    None without games.
    """
    games = wins + draws + losses
    if games == 0:
        return None
    score = (wins + draws / 2.0) / games
    variance = (wins * (1.0 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    return _estimate(score, variance, games)


def _pair_mean_and_variance(counts):
    """mean = sum(n_k x_k) / P and var = sum(n_k (x_k - mean)^2) / P over the five pair scores x_k."""
    pairs = sum(counts)
    mean = sum(n * x for n, x in zip(counts, PAIR_SCORES)) / pairs
    variance = sum(n * (x - mean) ** 2 for n, x in zip(counts, PAIR_SCORES)) / pairs
    return pairs, mean, variance


def elo_per_pair(counts):
    """Elo and interval from the pair scores (pentanomial model).

    With P pairs, mean and var of the pair score x as in
    _pair_mean_and_variance, the interval is mean ± Z95 * sqrt(var / P).
    Pairs share an opening, so their two games are not independent; this
    is the interval that accounts for it. None without pairs.
    """
    if sum(counts) == 0:
        return None
    pairs, mean, variance = _pair_mean_and_variance(counts)
    return _estimate(mean, variance, pairs)


def likelihood_of_superiority(wins, losses):
    """LOS = Phi((W - L) / sqrt(W + L)): the chance that the first engine is
    the stronger, from wins and losses only (draws carry no information
    here). 0.5 when there are neither."""
    if wins + losses == 0:
        return 0.5
    return normal_cdf((wins - losses) / math.sqrt(wins + losses))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1.

    The LLR's normal approximation needs the pair scores' variance, which a
    handful of pairs cannot give: after one pair won twice, the regularised
    variance is about 0.0019 and the LLR about 3.8 for elo1 = 10, past the
    bound. So no decision is taken before `min_pairs` complete pairs.
    """
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 10

    @staticmethod
    def parse(text):
        """`elo0,elo1[,alpha,beta]`, e.g. `0,10` or `0,10,0.05,0.05`."""
        try:
            values = [float(v) for v in text.split(",")]
        except ValueError:
            values = []
        if len(values) not in (2, 4):
            raise ValueError(f"expected elo0,elo1 or elo0,elo1,alpha,beta, not {text!r}")
        sprt = Sprt(*values)
        if sprt.elo0 >= sprt.elo1:
            raise ValueError("elo0 must be below elo1")
        if not (0 < sprt.alpha < 1 and 0 < sprt.beta < 1):
            raise ValueError("alpha and beta must lie strictly between 0 and 1")
        return sprt

    def bounds(self):
        """(lower, upper) = (ln(beta / (1 - alpha)), ln((1 - beta) / alpha))."""
        return math.log(self.beta / (1.0 - self.alpha)), math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts):
        """The log-likelihood ratio of the pentanomial counts (GSPRT, normal approximation).

        s0 = expected_score(elo0), s1 = expected_score(elo1); every empty
        cell counts as EMPTY_CELL pairs; with N = the (regularised) number of
        pairs and mean, var of the pair score over them,

            LLR = N (s1 - s0) (2 mean - s0 - s1) / (2 var).

        0 without pairs.
        """
        if sum(counts) == 0:
            return 0.0
        pairs, mean, variance = _pair_mean_and_variance([max(n, EMPTY_CELL) for n in counts])
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return pairs * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)

    def decision(self, llr, pairs):
        """'H1' (elo1 accepted: the first engine is stronger by about elo1 or more),
        'H0' (elo0 accepted), or None while the LLR lies between the bounds or
        fewer than min_pairs pairs are complete."""
        if pairs < self.min_pairs:
            return None
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def __str__(self):
        return (f"elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g} "
                f"(decisions from pair {self.min_pairs})")
