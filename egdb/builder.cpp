#include "builder.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <mutex>
#include <stdexcept>
#include <string>

#include "build_lock.hpp"
#include "count_trust.hpp"
#include "database.hpp"
#include "draw_rules.hpp"
#include "retrograde.hpp"
#include "sub_slice.hpp"
#include "sub_slice_store.hpp"
#include "variant.hpp"

namespace yaad::egdb {

namespace {

// Progress lines: at most one every two seconds, and one per finished
// slice with the time it took, elapsed and of CPU (all threads), in all
// and in its solving and verifying passes: the README's table of build
// times. On a shared machine only the CPU times say what a build costs.
class Progress {
public:
    Progress(std::ostream* log, std::uint64_t total) : log_(log), total_(total) {}

    void start_slice() {
        std::lock_guard lock(mutex_);
        slice_start_ = Clock::now();
        slice_cpu_ = std::clock();
        solving_ = verifying_ = {};
        timing_ = false;
    }
    void begin(const std::string& slice, const char* phase) {
        std::lock_guard lock(mutex_);
        end_pass_locked();
        slice_ = slice;
        phase_ = phase;
        phase_start_ = Clock::now();
        phase_cpu_ = std::clock();
        timing_ = true;
    }
    // The pass begun last is over (what follows, keeping its values, is
    // neither solving nor checking).
    void end_pass() {
        std::lock_guard lock(mutex_);
        end_pass_locked();
    }
    void add(std::uint64_t n) {
        std::lock_guard lock(mutex_);
        done_ += n;
        const auto now = Clock::now();
        if (now - last_ >= std::chrono::seconds(2)) print(now);
    }
    // Passes that need not be done (kept from an interrupted build): out
    // of the total rather than done, so that the rate stays true.
    void skip(std::uint64_t n) {
        std::lock_guard lock(mutex_);
        total_ -= std::min(n, total_);
    }
    void finish_slice(const std::string& slice, std::uint64_t bytes) {
        std::lock_guard lock(mutex_);
        end_pass_locked();
        const auto now = Clock::now();
        print(now);
        if (!log_) return;
        char line[256];
        std::snprintf(line, sizeof line,
                      "egdb: slice %s built: %.1f s elapsed, %.1f s CPU; solving %.1f s, %.1f s CPU; "
                      "verifying %.1f s, %.1f s CPU; %llu bytes",
                      slice.c_str(), seconds(now - slice_start_), cpu_seconds(std::clock() - slice_cpu_),
                      solving_.elapsed, solving_.cpu, verifying_.elapsed, verifying_.cpu,
                      static_cast<unsigned long long>(bytes));
        *log_ << line << std::endl;
    }

private:
    using Clock = std::chrono::steady_clock;

    static double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
    // std::clock() is the process's CPU time, all threads together.
    static double cpu_seconds(std::clock_t t) { return static_cast<double>(t) / CLOCKS_PER_SEC; }

    struct Times {
        double elapsed = 0, cpu = 0;
    };

    // Adds the time since the pass began to its kind: the passes that
    // check ("verify", "verify counts") or those that solve.
    void end_pass_locked() {
        if (!timing_) return;
        Times& t = std::string_view(phase_).starts_with("verify") ? verifying_ : solving_;
        t.elapsed += seconds(Clock::now() - phase_start_);
        t.cpu += cpu_seconds(std::clock() - phase_cpu_);
        timing_ = false;
    }

    void print(Clock::time_point now) {
        last_ = now;
        if (!log_) return;
        const double seconds = std::chrono::duration<double>(now - start_).count();
        const double rate = seconds > 0 ? done_ / seconds : 0;
        const double eta = rate > 0 ? (total_ - std::min(done_, total_)) / rate : 0;
        char line[256];
        std::snprintf(line, sizeof line, "egdb: slice %s %s: %.1fM of %.1fM position passes, %.2fM/s, %.0f s, ETA %.0f s",
                      slice_.c_str(), phase_, done_ / 1e6, total_ / 1e6, rate / 1e6, seconds, eta);
        *log_ << line << std::endl;
    }

