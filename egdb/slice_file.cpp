#include "slice_file.hpp"

#include <zstd.h>

#include <cstring>
#include <fstream>
#include <stdexcept>

#include "variant.hpp"

namespace yaad::egdb {

namespace {

constexpr char magic[8] = {'Y', 'A', 'A', 'D', 'E', 'G', 'D', 'B'};
constexpr std::size_t fixed_header = 8 + 4 + 6 + 2 + 8 + 4 + 4;
// Level 9: level 19 packs 15% tighter but compresses 15 times slower,
// hours for a set of 6 pieces; decompression speed hardly depends on it.
constexpr int compression_level = 9;

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

void put(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::uint64_t get(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t{p[i]} << (8 * i);
    return v;
}

}  // namespace

std::filesystem::path slice_path(const std::filesystem::path& dir, Variant family, const Material& m) {
    return dir / std::string(variant_name(family)) / (m.name() + ".egdb");
}

void write_slice_file(const std::filesystem::path& path, const SliceHeader& h,
                      const std::vector<std::uint16_t>& values, const std::vector<std::uint16_t>& counts) {
    std::vector<std::uint8_t> out(magic, magic + 8);
    put(out, format_version, 4);
    put(out, static_cast<std::uint8_t>(h.family), 1);
    put(out, static_cast<std::uint64_t>(h.board_size), 1);
    for (const int n : {h.material.white_men, h.material.white_kings, h.material.black_men, h.material.black_kings})
        put(out, static_cast<std::uint64_t>(n), 1);
    put(out, h.has_counts ? 1 : 0, 1);
    put(out, 0, 1);
    put(out, h.positions, 8);
    put(out, block_positions, 4);
    const std::uint64_t blocks = (h.positions + block_positions - 1) / block_positions;
    put(out, blocks, 4);

    std::vector<std::uint8_t> data, raw, packed(ZSTD_compressBound(4 * std::size_t{block_positions}));
    std::vector<std::uint64_t> offsets{0};
    ZSTD_CCtx* context = ZSTD_createCCtx();
    for (std::uint64_t b = 0; b < blocks; ++b) {
        raw.assign((h.has_counts ? 4 : 2) * std::size_t{block_positions}, 0);
        const std::uint64_t first = b * block_positions;
        for (std::uint64_t i = first; i < std::min<std::uint64_t>(h.positions, first + block_positions); ++i) {
            const std::size_t j = static_cast<std::size_t>(i - first);
            raw[j] = static_cast<std::uint8_t>(values[i]);
            raw[block_positions + j] = static_cast<std::uint8_t>(values[i] >> 8);
            if (h.has_counts) {
                raw[2 * block_positions + j] = static_cast<std::uint8_t>(counts[i]);
                raw[3 * block_positions + j] = static_cast<std::uint8_t>(counts[i] >> 8);
            }
        }
        const std::size_t n = ZSTD_compressCCtx(context, packed.data(), packed.size(), raw.data(), raw.size(),
                                                compression_level);
        if (ZSTD_isError(n)) {
            ZSTD_freeCCtx(context);
            throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
        }
        data.insert(data.end(), packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(n));
        offsets.push_back(data.size());
    }
    ZSTD_freeCCtx(context);
    for (const std::uint64_t o : offsets) put(out, o, 8);
    out.insert(out.end(), data.begin(), data.end());
    put(out, fnv1a(out.data(), out.size()), 8);

    std::filesystem::create_directories(path.parent_path());
    const std::filesystem::path temporary = path.string() + ".part";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(out.data()), static_cast<std::streamsize>(out.size()));
        if (!file) throw std::runtime_error("cannot write " + temporary.string());
    }
    std::filesystem::rename(temporary, path);
}

std::optional<SliceFile> SliceFile::load(const std::filesystem::path& path, std::string& error) {
    SliceFile f;
    {
        std::ifstream file(path, std::ios::binary);
        if (!file) {
            error = "cannot open it";
            return std::nullopt;
        }
        f.bytes_.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    const std::vector<std::uint8_t>& b = f.bytes_;
    if (b.size() < fixed_header + 16 || std::memcmp(b.data(), magic, 8) != 0) {
        error = "not a yaad endgame database file, or truncated";
        return std::nullopt;
    }
    if (const std::uint64_t version = get(&b[8], 4); version != format_version) {
        error = "format version " + std::to_string(version) + ", this yaad reads " + std::to_string(format_version);
        return std::nullopt;
    }
    if (get(&b[b.size() - 8], 8) != fnv1a(b.data(), b.size() - 8)) {
        error = "checksum mismatch: the file is corrupt or truncated";
        return std::nullopt;
    }
    SliceHeader& h = f.header_;
    const std::uint8_t family = b[12];
    if (family >= all_variants.size() || b[13] != board_size(static_cast<Variant>(family))) {
        error = "unknown variant family or board size";
        return std::nullopt;
    }
    h.family = static_cast<Variant>(family);
    h.board_size = b[13];
    h.material = {b[14], b[15], b[16], b[17]};
    h.has_counts = (b[18] & 1) != 0;
    h.positions = get(&b[20], 8);
    const std::uint64_t per_block = get(&b[28], 4);
    const std::uint64_t blocks = get(&b[32], 4);
    if (per_block != block_positions || blocks != (h.positions + block_positions - 1) / block_positions ||
        fixed_header + 8 * (blocks + 1) + 8 > b.size()) {
        error = "inconsistent header";
        return std::nullopt;
    }
    f.data_start_ = fixed_header + 8 * (blocks + 1);
    const std::uint64_t data_bytes = b.size() - 8 - f.data_start_;
    for (std::uint64_t i = 0; i <= blocks; ++i) {
        const std::uint64_t o = get(&b[fixed_header + 8 * i], 8);
        if (o > data_bytes || (i > 0 && o < f.offsets_.back()) || (i == 0 && o != 0)) {
            error = "inconsistent block offsets";
            return std::nullopt;
        }
        f.offsets_.push_back(o);
    }
    if (f.offsets_.back() != data_bytes) {
        error = "inconsistent block offsets";
        return std::nullopt;
    }
    return f;
}

bool SliceFile::read_block(std::uint32_t block, std::uint8_t* out) const {
    // One decompression context per thread, made once: no allocation per
    // block read.
    struct Context {
        ZSTD_DCtx* d = ZSTD_createDCtx();
        ~Context() { ZSTD_freeDCtx(d); }
    };
    thread_local Context context;
    const std::uint8_t* src = bytes_.data() + data_start_ + offsets_[block];
    const std::size_t n = static_cast<std::size_t>(offsets_[block + 1] - offsets_[block]);
    const std::size_t got = ZSTD_decompressDCtx(context.d, out, block_bytes(), src, n);
    return !ZSTD_isError(got) && got == block_bytes();
}

}  // namespace yaad::egdb
