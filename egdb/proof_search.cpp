#include "proof_search.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "draw_rules.hpp"
#include "movegen.hpp"
#include "variant.hpp"

namespace yaad::egdb {

namespace {

using Number = std::uint32_t;
// A proof or disproof number of "infinity": the question is settled.
constexpr Number infinity = std::numeric_limits<Number>::max();
// The largest number a sum may reach short of infinity.
constexpr Number most = infinity - 1;

Number saturate(std::uint64_t n) { return n >= most ? most : static_cast<Number>(n); }

// Proof and disproof numbers of states, by key, in buckets of four entries;
// a full bucket gives up the entry whose subtree took the least work.
class Table {
public:
    struct Entry {
        std::uint64_t key = 0;
        Number proof = 0, disproof = 0;
        std::uint32_t work = 0;  // expansions its last search took, saturated
    };

    explicit Table(std::size_t megabytes) {
        std::size_t buckets = 1;
        while ((buckets * 2) * sizeof(Bucket) <= megabytes * (std::size_t{1} << 20)) buckets *= 2;
        buckets_.resize(buckets);
        mask_ = buckets - 1;
    }

    const Entry* find(std::uint64_t key) const {
        const Bucket& b = buckets_[key & mask_];
        for (const Entry& e : b.entries)
            if (e.key == key && e.work != 0) return &e;
        return nullptr;
    }

    void store(std::uint64_t key, Number proof, Number disproof, std::uint64_t work) {
        Bucket& b = buckets_[key & mask_];
        Entry* victim = &b.entries[0];
        for (Entry& e : b.entries) {
            if (e.key == key || e.work == 0) {
                victim = &e;
                break;
            }
            if (e.work < victim->work) victim = &e;
        }
        if (victim->work == 0) ++used_;
        *victim = {key, proof, disproof, static_cast<std::uint32_t>(std::clamp<std::uint64_t>(work, 1, 0xffffffff))};
    }

    double fill() const { return static_cast<double>(used_) / static_cast<double>(buckets_.size() * 4); }

private:
    struct Bucket {
        std::array<Entry, 4> entries;
    };
    std::vector<Bucket> buckets_;
    std::size_t mask_ = 0;
    std::size_t used_ = 0;
};

// What is known of a position whatever the count: the attacker wins with
// `win_from` plies left on it or more, and does not win with `hold_to` or
// fewer. More plies left never hurt the attacker (the count only ever
// draws), so one answer settles a range of counts. Buckets of four; a new
// position takes the place of the one its key picks.
class Bounds {
public:
    explicit Bounds(std::size_t megabytes) {
        std::size_t buckets = 1;
        while ((buckets * 2) * sizeof(Bucket) <= megabytes * (std::size_t{1} << 20)) buckets *= 2;
        buckets_.resize(buckets);
        mask_ = buckets - 1;
    }

    std::optional<bool> find(std::uint64_t key, int left) const {
        for (const Entry& e : buckets_[key & mask_].entries)
            if (e.key == key && e.used) {
                if (left >= e.win_from) return true;
                if (left <= e.hold_to) return false;
                return std::nullopt;
            }
        return std::nullopt;
    }

    // The fewest plies left with which the attacker is known to win.
    std::optional<int> win_from(std::uint64_t key) const {
        for (const Entry& e : buckets_[key & mask_].entries)
            if (e.key == key && e.used && e.win_from != never) return e.win_from;
        return std::nullopt;
    }

    void add(std::uint64_t key, int left, bool wins) {
        Bucket& b = buckets_[key & mask_];
        Entry* place = nullptr;
        for (Entry& e : b.entries)
            if (e.key == key && e.used) place = &e;
        if (!place) {
            for (Entry& e : b.entries)
                if (!e.used && !place) place = &e;
            if (!place) place = &b.entries[(key >> 40) & 3];
            *place = Entry{key, never, -1, true};
        }
        const int clamped = std::min(left, static_cast<int>(never) - 1);
        if (wins)
            place->win_from = std::min<std::uint16_t>(place->win_from, static_cast<std::uint16_t>(clamped));
        else
            place->hold_to = std::max<std::int16_t>(place->hold_to, static_cast<std::int16_t>(std::min(clamped, 0x7fff)));
    }

private:
    static constexpr std::uint16_t never = 0xffff;
    struct Entry {
        std::uint64_t key = 0;
        std::uint16_t win_from = never;
        std::int16_t hold_to = -1;
        bool used = false;
    };
    struct Bucket {
        std::array<Entry, 4> entries;
    };
    std::vector<Bucket> buckets_;
    std::size_t mask_ = 0;
};

// The attacker is the side a question asks about: "does it win?"
constexpr std::uint64_t black_attacks = 0x6a09e667f3bcc909ULL;

template <class R>
class Prover {
public:
    struct State {
        Position position;
        DrawCounters counters;
    };

