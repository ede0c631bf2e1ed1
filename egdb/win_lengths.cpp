#include "win_lengths.hpp"

#include <algorithm>
#include <memory>

#include "slice_file.hpp"
#include "value_code.hpp"

namespace yaad::egdb {

std::optional<WinLengths> win_lengths(const std::filesystem::path& file, std::string& error) {
    const std::unique_ptr<SliceFile> slice = SliceFile::open(file, error);
    if (!slice) return std::nullopt;
    std::string problem;
    if (!slice->usable([&](const std::string& line) { problem = line; })) {
        error = problem;
        return std::nullopt;
    }
    const SliceHeader& h = slice->header();
    const std::uint64_t blocks = (h.positions + block_positions - 1) / block_positions;
    std::unique_ptr<std::uint8_t[]> data(new std::uint8_t[slice->block_bytes()]);
    WinLengths out;
    for (std::uint64_t b = 0; b < blocks; ++b) {
        if (!slice->read_block(static_cast<std::uint32_t>(b), data.get())) {
            error = file.string() + ": block " + std::to_string(b) + " cannot be read or does not decompress";
            return std::nullopt;
        }
        // A block is full length on disk, the last one padded with draws.
        for (std::uint32_t j = 0; j < block_positions; ++j) {
            const Value v = decode(static_cast<std::uint16_t>(data[j] | data[block_positions + j] << 8));
            if (v.result == Wdl::draw) continue;
            if (!h.has_counts) {
                out.longest = std::max(out.longest, v.plies);
                continue;
            }
            const int count = data[2 * block_positions + j] | data[3 * block_positions + j] << 8;
            if (count == count_never)
                out.beyond_any_count = true;
            else
                out.longest = std::max(out.longest, count);
        }
    }
    return out;
}

}  // namespace yaad::egdb
