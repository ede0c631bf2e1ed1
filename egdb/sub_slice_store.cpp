#include "sub_slice_store.hpp"

#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <stdexcept>
#include <system_error>

#include "byte_fields.hpp"
#include "variant.hpp"

namespace yaad::egdb {

namespace {

constexpr char magic[8] = {'Y', 'A', 'A', 'D', 'S', 'U', 'B', 'S'};
constexpr std::uint32_t version = 1;

}  // namespace

SubSliceStore::SubSliceStore(const std::filesystem::path& slice_path, Variant family, int board_size,
                             const Material& m)
    : dir_(work_dir(slice_path)), family_(family), board_size_(board_size), material_(m) {}

std::filesystem::path SubSliceStore::work_dir(const std::filesystem::path& slice_path) {
    std::filesystem::path dir = slice_path;
    return dir.replace_extension(".work");
}

std::filesystem::path SubSliceStore::file(int white_lead, int black_lead) const {
    return dir_ / ("w" + std::to_string(white_lead) + "b" + std::to_string(black_lead) + ".sub");
}

// Everything before the codes: what a file must begin with to be this
// sub-slice's.
std::vector<std::uint8_t> SubSliceStore::header(int white_lead, int black_lead, std::uint64_t positions) const {
    std::vector<std::uint8_t> out(magic, magic + 8);
    put_field(out, version, 4);
    put_field(out, static_cast<std::uint8_t>(family_), 1);
    put_field(out, static_cast<std::uint64_t>(board_size_), 1);
    for (const int n : {material_.white_men, material_.white_kings, material_.black_men, material_.black_kings})
        put_field(out, static_cast<std::uint64_t>(n), 1);
    put_field(out, static_cast<std::uint64_t>(white_lead + 1), 1);
    put_field(out, static_cast<std::uint64_t>(black_lead + 1), 1);
    put_field(out, positions, 8);
    return out;
}

void SubSliceStore::save(int white_lead, int black_lead, const std::vector<std::uint16_t>& codes) const {
    std::vector<std::uint8_t> out = header(white_lead, black_lead, codes.size());
    out.reserve(out.size() + 2 * codes.size() + 8);
    for (const std::uint16_t c : codes) put_field(out, c, 2);
    put_field(out, fnv1a(out), 8);

    std::filesystem::create_directories(dir_);
    const std::filesystem::path path = file(white_lead, black_lead);
    const std::filesystem::path temporary = path.string() + ".part";
    {
        std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(out.data()), static_cast<std::streamsize>(out.size()));
        if (!f) throw std::runtime_error("cannot write " + temporary.string());
    }
    std::filesystem::rename(temporary, path);
}

std::optional<std::vector<std::uint16_t>> SubSliceStore::load(int white_lead, int black_lead,
                                                              std::uint64_t positions, std::string& error) const {
    const std::filesystem::path path = file(white_lead, black_lead);
    std::ifstream f(path, std::ios::binary);
    if (!f) return std::nullopt;
    const std::vector<std::uint8_t> in{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
    const std::vector<std::uint8_t> want = header(white_lead, black_lead, positions);
    const std::size_t codes_end = want.size() + 2 * positions;
    if (in.size() != codes_end + 8) {
        error = path.string() + ": truncated, or of another slice";
        return std::nullopt;
    }
    if (std::memcmp(in.data(), want.data(), want.size()) != 0) {
        error = path.string() + ": of another slice, variant or format";
        return std::nullopt;
    }
    if (fnv1a(std::span(in).first(codes_end)) != get_field(&in[codes_end], 8)) {
        error = path.string() + ": checksum mismatch";
        return std::nullopt;
    }
    std::vector<std::uint16_t> codes(positions);
    for (std::uint64_t i = 0; i < positions; ++i)
        codes[i] = static_cast<std::uint16_t>(get_field(&in[want.size() + 2 * i], 2));
    return codes;
}

std::vector<SubSliceStore::Interrupted> SubSliceStore::interrupted(const std::filesystem::path& dir) {
    std::vector<Interrupted> out;
    for (const Variant v : all_variants) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(dir / std::string(variant_name(v)), ec)) {
            if (entry.path().extension() != ".work" || !entry.is_directory()) continue;
            Interrupted i{v, entry.path().stem().string()};
            for (const auto& part : std::filesystem::directory_iterator(entry.path(), ec)) {
                if (part.path().extension() != ".sub") continue;
                ++i.parts;
                i.bytes += part.file_size(ec);
            }
            out.push_back(i);
        }
    }
    return out;
}

void SubSliceStore::discard(const std::filesystem::path& slice_path) {
    std::error_code ec;
    std::filesystem::remove_all(work_dir(slice_path), ec);
}

}  // namespace yaad::egdb