    enum class Leaf : std::uint8_t { none, end, count, database };

    Prover(Table& table, Bounds& bounds, const Database* db, const Trust& trust, const ProofOptions& options,
           std::chrono::steady_clock::time_point start)
        : table_(table),
          bounds_(bounds),
          db_(db),
          trust_(trust),
          options_(options),
          start_(start) {}

    // Answers "does `attacker` win from s?" into `answer`; false if the
    // node limit stopped it.
    bool solve(const State& s, Color attacker, int question, ProofAnswer& answer) {
        attacker_ = attacker;
        question_ = question;
        const std::uint64_t before = nodes_;
        answer.asked = true;
        const Settled leaf = settle(s);
        Number proof = leaf.proof, disproof = leaf.disproof;
        if (leaf.kind == Leaf::none) {
            frames_.resize(1);
            frames_[0].state = s;
            std::tie(proof, disproof) = search(0, infinity, infinity);
        }
        answer.nodes = nodes_ - before;
        if (aborted_) return false;
        answer.decided = true;
        answer.yes = proof == 0;
        count_tree(s, answer);
        answer.recount_nodes = nodes_ - before - answer.nodes;
        return true;
    }

    // A move from s that keeps `attacker`'s answer: for a yes at the
    // attacker's turn a winning move, for a no at the defender's turn one
    // that holds. Only after solve() answered.
    std::optional<Move> good_move(const State& s, bool yes) {
        MoveList moves;
        Movegen<R>::generate(s.position, moves);
        const std::optional<std::size_t> i = settling_move(s, moves, yes);
        if (!i) return std::nullopt;
        return moves[*i];
    }

    std::uint64_t nodes() const { return nodes_; }

    static State child(const State& s, const Move& m) {
        State c = s;
        c.position.make(m);
        c.counters.template update<R>(s.position, m, c.position);
        return c;
    }

private:
    struct Settled {
        Leaf kind = Leaf::none;
        Number proof = 1, disproof = 1;
    };

    struct Child {
        State state;
        std::uint64_t key;
        Number proof, disproof;
    };

    struct Frame {
        State state;
        std::vector<Child> children;
    };

    std::uint64_t key(const State& s) const {
        return s.position.key ^ s.counters.template key<R>(s.position.side) ^
               (attacker_ == Color::black ? black_attacks : 0);
    }

    static Settled won() { return {Leaf::none, 0, infinity}; }
    static Settled lost() { return {Leaf::none, infinity, 0}; }

    // The state's value when the rules or the database give it at once.
    Settled settle(const State& s) {
        MoveList moves;
        Movegen<R>::generate(s.position, moves);
        Settled out;
        if (moves.empty()) {
            out = s.position.side == attacker_ ? lost() : won();
            out.kind = Leaf::end;
            return out;
        }
        const int left = s.counters.template plies_to_rule_draw<R>(s.position.side);
        if (left == 0) {
            out = lost();
            out.kind = Leaf::count;
            return out;
        }
        if (popcount(s.position.occupied()) > trust_.pieces) return out;
        const std::optional<Probe> probe = db_->probe(R::variant, s.position);
        if (!probe) return out;
        // What the set says of the attacker's chances without the count.
        const bool attacker_moves = s.position.side == attacker_;
        const Wdl value = probe->value;
        const bool attacker_wins = value == (attacker_moves ? Wdl::win : Wdl::loss);
        const Material m = Material::of(s.position);
        const bool counted = stores_mate_distance(m);
        const int needs = counted ? probe->count_plies : probe->plies;
        const bool in_time = !(counted && probe->count_plies == count_never) && needs <= left;
        if (attacker_wins && in_time && !trust_.exact[Trust::trust_index(m)]) return out;
        out = attacker_wins && in_time ? won() : lost();
        out.kind = Leaf::database;
        return out;
    }

