"""The match statistics against values computed by hand (the arithmetic is in the comments)."""

import math
import unittest

import matchtest  # noqa: F401  (puts scripts/ on the path)
from yaadmatch import stats


class EloTest(unittest.TestCase):
    def test_logistic_elo(self):
        # s = 0.75: 1/s - 1 = 1/3, log10(1/3) = -0.4771213, elo = -400 * -0.4771213 = 190.8485
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.8485, places=3)
        self.assertAlmostEqual(stats.expected_score(190.8485), 0.75, places=6)
        self.assertEqual(stats.elo_from_score(0.5), 0.0)
        self.assertEqual(stats.elo_from_score(1.0), math.inf)
        self.assertEqual(stats.elo_from_score(0.0), -math.inf)

    def test_interval_per_game(self):
        # W 20, D 50, L 10: N = 80, s = (20 + 25) / 80 = 0.5625
        # elo = -400 log10(1/0.5625 - 1) = -400 log10(0.777778) = -400 * -0.1091445 = 43.658
        # var = (20 * 0.4375^2 + 50 * 0.0625^2 + 10 * 0.5625^2) / 80
        #     = (3.828125 + 0.1953125 + 3.1640625) / 80 = 7.1875 / 80 = 0.08984375
        # se = sqrt(0.08984375 / 80) = sqrt(0.00112305) = 0.0335119
        # 95%: s ± 1.959964 * 0.0335119 = 0.5625 ± 0.0656821 -> [0.4968179, 0.6281821]
        # low  = -400 log10(1/0.4968179 - 1) = -400 log10(1.0128102) = -2.211
        # high = -400 log10(1/0.6281821 - 1) = -400 log10(0.5918929) = 91.102
        e = stats.elo_per_game(20, 50, 10)
        self.assertAlmostEqual(e.elo, 43.658, places=2)
        self.assertAlmostEqual(e.low, -2.211, places=2)
        self.assertAlmostEqual(e.high, 91.102, places=2)
        self.assertAlmostEqual(e.margin, (91.102 + 2.211) / 2, places=2)
        self.assertIsNone(stats.elo_per_game(0, 0, 0))

    def test_interval_per_pair(self):
        # pairs LL 1, LD 4, DD/WL 10, WD 3, WW 2: P = 20, pair scores 0, 0.25, 0.5, 0.75, 1
        # mean = (0 + 4*0.25 + 10*0.5 + 3*0.75 + 2*1) / 20 = 10.25 / 20 = 0.5125
        # var = (1*0.5125^2 + 4*0.2625^2 + 10*0.0125^2 + 3*0.2375^2 + 2*0.4875^2) / 20
        #     = (0.26265625 + 0.275625 + 0.0015625 + 0.16921875 + 0.4753125) / 20 = 1.184375 / 20 = 0.05921875
        # se = sqrt(0.05921875 / 20) = 0.0544145; 1.959964 * se = 0.1066504 -> [0.4058496, 0.6191504]
        # elo = -400 log10(1/0.5125 - 1) = -400 log10(0.9512195) = 8.688
        # low = -400 log10(1.4639582) = -66.213, high = -400 log10(0.6151292) = 84.417
        e = stats.elo_per_pair([1, 4, 10, 3, 2])
        self.assertAlmostEqual(e.elo, 8.688, places=2)
        self.assertAlmostEqual(e.low, -66.213, places=2)
        self.assertAlmostEqual(e.high, 84.417, places=2)

    def test_negated_estimate_is_the_other_side(self):
        e = stats.elo_per_game(20, 50, 10).negated()
        self.assertAlmostEqual(e.elo, -43.658, places=2)
        self.assertAlmostEqual(e.low, -91.102, places=2)
        self.assertAlmostEqual(e.high, 2.211, places=2)


class LosTest(unittest.TestCase):
    def test_los(self):
        # W 20, L 10: (20 - 10) / sqrt(30) = 1.8257419; Phi(1.8257419) = 0.966055
        self.assertAlmostEqual(stats.likelihood_of_superiority(20, 10), 0.966055, places=5)
        # W 10, L 20 is the mirror: 1 - 0.966055
        self.assertAlmostEqual(stats.likelihood_of_superiority(10, 20), 0.033945, places=5)
        self.assertEqual(stats.likelihood_of_superiority(0, 0), 0.5)
        self.assertEqual(stats.likelihood_of_superiority(7, 7), 0.5)


