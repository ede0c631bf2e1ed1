#pragma once
// Why the network scores a position as it does, for the shell's `eval`:
// each piece's share, the network's score of the position less its score
// with that piece taken off (the same side to move), as chess engines
// explain their networks. The shares do not add up to the score: the
// network is not a sum over pieces, and a piece's worth depends on the
// others.
//
// A side's only piece is never taken off: a side without pieces has lost,
// a position the network never sees, so its share is left out (nullopt).
// Taking off a side's last man can leave kings only, which the search
// evaluates by hand (static_eval.hpp); the share still compares the
// network's two scores, since it is the network that is explained.

#include <optional>
#include <vector>

#include "net_eval.hpp"

namespace yaad {

struct NetPieceShare {
    Square square;
    Color color;
    bool king;
    std::optional<int> share;  // hundredths of a man for the side to move
};

template <class R>
struct NetExplain {
    // Every piece on the board in square order, White's first.
    static std::vector<NetPieceShare> shares(const Position& p, const NetWeights& n) {
        const int whole = NetEval<R>::evaluate(p, n);
        std::vector<NetPieceShare> out;
        for (const Color c : {Color::white, Color::black}) {
            const bool only_piece = popcount(p.of(c)) == 1;
            for_each_square(p.of(c), [&](Square s) {
                NetPieceShare share{s, c, (p.kings & bit(s)) != 0, std::nullopt};
                if (!only_piece) share.share = whole - NetEval<R>::evaluate(without(p, s), n);
                out.push_back(share);
            });
        }
        return out;
    }

    // p with the piece on s taken off, a whole position (its key too).
    static Position without(Position p, Square s) {
        p.pieces[0] &= ~bit(s);
        p.pieces[1] &= ~bit(s);
        p.kings &= ~bit(s);
        p.refresh_key();
        return p;
    }
};

}  // namespace yaad