    std::uint64_t bounds_key(const State& s) const {
        return s.position.key ^ (attacker_ == Color::black ? black_attacks : 0);
    }
    int left(const State& s) const { return s.counters.template plies_to_rule_draw<R>(s.position.side); }

    // The state's numbers: from the table, or known for another count, or
    // settled now, or fresh.
    std::pair<Number, Number> numbers(const State& s, std::uint64_t k) {
        const Table::Entry* e = table_.find(k);
        if (e && (e->proof == 0 || e->disproof == 0)) return {e->proof, e->disproof};
        // Not stored for this count: counting the tree follows such an
        // answer to the count it was found for.
        if (const std::optional<bool> wins = bounds_.find(bounds_key(s), left(s))) {
            const Settled known = *wins ? won() : lost();
            return {known.proof, known.disproof};
        }
        if (e) return {e->proof, e->disproof};
        const Settled leaf = settle(s);
        if (leaf.kind != Leaf::none) table_.store(k, leaf.proof, leaf.disproof, 1);
        return {leaf.proof, leaf.disproof};
    }

    // Whether the attacker wins from a state whose answer is known or can
    // be found; searches it again if the table lost it.
    bool solved(const State& s) {
        const std::uint64_t k = key(s);
        auto [proof, disproof] = numbers(s, k);
        if (proof != 0 && disproof != 0) {
            // Only between searches: the frames are free.
            if (frames_.empty()) frames_.resize(1);
            frames_[0].state = s;
            std::tie(proof, disproof) = search(0, infinity, infinity);
            if (aborted_) throw std::runtime_error("proof search: node limit reached while counting the tree");
        }
        return proof == 0;
    }

    // df-pn at frames_[ply]: searches until the state's proof number reaches
    // proof_limit or its disproof number disproof_limit; returns and stores
    // them. Works with phi and delta, the numbers of the side to move: at
    // the attacker's turn phi is the proof number, at the defender's the
    // disproof number.
    std::pair<Number, Number> search(std::size_t ply, Number proof_limit, Number disproof_limit) {
        const std::uint64_t nodes_before = nodes_++;
        tick();
        if (frames_.size() <= ply + 1) frames_.resize(ply + 2);
        Frame& f = frames_[ply];
        const bool attacker_moves = f.state.position.side == attacker_;
        const std::uint64_t k = key(f.state);
        {
            MoveList moves;
            Movegen<R>::generate(f.state.position, moves);
            f.children.clear();
            for (const Move& m : moves) {
                Child c{child(f.state, m), 0, 1, 1};
                c.key = key(c.state);
                f.children.push_back(c);
            }
            for (Child& c : f.children) std::tie(c.proof, c.disproof) = numbers(c.state, c.key);
        }
        const Number phi_limit = attacker_moves ? proof_limit : disproof_limit;
        const Number delta_limit = attacker_moves ? disproof_limit : proof_limit;
        Number phi = 0, delta = 0;
        for (;;) {
            // phi: the least delta of a child; delta: the sum of their phis.
            std::size_t best = 0;
            Number best_delta = infinity, second_delta = infinity;
            // Only a child settled against the side to move makes delta
            // infinite; a sum that merely grows large stops short of it.
            std::uint64_t sum = 0;
            bool settled_against = false;
            for (std::size_t i = 0; i < f.children.size(); ++i) {
                Child& c = f.children[i];
                if (const Table::Entry* e = table_.find(c.key)) c.proof = e->proof, c.disproof = e->disproof;
                const Number c_phi = attacker_moves ? c.disproof : c.proof;
                const Number c_delta = attacker_moves ? c.proof : c.disproof;
                if (c_phi == infinity)
                    settled_against = true;
                else
                    sum += c_phi;
                if (c_delta < best_delta) {
                    second_delta = best_delta;
                    best_delta = c_delta;
                    best = i;
                } else if (c_delta < second_delta) {
                    second_delta = c_delta;
                }
            }
            phi = best_delta;
            delta = settled_against ? infinity : saturate(sum);
            if (ply == 0) {
                root_proof_ = attacker_moves ? phi : delta;
                root_disproof_ = attacker_moves ? delta : phi;
            }
            if (phi >= phi_limit || delta >= delta_limit || aborted_) break;
            Child& c = f.children[best];
            const Number c_phi = attacker_moves ? c.disproof : c.proof;
            // The child may spend the parent's delta budget left over, and
            // search until its delta passes the second best's by a margin.
            const std::uint64_t child_phi_limit =
                std::uint64_t{delta_limit} - delta + c_phi;  // delta < delta_limit here
            const std::uint64_t grown = second_delta == infinity
                                            ? infinity
                                            : std::max<std::uint64_t>(second_delta + 1, second_delta + second_delta / 4);
            const Number child_delta_limit = static_cast<Number>(std::min<std::uint64_t>(phi_limit, grown));
            const Number child_phi = static_cast<Number>(std::min<std::uint64_t>(child_phi_limit, infinity));
            frames_[ply + 1].state = c.state;
            const auto [p, d] = attacker_moves ? search(ply + 1, child_delta_limit, child_phi)
                                               : search(ply + 1, child_phi, child_delta_limit);
            Child& back = frames_[ply].children[best];
            back.proof = p;
            back.disproof = d;
            if (aborted_) break;
        }
        const Number proof = attacker_moves ? phi : delta;
        const Number disproof = attacker_moves ? delta : phi;
        if (!aborted_) {
            table_.store(k, proof, disproof, nodes_ - nodes_before);
            if (proof == 0 || disproof == 0) bounds_.add(bounds_key(f.state), left(f.state), proof == 0);
        }
        return {proof, disproof};
    }