    std::ostream* log_;
    std::mutex mutex_;
    std::uint64_t total_, done_ = 0;
    std::string slice_;
    const char* phase_ = "";
    Clock::time_point start_ = Clock::now(), last_ = start_;
    Clock::time_point slice_start_ = start_, phase_start_ = start_;
    std::clock_t slice_cpu_ = 0, phase_cpu_ = 0;
    Times solving_, verifying_;
    bool timing_ = false;
};

// Passes over a slice: solve and verify, twice where it stores counts.
int passes(const Material& m) { return stores_mate_distance(m) ? 4 : 2; }

template <class R>
int fresh_plies_left(const Position& p) {
    const DrawCounters c = DrawCounters::at_start<R>(p);
    return std::min(c.plies_to_progress_draw<R>(), c.plies_to_lone_king_draw(p.side));
}

template <class R>
class SliceBuilder {
public:
    SliceBuilder(const Material& m, Database& db, const BuildOptions& options, Progress& progress,
                 BuildReport& report)
        : m_(m), index_(m), db_(db), options_(options), threads_(options.threads), progress_(progress),
          report_(report) {}

    // Builds the slice and writes it to path; false if stopped first
    // (BuildOptions::stop_after_sub_slices).
    bool run(const std::filesystem::path& path) {
        const std::string name = m_.name();
        const bool mate = stores_mate_distance(m_);
        const Tick tick = [&](std::uint64_t n) { progress_.add(n); };

        // Without the counting rules: moves out of the slice count one ply
        // (to the conversion), or their whole distance to the end.
        const External plain = [&](const Position& q) {
            Value v = decode(stored(q).value);
            if (!mate) v.plies = 0;
            return v;
        };
        std::vector<std::uint16_t> codes(index_.size()), counts;
        if (m_.men() > 0) {
            if (!solve_by_sub_slices(path, plain, codes, tick)) return false;
        } else {
            Retrograde<R> values(index_, threads_, tick);
            solve_verified(values, name, plain);
            for (std::uint64_t i = 0; i < codes.size(); ++i) codes[i] = encode(values.value(i));
            if (mate) counts = solve_counts(values, tick);
        }
        write_slice_file(path, {R::variant, R::board_size, m_, mate, index_.size()}, codes, counts);
        SubSliceStore::discard(path);
        return true;
    }

private:
    // A slice with men, a sub-slice at a time (sub_slice.hpp): only the
    // slice's 2-byte codes and one sub-slice's cells are in memory at once.
    // A quiet move into a sub-slice solved before is worth that position's
    // whole distance, for it is no conversion. Each sub-slice is kept on
    // disk once verified, and one kept by an earlier, interrupted build is
    // read instead of solved. False if stopped.
    bool solve_by_sub_slices(const std::filesystem::path& path, const External& plain,
                             std::vector<std::uint16_t>& codes, const Tick& tick) {
        const External outside = [&](const Position& q) {
            return Material::of(q) == m_ ? decode(codes[index_.index(q)]) : plain(q);
        };
        const SubSliceStore store(path, R::variant, R::board_size, m_);
        int kept = 0, all = 0;
        for (const auto& [white_lead, black_lead] : SubSlice<R::board_size>::order(m_)) {
            const SubSlice<R::board_size> sub(m_, white_lead, black_lead);
            ++all;
            std::vector<std::uint16_t> sub_codes;
            std::string error;
            if (std::optional<std::vector<std::uint16_t>> k = store.load(white_lead, black_lead, sub.size(), error)) {
                sub_codes = std::move(*k);
                ++kept;
                ++report_.sub_slices_kept;
                progress_.skip(2 * sub.size());
            } else {
                if (!error.empty() && options_.log) *options_.log << "egdb: " << error << "; it will be solved again" << std::endl;
                sub_codes = solve(sub, m_.name() + " rows " + std::to_string(white_lead) + "," +
                                           std::to_string(black_lead), outside, tick);
                store.save(white_lead, black_lead, sub_codes);
                ++report_.sub_slices_solved;
            }
            // A run of the sub-slice's kings is one of the slice's (sub_slice.hpp).
            const std::uint64_t run = sub.king_sets();
            for (std::uint64_t i = 0; i < sub.size(); i += run) {
                Position p;
                if (sub.position(i, p)) std::copy_n(&sub_codes[i], run, &codes[index_.index(p)]);
            }
            if (options_.stop_after_sub_slices > 0 && report_.sub_slices_solved == options_.stop_after_sub_slices) {
                report_.stopped = true;
                return false;
            }
        }
        if (kept > 0 && options_.log)
            *options_.log << "egdb: slice " << m_.name() << ": " << kept << " of " << all
                          << " sub-slices kept from an interrupted build" << std::endl;
        return true;
    }

    // Solves `values` against `outside`, then verifies them (what proves
    // the values), timing each pass; the counts' passes are named apart.
    template <class Values>
    void solve_verified(Values& values, const std::string& name, const External& outside, bool counts = false) {
        progress_.begin(name, counts ? "solve counts" : "solve");
        values.solve(outside);
        progress_.begin(name, counts ? "verify counts" : "verify");
        if (const std::string e = values.verify(outside); !e.empty())
            throw std::runtime_error("slice " + name + (counts ? " counts: " : ": ") + e);
        progress_.end_pass();
    }

