// yaad analyse and yaad bench: the search from the shell.

#include <chrono>
#include <cstdio>
#include <iostream>

#include "bench.hpp"
#include "cli.hpp"
#include "database_option.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "notation.hpp"
#include "report.hpp"
#include "search.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad::cli {

namespace {

int run_analyse(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    apply_eval_options(vm);
    Game game(v, position_option(vm, v));
    if (vm.count("moves"))
        for (std::string_view m : split_words(vm["moves"].as<std::string>())) game.play(m);

    SearchLimits limits;
    limits.analysis = true;
    int given = 0;
    if (vm.count("depth")) {
        const int depth = vm["depth"].as<int>();
        if (depth < 1 || depth > max_search_depth)
            throw InputError("--depth must be 1 to " + std::to_string(max_search_depth));
        limits.depth = depth;
        ++given;
    }
    if (vm.count("movetime")) {
        const double seconds = vm["movetime"].as<double>();
        if (!(seconds > 0 && seconds <= 1e6)) throw InputError("--movetime must be a positive number of seconds");
        limits.move_time = seconds;
        ++given;
    }
    if (vm.count("nodes")) {
        limits.nodes = unsigned_option(vm, "nodes");
        if (limits.nodes == 0) throw InputError("--nodes must be 1 or more");
        ++given;
    }
    if (given != 1) throw InputError("give exactly one of --depth, --movetime and --nodes");
    const std::uint64_t multipv = ranged_option(vm, "multipv", 1, max_multipv);
    limits.multipv = static_cast<int>(multipv);

    Engine engine(unsigned_option(vm, "hash"));
    const std::uint64_t threads = ranged_option(vm, "threads", 1, Engine::max_threads);
    engine.set_threads(static_cast<int>(threads));
    std::vector<std::string> warnings;
    engine.set_database(open_database(egdb_dir_option(vm), warnings));
    for (const std::string& w : warnings) std::cerr << "warning: " << w << std::endl;
    if (const auto verdict = database_verdict(engine.database(), game)) std::cout << *verdict << std::endl;
    SearchControl control;
    const Position root = game.position();
    const SearchResult result = engine.search(game, limits, control, [&](const SearchInfo& info) {
        std::cout << iteration_line(v, root, info, limits.multipv) << std::endl;
    });
    std::cout << "bestmove " << (result.best ? format_move(v, root, *result.best) : "none") << std::endl;
    return 0;
}

int run_bench(const po::variables_map& vm) {
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 30) throw InputError("--depth must be 1 to 30");
    apply_eval_options(vm);
    const BenchTotals totals = run_bench_positions(depth, [](const BenchLine& line) {
        std::printf("%-13s %2d nodes=%llu %s\n", std::string(variant_name(line.variant)).c_str(), line.index,
                    static_cast<unsigned long long>(line.nodes), line.best.c_str());
        std::fflush(stdout);
    });
    const double nps = totals.seconds > 0 ? totals.nodes / totals.seconds : 0.0;
    std::printf("bench nodes=%llu seconds=%.3f nps=%.0f\n", static_cast<unsigned long long>(totals.nodes),
                totals.seconds, nps);
    return 0;
}

}  // namespace

std::vector<Command> search_commands() {
    return {
        {"analyse", "search a position and print each iteration, then the best move",
         "[--variant V] [--fen F] [--moves \"m1 m2 ..\"] (--depth D | --movetime S | --nodes N) [--multipv N] "
         "[--egdb DIR]",
         [](po::options_description& d) {
             declare_variant(d);
             declare_position(d);
             d.add_options()("moves", po::value<std::string>(), "moves to play from the position first")(
                 "depth", po::value<int>(), "search this many plies")(
                 "movetime", po::value<double>(), "search this many seconds")(
                 "nodes", po::value<std::string>(), "search this many nodes")(
                 "hash", po::value<std::string>()->default_value("64"), "transposition table size in MB")(
                 "threads", po::value<std::string>()->default_value("1"), "search threads")(
                 "multipv", po::value<std::string>()->default_value("1"), "lines: the N best moves, each with its score");
             declare_egdb_dir(d);
             declare_eval(d);
         },
         run_analyse},
        {"bench", "search the built-in positions of every variant; the node count is the search's signature",
         "[--depth D] [--eval E] [--eval-file F]",
         [](po::options_description& d) {
             d.add_options()("depth", po::value<int>()->default_value(bench_default_depth), "plies per position");
             declare_eval(d);
         },
         run_bench},
    };
}

}  // namespace yaad::cli
