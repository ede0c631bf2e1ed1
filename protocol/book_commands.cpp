// yaad book build|info: growing an opening book (book/book_builder.hpp)
// and looking into one.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "book_builder.hpp"
#include "cli.hpp"
#include "input_error.hpp"
#include "notation.hpp"
#include "opening_book.hpp"
#include "search.hpp"
#include "variant.hpp"

namespace yaad::cli {

namespace {

std::string duration_text(double seconds) {
    const auto s = static_cast<long long>(std::max(0.0, seconds));
    char text[32];
    if (s >= 3600)
        std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
    return text;
}

int run_build(const po::variables_map& vm) {
    BookBuildOptions o;
    o.variant = variant_option(vm);
    o.positions = unsigned_option(vm, "positions");
    if (o.positions < 1) throw InputError("--positions must be 1 or more");
    const std::uint64_t threads = ranged_option(vm, "threads", 1, Engine::max_threads);
    o.threads = static_cast<int>(threads);
    o.hash_mb = static_cast<std::size_t>(std::clamp<std::uint64_t>(unsigned_option(vm, "hash"), 1, 4096));
    o.forced_plies = book_forced_plies(o.variant);
    if (vm.count("forced-plies")) {
        const std::uint64_t plies = unsigned_option(vm, "forced-plies");
        if (plies > 8) throw InputError("--forced-plies must be 0 to 8 (each ply multiplies the book)");
        o.forced_plies = static_cast<int>(plies);
    }
    if (vm.count("ply-cost")) {
        const std::uint64_t cost = unsigned_option(vm, "ply-cost");
        if (cost < 1 || cost > 100) throw InputError("--ply-cost must be 1 to 100 hundredths of a man");
        o.ply_cost = static_cast<int>(cost);
    }
    if (vm.count("depth") && vm.count("nodes")) throw InputError("give --depth or --nodes, not both");
    if (vm.count("depth")) {
        const std::uint64_t depth = unsigned_option(vm, "depth");
        if (depth < 1 || depth > static_cast<std::uint64_t>(max_search_depth))
            throw InputError("--depth must be 1 to " + std::to_string(max_search_depth));
        o.depth = static_cast<int>(depth);
    }
    if (vm.count("nodes")) {
        o.nodes = unsigned_option(vm, "nodes");
        if (o.nodes < 1) throw InputError("--nodes must be 1 or more");
    }
    const std::string out =
        vm.count("out") ? vm["out"].as<std::string>() : std::string(variant_name(o.variant)) + ".book";

    // An existing file is extended, its leaves scored as they were.
    BookFile start;
    start.variant = o.variant;
    if (std::filesystem::exists(out)) {
        start = read_book_file(out);
        if (start.variant != o.variant)
            throw InputError(out + " is a book of " + std::string(variant_name(start.variant)) + ", not of " +
                             std::string(variant_name(o.variant)));
        const bool given = o.depth > 0 || o.nodes > 0;
        if (given && (static_cast<std::uint32_t>(o.depth) != start.leaf_depth || o.nodes != start.leaf_nodes))
            throw InputError(out + " scores its leaves with " +
                             (start.leaf_depth ? "--depth " + std::to_string(start.leaf_depth)
                                               : "--nodes " + std::to_string(start.leaf_nodes)) +
                             "; extend it alike (or leave the option out)");
        o.depth = static_cast<int>(start.leaf_depth);
        o.nodes = start.leaf_nodes;
        std::cerr << "book: extending " << out << " (" << start.entries.size() << " positions)\n";
    } else if (o.depth == 0 && o.nodes == 0) {
        o.nodes = 20000;
    }
    const BookFile book = build_book(
        o, start,
        [&](const BookProgress& p) {
            // Each search adds one position: the rate of this run says when
            // the book will be full.
            const double rate = p.seconds > 0 ? p.searched / p.seconds : 0;
            const double left = o.positions > p.positions ? static_cast<double>(o.positions - p.positions) : 0;
            std::fprintf(stderr, "book: %zu/%llu positions, %zu expanded, %.1f searches/s, %s elapsed, ETA %s\n",
                         p.positions, static_cast<unsigned long long>(o.positions), p.expanded, rate,
                         duration_text(p.seconds).c_str(), rate > 0 ? duration_text(left / rate).c_str() : "?");
        },
        [&](const BookFile& b) { write_book_file(out, b); });
    const std::size_t expanded = static_cast<std::size_t>(
        std::count_if(book.entries.begin(), book.entries.end(), [](const BookEntry& e) { return e.expanded; }));
    std::cout << "book " << out << ": " << book.entries.size() << " positions, " << expanded << " expanded, "
              << std::filesystem::file_size(out) << " bytes\n";
    return 0;
}

int run_info(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    const std::string file = vm.count("book") ? vm["book"].as<std::string>() : "";
    const std::shared_ptr<const OpeningBook> book = open_book(file, v);
    if (!book) throw InputError("no built-in book for " + std::string(variant_name(v)) + "; give --book FILE");
    const BookFile& f = book->file();
    const std::size_t expanded = static_cast<std::size_t>(
        std::count_if(f.entries.begin(), f.entries.end(), [](const BookEntry& e) { return e.expanded; }));
    std::cout << "book " << book->source() << ": " << variant_name(f.variant) << serving_note(f.variant, v) << ", version " << book_version << ", "
              << f.entries.size() << " positions, " << expanded << " expanded, leaves searched with "
              << (f.leaf_depth ? "depth " + std::to_string(f.leaf_depth) : "nodes " + std::to_string(f.leaf_nodes))
              << "\n";
    const Position p = position_option(vm, v);
    const std::vector<BookMove> moves = book->moves(p);
    if (moves.empty()) {
        std::cout << "the book does not know this position\n";
        return 0;
    }
    for (const BookMove& m : moves) std::cout << format_move(v, p, m.move) << " " << score_text(m.score) << "\n";
    return 0;
}

void declare_book_command(po::options_description& d) {
    d.add_options()("action", po::value<std::string>(), "build or info")(
        "positions", po::value<std::string>()->default_value("20000"), "build: grow the book to this many positions")(
        "depth", po::value<std::string>(), "build: score each leaf with a search of this depth")(
        "nodes", po::value<std::string>(), "build: ... or of this many nodes (default 20000)")(
        "out", po::value<std::string>(), "build: the book file, extended if it exists (default VARIANT.book)")(
        "forced-plies", po::value<std::string>(),
        "build: expand every position of the first this many plies (default 4 for jamaican and pool, else 2)")(
        "ply-cost", po::value<std::string>(),
        "build: what a ply costs against a weaker move, in hundredths of a man (default 10; lower grows deeper, "
        "narrower lines)")(
        "threads", po::value<std::string>()->default_value("1"), "build: search threads")(
        "hash", po::value<std::string>()->default_value("64"), "build: transposition table size in MB")(
        "book", po::value<std::string>(), "info: the book file (default: the built-in book)");
    declare_variant(d);
    declare_position(d);
}

int run_book(const po::variables_map& vm) {
    const std::string action = vm.count("action") ? vm["action"].as<std::string>() : "";
    if (action == "build") return run_build(vm);
    if (action == "info") return run_info(vm);
    throw InputError("yaad book needs build or info");
}

}  // namespace

Command book_command() {
    return {"book", "opening books: grow one by searching, or look into one",
            "build --variant V [--positions N] [--depth D | --nodes N] [--ply-cost C] [--out FILE] [--threads T] | "
            "info [--variant V] [--book FILE] [--fen F]",
            declare_book_command, run_book};
}

}  // namespace yaad::cli
