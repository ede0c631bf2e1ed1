// yaad selfplay and yaad selfplay-pack: training data for the learned
// evaluation (issue 11). scripts/selfplay runs them in shards, one process
// per core, and resumes where it stopped.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli.hpp"
#include "input_error.hpp"
#include "selfplay.hpp"
#include "training_record.hpp"
#include "variant.hpp"

namespace yaad::cli {

namespace {

int bounded_option(const po::variables_map& vm, const std::string& name, int low, int high) {
    const std::uint64_t v = unsigned_option(vm, name);
    if (v < static_cast<std::uint64_t>(low) || v > static_cast<std::uint64_t>(high))
        throw InputError("--" + name + " must be " + std::to_string(low) + " to " + std::to_string(high));
    return static_cast<int>(v);
}

// Game i of a run seeded s has a seed of its own, so that shards of one run
// (--first-game) are the games a single process would have played.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t game) {
    std::uint64_t state = seed * 0x100000001b3ULL + game;
    return zobrist::splitmix64(state);
}

int run_selfplay(const po::variables_map& vm) {
    SelfplayOptions o;
    o.variant = variant_option(vm);
    apply_eval_options(vm);
    o.nodes = unsigned_option(vm, "nodes");
    if (o.nodes < 100) throw InputError("--nodes must be 100 or more");
    o.opening_plies = bounded_option(vm, "opening-plies", 0, 20);
    o.random_moves = bounded_option(vm, "random-moves", 0, 20);
    o.random_window = bounded_option(vm, "random-window", 0, 200);
    o.max_plies = bounded_option(vm, "max-plies", 10, 2000);
    const std::uint64_t games = unsigned_option(vm, "games");
    if (games < 1) throw InputError("--games must be 1 or more");
    const std::uint64_t first = unsigned_option(vm, "first-game");
    const std::uint64_t seed = unsigned_option(vm, "seed");
    const std::string out = vm["out"].as<std::string>();
    write_records(out, {}, false);

    Engine engine(unsigned_option(vm, "hash"));
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto last_report = start;
    std::uint64_t positions = 0, dropped = 0, adjudicated = 0;
    std::uint64_t by_outcome[4] = {};
    for (std::uint64_t g = 0; g < games; ++g) {
        const SelfplayGame game = play_selfplay_game(engine, o, game_seed(seed, first + g));
        ++by_outcome[static_cast<int>(game.outcome)];
        if (game.outcome == Outcome::ongoing) ++dropped;
        if (game.adjudicated) ++adjudicated;
        positions += game.records.size();
        write_records(out, game.records, true);
        const auto now = Clock::now();
        if (now - last_report > std::chrono::seconds(10) || g + 1 == games) {
            last_report = now;
            const double seconds = std::chrono::duration<double>(now - start).count();
            const double rate = static_cast<double>(g + 1) / seconds;
            std::fprintf(stderr, "selfplay: %llu/%llu games, %llu positions, %.2f games/s, eta %.0f s\n",
                         static_cast<unsigned long long>(g + 1), static_cast<unsigned long long>(games),
                         static_cast<unsigned long long>(positions), rate,
                         static_cast<double>(games - g - 1) / rate);
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("selfplay games=%llu white-wins=%llu black-wins=%llu draws=%llu dropped=%llu adjudicated=%llu "
                "positions=%llu seconds=%.1f\n",
                static_cast<unsigned long long>(games), static_cast<unsigned long long>(by_outcome[1]),
                static_cast<unsigned long long>(by_outcome[2]), static_cast<unsigned long long>(by_outcome[3]),
                static_cast<unsigned long long>(dropped), static_cast<unsigned long long>(adjudicated),
                static_cast<unsigned long long>(positions), seconds);
    return 0;
}

std::vector<TrainingRecord> read_all(const po::variables_map& vm, const char* option) {
    std::vector<TrainingRecord> all;
    if (vm.count(option))
        for (const std::string& path : vm[option].as<std::vector<std::string>>()) {
            std::vector<TrainingRecord> part = read_records(path);
            all.insert(all.end(), part.begin(), part.end());
        }
    return all;
}

// Positions of one game are alike and share its result, so a hold-out set
// drawn from the same games as the training set flatters a model that
// learns games by heart; --holdout-in holds out whole games (other shards).
int run_pack(const po::variables_map& vm) {
    std::vector<TrainingRecord> all = read_all(vm, "in");
    std::vector<TrainingRecord> held = read_all(vm, "holdout-in");
    if (all.empty()) throw InputError("give the record files to pack with --in");
    const std::size_t read = all.size() + held.size();
    const double fraction = vm["holdout-fraction"].as<double>();
    if (!(fraction >= 0 && fraction < 1)) throw InputError("--holdout-fraction must be 0 or more and below 1");
    const std::uint64_t seed = unsigned_option(vm, "seed");
    std::vector<TrainingRecord> train = dedup_and_shuffle(std::move(all), seed);
    std::vector<TrainingRecord> holdout;
    if (vm.count("holdout-in")) {
        // A position also in the training set (an opening) tells nothing.
        std::vector<std::uint64_t> keys;
        for (const TrainingRecord& r : train) keys.push_back(r.position.key);
        std::sort(keys.begin(), keys.end());
        for (const TrainingRecord& r : dedup_and_shuffle(std::move(held), seed))
            if (!std::binary_search(keys.begin(), keys.end(), r.position.key)) holdout.push_back(r);
    } else {
        const auto size = static_cast<std::ptrdiff_t>(static_cast<double>(train.size()) * fraction);
        holdout.assign(train.begin(), train.begin() + size);
        train.erase(train.begin(), train.begin() + size);
    }
    write_records(vm["train"].as<std::string>(), train, false);
    write_records(vm["holdout"].as<std::string>(), holdout, false);
    std::printf("pack read=%zu train=%zu holdout=%zu\n", read, train.size(), holdout.size());
    return 0;
}

}  // namespace

std::vector<Command> selfplay_commands() {
    return {
        {"selfplay", "play games against itself and write training records (see eval/training_record.hpp)",
         "--out FILE [--variant V] [--games N] [--seed S] [--first-game I] [--nodes N]",
         [](po::options_description& d) {
             declare_variant(d);
             d.add_options()("out", po::value<std::string>()->required(), "the record file to write")(
                 "games", po::value<std::string>()->default_value("100"), "games to play")(
                 "seed", po::value<std::string>()->default_value("1"), "the run's seed")(
                 "first-game", po::value<std::string>()->default_value("0"),
                 "number of the first game within the run (for shards)")(
                 "nodes", po::value<std::string>()->default_value("5000"), "search nodes per move")(
                 "opening-plies", po::value<std::string>()->default_value("4"), "plies of the random opening")(
                 "random-moves", po::value<std::string>()->default_value("2"), "random moves played early")(
                 "random-window", po::value<std::string>()->default_value("30"),
                 "the random moves fall on plies below this")(
                 "max-plies", po::value<std::string>()->default_value("400"),
                 "a game this long is dropped unfinished")(
                 "hash", po::value<std::string>()->default_value("16"), "transposition table size in MB");
             declare_eval(d);
         },
         run_selfplay},
        {"selfplay-pack", "merge record files: one record per position, shuffled, split into training and hold-out",
         "--in FILE... --train FILE --holdout FILE [--holdout-in FILE... | --holdout-fraction F] [--seed S]",
         [](po::options_description& d) {
             d.add_options()("in", po::value<std::vector<std::string>>()->multitoken(), "record files to read")(
                 "holdout-in", po::value<std::vector<std::string>>()->multitoken(),
                 "record files of other games to hold out (instead of --holdout-fraction)")(
                 "train", po::value<std::string>()->required(), "the training records to write")(
                 "holdout", po::value<std::string>()->required(), "the hold-out records to write")(
                 "holdout-fraction", po::value<double>()->default_value(0.05), "share of positions held out")(
                 "seed", po::value<std::string>()->default_value("1"), "the shuffle's seed");
         },
         run_pack},
    };
}

}  // namespace yaad::cli
