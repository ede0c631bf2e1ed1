#include "tt.hpp"

#include <algorithm>
#include <cstring>

namespace yaad {

namespace {
std::uint16_t fold(Bitboard b) { return static_cast<std::uint16_t>(b ^ (b >> 16) ^ (b >> 32) ^ (b >> 48)); }
std::uint32_t check_of(std::uint64_t key) { return static_cast<std::uint32_t>(key >> 32); }
}  // namespace

MoveSignature MoveSignature::of(const Move& m) { return {m.from, m.to, fold(m.captured)}; }

bool MoveSignature::matches(const Move& m) const {
    return m.from == from && m.to == to && fold(m.captured) == captured;
}

void TranspositionTable::resize(std::size_t mb) {
    mb = std::clamp<std::size_t>(mb, 1, max_mb);
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= (mb << 20)) buckets *= 2;
    if (buckets != buckets_) {
        table_.reset();
        buckets_ = buckets;
    }
    clear();
}

void TranspositionTable::allocate() {
    if (table_) return;
    table_.reset(new Bucket[buckets_]);
    clear();
}

void TranspositionTable::clear() {
    if (table_) std::memset(static_cast<void*>(table_.get()), 0, buckets_ * sizeof(Bucket));
    age_ = 0;
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) const {
    const Bucket& b = bucket(key);
    for (const TTEntry& e : b.entries)
        if (e.check == check_of(key) && e.bound() != Bound::none) return &e;
    return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int score, int eval, Bound bound, int depth, MoveSignature move) {
    Bucket& b = bucket(key);
    TTEntry* target = nullptr;
    for (TTEntry& e : b.entries)
        if (e.check == check_of(key)) {
            target = &e;
            break;
        }
    if (target) {
        // Keep what we knew when this result is both shallower and inexact.
        if (bound != Bound::exact && depth < target->depth - 2 && (target->bound_and_age & 0xfc) == age_) return;
        if (move.empty()) move = target->move;
    } else {
        // Replace the entry worth least: old searches first, then shallow.
        auto worth = [&](const TTEntry& e) {
            const int age_gap = ((age_ - (e.bound_and_age & 0xfc)) & 0xff) >> 2;
            return e.depth - 8 * age_gap;
        };
        target = &b.entries[0];
        for (TTEntry& e : b.entries)
            if (worth(e) < worth(*target)) target = &e;
    }
    target->check = check_of(key);
    target->score = static_cast<std::int16_t>(score);
    target->eval = static_cast<std::int16_t>(eval);
    target->move = move;
    target->depth = static_cast<std::int8_t>(std::clamp(depth, -128, 127));
    target->bound_and_age = static_cast<std::uint8_t>(age_ | static_cast<std::uint8_t>(bound));
}

int TranspositionTable::hashfull() const {
    if (!table_) return 0;
    const std::size_t sample = std::min<std::size_t>(buckets_, 250);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const TTEntry& e : table_[i].entries)
            if (e.bound() != Bound::none && (e.bound_and_age & 0xfc) == age_) ++used;
    return static_cast<int>(used * 1000 / (sample * 4));
}

}  // namespace yaad
