#pragma once
// The move generator: one template for every variant, steered by the rules
// traits of rules.hpp (RULES.md §2 and §3). Moves go into a caller-owned
// MoveList; nothing here allocates.

#include <array>
#include <cstddef>
#include <cstdint>

#include "geometry.hpp"
#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// The longest chain any of our boards allows is below the number of
// opposing pieces (at most 20) plus a margin.
constexpr int max_chain = 32;

// Receives every capture route the walker finds. `path` holds the landing
// squares after each jump, the last one being `to`.
template <class S>
concept CaptureSink = requires(S s, Square sq, Bitboard b, const std::uint8_t* path) {
    s.add(sq, sq, b, true, path, 1);
};

// Collects captures as moves. With `Merge`, routes that capture the same set
// and end on the same square become one move (RULES.md §2); without it each
// route counts, as some published perft tables do. Under maximum capture
// (RULES.md §3) only the routes taking the most pieces are kept.
template <class R, bool Merge>
struct CaptureList {
    MoveList& list;
    int most = 0;

    void add(Square from, Square to, Bitboard captured, bool crowns, const std::uint8_t*, int) {
        const int taken = popcount(captured);
        if constexpr (R::capture_choice == CaptureChoice::maximum) {
            if (taken < most) return;
            if (taken > most) {
                most = taken;
                list.clear();
            }
        }
        // Routes that capture the same pieces and end on the same square:
        // a man circling four pieces either way round, or a flying king that
        // may land on several squares before jumping on in the same
        // direction. Both need two pieces at least.
        if constexpr (Merge) {
            if (taken >= 2) {
                for (Move& m : list)
                    if (m.from == from && m.to == to && m.captured == captured) {
                        // Equal captures reached with and without a crowning
                        // on the way (Russian) count as the crowning move.
                        m.crowns = m.crowns || crowns;
                        return;
                    }
            }
        }
        list.push(Move{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), crowns});
    }
};

// Walks every capture chain of one piece, depth first. Captured pieces stay
// on the board until the move ends: they block, and none is jumped twice
// (RULES.md §2). The moving piece's origin counts as empty.
template <class R, Color Us, CaptureSink Sink>
class CaptureWalker {
    using G = Geometry<R::board_size>;

public:
    CaptureWalker(const Position& p, Sink& sink)
        : enemies_(p.of(~Us)), empty_board_(G::board & ~p.occupied()), sink_(sink) {}

    void walk_man(Square from) {
        begin(from);
        man_chain(from, 0);
    }

    void walk_king(Square from) {
        begin(from);
        king_chain(from, 0, up_left, false);
    }

    // The directions in which a man of this variant captures.
    static constexpr auto man_capture_directions() {
        if constexpr (R::men_capture_backward)
            return all_directions;
        else
            return forward_directions(Us);
    }

private:
    void begin(Square from) {
        from_ = from;
        empty_ = empty_board_ | bit(from);
        length_ = 0;
    }

    void record(Square to, Bitboard captured, bool crowns) {
        sink_.add(from_, to, captured, crowns, path_.data(), length_);
    }

    void man_chain(Square sq, Bitboard captured) {
        bool extended = false;
        for (const Direction d : man_capture_directions()) {
            const Bitboard victim = shifted(bit(sq), G::step[d]) & enemies_ & ~captured;
            if (!victim) continue;
            const Bitboard landing = shifted(victim, G::step[d]) & empty_;
            if (!landing) continue;
            extended = true;
            const Square to = lowest(landing);
            const Bitboard taken = captured | victim;
            path_[length_++] = static_cast<std::uint8_t>(to);
            if (landing & G::crowning_row(Us)) {
                if constexpr (R::crowning == Crowning::ends_move)
                    record(to, taken, true);
                else if constexpr (R::crowning == Crowning::immediate)
                    king_chain(to, taken, d, true);
                else
                    man_chain(to, taken);
            } else {
                man_chain(to, taken);
            }
            --length_;
        }
        // Deferred crowning: only the square where the move ends counts.
        if (!extended && captured) record(sq, captured, (bit(sq) & G::crowning_row(Us)) != 0);
    }

