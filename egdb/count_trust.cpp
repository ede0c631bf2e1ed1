#include "count_trust.hpp"

#include <algorithm>

#include "draw_rules.hpp"
#include "variant.hpp"

namespace yaad::egdb {

int fresh_count_plies(Variant family, const Material& m) {
    return visit_variant(family, [&](auto r) {
        using R = decltype(r);
        int plies = R::progress_limit_plies > 0 ? R::progress_limit_plies : DrawCounters::no_limit;
        // As DrawCounters::set_material finds it: a side with a lone king
        // against material that the variant limits.
        const auto lone_king = [&](Color weak, int weak_men, int weak_kings, int strong_men, int strong_kings) {
            if (weak_men != 0 || weak_kings != 1) return;
            const LoneKingLimit limit = R::lone_king_limit(strong_men, strong_kings);
            if (limit.moves == 0) return;
            DrawCounters c;
            c.lone_king = limit;
            c.strong = ~weak;
            for (const Color to_move : {Color::white, Color::black})
                plies = std::min(plies, c.plies_to_lone_king_draw(to_move));
        };
        lone_king(Color::white, m.white_men, m.white_kings, m.black_men, m.black_kings);
        lone_king(Color::black, m.black_men, m.black_kings, m.white_men, m.white_kings);
        return plies;
    });
}

bool leads_to(const Material& from, const Material& to) {
    return !(to == from) && to.white_men <= from.white_men && to.white() <= from.white() &&
           to.black_men <= from.black_men && to.black() <= from.black();
}

CountTrust::CountTrust(Variant family, Has has, Lengths lengths)
    : family_(family), has_(std::move(has)), lengths_(std::move(lengths)), exact_(slot_count), closed_(slot_count) {}

std::size_t CountTrust::slot(const Material& m) {
    return static_cast<std::size_t>(((m.white_men * 10 + m.white_kings) * 10 + m.black_men) * 10 + m.black_kings);
}

bool CountTrust::exact(const Material& m) {
    const std::int8_t known = exact_[slot(m)].load(std::memory_order_acquire);
    if (known != unknown) return known == yes;
    const std::lock_guard lock(mutex_);
    return exact_locked(m);
}

bool CountTrust::closed(const Material& m) {
    const std::int8_t known = closed_[slot(m)].load(std::memory_order_acquire);
    if (known != unknown) return known == yes;
    const std::lock_guard lock(mutex_);
    return closed_locked(m);
}

std::string CountTrust::why() const {
    const std::lock_guard lock(mutex_);
    return why_;
}

bool CountTrust::exact_locked(const Material& m) {
    std::atomic<std::int8_t>& state = exact_[slot(m)];
    if (state.load(std::memory_order_relaxed) != unknown) return state.load(std::memory_order_relaxed) == yes;
    bool exact = true;
    if (!stores_mate_distance(m))
        for (const Material& n : materials_up_to(family_, m.pieces()))
            if (leads_to(m, n) && !closed_locked(n)) {
                exact = false;
                break;
            }
    state.store(exact ? yes : no, std::memory_order_release);
    return exact;
}

bool CountTrust::closed_locked(const Material& m) {
    std::atomic<std::int8_t>& state = closed_[slot(m)];
    if (state.load(std::memory_order_relaxed) != unknown) return state.load(std::memory_order_relaxed) == yes;
    const int fresh = fresh_count_plies(family_, m);
    bool closed = exact_locked(m);
    std::string reason;
    if (!closed) {
        reason = m.name() + " leads to a slice whose wins a fresh count can draw";
    } else if (!has_(m)) {
        closed = false;
        reason = m.name() + " is missing";
    } else if (stores_mate_distance(m) || fresh != DrawCounters::no_limit) {
        // Only a count can draw a stored win: without one there is nothing
        // to read.
        const std::optional<WinLengths> w = lengths_(m);
        if (!w) {
            closed = false;
            reason = m.name() + " cannot be read";
        } else if (w->beyond_any_count || w->longest > fresh) {
            closed = false;
            reason = m.name() + (stores_mate_distance(m)
                                     ? " holds a win that needs " +
                                           (w->beyond_any_count ? std::string("more than any count leaves")
                                                                : std::to_string(w->longest) + " plies left on the count")
                                     : " holds a win of " + std::to_string(w->longest) +
                                           " plies to its next capture or crowning") +
                     ", more than a fresh count's " + std::to_string(fresh);
        }
    }
    if (!closed && why_.empty()) why_ = reason;
    state.store(closed ? yes : no, std::memory_order_release);
    return closed;
}

}  // namespace yaad::egdb
