#pragma once
// The draw rules of RULES.md §4 that count moves: the "no progress" rules
// and the lone-king endgame rules. Repetition is decided from the history
// of position keys by whoever keeps it (Game, the search). Shared by the
// game object and the search, so both judge a position alike.

#include <algorithm>
#include <array>
#include <cstdint>

#include "bitboard.hpp"
#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// Why a game ended (RULES.md §4).
enum class EndReason : std::uint8_t {
    none,
    no_pieces,    // the side to move has no pieces left
    no_moves,     // the side to move is blocked
    repetition,   // threefold repetition
    no_progress,  // the variant's move-count rule (30 plies, 40 moves, ...)
    lone_king,    // a lone-king rule ran out
};

struct DrawCounters {
    // Plies since the last event that resets the variant's no-progress rule.
    std::uint16_t progress_plies = 0;
    // The lone-king rule in force for the current material, and the moves
    // each side has made since that material arose.
    LoneKingLimit lone_king{};
    Color strong = Color::white;
    std::uint16_t strong_moves = 0;
    std::uint16_t weak_moves = 0;

    // Counters for a game that starts at p (a set-up position counts as the
    // first position with its material).
    template <class R>
    static DrawCounters at_start(const Position& p) {
        DrawCounters c;
        c.set_material<R>(p);
        return c;
    }

    // Advances the counters over move m, played from `before` to `after`.
    template <class R>
    void update(const Position& before, const Move& m, const Position& after) {
        const bool man_moved = !(before.kings & bit(m.from));
        const bool progress = m.is_capture() || (R::progress_event == ProgressEvent::capture_or_man_move
                                                     ? man_moved
                                                     : m.crowns);
        progress_plies = progress ? 0 : static_cast<std::uint16_t>(progress_plies + 1);

        // Material changes only by a capture or a crowning; then the count
        // starts again for the new material.
        if (m.is_capture() || m.crowns) {
            set_material<R>(after);
        } else if (before.side == strong) {
            ++strong_moves;
        } else {
            ++weak_moves;
        }
    }

    // The counting rule that has drawn the game, if any. A win on the last
    // allowed move is decided before this is asked (see Game::status).
    template <class R>
    EndReason rule_draw() const {
        if (R::progress_limit_plies > 0 && progress_plies >= R::progress_limit_plies) return EndReason::no_progress;
        if (lone_king_ran_out(strong_moves, weak_moves)) return EndReason::lone_king;
        return EndReason::none;
    }

    // Plies until each rule would draw the game if nothing resets it (a
    // capture, a crowning, a man's move where that counts), with `to_move`
    // to move now; no_limit where the rule is not in force. The two are
    // apart because a man's move resets the one and not the other.
    static constexpr int no_limit = 1 << 14;
    template <class R>
    int plies_to_progress_draw() const {
        if constexpr (R::progress_limit_plies == 0) return no_limit;
        return std::max(0, R::progress_limit_plies - progress_plies);
    }
    int plies_to_lone_king_draw(Color to_move) const {
        if (lone_king.moves == 0) return no_limit;
        int s = strong_moves, w = weak_moves, plies = 0;
        for (Color c = to_move; !lone_king_ran_out(s, w); c = ~c, ++plies) ++(c == strong ? s : w);
        return plies;
    }

    // Plies until the first of the rules draws.
    template <class R>
    int plies_to_rule_draw(Color to_move) const {
        return std::min(plies_to_progress_draw<R>(), plies_to_lone_king_draw(to_move));
    }

    // What a stored search result may depend on besides the position: the
    // plies left to each live counting rule. Two counters that draw at the
    // same moments give the same key, however they were reached.
    template <class R>
    std::uint64_t key(Color to_move) const {
        std::uint64_t k = 0;
        if (const int p = plies_to_progress_draw<R>(); p != no_limit) k ^= count_keys[0][std::min(p, max_counted)];
        if (const int p = plies_to_lone_king_draw(to_move); p != no_limit) k ^= count_keys[1][std::min(p, max_counted)];
        return k;
    }

private:
    // Every limit of RULES.md §4 is shorter than this, and no search looks
    // further ahead, so longer distances need not be told apart.
    static constexpr int max_counted = 127;
    static constexpr auto count_keys = [] {
        std::array<std::array<std::uint64_t, max_counted + 1>, 2> keys{};
        std::uint64_t state = 0x7a3c91e5d02b6f48ULL;
        for (auto& rule : keys)
            for (auto& k : rule) k = zobrist::splitmix64(state);
        return keys;
    }();

    bool lone_king_ran_out(int strong_count, int weak_count) const {
        return lone_king.moves > 0 && strong_count >= lone_king.moves &&
               (!lone_king.counts_both_sides || weak_count >= lone_king.moves);
    }

    template <class R>
    void set_material(const Position& p) {
        strong_moves = weak_moves = 0;
        lone_king = {};
        for (const Color weak : {Color::white, Color::black}) {
            const Bitboard mine = p.of(weak);
            const bool lone_king_side = popcount(mine) == 1 && (mine & p.kings);
            if (!lone_king_side) continue;
            const LoneKingLimit limit = R::lone_king_limit(popcount(p.men(~weak)), popcount(p.kings_of(~weak)));
            if (limit.moves > 0) {
                lone_king = limit;
                strong = ~weak;
                return;
            }
        }
    }
};

}  // namespace yaad