class SprtTest(unittest.TestCase):
    def test_bounds(self):
        # alpha = beta = 0.05: ln(0.05 / 0.95) = ln(0.0526316) = -2.944439, ln(0.95 / 0.05) = ln 19 = 2.944439
        lower, upper = stats.Sprt(0, 10).bounds()
        self.assertAlmostEqual(lower, -2.944439, places=5)
        self.assertAlmostEqual(upper, 2.944439, places=5)
        # alpha 0.1, beta 0.2: ln(0.2 / 0.9) = -1.504077, ln(0.8 / 0.1) = ln 8 = 2.079442
        lower, upper = stats.Sprt(0, 10, 0.1, 0.2).bounds()
        self.assertAlmostEqual(lower, -1.504077, places=5)
        self.assertAlmostEqual(upper, 2.079442, places=5)

    def test_llr_of_a_fixed_pentanomial_sample(self):
        # The sample of test_interval_per_pair: N = 20 pairs, mean 0.5125, var 0.05921875.
        # elo0 = 0: s0 = 0.5; elo1 = 50: s1 = 1 / (1 + 10^(-0.125)) = 1 / 1.7498942 = 0.5714631
        # LLR = N (s1 - s0) (2 mean - s0 - s1) / (2 var)
        #     = 20 * 0.0714631 * (1.025 - 1.0714631) / (2 * 0.05921875)
        #     = 20 * 0.0714631 * -0.0464631 / 0.1184375 = -0.0664080 / 0.1184375 = -0.56070
        sprt = stats.Sprt(0, 50)
        self.assertAlmostEqual(sprt.llr([1, 4, 10, 3, 2]), -0.56070, places=4)
        self.assertIsNone(sprt.decision(-0.56070, 20))

    def test_llr_of_a_favourable_sample(self):
        # pairs LD 1, DD/WL 4, WD 8, WW 7: P = 20
        # mean = (0.25 + 4*0.5 + 8*0.75 + 7*1) / 20 = 15.25 / 20 = 0.7625
        # var = (0.5125^2 + 4*0.2625^2 + 8*0.0125^2 + 7*0.2375^2) / 20
        #     = (0.26265625 + 0.275625 + 0.00125 + 0.39484375) / 20 = 0.934375 / 20 = 0.04671875
        # elo0 = 0, elo1 = 50: LLR = 20 * 0.0714631 * (1.525 - 1.0714631) / 0.0934375
        #     = 20 * 0.0714631 * 0.4535369 / 0.0934375 = 0.6482251 / 0.0934375 = 6.93751 without regularisation.
        # The empty LL cell counts as 0.001 pairs: N = 20.001, mean = 15.25 / 20.001 = 0.7624619, and the
        # squares about the mean gain 0.001 * 0.7625^2 = 0.000581: var = 0.934956 / 20.001 = 0.0467454;
        # LLR = 20.001 * 0.0714631 * (1.5249238 - 1.0714631) / 0.0934908 = 0.6481481 / 0.0934908 = 6.93275
        sprt = stats.Sprt(0, 50)
        llr = sprt.llr([0, 1, 4, 8, 7])
        self.assertAlmostEqual(llr, 6.93275, delta=0.0005)
        self.assertEqual(sprt.decision(llr, 20), "H1")
        self.assertEqual(sprt.decision(-3.0, 20), "H0")

    def test_one_sided_samples_stay_finite(self):
        # Every pair won twice: without the 0.001 of the empty cells the variance would be 0.
        llr = stats.Sprt(0, 10).llr([0, 0, 0, 0, 3])
        self.assertTrue(math.isfinite(llr) and llr > 2.944439)
        self.assertEqual(stats.Sprt(0, 10).llr([0, 0, 0, 0, 0]), 0.0)

    def test_no_decision_from_a_few_pairs(self):
        # One pair won twice, the four empty cells 0.001 each: N = 1.004,
        # mean = (0.001 * (0 + 0.25 + 0.5 + 0.75) + 1) / 1.004 = 1.0015 / 1.004 = 0.997510,
        # squares about the mean: 0.995026 + 0.558771 + 0.247516 + 0.061261 = 1.862574 (times 0.001)
        # and 0.002490^2 = 0.0000062 (times 1): var = (0.00186257 + 0.0000062) / 1.004 = 0.00186133;
        # s1 = 1 / (1 + 10^(-10/400)) = 0.5143871:
        # LLR = 1.004 * 0.0143871 * (1.995020 - 1.0143871) / (2 * 0.00186133)
        #     = 0.0141650 / 0.00372266 = 3.8051, past 2.944439.
        sprt = stats.Sprt(0, 10)
        llr = sprt.llr([0, 0, 0, 0, 1])
        self.assertAlmostEqual(llr, 3.8051, delta=0.0005)
        self.assertIsNone(sprt.decision(llr, 1))
        self.assertEqual(sprt.decision(llr, 10), "H1")

    def test_parse(self):
        self.assertEqual(stats.Sprt.parse("0,10"), stats.Sprt(0, 10, 0.05, 0.05))
        self.assertEqual(stats.Sprt.parse("-5,5,0.1,0.2"), stats.Sprt(-5, 5, 0.1, 0.2))
        for bad in ("10,0", "0", "0,10,0.05", "a,b", "0,10,0,0.5"):
            with self.assertRaises(ValueError):
                stats.Sprt.parse(bad)


if __name__ == "__main__":
    unittest.main()
