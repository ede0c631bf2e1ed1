#include "bench.hpp"

#include <array>
#include <chrono>
#include <string_view>

#include "fen.hpp"
#include "game.hpp"
#include "notation.hpp"
#include "search.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

struct BenchPosition {
    Variant variant;
    std::string_view fen;
};

// Openings, middlegames with kings and endings of every variant, taken from
// games yaad played against itself.
constexpr std::array bench_positions{
    BenchPosition{Variant::jamaican, "B:W21-32:B1-12"},
    BenchPosition{Variant::jamaican, "B:W18,19,21,22,24,28,29,31:B2-6,11,12,16"},
    BenchPosition{Variant::jamaican, "B:W17,19-21,23,28,29,31,32:B1,3,4,9,10,12-14,16"},
    BenchPosition{Variant::jamaican, "B:W10,23,26,28-32:B1,2,4,5,8,11,12,24"},
    BenchPosition{Variant::jamaican, "B:WK2,16,19,23,26,31:B7,8,11,12,24"},
    BenchPosition{Variant::jamaican, "B:WK1,21,31:B3,7,15,23,24"},
    BenchPosition{Variant::jamaican, "B:W18:B5,K6,16,17,28"},
    BenchPosition{Variant::jamaican, "B:WK12,K14:BK6"},
    BenchPosition{Variant::pool, "B:W21-32:B1-12"},
    BenchPosition{Variant::pool, "B:W18,19,21,23-25,30,32:B1-3,7-10,13"},
    BenchPosition{Variant::pool, "B:W17,18,20,22,24,25,29,30,32:B1,2,4,9,11-13,15,16"},
    BenchPosition{Variant::pool, "B:W11,22,25,27,29-32:B1,3-5,8-10,21"},
    BenchPosition{Variant::pool, "B:WK3,13,18,22,27,30:B5,6,9,10,21"},
    BenchPosition{Variant::pool, "B:WK4,24,30:B2,6,14,21,22"},
    BenchPosition{Variant::pool, "B:W19:BK7,8,13,20,25"},
    BenchPosition{Variant::pool, "B:WK9,K15:BK7"},
    BenchPosition{Variant::english, "B:W21-32:B1-12"},
    BenchPosition{Variant::english, "B:W12,16,20-22,25-30:B1,3,5,7,8,11,13,14,18"},
    BenchPosition{Variant::english, "B:W18,22,24,29-32:B1,2,4,6,10,11,20,21"},
    BenchPosition{Variant::english, "B:W6,18,20,22,25-30:B2,4,5,7-9,11,13,19,21"},
    BenchPosition{Variant::english, "B:WK2,8,12,21,25,28,29:B1,3,14,K26"},
    BenchPosition{Variant::english, "B:W6,12,28-30:B4,14,17,21,K23,K27"},
    BenchPosition{Variant::english, "B:W8,12,25,29,30:B1,2,17,20,K23"},
    BenchPosition{Variant::english, "B:WK9,K11,12,18,21,25:B3,13,K27"},
    BenchPosition{Variant::english, "B:WK5:BK10,K17"},
    BenchPosition{Variant::russian, "W:W21-32:B1-12"},
    BenchPosition{Variant::russian, "W:W13,18,19,21,23,25,30-32:B1,5-11,14,27"},
    BenchPosition{Variant::russian, "W:W13,17,19,21-24,26,27,29,31:B1,2,4,5,9,10,12,14,16,20"},
    BenchPosition{Variant::russian, "W:W16,19,21,23-26,30-32:B2,3,6,10-15"},
    BenchPosition{Variant::russian, "W:W10,15,17,21,22,24,26,29:B1,2,4,5,16,K32"},
    BenchPosition{Variant::russian, "W:WK4,21,22:B9,13,23"},
    BenchPosition{Variant::russian, "W:W13,K18,K23:BK2"},
    BenchPosition{Variant::russian, "W:WK6,K14:BK25"},
    BenchPosition{Variant::brazilian, "W:W21-32:B1-12"},
    BenchPosition{Variant::brazilian, "W:W19-21,23,25,27,29-31:B3,5,6,8-10,12,14,18"},
    BenchPosition{Variant::brazilian, "W:W13,15,18,20,22,27-30:B1,2,4,7-9,11,12,21"},
    BenchPosition{Variant::brazilian, "W:W13,19,21,23,25,26,28,31,32:B2,3,6,7,10-12,14,20"},
    BenchPosition{Variant::brazilian, "W:W19,25,30:B2,4,7,14,K32"},
    BenchPosition{Variant::brazilian, "W:WK22,25,27:B5,10,13,20"},
    BenchPosition{Variant::brazilian, "W:W10,18:B3,4,13,K24"},
    BenchPosition{Variant::brazilian, "W:WK15:BK5,20"},
    BenchPosition{Variant::international, "W:W31-50:B1-20"},
    BenchPosition{Variant::international, "W:W27,31-34,37,40-44,46-50:B1-4,6-8,11,12,15-17,19,20,23,25"},
    BenchPosition{Variant::international, "W:W25,29,31,32,34,37,38,40-44,46-50:B1-7,9-11,13,14,16,17,19,20,23,26"},
    BenchPosition{Variant::international, "W:W27,28,33-35,37,38,40-44,46-50:B1-10,12,14,17,18,24-26"},
    BenchPosition{Variant::international, "W:W27,28,47:B5,12,15,17,K49"},
    BenchPosition{Variant::international, "W:W23,K25:B2,17,K22,27,35,41"},
    BenchPosition{Variant::international, "W:WK11,20,26,43:B23,27,28,44"},
    BenchPosition{Variant::international, "W:WK30:B28,29,K32,K50"},
    BenchPosition{Variant::sixrow, "W:W13-18:B1-6"},
    BenchPosition{Variant::sixrow, "W:WK2,14,18:B4,7,9,13,15"},
    BenchPosition{Variant::sixrow, "W:WK6,14,16,18:B4,5,7,9,13,15"},
    BenchPosition{Variant::sixrow, "W:WK1,7,18:B3,13,15"},
    BenchPosition{Variant::sixrow, "W:WK1-2,18:B8,13,15"},
    BenchPosition{Variant::sixrow, "W:WK2-3,12,15,18:BK17"},
    BenchPosition{Variant::sixrow, "W:WK2,K5:BK8,K14,K17-18"},
    BenchPosition{Variant::sixrow, "W:WK11-12:BK15"},
};

}  // namespace

BenchTotals run_bench_positions(int depth, const std::function<void(const BenchLine&)>& on_line) {
    BenchTotals totals;
    Engine engine(bench_hash_mb);
    SearchLimits limits;
    limits.depth = depth;
    limits.analysis = true;
    int index = 0;
    Variant previous = bench_positions.front().variant;
    const auto start = std::chrono::steady_clock::now();
    for (const BenchPosition& b : bench_positions) {
        index = b.variant == previous ? index + 1 : 1;
        previous = b.variant;
        engine.new_game();
        const Game game(b.variant, parse_fen(b.variant, b.fen));
        SearchControl control;
        const SearchResult r = engine.search(game, limits, control);
        totals.nodes += r.nodes;
        on_line({b.variant, index, r.nodes, r.best ? format_move(b.variant, game.position(), *r.best) : "none"});
    }
    totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return totals;
}

}  // namespace yaad