    void tick() {
        if (options_.node_limit && nodes_ >= options_.node_limit) aborted_ = true;
        if ((nodes_ & 0xffff) != 0 || !options_.on_progress) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (seconds < next_report_) return;
        next_report_ = seconds + 2;
        ProofProgress p;
        p.question = question_;
        p.nodes = nodes_;
        p.root_proof = root_proof_;
        p.root_disproof = root_disproof_;
        p.table_fill = table_.fill();
        p.seconds = seconds;
        options_.on_progress(p);
    }

    // Walks the solution tree of the answer just found, counting its states
    // once each and once per path, and its leaves by kind.
    void count_tree(const State& root, ProofAnswer& answer) {
        std::unordered_map<std::uint64_t, double> seen;
        answer.tree_positions = count_from(root, answer.yes, seen, answer);
        answer.positions = seen.size();
    }

    // Of s's moves, one to a child with the answer `yes` asks for: first
    // the one whose search took least work among those the table has
    // (likely the smallest tree), then one known without a search (settled
    // at once, or for another count), and only then each searched in turn.
    std::optional<std::size_t> settling_move(const State& s, const MoveList& moves, bool yes) {
        std::optional<std::size_t> pick;
        std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const State c = child(s, moves[i]);
            const Table::Entry* e = table_.find(key(c));
            if (e && (yes ? e->proof == 0 : e->disproof == 0) && e->work < least) {
                least = e->work;
                pick = i;
            }
        }
        for (std::size_t i = 0; i < moves.size() && !pick; ++i) {
            const State c = child(s, moves[i]);
            const auto [proof, disproof] = numbers(c, key(c));
            if (yes ? proof == 0 : disproof == 0) pick = i;
        }
        for (std::size_t i = 0; i < moves.size() && !pick; ++i)
            if (solved(child(s, moves[i])) == yes) pick = i;
        return pick;
    }

    // The same position with fewer plies left on the count, whose win
    // proves this one's (see Bounds), when the table has no answer for this
    // count: the proof goes on from there. Only for wins: a count left
    // longer than moves can shorten, so a "no" followed to a longer count
    // could come back round to where it started.
    std::optional<State> settled_elsewhere(const State& s, bool yes) const {
        if constexpr (R::progress_limit_plies == 0) {
            return std::nullopt;
        } else {
            if (!yes) return std::nullopt;
            const Table::Entry* e = table_.find(key(s));
            if (e && e->proof == 0) return std::nullopt;
            const std::optional<int> other = bounds_.win_from(bounds_key(s));
            if (!other || *other >= left(s)) return std::nullopt;
            State out = s;
            out.counters.progress_plies = static_cast<std::uint16_t>(R::progress_limit_plies - *other);
            return out;
        }
    }

