#include "slice_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <utility>

#include "byte_fields.hpp"
#include "variant.hpp"

namespace yaad::egdb {

namespace {

constexpr char magic[8] = {'Y', 'A', 'A', 'D', 'E', 'G', 'D', 'B'};
constexpr std::size_t fixed_header = 8 + 4 + 6 + 2 + 8 + 4 + 4;
// Level 9: level 19 packs 15% tighter but compresses 15 times slower,
// hours for a set of 6 pieces; decompression speed hardly depends on it.
constexpr int compression_level = 9;

}  // namespace

std::filesystem::path slice_path(const std::filesystem::path& dir, Variant family, const Material& m) {
    return dir / std::string(variant_name(family)) / (m.name() + ".egdb");
}

void write_slice_file(const std::filesystem::path& path, const SliceHeader& h,
                      const std::vector<std::uint16_t>& values, const std::vector<std::uint16_t>& counts) {
    std::vector<std::uint8_t> out(magic, magic + 8);
    put_field(out, format_version, 4);
    put_field(out, static_cast<std::uint8_t>(h.family), 1);
    put_field(out, static_cast<std::uint64_t>(h.board_size), 1);
    for (const int n : {h.material.white_men, h.material.white_kings, h.material.black_men, h.material.black_kings})
        put_field(out, static_cast<std::uint64_t>(n), 1);
    put_field(out, h.has_counts ? 1 : 0, 1);
    put_field(out, 0, 1);
    put_field(out, h.positions, 8);
    put_field(out, block_positions, 4);
    const std::uint64_t blocks = (h.positions + block_positions - 1) / block_positions;
    put_field(out, blocks, 4);

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
    for (const std::uint64_t o : offsets) put_field(out, o, 8);
    out.insert(out.end(), data.begin(), data.end());
    put_field(out, fnv1a(out), 8);

    std::filesystem::create_directories(path.parent_path());
    const std::filesystem::path temporary = path.string() + ".part";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(out.data()), static_cast<std::streamsize>(out.size()));
        if (!file) throw std::runtime_error("cannot write " + temporary.string());
    }
    std::filesystem::rename(temporary, path);
}

namespace {

// A file opened for reading, closed unless kept.
struct Descriptor {
    int fd;
    explicit Descriptor(const std::filesystem::path& path) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

bool read_at(int fd, std::uint8_t* out, std::size_t n, std::uint64_t offset) {
    while (n > 0) {
        const ssize_t got = ::pread(fd, out, n, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        out += got;
        n -= static_cast<std::size_t>(got);
        offset += static_cast<std::uint64_t>(got);
    }
    return true;
}

// What the fixed header says, and the file length it implies, checked
// against the file's real length.
struct Layout {
    SliceHeader header;
    std::uint64_t blocks = 0, data_start = 0, file_bytes = 0;
};

std::optional<Layout> read_layout(int fd, std::string& error) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        error = "cannot read it";
        return std::nullopt;
    }
    Layout l;
    l.file_bytes = static_cast<std::uint64_t>(st.st_size);
    std::uint8_t b[fixed_header];
    if (l.file_bytes < fixed_header + 16 || !read_at(fd, b, fixed_header, 0) ||
        std::memcmp(b, magic, 8) != 0) {
        error = "not a yaad endgame database file, or truncated";
        return std::nullopt;
    }
    if (const std::uint64_t version = get_field(&b[8], 4); version != format_version) {
        error = "format version " + std::to_string(version) + ", this yaad reads " + std::to_string(format_version);
        return std::nullopt;
    }
    SliceHeader& h = l.header;
    const std::uint8_t family = b[12];
    if (family >= all_variants.size() || b[13] != board_size(static_cast<Variant>(family))) {
        error = "unknown variant family or board size";
        return std::nullopt;
    }
    h.family = static_cast<Variant>(family);
    h.board_size = b[13];
    h.material = {b[14], b[15], b[16], b[17]};
    h.has_counts = (b[18] & 1) != 0;
    h.positions = get_field(&b[20], 8);
    const std::uint64_t per_block = get_field(&b[28], 4);
    l.blocks = get_field(&b[32], 4);
    l.data_start = fixed_header + 8 * (l.blocks + 1);
    if (per_block != block_positions || l.blocks != (h.positions + block_positions - 1) / block_positions ||
        l.data_start + 8 > l.file_bytes) {
        error = "inconsistent header, or truncated";
        return std::nullopt;
    }
    // The last offset is the length of the blocks: the file must end 8
    // bytes (the checksum) after them.
    std::uint8_t last[8];
    if (!read_at(fd, last, 8, fixed_header + 8 * l.blocks) ||
        l.data_start + get_field(last, 8) + 8 != l.file_bytes) {
        error = "truncated, or its block offsets are inconsistent";
        return std::nullopt;
    }
    return l;
}

}  // namespace

