#include "database.hpp"

#include <algorithm>
#include <iostream>
#include <system_error>

#include "slice_index.hpp"
#include "variant.hpp"

namespace yaad::egdb {

namespace {

// Calls f(SliceIndex<N>) for the family's board size.
template <class F>
decltype(auto) with_index(Variant family, const Material& m, F&& f) {
    switch (board_size(family)) {
        case 6: return f(SliceIndex<6>(m));
        case 8: return f(SliceIndex<8>(m));
        default: return f(SliceIndex<10>(m));
    }
}

bool in_range(const Material& m) {
    for (const int n : {m.white_men, m.white_kings, m.black_men, m.black_kings})
        if (n < 0 || n > max_kind) return false;
    return m.white() > 0 && m.black() > 0;
}

}  // namespace

std::uint64_t slice_positions(Variant family, const Material& m) {
    return with_index(family, m, [](const auto& index) { return index.size(); });
}

std::size_t Database::key(Variant family, const Material& m) {
    const std::size_t k = static_cast<std::size_t>(
        ((m.white_men * (max_kind + 1) + m.white_kings) * (max_kind + 1) + m.black_men) * (max_kind + 1) +
        m.black_kings);
    return static_cast<std::size_t>(family) * kinds + k;
}

const Database::Slice* Database::find(Variant family, const Material& m) const {
    if (!in_range(m)) return nullptr;
    return slices_[key(family, m)].get();
}

Database::Database(std::size_t cache_megabytes, Warn late) : cache_(cache_megabytes) {
    for (const Variant v : all_variants)
        if (family(v) == v) reset_trust(v);
    if (!late) late = [](const std::string& line) { std::cerr << "warning: " << line << std::endl; };
    late_ = [late = std::move(late)](const std::string& problem) {
        late("egdb: " + problem + "; slice skipped");
    };
}

std::unique_ptr<Database> Database::open(const std::filesystem::path& dir, std::vector<std::string>& warnings,
                                         std::size_t cache_megabytes, Warn late) {
    std::unique_ptr<Database> db(new Database(cache_megabytes, std::move(late)));
    for (const Variant v : all_variants) {
        if (family(v) != v) continue;
        const std::filesystem::path sub = dir / std::string(variant_name(v));
        std::error_code ec;
        if (!std::filesystem::is_directory(sub, ec)) continue;
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(sub, ec))
            if (entry.path().extension() == ".egdb") files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& file : files) {
            std::string error;
            if (!db->add(file, error)) warnings.push_back("egdb: " + file.string() + ": " + error + "; slice skipped");
        }
    }
    return db;
}

void Database::check_all(std::vector<std::string>& warnings, std::optional<Variant> only) {
    const SliceFile::Report collect = [&](const std::string& problem) {
        warnings.push_back("egdb: " + problem + "; slice skipped");
    };
    for (std::unique_ptr<Slice>& s : slices_) {
        if (!s || (only && s->header().family != family(*only)) || s->usable(collect)) continue;
        const Variant f = s->header().family;
        s.reset();
        update_max_pieces(f);
        reset_trust(f);
    }
}

bool Database::add(const std::filesystem::path& file, std::string& error) {
    std::unique_ptr<SliceFile> f = SliceFile::open(file, error);
    if (!f) return false;
    const SliceHeader& h = f->header();
    if (!in_range(h.material) || family(h.family) != h.family || file.filename() != h.material.name() + ".egdb" ||
        file.parent_path().filename() != variant_name(h.family)) {
        error = "its header does not match its name";
        return false;
    }
    if (h.positions != slice_positions(h.family, h.material) ||
        h.has_counts != stores_mate_distance(h.material)) {
        error = "its header does not match the slice's size";
        return false;
    }
    std::unique_ptr<Slice>& place = slices_[key(h.family, h.material)];
    if (place) {
        error = "a second file of the same slice";
        return false;
    }
    place = std::move(f);
    update_max_pieces(h.family);
    reset_trust(h.family);
    int& most = most_pieces_[static_cast<std::size_t>(h.family)];
    most = std::max(most, h.material.pieces());
    return true;
}

void Database::update_max_pieces(Variant f) {
    int n = 0;
    // A set is usable up to n pieces only when every slice up to n is there.
    for (int pieces = 2; pieces <= 2 * max_kind; ++pieces) {
        const auto all = materials_up_to(f, pieces);
        if (!std::all_of(all.begin(), all.end(), [&](const Material& m) { return find(f, m) != nullptr; })) break;
        n = pieces;
    }
    max_pieces_[static_cast<std::size_t>(f)] = n;
}

CountTrust& Database::trust(Variant v) const { return *trusts_[static_cast<std::size_t>(family(v))]; }

void Database::reset_trust(Variant f) {
    trusts_[static_cast<std::size_t>(f)] = std::make_unique<CountTrust>(
        f, [this, f](const Material& m) { return find(f, m) != nullptr; },
        [this, f](const Material& m) -> std::optional<WinLengths> {
            const Slice* s = find(f, m);
            if (!s) return std::nullopt;
            // A file that cannot be read reports itself when probed.
            std::string error;
            return win_lengths(s->path(), error);
        });
}

std::optional<Codes> Database::codes(Variant v, const Position& p) const {
    const Variant f = family(v);
    const Material m = Material::of(p);
    const Slice* s = find(f, m);
    if (!s || !s->usable(late_)) return std::nullopt;
    const std::uint64_t i = with_index(f, m, [&](const auto& index) { return index.index(p); });
    const std::optional<Codes> c = cache_.read(*s, i);
    if (!c)
        s->fail("block " + std::to_string(i / block_positions) + " cannot be read or does not decompress",
                late_);
    return c;
}

std::optional<Probe> Database::probe(Variant v, const Position& p) const {
    const std::optional<Codes> c = codes(v, p);
    if (!c) return std::nullopt;
    const Value value = decode(c->value);
    return Probe{value.result, value.result == Wdl::draw ? -1 : value.plies,
                 value.result == Wdl::draw ? 0 : c->count};
}

std::vector<Database::SliceInfo> Database::slices() const {
    std::vector<SliceInfo> out;
    for (const auto& s : slices_)
        if (s) out.push_back({s->path(), s->header(), s->compressed_bytes()});
    return out;
}

std::filesystem::path default_directory() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return (ec ? std::filesystem::current_path(ec) : exe.parent_path()) / "egdb";
}

}  // namespace yaad::egdb