    // `came` is the direction of the previous jump, ignored at the start.
    void king_chain(Square sq, Bitboard captured, Direction came, bool crowns) {
        bool extended = false;
        for (const Direction d : all_directions) {
            // Going back means meeting the piece just jumped, which blocks.
            if (captured && d == opposite(came)) continue;
            if constexpr (R::flying_kings) {
                const Square victim = first_victim(sq, d, captured);
                if (victim < 0) continue;
                const Bitboard landings = G::open_ray(d, victim, ~empty_);
                if (!landings) continue;
                extended = true;
                const Bitboard taken = captured | bit(victim);
                Bitboard targets = landings;
                if constexpr (R::landing_rule) {
                    // Landing rule (RULES.md §3): if a landing square beyond
                    // this piece lets the chain go on, the king must use one.
                    Bitboard continuing = 0;
                    for_each_square(landings, [&](Square l) {
                        if (king_can_jump(l, taken, d)) continuing |= bit(l);
                    });
                    if (continuing) targets = continuing;
                }
                for_each_square(targets, [&](Square l) { king_step(l, taken, d, crowns); });
            } else {
                const Bitboard victim = shifted(bit(sq), G::step[d]) & enemies_ & ~captured;
                if (!victim) continue;
                const Bitboard landing = shifted(victim, G::step[d]) & empty_;
                if (!landing) continue;
                extended = true;
                king_step(lowest(landing), captured | victim, d, crowns);
            }
        }
        if (!extended && captured) record(sq, captured, crowns);
    }

    void king_step(Square to, Bitboard taken, Direction d, bool crowns) {
        path_[length_++] = static_cast<std::uint8_t>(to);
        king_chain(to, taken, d, crowns);
        --length_;
    }

    // The enemy piece a flying king on sq would jump in direction d, or -1.
    Square first_victim(Square sq, Direction d, Bitboard captured) const {
        const Bitboard blockers = G::rays[d][sq] & ~empty_;
        if (!blockers) return -1;
        const Square v = G::nearest(d, blockers);
        return (bit(v) & enemies_ & ~captured) ? v : -1;
    }

    bool king_can_jump(Square sq, Bitboard captured, Direction came) const {
        for (const Direction d : all_directions) {
            if (d == opposite(came)) continue;
            const Square victim = first_victim(sq, d, captured);
            if (victim >= 0 && (shifted(bit(victim), G::step[d]) & empty_)) return true;
        }
        return false;
    }

    const Bitboard enemies_;
    const Bitboard empty_board_;
    Sink& sink_;
    Bitboard empty_ = 0;
    Square from_ = 0;
    int length_ = 0;
    std::array<std::uint8_t, max_chain> path_{};
};

template <class R>
struct Movegen {
    using G = Geometry<R::board_size>;

    // Men of colour Us that have a jump available.
    template <Color Us>
    static Bitboard men_that_capture(const Position& p) {
        const Bitboard men = p.men(Us);
        const Bitboard enemies = p.of(~Us);
        const Bitboard empty = G::board & ~p.occupied();
        Bitboard able = 0;
        for (const Direction d : CaptureWalker<R, Us, CaptureList<R, true>>::man_capture_directions()) {
            const int s = G::step[d];
            able |= men & shifted(enemies & shifted(empty, -s), -s);
        }
        return able;
    }

    // Whether colour Us has a capture, without generating it.
    template <Color Us>
    static bool can_capture(const Position& p) {
        if (men_that_capture<Us>(p)) return true;
        const Bitboard enemies = p.of(~Us);
        const Bitboard occupied = p.occupied();
        const Bitboard empty = G::board & ~occupied;
        for (Bitboard kings = p.kings_of(Us); kings; kings &= kings - 1) {
            const Square k = lowest(kings);
            for (const Direction d : all_directions) {
                if constexpr (R::flying_kings) {
                    const Bitboard blockers = G::rays[d][k] & occupied;
                    if (!blockers) continue;
                    const Square v = G::nearest(d, blockers);
                    if ((bit(v) & enemies) && (shifted(bit(v), G::step[d]) & empty)) return true;
                } else if (shifted(shifted(bit(k), G::step[d]) & enemies, G::step[d]) & empty) {
                    return true;
                }
            }
        }
        return false;
    }