std::unique_ptr<SliceFile> SliceFile::open(const std::filesystem::path& path, std::string& error) {
    const Descriptor file(path);
    if (file.fd < 0) {
        error = "cannot open it";
        return nullptr;
    }
    const std::optional<Layout> l = read_layout(file.fd, error);
    if (!l) return nullptr;
    std::unique_ptr<SliceFile> f(new SliceFile);
    f->path_ = path;
    f->header_ = l->header;
    f->blocks_ = l->blocks;
    f->data_start_ = l->data_start;
    f->file_bytes_ = l->file_bytes;
    return f;
}

SliceFile::~SliceFile() {
    if (fd_ >= 0) ::close(fd_);
}

bool SliceFile::check(const Report& report) const {
    std::call_once(checked_, [&] {
        std::string error;
        if (read_offsets(error)) {
            state_.store(ready, std::memory_order_release);
        } else {
            state_.store(unusable, std::memory_order_release);
            if (report) report(path_.string() + ": " + error);
        }
    });
    return state_.load(std::memory_order_acquire) == ready;
}

void SliceFile::fail(const std::string& reason, const Report& report) const {
    if (state_.exchange(unusable, std::memory_order_acq_rel) != unusable && report)
        report(path_.string() + ": " + reason);
}

bool SliceFile::read_offsets(std::string& error) const {
    const Descriptor file(path_);
    if (file.fd < 0) {
        error = "cannot open it";
        return false;
    }
    // The file may have been replaced since it was opened.
    const std::optional<Layout> l = read_layout(file.fd, error);
    if (!l) return false;
    if (l->file_bytes != file_bytes_ || !(l->header.material == header_.material) ||
        l->header.family != header_.family || l->header.has_counts != header_.has_counts) {
        error = "the file changed since the database was opened";
        return false;
    }
    // The checksum of every byte before the last 8, read in pieces so that
    // checking takes no memory.
    std::vector<std::uint8_t> chunk(1 << 20);
    std::uint64_t h = fnv1a_start;
    std::uint64_t offset = 0;
    const std::uint64_t end = file_bytes_ - 8;
    while (offset < end) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), end - offset));
        if (!read_at(file.fd, chunk.data(), n, offset)) {
            error = "cannot read it";
            return false;
        }
        h = fnv1a({chunk.data(), n}, h);
        offset += n;
    }
    std::uint8_t stored[8];
    if (!read_at(file.fd, stored, 8, end) || get_field(stored, 8) != h) {
        error = "checksum mismatch: the file is corrupt or truncated";
        return false;
    }
    std::vector<std::uint8_t> raw(8 * (blocks_ + 1));
    if (!read_at(file.fd, raw.data(), raw.size(), fixed_header)) {
        error = "cannot read it";
        return false;
    }
    const std::uint64_t data_bytes = file_bytes_ - 8 - data_start_;
    offsets_.clear();
    for (std::uint64_t i = 0; i <= blocks_; ++i) {
        const std::uint64_t o = get_field(&raw[8 * i], 8);
        if (o > data_bytes || (i > 0 && o < offsets_.back()) || (i == 0 && o != 0)) {
            error = "inconsistent block offsets";
            return false;
        }
        offsets_.push_back(o);
    }
    return true;
}

bool SliceFile::read_block(std::uint32_t block, std::uint8_t* out) const {
    // One decompression context and one buffer per thread, made once: no
    // allocation per block read.
    struct Context {
        ZSTD_DCtx* d = ZSTD_createDCtx();
        std::vector<std::uint8_t> packed;
        ~Context() { ZSTD_freeDCtx(d); }
    };
    thread_local Context context;
    // The file stays open from the first block read on: a database checked
    // whole (info, a build) holds no descriptor for slices it never reads.
    std::call_once(opened_, [&] { fd_ = Descriptor(path_).release(); });
    const std::size_t n = static_cast<std::size_t>(offsets_[block + 1] - offsets_[block]);
    if (context.packed.size() < n) context.packed.resize(n);
    if (!read_at(fd_, context.packed.data(), n, data_start_ + offsets_[block])) return false;
    const std::size_t got = ZSTD_decompressDCtx(context.d, out, block_bytes(), context.packed.data(), n);
    return !ZSTD_isError(got) && got == block_bytes();
}

}  // namespace yaad::egdb
