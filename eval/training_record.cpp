#include "training_record.hpp"

#include <algorithm>
#include <fstream>
#include <tuple>

#include "byte_fields.hpp"
#include "geometry.hpp"
#include "input_error.hpp"
#include "random.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

Bitboard board_of(Variant v) {
    return visit_variant(v, [](auto r) { return Geometry<decltype(r)::board_size>::board; });
}

}  // namespace

std::array<std::uint8_t, TrainingRecord::bytes> TrainingRecord::encode() const {
    std::array<std::uint8_t, bytes> out{};
    put_field(&out[0], position.pieces[0], 8);
    put_field(&out[8], position.pieces[1], 8);
    put_field(&out[16], position.kings, 8);
    out[24] = static_cast<std::uint8_t>(variant);
    out[25] = static_cast<std::uint8_t>(index(position.side));
    out[26] = result;
    put_field(&out[28], static_cast<std::uint16_t>(score), 2);
    put_field(&out[30], ply, 2);
    return out;
}

TrainingRecord TrainingRecord::decode(const std::uint8_t* data) {
    TrainingRecord r;
    if (data[24] >= all_variants.size()) throw InputError("unknown variant " + std::to_string(data[24]));
    r.variant = static_cast<Variant>(data[24]);
    r.position.pieces[0] = get_field(&data[0], 8);
    r.position.pieces[1] = get_field(&data[8], 8);
    r.position.kings = get_field(&data[16], 8);
    const Bitboard board = board_of(r.variant);
    const Position& p = r.position;
    if ((p.pieces[0] & p.pieces[1]) || (p.occupied() & ~board) || (p.kings & ~p.occupied()))
        throw InputError("pieces off the board or on one square twice");
    if (data[25] > 1) throw InputError("side to move " + std::to_string(data[25]));
    r.position.side = data[25] ? Color::black : Color::white;
    r.position.refresh_key();
    if (data[26] > white_wins) throw InputError("result " + std::to_string(data[26]) + " above 200");
    r.result = data[26];
    r.score = static_cast<std::int16_t>(get_field(&data[28], 2));
    r.ply = static_cast<std::uint16_t>(get_field(&data[30], 2));
    return r;
}

std::vector<TrainingRecord> read_records(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() % TrainingRecord::bytes != 0)
        throw InputError(path + ": " + std::to_string(bytes.size()) + " bytes is not a whole number of 32-byte records (truncated?)");
    std::vector<TrainingRecord> records;
    records.reserve(bytes.size() / TrainingRecord::bytes);
    for (std::size_t at = 0; at < bytes.size(); at += TrainingRecord::bytes) {
        try {
            records.push_back(TrainingRecord::decode(&bytes[at]));
        } catch (const InputError& e) {
            throw InputError(path + ": record " + std::to_string(at / TrainingRecord::bytes) + ": " + e.what());
        }
    }
    return records;
}

void write_records(const std::string& path, const std::vector<TrainingRecord>& records, bool append) {
    std::ofstream out(path, std::ios::binary | (append ? std::ios::app : std::ios::trunc));
    if (!out) throw InputError("cannot write " + path);
    for (const TrainingRecord& r : records) {
        const auto bytes = r.encode();
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    out.flush();
    if (!out) throw InputError("cannot write " + path);
}

std::vector<TrainingRecord> dedup_and_shuffle(std::vector<TrainingRecord> records, std::uint64_t seed) {
    auto identity = [](const TrainingRecord& r) {
        return std::tuple(r.variant, r.position.pieces[0], r.position.pieces[1], r.position.kings, r.position.side);
    };
    // A stable order first, so that the result depends on the set of
    // records only, not on the order the shards came in.
    std::sort(records.begin(), records.end(), [&](const TrainingRecord& a, const TrainingRecord& b) {
        return std::tuple(identity(a), a.result, a.score, a.ply) < std::tuple(identity(b), b.result, b.score, b.ply);
    });
    std::vector<TrainingRecord> merged;
    for (std::size_t i = 0; i < records.size();) {
        std::size_t j = i;
        long result = 0, score = 0;
        std::uint16_t ply = records[i].ply;
        for (; j < records.size() && identity(records[j]) == identity(records[i]); ++j) {
            result += records[j].result;
            score += records[j].score;
            ply = std::min(ply, records[j].ply);
        }
        const long n = static_cast<long>(j - i);
        TrainingRecord r = records[i];
        r.result = static_cast<std::uint8_t>((result + n / 2) / n);
        r.score = static_cast<std::int16_t>(score / n);
        r.ply = ply;
        merged.push_back(r);
        i = j;
    }
    Random random(seed);
    for (std::size_t i = merged.size(); i > 1; --i) std::swap(merged[i - 1], merged[random.below(i)]);
    return merged;
}

}  // namespace yaad
