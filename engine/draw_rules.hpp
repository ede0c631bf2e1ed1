#pragma once
// The draw rules of RULES.md §4 that count moves: the "no progress" rules
// and the lone-king endgame rules. Repetition is decided from the history
// of position keys by whoever keeps it (Game, the search). Shared by the
// game object and the search, so both judge a position alike.

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
        if (lone_king.moves > 0 && strong_moves >= lone_king.moves &&
            (!lone_king.counts_both_sides || weak_moves >= lone_king.moves))
            return EndReason::lone_king;
        return EndReason::none;
    }

private:
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