    double count_from(const State& s, bool yes, std::unordered_map<std::uint64_t, double>& seen, ProofAnswer& a) {
        const std::uint64_t k = key(s);
        if (const auto it = seen.find(k); it != seen.end()) return it->second;
        seen.emplace(k, 1.0);
        double size = 1;
        const Settled leaf = settle(s);
        if (leaf.kind != Leaf::none) {
            ++(leaf.kind == Leaf::end ? a.end_leaves : leaf.kind == Leaf::count ? a.count_leaves : a.database_leaves);
        } else if (const std::optional<State> other = settled_elsewhere(s, yes)) {
            size += count_from(*other, yes, seen, a);
        } else {
            MoveList moves;
            Movegen<R>::generate(s.position, moves);
            // One child where the side to move is the one the answer is
            // good for (the attacker for a yes), every child otherwise.
            const bool one = (s.position.side == attacker_) == yes;
            std::vector<State> chosen;
            if (one) {
                const std::optional<std::size_t> i = settling_move(s, moves, yes);
                std::optional<State> pick;
                if (i) pick = child(s, moves[*i]);
                if (!pick) throw std::runtime_error("proof search: a settled state has no child that settles it");
                chosen.push_back(*pick);
            } else {
                for (const Move& m : moves) {
                    const State c = child(s, m);
                    if (solved(c) != yes) throw std::runtime_error("proof search: a child goes against its parent");
                    chosen.push_back(c);
                }
            }
            for (const State& c : chosen) size += count_from(c, yes, seen, a);
        }
        seen[k] = size;
        return size;
    }

    Table& table_;
    Bounds& bounds_;
    const Database* db_;
    const Trust& trust_;
    const ProofOptions& options_;
    const std::chrono::steady_clock::time_point start_;
    // A deque: growing it leaves the frames above in place while their
    // searches go on.
    std::deque<Frame> frames_;
    Color attacker_ = Color::white;
    int question_ = 1;
    std::uint64_t nodes_ = 0;
    Number root_proof_ = 1, root_disproof_ = 1;  // as the search at ply 0 last saw them
    double next_report_ = 2;
    bool aborted_ = false;
};

}  // namespace

bool provable(Variant v) {
    return visit_variant(v, [](auto r) { return !decltype(r)::repetition_draw; });
}

Trust trust(const Database* db, Variant v) {
    Trust out;
    if (!db) return out;
    out.pieces = db->max_pieces(v);
    for (const Material& m : materials_up_to(family(v), out.pieces)) {
        ++out.slices;
        const bool exact = db->count_exact(v, m);
        out.exact[Trust::trust_index(m)] = exact;
        out.exact_slices += exact;
    }
    out.why = db->count_inexact_reason(v);
    return out;
}

ProofResult prove(Variant v, const Position& p, const Database* db, const Trust& trust,
                  const ProofOptions& options) {
    return visit_variant(v, [&](auto r) -> ProofResult {
        using R = decltype(r);
        if constexpr (R::repetition_draw) {
            throw std::invalid_argument(std::string(variant_name(v)) +
                                        " draws by repetition, so a value depends on the game's history: only "
                                        "variants without it (sixrow) can be proved");
        } else {
            const auto start = std::chrono::steady_clock::now();
            ProofResult result;
            // Three quarters for the states, one for what holds across counts.
            Table table(std::max<std::size_t>(1, options.table_megabytes * 3 / 4));
            Bounds bounds(std::max<std::size_t>(1, options.table_megabytes / 4));
            Prover<R> prover(table, bounds, db, trust, options, start);
            typename Prover<R>::State root{p, DrawCounters::at_start<R>(p)};
            root.counters.progress_plies = static_cast<std::uint16_t>(options.progress_plies);
            const Color us = p.side;
            if (prover.solve(root, us, 1, result.win)) {
                if (result.win.yes) {
                    result.value = Wdl::win;
                    result.move = prover.good_move(root, true);
                } else if (prover.solve(root, ~us, 2, result.loss)) {
                    result.value = result.loss.yes ? Wdl::loss : Wdl::draw;
                    if (!result.loss.yes) result.move = prover.good_move(root, false);
                }
            }
            result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return result;
        }
    });
}

}  // namespace yaad::egdb
