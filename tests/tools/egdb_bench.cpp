// yaad-egdb-bench: what opening and probing a database costs (issue 12).
//
//   yaad-egdb-bench VARIANT DIR [PROBES] [PIECES]
//
// Opens DIR, then probes positions of VARIANT's slices of PIECES pieces
// (default: the largest complete ones): first one position of each slice
// (the first probe of a slice reads its offsets and checks its checksum),
// then PROBES positions drawn at random over those slices with a cache of
// 16 blocks (cold: each probe reads and decompresses a block, from the
// operating system's cache of the file), then PROBES probes drawn from
// 1000 of those positions with the engine's 64 MB cache, their blocks
// cached by then (warm). Prints the CPU time of each part, user and system apart:
// on a shared machine elapsed times measure the neighbours. The positions
// are the same on every run.

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "database.hpp"
#include "slice_index.hpp"
#include "variant.hpp"

namespace {

using namespace yaad;

// This process's CPU time so far, user and system, in seconds.
struct Cpu {
    double user = 0, system = 0;

    static Cpu now() {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
        return {seconds(u.ru_utime), seconds(u.ru_stime)};
    }
    Cpu since(const Cpu& start) const { return {user - start.user, system - start.system}; }
};

void print_per_probe(const char* what, long probes, const Cpu& cpu) {
    std::printf("%s: %.2f us user + %.2f us system CPU per probe (%ld probes)\n", what,
                1e6 * cpu.user / static_cast<double>(probes), 1e6 * cpu.system / static_cast<double>(probes),
                probes);
}

template <class R>
int bench(const std::filesystem::path& dir, long probes, int pieces) {
    const Variant v = R::variant;
    Cpu t = Cpu::now();
    std::vector<std::string> warnings;
    const auto db = egdb::Database::open(dir, warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "%s\n", w.c_str());
    if (pieces == 0) pieces = db->max_pieces(v);
    const Cpu open = Cpu::now().since(t);
    std::printf("open: %.3f s user + %.3f s system CPU; %s, slices of %d pieces\n", open.user, open.system,
                std::string(R::name).c_str(), pieces);

    // Positions of every slice of `pieces`, drawn with a fixed seed.
    std::mt19937_64 random(12);
    std::vector<Position> firsts, all;
    for (const egdb::Material& m : egdb::materials_up_to(egdb::family(v), pieces)) {
        if (m.pieces() != pieces) continue;
        if (!db->has(v, m)) {
            std::fprintf(stderr, "error: slice %s is not in %s\n", m.name().c_str(), dir.c_str());
            return 1;
        }
        const egdb::SliceIndex<R::board_size> index(m);
        bool first = true;
        for (int n = 0; n < 2000;) {
            Position p;
            if (!index.position(random() % index.size(), p)) continue;
            (first ? firsts : all).push_back(p);
            first = false;
            ++n;
        }
    }
    if (firsts.empty()) {
        std::fprintf(stderr, "error: no slices of %d pieces\n", pieces);
        return 1;
    }
    long found = 0;
    t = Cpu::now();
    for (const Position& p : firsts) found += db->probe(v, p).has_value();
    const Cpu first = Cpu::now().since(t);
    std::printf("first probe of each of %zu slices: %.1f ms user + %.1f ms system CPU in all\n", firsts.size(),
                1e3 * first.user, 1e3 * first.system);
    // Cold: a database whose cache holds only 16 blocks, so that nearly
    // every probe reads and decompresses a block (the operating system's
    // cache of the files is warm by then).
    const auto cold = egdb::Database::open(dir, warnings, 0);
    for (const Position& p : firsts) found += cold->probe(v, p).has_value();
    t = Cpu::now();
    for (long i = 0; i < probes; ++i) found += cold->probe(v, all[random() % all.size()]).has_value();
    print_per_probe("cold, at random over the slices, each reading a block", probes, Cpu::now().since(t));
    const std::size_t few = std::min<std::size_t>(1000, all.size());
    for (std::size_t i = 0; i < few; ++i) found += db->probe(v, all[i]).has_value();
    t = Cpu::now();
    for (long i = 0; i < probes; ++i) found += db->probe(v, all[random() % few]).has_value();
    print_per_probe("warm, at random among 1000 positions", probes, Cpu::now().since(t));
    std::printf("%ld found\n", found);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 5) {
        std::fprintf(stderr, "usage: yaad-egdb-bench VARIANT DIR [PROBES] [PIECES]\n");
        return 2;
    }
    const auto v = parse_variant(argv[1]);
    const long probes = argc >= 4 ? std::atol(argv[3]) : 1000000;
    const int pieces = argc == 5 ? std::atoi(argv[4]) : 0;
    if (!v || probes < 1 || pieces < 0) {
        std::fprintf(stderr, "error: a variant name, a positive number of probes and a number of pieces\n");
        return 2;
    }
    return visit_variant(*v, [&](auto r) { return bench<decltype(r)>(argv[2], probes, pieces); });
}
