#include "tt.hpp"

#include <algorithm>

namespace yaad {

namespace {

std::uint16_t fold(Bitboard b) { return static_cast<std::uint16_t>(b ^ (b >> 16) ^ (b >> 32) ^ (b >> 48)); }

constexpr auto relaxed = std::memory_order_relaxed;

}  // namespace

MoveSignature MoveSignature::of(const Move& m) { return {m.from, m.to, fold(m.captured)}; }

bool MoveSignature::matches(const Move& m) const {
    return m.from == from && m.to == to && fold(m.captured) == captured;
}

// The data word: score (16 bits), move (8 + 8 + 16), depth (8), bound (2),
// age (6, on top).
std::uint64_t TranspositionTable::pack(const TTData& d, std::uint8_t age) {
    return static_cast<std::uint64_t>(static_cast<std::uint16_t>(d.score)) |
           static_cast<std::uint64_t>(d.move.from) << 16 | static_cast<std::uint64_t>(d.move.to) << 24 |
           static_cast<std::uint64_t>(d.move.captured) << 32 |
           static_cast<std::uint64_t>(static_cast<std::uint8_t>(d.depth)) << 48 |
           static_cast<std::uint64_t>(d.bound) << 56 | static_cast<std::uint64_t>(age) << 58;
}

TTData TranspositionTable::unpack(std::uint64_t w) {
    TTData d;
    d.score = static_cast<std::int16_t>(w & 0xffff);
    d.move = {static_cast<std::uint8_t>(w >> 16), static_cast<std::uint8_t>(w >> 24),
              static_cast<std::uint16_t>(w >> 32)};
    d.depth = static_cast<std::int8_t>(static_cast<std::uint8_t>(w >> 48));
    d.bound = static_cast<Bound>((w >> 56) & 3);
    return d;
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
    age_ = 0;
    if (!table_) return;
    for (std::size_t i = 0; i < buckets_; ++i)
        for (Entry& e : table_[i].entries) {
            e.check.store(0, relaxed);
            e.data.store(0, relaxed);
        }
}

std::optional<TTData> TranspositionTable::probe(std::uint64_t key) const {
    for (const Entry& e : bucket(key).entries) {
        const std::uint64_t data = e.data.load(relaxed);
        if ((e.check.load(relaxed) ^ data) != key) continue;
        const TTData d = unpack(data);
        if (d.bound != Bound::none) return d;
    }
    return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, const TTData& data) {
    Bucket& b = bucket(key);
    Entry* target = nullptr;
    for (Entry& e : b.entries) {
        const std::uint64_t word = e.data.load(relaxed);
        if ((e.check.load(relaxed) ^ word) == key) {
            target = &e;
            break;
        }
    }
    TTData written = data;
    if (target) {
        const std::uint64_t word = target->data.load(relaxed);
        const TTData old = unpack(word);
        // Keep what we knew when this result is both shallower and inexact.
        if (data.bound != Bound::exact && data.depth < old.depth - 2 && age_of(word) == age_) return;
        if (written.move.empty()) written.move = old.move;
    } else {
        // Replace the entry worth least: old searches first, then shallow.
        auto worth = [&](const Entry& e) {
            const std::uint64_t word = e.data.load(relaxed);
            const int age_gap = (age_ - age_of(word)) & age_mask;
            return unpack(word).depth - 8 * age_gap;
        };
        target = &b.entries[0];
        for (Entry& e : b.entries)
            if (worth(e) < worth(*target)) target = &e;
    }
    const std::uint64_t word = pack(written, age_);
    target->data.store(word, relaxed);
    target->check.store(key ^ word, relaxed);
}

}  // namespace yaad
