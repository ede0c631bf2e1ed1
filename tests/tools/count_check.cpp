// yaad-count-check: solves a kings-only ending exactly and checks yaad's
// search against it under the counting rules of RULES.md §4.
//
//   yaad-count-check --variant V --white K --black K [--zero N] [--play N]
//                    [--nodes N | --movetime S | --depth D] [--seed S] [--hash MB]
//                    [--egdb DIR]
//   yaad-count-check --variant V --white K --black K --fen FEN [--age PLIES] ...
//
// prints the solver's figures for the ending (values without the counting
// rules and with a fresh count), then scores N positions that the count
// draws (each must score exactly 0 at a depth of the plies left) and plays
// N positions won within the count against the longest-resisting defence
// (each must be won). Exit status 1 when a check fails. With --fen, plays
// out that one position, its count `--age` plies old, move by move.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "count_check.hpp"
#include "notation.hpp"
#include "variant.hpp"

namespace yaad::test {
namespace {

struct Options {
    Variant variant = Variant::jamaican;
    int white = 3, black = 1;
    std::size_t zero = 100, play = 100;
    SearchLimits limits{.nodes = 300000};
    std::uint64_t seed = 1;
    std::size_t hash_mb = 64;
    std::string egdb_dir;  // the endgame database yaad plays with; none when empty
    std::string fen;  // one position to play out, move by move
    int age = 0;      // its quiet plies since its material arose
    int max_age = std::numeric_limits<int>::max();  // of the counts of the positions played out
};

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Gives the engine the database of --egdb, when given.
void use_database(Engine& engine, const Options& o) {
    if (o.egdb_dir.empty()) return;
    std::vector<std::string> warnings;
    std::shared_ptr<const egdb::Database> database = egdb::Database::open(o.egdb_dir, warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    std::printf("endgame database %s: up to %d pieces\n", o.egdb_dir.c_str(), database->max_pieces(o.variant));
    engine.set_database(std::move(database));
}

template <class R>
void print_values(const KingsEndingSolver<R>& solver, const Options& o) {
    struct Tally {
        int win = 0, draw = 0, loss = 0, longest = 0;
        void add(SolvedValue v) {
            (v.win() ? win : v.loss() ? loss : draw)++;
            if (v.win()) longest = std::max<int>(longest, v.plies);
        }
    };
    std::map<std::string, Tally> tallies;
    std::size_t n = 0;
    for (const Position& p : solver.positions(o.white, o.black)) {
        ++n;
        const std::string side = color_name(p.side);
        tallies[side + " to move, without the count"].add(solver.value(p));
        tallies[side + " to move, with a fresh count"].add(solver.fresh_value(p));
    }
    std::printf("%s, %d white king(s) v %d black king(s): %zu positions\n", std::string(R::name).c_str(), o.white,
                o.black, n);
    for (const auto& [what, t] : tallies)
        std::printf("  %-36s %8d won %8d drawn %8d lost, longest win %d plies\n", what.c_str(), t.win, t.draw, t.loss,
                    t.longest);
}

// Plays out one position, showing each move with the solver's values.
template <class R>
int trace(const KingsEndingSolver<R>& solver, const Options& o) {
    const Position p = parse_fen(R::variant, o.fen);
    const DrawCounters aged = counters_aged<R>(p, o.age);
    const CountCase c{p, aged, aged.plies_to_rule_draw<R>(p.side)};
    std::printf("%s with %d plies left: %s\n", o.fen.c_str(), c.plies_left,
                solver.value(p, c.plies_left).win() ? "won" : "not won");
    Engine engine(o.hash_mb);
    use_database(engine, o);
    const PlayOut out = play_out(engine, solver, c, o.limits, [&](const Game& g, const Move& m) {
        const int left = g.counters().template plies_to_rule_draw<R>(g.position().side);
        const SolvedValue v = solver.value_after(g.position(), m, left);
        std::printf("  %-8s %s in %d, %d plies left before it\n",
                    format_move(R::variant, g.position(), m).c_str(), v.win() ? "win" : v.loss() ? "loss" : "draw",
                    v.plies, left);
    });
    std::printf("%s after %d plies\n", out.converted ? "won" : std::string(reason_name(out.end.reason)).c_str(),
                out.plies);
    return out.converted ? 0 : 1;
}

template <class R>
int run(const Options& o) {
    const auto start = std::chrono::steady_clock::now();
    const KingsEndingSolver<R> solver(o.white, o.black);
    if (!o.fen.empty()) return trace(solver, o);
    std::printf("solved in %.1f s\n", seconds_since(start));
    print_values(solver, o);
    std::fflush(stdout);

    Engine engine(o.hash_mb);
    use_database(engine, o);
    int failures = 0;
    const auto drawn = drawn_by_count(solver, o.white, o.black, o.zero, o.seed);
    int zeros = 0;
    for (const CountCase& c : drawn) {
        const int score = count_case_score<R>(engine, c);
        if (score == 0)
            ++zeros;
        else
            std::printf("  not 0: %s with %d plies left scores %s\n", to_fen(R::variant, c.position).c_str(),
                        c.plies_left, score_text(score).c_str());
    }
    std::printf("drawn by the count: %zu positions tried, %d scored exactly 0\n", drawn.size(), zeros);
    failures += static_cast<int>(drawn.size()) - zeros;
    std::fflush(stdout);

    const auto won = won_within_count(solver, o.white, o.black, o.play, o.seed, o.max_age);
    int converted = 0, plies = 0;
    for (const CountCase& c : won) {
        const PlayOut out = play_out(engine, solver, c, o.limits);
        plies += out.plies;
        if (out.converted)
            ++converted;
        else
            std::printf("  not won: %s with %d plies left (%s after %d plies)\n",
                        to_fen(R::variant, c.position).c_str(), c.plies_left,
                        std::string(reason_name(out.end.reason)).c_str(), out.plies);
    }
    std::printf("won within the count: %zu positions tried, %d converted (%d plies played)\n", won.size(), converted,
                plies);
    failures += static_cast<int>(won.size()) - converted;
    std::printf("total time %.1f s\n", seconds_since(start));
    return failures ? 1 : 0;
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--variant") {
            const auto v = parse_variant(value);
            if (!v) throw std::invalid_argument("unknown variant " + value);
            o.variant = *v;
        } else if (flag == "--white") {
            o.white = std::stoi(value);
        } else if (flag == "--black") {
            o.black = std::stoi(value);
        } else if (flag == "--zero") {
            o.zero = std::stoul(value);
        } else if (flag == "--play") {
            o.play = std::stoul(value);
        } else if (flag == "--nodes") {
            o.limits = SearchLimits{.nodes = std::stoull(value)};
        } else if (flag == "--movetime") {
            o.limits = SearchLimits{.move_time = std::stod(value)};
        } else if (flag == "--depth") {
            o.limits = SearchLimits{.depth = std::stoi(value)};
        } else if (flag == "--seed") {
            o.seed = std::stoull(value);
        } else if (flag == "--fen") {
            o.fen = value;
        } else if (flag == "--max-age") {
            o.max_age = std::stoi(value);
        } else if (flag == "--age") {
            o.age = std::stoi(value);
        } else if (flag == "--hash") {
            o.hash_mb = std::stoul(value);
        } else if (flag == "--egdb") {
            o.egdb_dir = value;
        } else {
            throw std::invalid_argument("unknown option " + flag);
        }
    }
    return o;
}

}  // namespace
}  // namespace yaad::test

int main(int argc, char** argv) {
    using namespace yaad;
    try {
        const test::Options o = test::parse(argc, argv);
        return visit_variant(o.variant, [&](auto r) { return test::run<decltype(r)>(o); });
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}
