#pragma once
// The transposition table: what earlier searches learnt about a position,
// found by its Zobrist key. Buckets of four entries fill a cache line; a new
// result replaces the entry that is shallowest or from an older search.
//
// Several search threads share the table without locks. An entry is two
// 64-bit words, each read and written atomically: the data, and the key
// XOR the data. A reader accepts an entry only if the two agree, so an entry
// torn by two writers at once is simply not found.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "move.hpp"

namespace yaad {

enum class Bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

// A move as the table keeps it: enough to pick it out of the legal moves.
struct MoveSignature {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint16_t captured = 0;  // a fold of the captured set

    static MoveSignature of(const Move& m);
    bool matches(const Move& m) const;
    bool empty() const { return from == 0 && to == 0 && captured == 0; }
};

struct TTData {
    std::int16_t score = 0;
    std::int8_t depth = 0;
    Bound bound = Bound::none;
    MoveSignature move;
};

class TranspositionTable {
public:
    static constexpr std::size_t default_mb = 64;
    // Beyond a few GB a draughts search gains nothing, and clearing the
    // table would take seconds; larger requests are refused.
    static constexpr std::size_t max_mb = 4096;

    explicit TranspositionTable(std::size_t mb = default_mb) { resize(mb); }

    // Sizes the table to at most `mb` megabytes (at least 1), a power of
    // two of buckets. The memory is taken and cleared by allocate(), so a
    // protocol handshake does not wait for it.
    void resize(std::size_t mb);
    std::size_t size_mb() const { return buckets_ * sizeof(Bucket) >> 20; }
    // Takes the memory if it is not held yet; a search calls this first.
    // Throws std::bad_alloc when the memory is not there.
    void allocate();
    void clear();
    // Marks the start of a new search, so older entries give way first.
    void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & age_mask); }

    std::optional<TTData> probe(std::uint64_t key) const;
    void store(std::uint64_t key, const TTData& data);

private:
    static constexpr std::uint8_t age_mask = 63;

    struct Entry {
        std::atomic<std::uint64_t> check;  // the key XOR data
        std::atomic<std::uint64_t> data;
    };
    struct alignas(64) Bucket {
        Entry entries[4];
    };

    static std::uint64_t pack(const TTData& d, std::uint8_t age);
    static TTData unpack(std::uint64_t word);
    static std::uint8_t age_of(std::uint64_t word) { return static_cast<std::uint8_t>(word >> 58); }

    Bucket& bucket(std::uint64_t key) const { return table_[key & (buckets_ - 1)]; }

    std::unique_ptr<Bucket[]> table_;
    std::size_t buckets_ = 0;
    std::uint8_t age_ = 0;
};

}  // namespace yaad
