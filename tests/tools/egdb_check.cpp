// yaad-egdb-check: the long form of the database test (issue 12). Builds
// (or finds) a variant's database up to N pieces in DIR and compares every
// position of up to N pieces with the exhaustive reference solver of
// egdb_reference.hpp: the value and the distance.
//
//   yaad-egdb-check VARIANT PIECES DIR
//
// Prints the positions compared and the mismatches (the first few in
// full); exit status 1 on any mismatch. The reference keeps every
// position in a hash table: 4 pieces of 8x8 take about a gigabyte.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "builder.hpp"
#include "database.hpp"
#include "egdb_reference.hpp"
#include "fen.hpp"
#include "variant.hpp"

namespace {

using namespace yaad;

template <class R>
int check(int pieces, const std::filesystem::path& dir) {
    const auto start = std::chrono::steady_clock::now();
    egdb::build({.variant = R::variant, .pieces = pieces, .dir = dir, .threads = 2});
    std::vector<std::string> warnings;
    const auto db = egdb::Database::open(dir, warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "%s\n", w.c_str());
    const auto built = std::chrono::steady_clock::now();
    const test::ReferenceSolver<R> reference(pieces);
    const auto solved = std::chrono::steady_clock::now();
    std::size_t wrong = 0, decisive = 0;
    for (std::size_t i = 0; i < reference.size(); ++i) {
        const Position& p = reference.position(i);
        const auto probe = db->probe(R::variant, p);
        const egdb::Value want = reference.value(i);
        if (want.result != egdb::Wdl::draw) ++decisive;
        if (probe && probe->value == want.result && probe->plies == (want.result == egdb::Wdl::draw ? -1 : want.plies))
            continue;
        if (++wrong <= 10)
            std::printf("mismatch %s: database %d/%d, reference %d/%d\n", to_fen(R::variant, p).c_str(),
                        probe ? static_cast<int>(probe->value) : 9, probe ? probe->plies : 0,
                        static_cast<int>(want.result), want.plies);
    }
    auto seconds = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    std::printf("%s up to %d pieces: %zu positions compared, %zu decisive, %zu mismatches "
                "(database %.1f s, reference %.1f s)\n",
                std::string(R::name).c_str(), pieces, reference.size(), decisive, wrong, seconds(start, built),
                seconds(built, solved));
    return wrong == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: yaad-egdb-check VARIANT PIECES DIR\n");
        return 2;
    }
    const auto v = parse_variant(argv[1]);
    const int pieces = std::atoi(argv[2]);
    if (!v || pieces < 2 || pieces > 5) {
        std::fprintf(stderr, "error: a variant name and 2 to 5 pieces\n");
        return 2;
    }
    return visit_variant(*v, [&](auto r) { return check<decltype(r)>(pieces, argv[3]); });
}