    // Whether the side not to move would have a capture if it were its turn:
    // a threat the side to move must meet.
    static bool opponent_can_capture(const Position& p) {
        return p.side == Color::white ? can_capture<Color::black>(p) : can_capture<Color::white>(p);
    }

    // Every capture route of the side to move, fed to the sink.
    template <Color Us, class Sink>
    static void walk_captures(const Position& p, Sink& sink) {
        CaptureWalker<R, Us, Sink> walker(p, sink);
        for_each_square(men_that_capture<Us>(p), [&](Square s) { walker.walk_man(s); });
        for_each_square(p.kings_of(Us), [&](Square s) { walker.walk_king(s); });
    }

    template <class Sink>
    static void walk_captures(const Position& p, Sink& sink) {
        if (p.side == Color::white)
            walk_captures<Color::white>(p, sink);
        else
            walk_captures<Color::black>(p, sink);
    }

    template <Color Us>
    static void quiet_moves(const Position& p, MoveList& list) {
        const Bitboard empty = G::board & ~p.occupied();
        for (const Direction d : forward_directions(Us)) {
            for_each_square(shifted(p.men(Us), G::step[d]) & empty, [&](Square to) {
                const bool crowns = (bit(to) & G::crowning_row(Us)) != 0;
                list.push(Move{0, static_cast<std::uint8_t>(to - G::step[d]), static_cast<std::uint8_t>(to), crowns});
            });
        }
        for_each_square(p.kings_of(Us), [&](Square from) {
            for (const Direction d : all_directions) {
                const Bitboard targets = R::flying_kings ? G::open_ray(d, from, ~empty)
                                                          : shifted(bit(from), G::step[d]) & empty;
                for_each_square(targets, [&](Square to) {
                    list.push(Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), false});
                });
            }
        });
    }

    template <Color Us>
    static std::size_t count_quiet_moves(const Position& p) {
        const Bitboard empty = G::board & ~p.occupied();
        std::size_t n = 0;
        for (const Direction d : forward_directions(Us)) n += popcount(shifted(p.men(Us), G::step[d]) & empty);
        const Bitboard kings = p.kings_of(Us);
        if (!kings) return n;
        for (const Direction d : all_directions) {
            if constexpr (R::flying_kings) {
                // All kings slide together; rays in one direction never merge.
                for (Bitboard front = shifted(kings, G::step[d]) & empty; front;
                     front = shifted(front, G::step[d]) & empty)
                    n += popcount(front);
            } else {
                n += popcount(shifted(kings, G::step[d]) & empty);
            }
        }
        return n;
    }

    template <Color Us, bool Merge>
    static void generate(const Position& p, MoveList& list) {
        list.clear();
        CaptureList<R, Merge> sink{list};
        walk_captures<Us>(p, sink);
        if (list.empty()) quiet_moves<Us>(p, list);
    }

    // Every legal move of the side to move (RULES.md §2: captures are
    // compulsory). With Merge false, one move per capture route.
    template <bool Merge = true>
    static void generate(const Position& p, MoveList& list) {
        if (p.side == Color::white)
            generate<Color::white, Merge>(p, list);
        else
            generate<Color::black, Merge>(p, list);
    }

    template <Color Us, bool Merge>
    static std::size_t count(const Position& p) {
        MoveList list;
        CaptureList<R, Merge> sink{list};
        walk_captures<Us>(p, sink);
        return list.empty() ? count_quiet_moves<Us>(p) : list.size();
    }

    // The number of moves generate() would produce, without producing the
    // quiet ones.
    template <bool Merge = true>
    static std::size_t count(const Position& p) {
        return p.side == Color::white ? count<Color::white, Merge>(p) : count<Color::black, Merge>(p);
    }
};

}  // namespace yaad
