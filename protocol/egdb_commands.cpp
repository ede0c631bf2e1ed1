// yaad egdb build|info|probe: building, listing and probing the endgame
// databases (egdb/).

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "builder.hpp"
#include "cli.hpp"
#include "database.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "notation.hpp"
#include "proof_search.hpp"
#include "sub_slice_store.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad::cli {

namespace {

std::filesystem::path dir_option(const po::variables_map& vm) {
    return vm.count("dir") ? std::filesystem::path(vm["dir"].as<std::string>()) : egdb::default_directory();
}

// The directory to read (info, probe, prove): one that does not exist is
// an error, as with --egdb, rather than an empty database that answers
// "not in the database" to a mistyped path.
std::filesystem::path existing_dir_option(const po::variables_map& vm) {
    const std::filesystem::path dir = dir_option(vm);
    std::error_code error;
    if (!std::filesystem::is_directory(dir, error))
        throw InputError("no endgame database directory " + quoted_excerpt(dir.string()));
    return dir;
}

int run_build(const po::variables_map& vm) {
    egdb::BuildOptions o;
    o.variant = variant_option(vm);
    const std::uint64_t pieces = unsigned_option(vm, "pieces");
    if (pieces < 2 || pieces > 8) throw InputError("--pieces must be 2 to 8");
    o.pieces = static_cast<int>(pieces);
    const std::uint64_t threads = ranged_option(vm, "threads", 1, 64);
    o.threads = static_cast<int>(threads);
    o.dir = dir_option(vm);
    o.log = &std::cerr;
    try {
        const egdb::BuildReport r = egdb::build(o);
        std::cout << "built " << r.slices_built << " slices (" << r.positions_built << " positions), "
                  << r.slices_present << " already there, in " << o.dir.string() << "\n";
    } catch (const std::exception& e) {
        std::cout.flush();
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

// `check_all`: read every file now (info), rather than each slice when
// first probed.
std::unique_ptr<egdb::Database> open_database(const std::filesystem::path& dir, bool check_all = false) {
    std::vector<std::string> warnings;
    auto print = [](const std::string& w) { std::cerr << w << "\n"; };
    std::unique_ptr<egdb::Database> db = egdb::Database::open(dir, warnings, 64, print);
    if (check_all) db->check_all(warnings);
    for (const std::string& w : warnings) print(w);
    return db;
}

int run_info(const po::variables_map& vm) {
    const std::filesystem::path dir = existing_dir_option(vm);
    const std::unique_ptr<egdb::Database> db = open_database(dir, true);
    std::uint64_t positions = 0, bytes = 0;
    const auto slices = db->slices();
    for (const auto& s : slices) {
        std::printf("%s %s positions=%llu bytes=%zu\n", std::string(variant_name(s.header.family)).c_str(),
                    s.header.material.name().c_str(), static_cast<unsigned long long>(s.header.positions), s.bytes);
        positions += s.header.positions;
        bytes += s.bytes;
    }
    // Slices a build left part-way: `egdb build` goes on with them.
    for (const auto& i : egdb::SubSliceStore::interrupted(dir))
        std::printf("%s %s being built: %d part%s kept, %llu bytes\n", std::string(variant_name(i.family)).c_str(),
                    i.slice.c_str(), i.parts, i.parts == 1 ? "" : "s", static_cast<unsigned long long>(i.bytes));
    for (const Variant v : all_variants)
        if (egdb::family(v) == v && db->max_pieces(v) > 0)
            std::printf("%s: complete up to %d pieces\n", std::string(variant_name(v)).c_str(), db->max_pieces(v));
    std::printf("%zu slices, %llu positions, %llu bytes in %s\n", slices.size(),
                static_cast<unsigned long long>(positions), static_cast<unsigned long long>(bytes), dir.string().c_str());
    return 0;
}

std::string probe_line(const std::optional<egdb::Probe>& r) {
    if (!r) return "value=- plies=-";
    const char* value = r->value == egdb::Wdl::win ? "win" : r->value == egdb::Wdl::loss ? "loss" : "draw";
    return std::string("value=") + value + " plies=" + (r->plies < 0 ? "-" : std::to_string(r->plies));
}

// --fens FILE (- for standard input): one answer line per FEN line, for
// scripts that ask about many positions (scripts/egdb-match-review); a
// position not in the database or not readable gets value=- plies=-.
int run_probe_many(const po::variables_map& vm, Variant v, const egdb::Database& db) {
    const std::string name = vm["fens"].as<std::string>();
    std::ifstream file;
    if (name != "-") {
        file.open(name);
        if (!file) throw InputError("cannot read " + name);
    }
    std::istream& in = name == "-" ? std::cin : file;
    std::string line;
    while (std::getline(in, line)) {
        std::optional<egdb::Probe> r;
        try {
            r = db.probe(v, parse_fen(v, line));
        } catch (const InputError&) {
        }
        std::cout << probe_line(r) << "\n";
    }
    return 0;
}

int run_probe(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    if (vm.count("fens")) return run_probe_many(vm, v, *open_database(existing_dir_option(vm)));
    if (!vm.count("fen")) throw InputError("give the position with --fen");
    const Position p = position_option(vm, v);
    const std::unique_ptr<egdb::Database> db = open_database(existing_dir_option(vm));
    const std::optional<egdb::Probe> r = db->probe(v, p);
    if (!r) throw InputError("the position is not in the database");
    std::cout << probe_line(r) << "\n";
    return 0;
}

// One line per question: its answer and the size of its solution tree.
void print_answer(const char* name, const egdb::ProofAnswer& a) {
    if (!a.asked) return;
    std::printf("%s=%s nodes=%llu", name, !a.decided ? "undecided" : a.yes ? "yes" : "no",
                static_cast<unsigned long long>(a.nodes));
    if (a.decided)
        std::printf(" recount-nodes=%llu tree=%llu tree-paths=%.6g database-leaves=%llu end-leaves=%llu count-leaves=%llu",
                    static_cast<unsigned long long>(a.recount_nodes), static_cast<unsigned long long>(a.positions), a.tree_positions,
                    static_cast<unsigned long long>(a.database_leaves), static_cast<unsigned long long>(a.end_leaves),
                    static_cast<unsigned long long>(a.count_leaves));
    std::printf("\n");
}

int run_prove(const po::variables_map& vm) {
    const Variant v = variant_option(vm);
    if (!egdb::provable(v))
        throw InputError(std::string(variant_name(v)) +
                         " draws by repetition, so a value depends on the game's history: prove takes sixrow");
    if (!vm.count("fen")) throw InputError("give the position with --fen (start for the start position)");
    const Position p = position_option(vm, v);
    egdb::ProofOptions o;
    o.table_megabytes = unsigned_option(vm, "hash");
    if (o.table_megabytes < 1 || o.table_megabytes > (1 << 20)) throw InputError("--hash must be 1 to 1048576 (MB)");
    const std::uint64_t count = unsigned_option(vm, "count");
    if (count >= 1000) throw InputError("--count must be below 1000");
    o.progress_plies = static_cast<int>(count);
    o.node_limit = unsigned_option(vm, "nodes");
    o.on_progress = [](const egdb::ProofProgress& p) {
        std::fprintf(stderr, "prove: question %d, %llu nodes, root proof %llu disproof %llu, table %.0f%% full, %.0f s\n",
                     p.question, static_cast<unsigned long long>(p.nodes), static_cast<unsigned long long>(p.root_proof),
                     static_cast<unsigned long long>(p.root_disproof), 100 * p.table_fill, p.seconds);
    };
    const std::filesystem::path dir = existing_dir_option(vm);
    const std::unique_ptr<egdb::Database> db = open_database(dir);
    if (db->max_pieces(v) == 0)
        std::cerr << "warning: no " << variant_name(v) << " set in " << dir.string()
                  << ": every line is played to its end (slow beyond a few pieces)\n";
    egdb::Trust trust;
    egdb::ProofResult r;
    try {
        trust = egdb::trust(db.get(), v);
        r = egdb::prove(v, p, db.get(), trust, o);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    const char* value = !r.value ? "undecided" : *r.value == egdb::Wdl::win ? "win" : *r.value == egdb::Wdl::loss ? "loss" : "draw";
    std::printf("value=%s move=%s seconds=%.1f database-pieces=%d\n", value,
                r.move ? format_move(v, p, *r.move).c_str() : "-", r.seconds, trust.pieces);
    std::printf("exact-slices=%d of %d\n", trust.exact_slices, trust.slices);
    if (!trust.why.empty()) std::printf("inexact=%s\n", trust.why.c_str());
    print_answer("side-to-move-wins", r.win);
    print_answer("opponent-wins", r.loss);
    return r.value ? 0 : 1;
}

void declare_egdb(po::options_description& d) {
    d.add_options()("action", po::value<std::string>(), "build, info, probe or prove")(
        "pieces", po::value<std::string>()->default_value("4"), "build: every slice of up to this many pieces")(
        "threads", po::value<std::string>()->default_value("1"), "build: threads")(
        "dir", po::value<std::string>(), "the database directory (default: egdb beside the yaad executable)")(
        "fens", po::value<std::string>(), "probe: a file of FENs, one a line (- for standard input)")(
        "hash", po::value<std::string>()->default_value("256"), "prove: the table's size in MB")(
        "count", po::value<std::string>()->default_value("0"),
        "prove: plies already played without a capture or a crowning")(
        "nodes", po::value<std::string>()->default_value("0"), "prove: give up after this many nodes (0: never)");
    declare_variant(d);
    declare_position(d);
}

int run_egdb(const po::variables_map& vm) {
    const std::string action = vm.count("action") ? vm["action"].as<std::string>() : "";
    if (action == "build") return run_build(vm);
    if (action == "info") return run_info(vm);
    if (action == "probe") return run_probe(vm);
    if (action == "prove") return run_prove(vm);
    throw InputError("yaad egdb needs build, info, probe or prove");
}

}  // namespace

Command egdb_command() {
    return {"egdb", "endgame databases: build them, list them, probe a position, prove a position's value",
            "build --variant V --pieces N [--dir D] [--threads T] | info [--dir D] | probe --variant V [--dir D] --fen F|--fens FILE"
            " | prove --variant sixrow [--dir D] --fen F [--hash MB] [--count N] [--nodes N]",
            declare_egdb, run_egdb};
}

}  // namespace yaad::cli
