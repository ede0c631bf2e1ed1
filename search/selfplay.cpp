#include "selfplay.hpp"

#include <algorithm>

#include "movegen.hpp"
#include "random.hpp"
#include "random_opening.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

// No capture for either side: the evaluation alone should judge it.
bool is_quiet(Variant v, const Position& p, const MoveList& moves) {
    if (moves.empty() || moves[0].is_capture()) return false;
    return visit_variant(v, [&](auto r) { return !Movegen<decltype(r)>::opponent_can_capture(p); });
}

}  // namespace

SelfplayGame play_selfplay_game(Engine& engine, const SelfplayOptions& o, std::uint64_t seed) {
    Random random(seed ^ 0x5e1f91a7ULL);
    const RandomOpening opening = random_opening(o.variant, o.opening_plies, seed);
    Game game(o.variant, opening.positions.back());
    engine.new_game();

    std::vector<int> random_plies;
    for (int i = 0; i < o.random_moves && o.random_window > 0; ++i)
        random_plies.push_back(static_cast<int>(random.below(static_cast<std::uint64_t>(o.random_window))));

    SelfplayGame result;
    SearchLimits limits;
    limits.nodes = o.nodes;
    std::vector<TrainingRecord> records;
    Outcome outcome = Outcome::ongoing;
    while ((outcome = game.status().outcome) == Outcome::ongoing) {
        const int ply = o.opening_plies + static_cast<int>(game.ply_count());
        if (ply >= o.max_plies) break;
        const MoveList moves = game.legal_moves();
        if (std::find(random_plies.begin(), random_plies.end(), ply) != random_plies.end()) {
            game.play(moves[random.below(moves.size())]);
            continue;
        }
        SearchControl control;
        const SearchResult r = engine.search(game, limits, control);
        const Position& p = game.position();
        const int white_score = p.side == Color::white ? r.score : -r.score;
        // With one legal move the search answers without a score.
        if (moves.size() > 1 && is_quiet(o.variant, p, moves)) {
            TrainingRecord record;
            record.position = p;
            record.variant = o.variant;
            record.score = static_cast<std::int16_t>(white_score);
            record.ply = static_cast<std::uint16_t>(ply);
            records.push_back(record);
        }
        if (moves.size() > 1 && is_decisive(r.score)) {
            outcome = white_score > 0 ? Outcome::white_wins : Outcome::black_wins;
            result.adjudicated = true;
            break;
        }
        game.play(*r.best);
    }
    result.outcome = outcome;
    result.plies = o.opening_plies + static_cast<int>(game.ply_count());
    if (outcome == Outcome::ongoing) return result;
    const std::uint8_t points = outcome == Outcome::white_wins   ? TrainingRecord::white_wins
                                : outcome == Outcome::black_wins ? 0
                                                                 : TrainingRecord::draw;
    for (TrainingRecord& r : records) r.result = points;
    result.records = std::move(records);
    return result;
}

}  // namespace yaad
