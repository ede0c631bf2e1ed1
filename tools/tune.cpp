// yaad-tune: fits the evaluation weights of a variant family to game results
// (Texel's method). Two steps:
//
//   yaad-tune generate --variant V --games N --depth D --seed S > data.txt
//       plays N games of yaad against itself from random openings and writes
//       one line per quiet position: "<variant> <result for White> <FEN>".
//   yaad-tune fit data.txt [data2.txt ...]
//       finds the weights whose evaluation, through a logistic curve, best
//       predicts those results, and prints them as C++ for weights.hpp.
//
// The weights of one family serve several variants (Jamaican, Pool,
// Russian, Brazilian share theirs), so a fit may read data of each.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "eval.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "legal_moves.hpp"
#include "movegen.hpp"
#include "random_opening.hpp"
#include "search.hpp"
#include "variant.hpp"

namespace yaad {

// The weights being fitted; Evaluator reads them through its template
// parameter.
EvalWeights tuned{};

namespace {

constexpr int opening_plies = 8;
constexpr int max_game_plies = 400;

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "yaad-tune: " << message << "\n";
    std::exit(2);
}

bool is_quiet(Variant v, const Position& p) {
    return visit_variant(v, [&](auto r) {
        using M = Movegen<decltype(r)>;
        MoveList moves;
        M::generate(p, moves);
        return !moves.empty() && !moves[0].is_capture() && !M::opponent_can_capture(p);
    });
}

void generate(Variant v, int games, int depth, std::uint64_t seed) {
    Engine engine(16);
    for (int g = 0; g < games; ++g) {
        const RandomOpening opening = random_opening(v, opening_plies, seed + static_cast<std::uint64_t>(g));
        Game game(v, opening.positions.back());
        std::vector<std::string> fens;
        while (game.status().outcome == Outcome::ongoing && static_cast<int>(game.ply_count()) < max_game_plies) {
            if (is_quiet(v, game.position())) fens.push_back(to_fen(v, game.position()));
            SearchControl control;
            // Vary the depth a little so that games of one opening differ.
            const SearchResult r = engine.search(game, SearchLimits{.depth = depth + (g + static_cast<int>(game.ply_count())) % 2}, control);
            game.play(*r.best);
        }
        const Outcome o = game.status().outcome;
        // A game cut off unfinished has no result to learn from; counting
        // it as a draw would teach that advantages do not matter.
        if (o == Outcome::ongoing) continue;
        const char* result = o == Outcome::white_wins ? "1" : o == Outcome::black_wins ? "0" : "0.5";
        for (const std::string& fen : fens) std::cout << variant_name(v) << ' ' << result << ' ' << fen << '\n';
        std::cerr << "game " << g + 1 << "/" << games << " " << pdn_result(o) << " " << game.ply_count() << " plies\n";
    }
}

const EvalWeights& family_weights(Variant v) {
    return visit_variant(v, [](auto r) -> const EvalWeights& { return weights_for<decltype(r)>(); });
}

const char* family_name(const EvalWeights& w) {
    if (&w == &international_weights) return "international_weights";
    if (&w == &english_weights) return "english_weights";
    if (&w == &sixrow_weights) return "sixrow_weights";
    return "flying_eight_weights";
}

struct Sample {
    Variant variant;
    double result;
    Position position;
};

// The evaluation for White, in hundredths of a man, with the tuned weights.
int white_eval(const Sample& s) {
    const int score = visit_variant(s.variant, [&](auto r) { return Evaluator<decltype(r), tuned>::evaluate(s.position); });
    return s.position.side == Color::white ? score : -score;
}

double error(const std::vector<Sample>& samples, double k) {
    double sum = 0;
    for (const Sample& s : samples) {
        const double predicted = 1.0 / (1.0 + std::pow(10.0, -k * white_eval(s) / 400.0));
        sum += (s.result - predicted) * (s.result - predicted);
    }
    return sum / static_cast<double>(samples.size());
}

// The scale of the logistic curve that fits the current weights best.
double fit_scale(const std::vector<Sample>& samples) {
    double low = 0.1, high = 10.0;
    for (int i = 0; i < 40; ++i) {
        const double a = low + (high - low) / 3, b = high - (high - low) / 3;
        if (error(samples, a) < error(samples, b))
            high = b;
        else
            low = a;
    }
    return (low + high) / 2;
}

struct Parameter {
    const char* name;
    int* value;
};

std::vector<Parameter> parameters() {
    std::vector<Parameter> p = {{"king", &tuned.king},
                                {"back_rank", &tuned.back_rank},
                                {"centre", &tuned.centre},
                                {"edge", &tuned.edge},
                                {"king_mobility", &tuned.king_mobility},
                                {"men_mobility", &tuned.men_mobility},
                                {"main_diagonal", &tuned.main_diagonal},
                                {"runaway", &tuned.runaway},
                                {"runaway_step", &tuned.runaway_step},
                                {"balance", &tuned.balance},
                                {"exchange", &tuned.exchange},
                                {"chase", &tuned.chase}};
    static const char* advance_names[] = {"advance[0]", "advance[1]", "advance[2]", "advance[3]", "advance[4]",
                                          "advance[5]", "advance[6]", "advance[7]", "advance[8]", "advance[9]"};
    for (int i = 1; i < 9; ++i) p.push_back({advance_names[i], &tuned.advance[static_cast<std::size_t>(i)]});
    return p;
}

void print_weights(const char* family) {
    std::cout << "inline constexpr EvalWeights " << family << "{\n    .man = " << tuned.man << ",\n    .king = " << tuned.king
              << ",\n    .advance = {";
    for (std::size_t i = 0; i < tuned.advance.size(); ++i) std::cout << (i ? ", " : "") << tuned.advance[i];
    std::cout << "},\n    .back_rank = " << tuned.back_rank << ",\n    .centre = " << tuned.centre
              << ",\n    .edge = " << tuned.edge << ",\n    .king_mobility = " << tuned.king_mobility << ",\n    .men_mobility = " << tuned.men_mobility
              << ",\n    .main_diagonal = " << tuned.main_diagonal << ",\n    .runaway = " << tuned.runaway
              << ",\n    .runaway_step = " << tuned.runaway_step << ",\n    .balance = " << tuned.balance
              << ",\n    .exchange = " << tuned.exchange << ",\n    .chase = " << tuned.chase << ",\n};\n";
}

void fit(const std::vector<std::string>& files) {
    std::vector<Sample> samples;
    for (const std::string& file : files) {
        std::ifstream in(file);
        if (!in) fail("cannot read " + file);
        std::string name, fen;
        double result;
        while (in >> name >> result >> fen) {
            const auto v = parse_variant(name);
            if (!v) fail("unknown variant " + name + " in " + file);
            samples.push_back({*v, result, parse_fen(*v, fen)});
        }
    }
    if (samples.empty()) fail("no positions");
    const EvalWeights& family = family_weights(samples.front().variant);
    for (const Sample& s : samples)
        if (&family_weights(s.variant) != &family) fail("the data mixes variants of different families");
    tuned = family;
    // The last fifth (other games than the rest: files hold whole games in
    // order) only checks that the fit carries over to positions it did not
    // see.
    const std::vector<Sample> held_out(samples.end() - static_cast<std::ptrdiff_t>(samples.size() / 5), samples.end());
    samples.resize(samples.size() - held_out.size());
    const double k = fit_scale(samples);
    double best = error(samples, k);
    std::cerr << samples.size() << " positions, scale " << k << ", error " << best << ", held out "
              << error(held_out, k) << "\n";
    // Local search, one weight at a time, with shrinking steps.
    for (int step : {16, 8, 4, 2, 1}) {
        for (bool improved = true; improved;) {
            improved = false;
            for (const Parameter& p : parameters()) {
                for (int direction : {+1, -1}) {
                    const int kept = *p.value;
                    *p.value = kept + direction * step;
                    const double e = error(samples, k);
                    if (e < best) {
                        best = e;
                        improved = true;
                        std::cerr << "  " << p.name << " " << kept << " -> " << *p.value << "  error " << best << "\n";
                        break;
                    }
                    *p.value = kept;
                }
            }
        }
    }
    std::cerr << "fitted error " << best << ", held out " << error(held_out, k) << "\n";
    print_weights(family_name(family));
}

}  // namespace
}  // namespace yaad

int main(int argc, char** argv) {
    using namespace yaad;
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto value = [&](const std::string& flag, const std::string& fallback) {
        const auto it = std::find(args.begin(), args.end(), flag);
        return it != args.end() && it + 1 != args.end() ? *(it + 1) : fallback;
    };
    try {
        if (!args.empty() && args[0] == "generate") {
            const auto v = parse_variant(value("--variant", "jamaican"));
            if (!v) fail("unknown variant");
            generate(*v, std::stoi(value("--games", "100")), std::stoi(value("--depth", "6")),
                     std::stoull(value("--seed", "1")));
            return 0;
        }
        if (args.size() >= 2 && args[0] == "fit") {
            fit({args.begin() + 1, args.end()});
            return 0;
        }
    } catch (const std::exception& e) {
        fail(e.what());
    }
    std::cerr << "usage: yaad-tune generate --variant V --games N --depth D --seed S > data.txt\n"
                 "       yaad-tune fit data.txt [more.txt ...]\n";
    return 2;
}
