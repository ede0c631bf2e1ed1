// yaad-relabel: gives training records (eval/training_record.hpp) the score
// of a deeper search than self-play's, so that yaad-train can fit a better
// target than the self-play search's own guess.
//
//   yaad-relabel --in A.rec [B.rec ...] --count N --out OUT.rec --nodes 50000
//
// Takes the first N records of each input file (yaad selfplay-pack writes
// them shuffled, so that is a random sample of it), in turns, one of each
// file (so that any first part of the output samples every file alike),
// searches each position
// to the node budget with one thread and a cleared table, and writes the
// record with the search's score from White's view in place of the old one;
// position, result and ply are kept. The output is the same on every
// machine, and running the same command again resumes after the last whole
// record in OUT.rec (a partial one, from a killed run, is dropped).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "eval_choice.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "search.hpp"
#include "tool_args.hpp"
#include "training_record.hpp"

namespace yaad {

namespace {

struct Options {
    std::vector<std::string> in;
    std::string out, eval_file;
    std::size_t count = 0;
    std::uint64_t nodes = 50000;
    std::size_t hash_mb = 8;
};

Options parse(int argc, char** argv) {
    Options o;
    ToolArgs args("yaad-relabel",
                  "usage: yaad-relabel --in FILE... --count N --out FILE [--nodes N] [--hash MB] [--eval-file W]\n",
                  argc, argv);
    while (args.next()) {
        if (args.is("--in")) {
            args.list(o.in);
        } else if (args.is("--out")) {
            o.out = args.value();
        } else if (args.is("--eval-file")) {
            o.eval_file = args.value();
        } else if (args.is("--count")) {
            o.count = args.whole();
        } else if (args.is("--nodes")) {
            o.nodes = args.whole();
        } else if (args.is("--hash")) {
            o.hash_mb = args.whole();
        } else {
            args.other();
        }
    }
    if (o.in.empty() || o.out.empty() || o.count == 0) args.fail("give --in, --count and --out");
    if (o.nodes < 100 || o.hash_mb < 1) args.fail("--nodes must be 100 or more, --hash 1 or more");
    return o;
}

// The whole records already in `path`; a partial last one is cut off.
std::size_t records_done(const std::string& path) {
    namespace fs = std::filesystem;
    if (!fs::exists(path)) return 0;
    const std::uintmax_t size = fs::file_size(path);
    const std::uintmax_t whole = size / TrainingRecord::bytes * TrainingRecord::bytes;
    if (whole != size) fs::resize_file(path, whole);
    return static_cast<std::size_t>(whole / TrainingRecord::bytes);
}

int run(const Options& o) {
    if (!o.eval_file.empty()) use_eval_file(o.eval_file);
    std::vector<std::vector<TrainingRecord>> files;
    for (const std::string& path : o.in) files.push_back(read_records(path));
    std::vector<TrainingRecord> todo;
    for (std::size_t k = 0; k < o.count; ++k)
        for (const std::vector<TrainingRecord>& file : files)
            if (k < file.size()) todo.push_back(file[k]);
    const std::size_t done = records_done(o.out);
    if (done > todo.size()) throw InputError(o.out + " holds more records than the inputs give: another run's file");
    std::fprintf(stderr, "relabel: %zu positions, %zu done, %llu nodes each\n", todo.size(), done,
                 static_cast<unsigned long long>(o.nodes));

    Engine engine(o.hash_mb);
    SearchLimits limits;
    limits.nodes = o.nodes;
    limits.analysis = true;  // a score even for a forced move
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto last_report = start;
    std::vector<TrainingRecord> batch;
    for (std::size_t i = done; i < todo.size(); ++i) {
        TrainingRecord r = todo[i];
        engine.new_game();
        SearchControl control;
        const SearchResult result = engine.search(Game(r.variant, r.position), limits, control);
        r.score = static_cast<std::int16_t>(r.position.side == Color::white ? result.score : -result.score);
        batch.push_back(r);
        const auto now = Clock::now();
        const bool last = i + 1 == todo.size();
        if (batch.size() == 256 || last) {
            write_records(o.out, batch, true);
            batch.clear();
        }
        if (now - last_report > std::chrono::seconds(30) || last) {
            last_report = now;
            const double seconds = std::chrono::duration<double>(now - start).count();
            const double rate = static_cast<double>(i + 1 - done) / seconds;
            std::fprintf(stderr, "relabel: %zu/%zu positions, %.1f a second, eta %.0f s\n", i + 1, todo.size(), rate,
                         static_cast<double>(todo.size() - i - 1) / rate);
        }
    }
    return 0;
}

}  // namespace

}  // namespace yaad

int main(int argc, char** argv) {
    return yaad::run_tool("yaad-relabel", [&] { return yaad::run(yaad::parse(argc, argv)); });
}
