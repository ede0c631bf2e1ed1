// yaad-egdb-bench: what opening and probing a database costs (issue 12).
//
//   yaad-egdb-bench VARIANT DIR [PROBES]
//
// Opens DIR, then probes positions of VARIANT's largest complete slices
// (those of max_pieces): first one position of each slice (the first
// probe of a slice reads its offsets and checks its checksum), then PROBES
// positions drawn at random over those slices (mostly cache misses), then
// the same position PROBES times (cache hits). Prints the time of each
// part; the positions are the same on every run.

#include <chrono>
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
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

template <class R>
int bench(const std::filesystem::path& dir, long probes) {
    const Variant v = R::variant;
    auto t = Clock::now();
    std::vector<std::string> warnings;
    const auto db = egdb::Database::open(dir, warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "%s\n", w.c_str());
    const int pieces = db->max_pieces(v);
    std::printf("open: %.3f s, %s complete up to %d pieces\n", seconds_since(t), std::string(R::name).c_str(),
                pieces);
    if (pieces == 0) return 1;

    // Positions of every slice of max_pieces, drawn with a fixed seed.
    std::mt19937_64 random(12);
    std::vector<Position> firsts, all;
    for (const egdb::Material& m : egdb::materials_up_to(egdb::family(v), pieces)) {
        if (m.pieces() != pieces) continue;
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
    long found = 0;
    t = Clock::now();
    for (const Position& p : firsts) found += db->probe(v, p).has_value();
    std::printf("first probe of each of %zu slices: %.1f ms in all, %.0f us each\n", firsts.size(),
                1e3 * seconds_since(t), 1e6 * seconds_since(t) / static_cast<double>(firsts.size()));
    t = Clock::now();
    for (long i = 0; i < probes; ++i)
        found += db->probe(v, all[static_cast<std::size_t>(i) % all.size()]).has_value();
    std::printf("%ld probes at random: %.0f ns each\n", probes,
                1e9 * seconds_since(t) / static_cast<double>(probes));
    t = Clock::now();
    for (long i = 0; i < probes; ++i) found += db->probe(v, all[0]).has_value();
    std::printf("%ld probes of one position: %.0f ns each\n", probes,
                1e9 * seconds_since(t) / static_cast<double>(probes));
    std::printf("%ld found\n", found);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3 && argc != 4) {
        std::fprintf(stderr, "usage: yaad-egdb-bench VARIANT DIR [PROBES]\n");
        return 2;
    }
    const auto v = parse_variant(argv[1]);
    const long probes = argc == 4 ? std::atol(argv[3]) : 1000000;
    if (!v || probes < 1) {
        std::fprintf(stderr, "error: a variant name and a positive number of probes\n");
        return 2;
    }
    return visit_variant(*v, [&](auto r) { return bench<decltype(r)>(argv[2], probes); });
}