    // One sub-slice solved and verified: its codes in its own numbering.
    std::vector<std::uint16_t> solve(const SubSlice<R::board_size>& sub, const std::string& name,
                                     const External& outside, const Tick& tick) {
        Retrograde<R, SubSlice<R::board_size>> values(sub, threads_, tick);
        solve_verified(values, name, outside);
        std::vector<std::uint16_t> sub_codes(sub.size());
        for (std::uint64_t i = 0; i < sub.size(); ++i) sub_codes[i] = encode(values.value(i));
        return sub_codes;
    }

    Codes stored(const Position& q) const {
        const std::optional<Codes> c = db_.codes(R::variant, q);
        if (!c) throw std::runtime_error("a slice needed by " + m_.name() + " is missing: " + Material::of(q).name());
        return *c;
    }

    // The plies a counting rule must leave for each win or loss to stand
    // (issue 10). Wins and losses stand or fall alike for every count
    // above some k*, and that k* is the distance to the end in a game where
    // a capture whose new material's fresh count is too short is a draw
    // and any other capture ends the game with its value.
    std::vector<std::uint16_t> solve_counts(const Retrograde<R>& values, const Tick& tick) {
        const External counted = [&](const Position& q) -> Value {
            const Codes c = stored(q);
            const Value v = decode(c.value);
            if (v.result == Wdl::draw || c.count > fresh_plies_left<R>(q)) return {};
            return {v.result, 0};
        };
        Retrograde<R> count(index_, threads_, tick);
        solve_verified(count, m_.name(), counted, true);
        std::vector<std::uint16_t> counts(index_.size());
        for (std::uint64_t i = 0; i < counts.size(); ++i) {
            const Value plain = values.value(i), with_count = count.value(i);
            Position p;
            if (plain.result == Wdl::draw || !index_.position(i, p)) continue;
            if (with_count.result == Wdl::draw) {
                counts[i] = count_never;
            } else {
                if (with_count.result != plain.result)
                    throw std::runtime_error("slice " + m_.name() + ": a count turns a result over");
                counts[i] = fresh_plies_left<R>(p) == DrawCounters::no_limit ? 0 : static_cast<std::uint16_t>(with_count.plies);
            }
        }
        return counts;
    }

    Material m_;
    SliceIndex<R::board_size> index_;
    Database& db_;
    const BuildOptions& options_;
    int threads_;
    Progress& progress_;
    BuildReport& report_;
};

}  // namespace

BuildReport build(const BuildOptions& o) {
    const Variant f = family(o.variant);
    const BuildLock lock(o.dir / std::string(variant_name(f)));
    std::vector<std::string> warnings;
    // A big cache: the slices below are read for every capture and crowning.
    std::unique_ptr<Database> db = Database::open(o.dir, warnings, 512);
    // Every slice's checksum now: a corrupt one is built again.
    db->check_all(warnings, f);
    for (const std::string& w : warnings)
        if (o.log) *o.log << w << "; it will be built again" << std::endl;
    BuildReport report;
    std::vector<Material> todo;
    std::uint64_t total = 0;
    for (const Material& m : materials_up_to(f, o.pieces)) {
        if (o.kings_only && !m.kings_only()) continue;
        if (o.for_material && !(m == *o.for_material) && !leads_to(*o.for_material, m)) continue;
        if (db->has(f, m)) {
            // A build stopped between writing the slice and removing its
            // sub-slices leaves them behind.
            SubSliceStore::discard(slice_path(o.dir, f, m));
            ++report.slices_present;
            continue;
        }
        todo.push_back(m);
        total += passes(m) * slice_positions(f, m);
    }
    Progress progress(o.log, total);
    for (const Material& m : todo) {
        const std::filesystem::path path = slice_path(o.dir, f, m);
        bool finished = false;
        progress.start_slice();
        visit_variant(f, [&](auto r) {
            SliceBuilder<decltype(r)> builder(m, *db, o, progress, report);
            finished = builder.run(path);
        });
        if (!finished) return report;
        std::string error;
        if (!db->add(path, error)) throw std::runtime_error(path.string() + ": " + error);
        progress.finish_slice(m.name(), std::filesystem::file_size(path));
        ++report.slices_built;
        report.positions_built += slice_positions(f, m);
    }
    return report;
}

}  // namespace yaad::egdb
