// yaad moves, yaad perft, yaad random-opening: the rules core from the shell.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>

#include "board_layout.hpp"
#include "cli.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "random_opening.hpp"

namespace yaad::cli {

namespace {

constexpr int max_perft_depth = 64;

// " from=<n> to=<n> captures=<n,n,...>", numeric, captured squares ascending.
std::string move_details(Variant v, const Move& m) {
    const BoardLayout& l = layout(v);
    std::vector<int> captured;
    for_each_square(m.captured, [&](Square s) { captured.push_back(l.number(s)); });
    std::sort(captured.begin(), captured.end());
    std::string out = " from=" + std::to_string(l.number(m.from)) + " to=" + std::to_string(l.number(m.to)) + " captures=";
    for (std::size_t i = 0; i < captured.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(captured[i]);
    }
    return out;
}

int run_moves(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    const Position p = position_option(vm, v);
    // The shell's order: by number where squares are numbered, by file
    // then rank where they are named.
    const MoveList legal = legal_moves(v, p);
    std::vector<Move> moves = sorted_moves(v, std::vector<Move>(legal.begin(), legal.end()));
    for (const Move& m : moves)
        std::cout << format_move(v, p, m) << (vm.count("detail") ? move_details(v, m) : "") << "\n";
    return 0;
}

int run_perft(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    const Position p = position_option(vm, v);
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > max_perft_depth)
        throw InputError("--depth must be 1 to " + std::to_string(max_perft_depth) + ", not " + std::to_string(depth));
    const PerftCount mode = vm.count("paths") ? PerftCount::routes : PerftCount::moves;

    if (vm.count("divide")) {
        const std::vector<DivideEntry> entries = perft_divide(v, p, depth, mode);
        std::vector<Move> moves;
        for (const DivideEntry& e : entries) moves.push_back(e.move);
        std::vector<bool> shown(entries.size(), false);
        for (const Move& m : sorted_moves(v, moves))
            for (std::size_t i = 0; i < entries.size(); ++i)
                if (!shown[i] && entries[i].move == m) {
                    std::cout << format_move(v, p, m) << " " << entries[i].nodes << "\n";
                    shown[i] = true;
                    break;
                }
        std::cout.flush();
    }
    for (int d = 1; d <= depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = perft(v, p, d, mode);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double mnps = seconds > 0 ? nodes / seconds / 1e6 : 0.0;
        char line[128];
        std::snprintf(line, sizeof line, "perft %d nodes=%llu seconds=%.3f mnps=%.1f", d,
                      static_cast<unsigned long long>(nodes), seconds, mnps);
        std::cout << line << std::endl;
    }
    return 0;
}

int run_random_opening(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    const int plies = vm["plies"].as<int>();
    if (plies < 0 || plies > 40) throw InputError("--plies must be 0 to 40, not " + std::to_string(plies));
    const std::uint64_t seed = vm.count("seed") ? unsigned_option(vm, "seed") : std::random_device{}();
    const RandomOpening opening = random_opening(v, plies, seed);
    std::cout << "moves";
    for (std::size_t i = 0; i < opening.moves.size(); ++i)
        std::cout << " " << format_move(v, opening.positions[i], opening.moves[i]);
    std::cout << "\nfen " << to_fen(v, opening.positions.back()) << "\nseed " << seed << "\n";
    return 0;
}

}  // namespace

std::vector<Command> rules_commands() {
    return {
        {"moves", "list the legal moves of a position, in square order", "[--variant V] [--fen F] [--detail]",
         [](po::options_description& d) {
             declare_variant(d);
             declare_position(d);
             d.add_options()("detail", "end each line with from=, to= and captures= in numbers");
         },
         run_moves},
        {"perft", "count the move sequences of each length up to a depth",
         "[--variant V] [--fen F] --depth D [--divide] [--paths]",
         [](po::options_description& d) {
             declare_variant(d);
             declare_position(d);
             d.add_options()("depth", po::value<int>()->required(), "the longest sequence counted, in plies")(
                 "divide", "first print each root move with its count at the full depth")(
                 "paths", "count every capture route, not only distinct moves");
         },
         run_perft},
        {"random-opening", "a random opening: uniform over all legal sequences of N plies",
         "[--variant V] [--plies N] [--seed S]",
         [](po::options_description& d) {
             declare_variant(d);
             d.add_options()("plies", po::value<int>()->default_value(4), "the number of plies")(
                 "seed", po::value<std::string>(), "seed of the random choice (default: a fresh one, printed)");
         },
         run_random_opening},
    };
}

}  // namespace yaad::cli
