// yaad-prove-check: the long form of the proof search's test (issue 12).
// Proves random six-row positions of exactly N pieces with only the slices
// of fewer pieces of the set in DIR, and compares each value with the set's
// own slice of N pieces, with the 30-ply count applied:
// - where that slice is exact under the count (proof_search.hpp's Trust),
//   the values must be equal;
// - elsewhere the stored value bounds the proved one: the count only turns
//   wins into draws, so a proved win or loss must be stored as one, and a
//   stored draw, or a win whose distance exceeds the count, must be proved
//   no win for that side.
//
//   yaad-prove-check DIR PIECES POSITIONS [SEED]
//
// Prints the positions compared, the mismatches (the first few in full)
// and the nodes and time spent; exit status 1 on any mismatch.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "database.hpp"
#include "fen.hpp"
#include "proof_search.hpp"
#include "random.hpp"
#include "slice_index.hpp"

namespace {

using namespace yaad;

const char* name(egdb::Wdl v) { return v == egdb::Wdl::win ? "win" : v == egdb::Wdl::loss ? "loss" : "draw"; }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: yaad-prove-check DIR PIECES POSITIONS [SEED]\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    const int pieces = std::atoi(argv[2]);
    const int count = std::atoi(argv[3]);
    const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    constexpr Variant v = Variant::sixrow;
    const auto start = std::chrono::steady_clock::now();

    std::vector<std::string> warnings;
    const auto full = egdb::Database::open(dir, warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "%s\n", w.c_str());
    if (full->max_pieces(v) < pieces) {
        std::fprintf(stderr, "error: %s has no complete six-row set of %d pieces\n", dir.string().c_str(), pieces);
        return 2;
    }
    // The same files, those of fewer pieces only.
    const auto small = egdb::Database::open(dir / "no such directory", warnings);
    for (const egdb::Database::SliceInfo& s : full->slices()) {
        std::string error;
        if (s.header.family == v && s.header.material.pieces() < pieces && !small->add(s.path, error))
            std::fprintf(stderr, "%s: %s\n", s.path.string().c_str(), error.c_str());
    }
    const egdb::Trust full_trust = egdb::trust(full.get(), v), small_trust = egdb::trust(small.get(), v);
    std::printf("slices exact under the count: %d of %d up to %d pieces\n", full_trust.exact_slices,
                full_trust.slices, full_trust.pieces);

    std::vector<egdb::Material> materials;
    for (const egdb::Material& m : egdb::materials_up_to(v, pieces))
        if (m.pieces() == pieces) materials.push_back(m);
    Random random(seed);
    int exact = 0, bounded = 0, wrong = 0;
    std::uint64_t nodes = 0;
    for (int n = 0; n < count;) {
        const egdb::Material& m = materials[random.below(materials.size())];
        const egdb::SliceIndex<6> index(m);
        Position p;
        if (!index.position(random.below(index.size()), p)) continue;
        p.refresh_key();
        ++n;
        egdb::ProofOptions o;
        o.table_megabytes = 64;
        const egdb::ProofResult r = egdb::prove(v, p, small.get(), small_trust, o);
        nodes += r.win.nodes + r.win.recount_nodes + r.loss.nodes + r.loss.recount_nodes;
        const egdb::Probe stored = *full->probe(v, p);
        const int needs = stored.count_plies > 0 ? stored.count_plies : stored.plies;
        const bool in_time = stored.value != egdb::Wdl::draw && stored.count_plies != egdb::count_never && needs <= 30;
        const egdb::Wdl counted = in_time ? stored.value : egdb::Wdl::draw;
        const egdb::Wdl got = *r.value;
        bool ok;
        if (full_trust.exact[egdb::Trust::trust_index(m)]) {
            ok = got == counted;
            ++exact;
        } else {
            ok = got == egdb::Wdl::draw || got == stored.value;
            if (!in_time) ok = ok && got == egdb::Wdl::draw;
            ++bounded;
        }
        if (!ok && ++wrong <= 5)
            std::printf("mismatch: %s proved %s, stored %s plies=%d\n", to_fen(v, p).c_str(), name(got),
                        name(stored.value), stored.plies);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("six-row %d pieces: %d positions, %d in exact slices (equal), %d elsewhere (bounded), %d "
                "mismatches, %llu nodes, %.1f s\n",
                pieces, count, exact, bounded, wrong, static_cast<unsigned long long>(nodes), seconds);
    return wrong ? 1 : 0;
}
