#pragma once
// Iterative deepening, principal variation search and quiescence for one
// variant. One instance runs one search on one thread.
//
// Draughts shapes the search in a few places:
// - Captures are compulsory, so a position with a capture on the board is
//   never quiet: quiescence plays out every capture, with no stand-pat
//   while one is pending, and looks one ply further when the opponent
//   threatens one.
// - Zugzwang is everywhere, so there is no null-move pruning.
// - Forced moves are common and cheap: a node with a single legal move is
//   extended.
// - The draw rules of RULES.md §4 are known here: repetition over the game
//   and the search path, and the counting rules through DrawCounters.
//
// A score depends on the history as well as the position when a draw rule
// decided it somewhere below, and the table must not hand it to the same
// position reached another way (the graph-history problem):
// - The counting rules: the table's key folds in the plies left to each
//   live rule (DrawCounters::key). Every limit is shorter than a search
//   can look ahead, so any count may matter; outside endings it rarely
//   costs a transposition, as a man's move or a capture resets the count.
// - Repetition: each node learns the earliest ply of the path above it that
//   one of its lines repeated. A draw score that leans on a position above
//   the node is not stored, so a repetition never comes back out of the
//   table as a draw where there is none; one that only repeats the node
//   itself is stored. Other scores are stored even so: king endings are
//   full of repetitions, and leaving out every result with one below
//   measured -42 +- 25 Elo against 0.1.0 in Jamaican, this +2 +- 17.
//
// An endgame database decides a node below the root once the material is
// small enough: a draw as a draw, a win as a known win less its distance,
// so that the root, whose children are all in the database, picks the move
// that makes progress. The counts go into its verdict: a win that needs
// more plies than the counting rules leave is a draw, and one that a count
// might still draw is only a bound (see database_verdict).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "database.hpp"
#include "draw_rules.hpp"
#include "net_accumulator.hpp"
#include "static_eval.hpp"
#include "limits.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "time_manager.hpp"
#include "tt.hpp"

namespace yaad {

template <class R>
class Searcher {
public:
    // A helper (helper > 0) searches the same root beside the main thread,
    // sharing the table; odd helpers start one iteration deeper so that the
    // threads do not all walk the same tree in step.
    // The database may be null: none.
    Searcher(TranspositionTable& tt, SearchControl& control, const SearchLimits& limits, TimeManager& time,
             const egdb::Database* database, int helper = 0)
        : tt_(tt),
          control_(control),
          limits_(limits),
          time_(time),
          database_(database),
          database_pieces_(database ? database->most_pieces(R::variant) : 0),
          first_depth_(1 + (helper & 1)) {}

    // The position to search, the counters that go with it, and the keys of
    // the positions before it since the last irreversible move.
    void set_root(const Position& p, const DrawCounters& counters, const std::vector<std::uint64_t>& earlier_keys) {
        stack_[0] = Frame{};
        stack_[0].position = p;
        stack_[0].counters = counters;
        set_keys(stack_[0]);
        stack_[0].reversible = static_cast<int>(earlier_keys.size());
        earlier_keys_ = earlier_keys;
        net_.enter(0);
    }

    SearchResult run(const IterationCallback& on_iteration) {
        SearchResult result;
        MoveList root_moves;
        Movegen<R>::generate(stack_[0].position, root_moves);
        if (root_moves.empty()) return result;
        result.best = root_moves[0];
        if (root_moves.size() == 1 && !limits_.analysis) return result;

        const int depth_limit = limits_.depth > 0 ? std::min(limits_.depth, max_search_depth) : max_search_depth;
        // Every child of a root the database knows is known too: a short
        // look chooses among their distances.
        root_material_ = egdb::Material::of(stack_[0].position);
        root_in_database_ = false;
        const std::optional<DatabaseVerdict> root_verdict = database_verdict(0);
        root_in_database_ = root_verdict.has_value();
        const bool root_known = root_verdict && root_verdict->bound == Bound::exact;
        // Multi-PV: each depth searches the root once per line, leaving out
        // the moves of the lines found before it.
        const std::size_t lines = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(limits_.multipv, 1)), 1,
                                                          root_moves.size());
        std::vector<int> line_scores(lines, 0);
        int score = 0;
        int instability = 0;
        for (int depth = first_depth_; depth <= depth_limit; ++depth) {
            if (depth > first_depth_ && clock_running() && !time_.may_start_iteration(instability)) break;
            root_depth_ = depth;
            seldepth_ = 0;
            leaves_ = leaf_plies_ = 0;
            excluded_.clear();
            std::vector<SearchInfo> infos;
            for (std::size_t k = 0; k < lines; ++k) {
                const int found = aspiration(depth, line_scores[k]);
                if (aborted_) {
                    // The root's line is set only by a move searched to the
                    // end at this depth that beat every move before it, the
                    // last iteration's best first: the better move to play.
                    if (k == 0 && stack_[0].pv_length > 0) set_line(result, root_score_);
                    break;
                }
                if (stack_[0].pv_length == 0) break;
                line_scores[k] = found;
                if (k == 0) {
                    score = found;
                    const Move best = stack_[0].pv[0];
                    if (result.best && depth > 1 && !result.best->same_effect(best))
                        instability += 2;
                    else if (instability > 0)
                        --instability;
                    result.depth = depth;
                    set_line(result, score);
                }
                SearchResult line;
                line.depth = depth;
                set_line(line, found);
                infos.push_back(info(line));
                excluded_.push_back(stack_[0].pv[0]);
            }
            if (infos.empty()) break;
            // A later line may come out above an earlier one (a search is
            // not exact): the lines are shown, and the best played, in
            // score order.
            std::stable_sort(infos.begin(), infos.end(),
                             [](const SearchInfo& a, const SearchInfo& b) { return a.score > b.score; });
            if (infos.front().pv.front() != result.pv.front()) {
                // Taken from the line's report: the root's frame may hold a
                // later line's aborted search by now.
                score = infos.front().score;
                result.score = score;
                result.pv = infos.front().pv;
                result.best = result.pv.front();
                result.ponder.reset();
                if (result.pv.size() > 1) result.ponder = result.pv[1];
                result.depth = depth;
            }
            for (std::size_t k = 0; k < infos.size(); ++k) {
                infos[k].line = static_cast<int>(k + 1);
                if (on_iteration) on_iteration(infos[k]);
            }
            if (aborted_) break;
            // A forced win or loss found with room to spare needs no deeper look.
            const bool settled =
                root_known ? depth >= 2 : is_decisive(score) && depth >= 2 * (win_score - std::abs(score)) + 2;
            if (settled && !limits_.infinite && !limits_.analysis) break;
        }
        result.nodes = nodes_;
        result.database_hits = database_hits_;
        result.seconds = time_.elapsed();
        return result;
    }

    // The search starts while pondering: its budget counts from ponder-hit.
    void set_pondering(bool pondering) { pondering_started_ = pondering; }

    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t database_hits() const { return database_hits_; }

private:
    struct Frame {
        Position position;
        DrawCounters counters;
        std::uint64_t tt_key = 0;  // the position's key and the counts it depends on
        int plies_to_rule_draw = 0;
        int reversible = 0;  // plies since a capture or a man move
        // The earliest ply above whose position the score leans on by
        // repetition; independent when it is this node's own ply or later.
        int repeats_from = independent;
        int static_eval = 0;
        std::array<Move, 2> killers{};
        std::array<Move, max_ply + 1> pv;
        int pv_length = 0;
    };

    // Searches the root with a window around the last score, widening it
    // when the result falls outside.
    int aspiration(int depth, int previous) {
        int delta = 30;
        int alpha = -infinite_score, beta = infinite_score;
        if (depth >= 4 && !is_decided(previous)) {
            alpha = previous - delta;
            beta = previous + delta;
        }
        for (;;) {
            const int score = search(0, alpha, beta, depth, true);
            if (aborted_) return score;
            if (score <= alpha && alpha > -infinite_score) {
                alpha = std::max(-infinite_score, score - delta);
            } else if (score >= beta && beta < infinite_score) {
                beta = std::min(infinite_score, score + delta);
            } else {
                return score;
            }
            delta *= 2;
            if (delta > 400) alpha = -infinite_score, beta = infinite_score;
        }
    }

    void set_line(SearchResult& result, int score) {
        const Frame& root = stack_[0];
        result.score = score;
        result.pv.assign(root.pv.begin(), root.pv.begin() + root.pv_length);
        result.best = result.pv.front();
        result.ponder.reset();
        if (result.pv.size() > 1) result.ponder = result.pv[1];
        result.nodes = nodes_;
        result.database_hits = database_hits_;
        result.seconds = time_.elapsed();
    }

    SearchInfo info(const SearchResult& r) const {
        const double mean_depth = leaves_ ? static_cast<double>(leaf_plies_) / leaves_ : 0.0;
        return {r.depth, seldepth_, mean_depth, r.score, nodes_, time_.elapsed(), database_hits_, r.pv};
    }

    // Polls the clock and the stop flag now and then; the first iteration
    // always finishes, so there is a move to play.
    bool should_stop() {
        if (aborted_) return true;
        if (limits_.nodes && nodes_ >= limits_.nodes && root_depth_ > 1) return aborted_ = true;
        if ((nodes_ & 1023) != 0) return false;
        if (control_.stopped()) return aborted_ = true;
        if (!clock_running()) return false;
        return aborted_ = (root_depth_ > 1 && time_.out_of_time());
    }

    // False while pondering: the clock is not ours until the ponder move is
    // played, and from then on the budget counts from that moment.
    bool clock_running() {
        if (control_.pondering()) return false;
        if (pondering_started_) {
            pondering_started_ = false;
            time_.restart(control_.ponder_hit_time());
        }
        return true;
    }

    static constexpr int independent = 1 << 20;

    // The ply of an earlier occurrence of this node's position that makes
    // it a draw by repetition (at most 0 for the game up to the root), or
    // `independent`. Met again after the root, a position is a draw at once:
    // the side that could avoid the repetition would. One from before the
    // root draws only on its third occurrence, as the rule says, since the
    // game may pass it once more. With `game_only` the path after the root
    // is not looked at.
    int repetition_ply(int ply, bool game_only = false) const {
        if constexpr (!R::repetition_draw) return independent;
        const Frame& f = stack_[ply];
        int before_root = 0;
        for (int back = 2; back <= f.reversible; back += 2) {
            const int j = ply - back;
            const std::uint64_t key =
                j >= 0 ? stack_[j].position.key : earlier_keys_[earlier_keys_.size() + static_cast<std::size_t>(j)];
            if (key != f.position.key) continue;
            if (j > 0) {
                if (!game_only) return j;
            } else if (++before_root == 2) {
                return j;
            }
        }
        return independent;
    }

    static void set_keys(Frame& f) {
        f.tt_key = f.position.key ^ f.counters.template key<R>(f.position.side);
        f.plies_to_rule_draw = f.counters.template plies_to_rule_draw<R>(f.position.side);
    }

    void play(int ply, const Move& m) {
        const Frame& parent = stack_[ply];
        Frame& child = stack_[ply + 1];
        child.position = parent.position;
        child.position.make(m);
        net_.enter(ply + 1);
        child.counters = parent.counters;
        child.counters.template update<R>(parent.position, m, child.position);
        set_keys(child);
        const bool irreversible = m.is_capture() || !(parent.position.kings & bit(m.from));
        child.reversible = irreversible ? 0 : parent.reversible + 1;
        child.killers = {};
        if (ply + 2 <= max_ply) stack_[ply + 2].killers = {};
    }

    // Wins, seen or known, count their plies from the root; the table
    // keeps them from the node.
    static int score_to_tt(int score, int ply) {
        if (score >= known_win_threshold) return score + ply;
        if (score <= -known_win_threshold) return score - ply;
        return score;
    }
    static int score_from_tt(int score, int ply) {
        if (score >= known_win_threshold) return score - ply;
        if (score <= -known_win_threshold) return score + ply;
        return score;
    }

    // What the database says of the node at `ply`: its value, or only a
    // bound where a count might draw a stored win (egdb/count_trust.hpp);
    // nothing when it does not hold the position.
    // - In endings of kings only that a counting rule governs, the
    //   database gives the fewest plies the count must still allow: with
    //   fewer left, the win is a draw; with enough, the win scores by that
    //   number, which each good move lowers until a capture starts a fresh
    //   count.
    // - Elsewhere a win is sure only if its next capture or crowning, which
    //   resets every count, comes before the counts run out, and the slice
    //   is exact: every ending it can lead to is won under a fresh count
    //   wherever it is stored as won. Otherwise it is only a bound a
    //   hundredth of a man off the draw (above it for a win, below for a
    //   loss), and the search goes on below to find out more.
    // A draw stays a draw: a count never turns one into a win.
    struct DatabaseVerdict {
        int score;
        Bound bound;  // exact: the node's value; lower or upper: a bound of +1 or -1
    };
    std::optional<DatabaseVerdict> database_verdict(int ply) {
        if (database_pieces_ == 0) return std::nullopt;
        const Frame& f = stack_[ply];
        if (popcount(f.position.occupied()) > database_pieces_) return std::nullopt;
        const std::optional<egdb::Probe> probe = database_->probe(R::variant, f.position);
        if (!probe) return std::nullopt;
        if (probe->value == egdb::Wdl::draw) {
            ++database_hits_;
            return DatabaseVerdict{0, Bound::exact};
        }
        const int left = f.plies_to_rule_draw;
        const egdb::Material material = egdb::Material::of(f.position);
        int distance;
        if (probe->count_plies > 0) {
            ++database_hits_;
            if (left < probe->count_plies) return DatabaseVerdict{0, Bound::exact};
            distance = probe->count_plies;
        } else {
            distance = probe->plies;
            const bool in_time = left == DrawCounters::no_limit || distance <= left;
            // A hundredth of a man off the draw: a loss only a count might
            // save must not tie with a sure draw (nor a win only a count
            // might spoil with one), or the search picks between them at
            // random and walks from drawn endings into lost ones.
            if (!in_time || !database_->count_exact(R::variant, material))
                return probe->value == egdb::Wdl::win ? DatabaseVerdict{1, Bound::lower}
                                                      : DatabaseVerdict{-1, Bound::upper};
            ++database_hits_;
        }
        // From a root the database holds, a sure win reached through a
        // capture or crowning is progress made: it scores by its plies from
        // the root alone, above every win still to convert. The distances of
        // two slices do not compare (one counts to the next conversion, a
        // count-aware one to the game's end), and comparing them kept the
        // engine from crowning into 3 kings v 1 in favour of a stored
        // "2 plies to the next crowning", move after move.
        if (root_in_database_ && !(material == root_material_)) distance = 0;
        const int score = known_win_score - distance - ply;
        return DatabaseVerdict{probe->value == egdb::Wdl::win ? score : -score, Bound::exact};
    }

    // A score found below a node that the database bounds, kept within it.
    static int within(const std::optional<DatabaseVerdict>& v, int score) {
        if (!v) return score;
        if (v->bound == Bound::lower) return std::max(score, v->score);
        if (v->bound == Bound::upper) return std::min(score, v->score);
        return score;
    }

    // Orders the moves: the table's move, then captures taking more pieces,
    // killers, and quiet moves by their history.
    void order(MoveList& moves, int ply, MoveSignature tt_move, std::array<int, MoveList::capacity>& keys) const {
        const Frame& f = stack_[ply];
        const int us = index(f.position.side);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move& m = moves[i];
            int key;
            if (!tt_move.empty() && tt_move.matches(m))
                key = 1 << 30;
            else if (m.is_capture())
                key = (1 << 28) + popcount(m.captured) * 1024 + (m.crowns ? 512 : 0);
            else if (m.same_effect(f.killers[0]))
                key = (1 << 27) + 1;
            else if (m.same_effect(f.killers[1]))
                key = 1 << 27;
            else
                key = history_[us][m.from][m.to] + (m.crowns ? (1 << 26) : 0);
            keys[i] = key;
        }
    }

    static void pick(MoveList& moves, std::array<int, MoveList::capacity>& keys, std::size_t i) {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < moves.size(); ++j)
            if (keys[j] > keys[best]) best = j;
        std::swap(moves[i], moves[best]);
        std::swap(keys[i], keys[best]);
    }

    void update_quiet_stats(int ply, const Move& best, int depth, const MoveList& moves, std::size_t tried) {
        Frame& f = stack_[ply];
        if (!best.same_effect(f.killers[0])) {
            f.killers[1] = f.killers[0];
            f.killers[0] = best;
        }
        const int us = index(f.position.side);
        const int bonus = std::min(depth * depth, 400);
        auto adjust = [&](const Move& m, int delta) {
            int& h = history_[us][m.from][m.to];
            h += delta - h * std::abs(delta) / history_limit;
        };
        adjust(best, bonus);
        for (std::size_t i = 0; i < tried; ++i)
            if (!moves[i].same_effect(best)) adjust(moves[i], -bonus);
    }

    int search(int ply, int alpha, int beta, int depth, bool pv_node) {
        Frame& f = stack_[ply];
        f.pv_length = 0;
        f.repeats_from = independent;
        std::optional<DatabaseVerdict> database;
        // A counting rule that runs out within the horizon decides what the
        // evaluation cannot see (a won ending drawn by the count), so no
        // move is cut or reduced on the evaluation's word there. It also
        // ends every line in time, so a repetition on the path changes no
        // value (a side that can win needs none): leaving those out keeps
        // the table's results for such endings independent of the path.
        const bool count_in_sight = f.plies_to_rule_draw <= depth;
        if (ply > 0 && (f.repeats_from = repetition_ply(ply, count_in_sight)) != independent) return 0;
        if (depth <= 0 || ply >= max_ply - 1) return quiescence(ply, alpha, beta, 0);
        ++nodes_;
        if (should_stop()) return 0;
        seldepth_ = std::max(seldepth_, ply);

        if (ply > 0) {
            // A counting rule that has run out draws, unless the move that
            // used it up won. The root is searched even so: asked for a
            // move, we give one.
            if (f.plies_to_rule_draw == 0) return has_moves(f.position) ? 0 : -win_score + ply;
            // No score here can beat a win found sooner above.
            alpha = std::max(alpha, -win_score + ply);
            beta = std::min(beta, win_score - ply - 1);
            if (alpha >= beta) return alpha;
            database = database_verdict(ply);
            if (database) {
                if (database->bound == Bound::exact) return database->score;
                // A bound that settles the window settles the node; one
                // inside it narrows the search.
                if (database->bound == Bound::lower) {
                    if (database->score >= beta) return database->score;
                    alpha = std::max(alpha, database->score);
                } else {
                    if (database->score <= alpha) return database->score;
                    beta = std::min(beta, database->score);
                }
            }
        }

        const std::uint64_t key = f.tt_key;
        MoveSignature tt_move;
        const std::optional<TTData> entry = tt_.probe(key);
        if (entry) {
            tt_move = entry->move;
            const int tt_score = score_from_tt(entry->score, ply);
            if (!pv_node && entry->depth >= depth &&
                (entry->bound == Bound::exact || (entry->bound == Bound::lower && tt_score >= beta) ||
                 (entry->bound == Bound::upper && tt_score <= alpha)))
                return tt_score;
        }

        MoveList moves;
        Movegen<R>::generate(f.position, moves);
        if (moves.empty()) return -win_score + ply;

        const bool captures = moves[0].is_capture();
        f.static_eval = evaluate(ply);
        if (moves.size() == 1 && ply < 2 * root_depth_) ++depth;

        // Static beta pruning at the frontier: far ahead in a quiet position
        // with no capture threatened, a shallow search would not fall back.
        if (!pv_node && !captures && !count_in_sight && depth <= 3 && !is_decided(beta) &&
            f.static_eval - 90 * depth >= beta && !Movegen<R>::opponent_can_capture(f.position))
            return within(database, f.static_eval);

        std::array<int, MoveList::capacity> keys;
        order(moves, ply, tt_move, keys);

        // Near the frontier of a quiet node that is not threatened, late
        // quiet moves are unlikely to matter: try only the first few, and
        // none that cannot lift a hopeless static score to alpha.
        const bool prunable = !pv_node && !captures && !count_in_sight && depth <= 3 && !is_decided(alpha) &&
                              !Movegen<R>::opponent_can_capture(f.position);
        const std::size_t late_limit = 3 + static_cast<std::size_t>(depth * depth);
        const bool futile = prunable && f.static_eval + 70 + 60 * depth <= alpha;

        const int original_alpha = alpha;
        int best_score = -infinite_score;
        Move best_move{};
        int repeats_from = independent;
        bool searched_one = false;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            pick(moves, keys, i);
            const Move& m = moves[i];
            if (ply == 0 && is_excluded(m)) continue;
            const bool quiet = !m.is_capture() && !m.crowns && keys[i] < (1 << 27);
            if (i > 0 && prunable && quiet && (futile || i >= late_limit)) continue;
            play(ply, m);
            int score;
            if (!searched_one) {
                searched_one = true;
                score = -search(ply + 1, -beta, -alpha, depth - 1, pv_node);
            } else {
                // Late quiet moves are searched shallower first, the more so
                // the deeper and the later; a move that surprises is
                // searched again at full depth.
                int reduction = 0;
                if (quiet && depth >= 3 && i >= 2 && !count_in_sight) {
                    reduction = late_move_reduction(depth, i) - (pv_node ? 1 : 0);
                    reduction = std::clamp(reduction, 0, depth - 2);
                }
                score = -search(ply + 1, -alpha - 1, -alpha, depth - 1 - reduction, false);
                if (score > alpha && reduction > 0) score = -search(ply + 1, -alpha - 1, -alpha, depth - 1, false);
                if (score > alpha && score < beta && pv_node) score = -search(ply + 1, -beta, -alpha, depth - 1, true);
            }
            if (aborted_) return 0;
            // A cut leans on the move that cut alone; any other result on
            // every move tried.
            const int child_repeats = stack_[ply + 1].repeats_from;
            repeats_from = std::min(repeats_from, child_repeats);
            if (score > best_score) {
                best_score = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    f.pv[0] = m;
                    const Frame& child = stack_[ply + 1];
                    std::copy(child.pv.begin(), child.pv.begin() + child.pv_length, f.pv.begin() + 1);
                    f.pv_length = child.pv_length + 1;
                    if (ply == 0) root_score_ = score;
                    if (alpha >= beta) {
                        if (!m.is_capture()) update_quiet_stats(ply, m, depth, moves, i);
                        repeats_from = child_repeats;
                        break;
                    }
                }
            }
        }

        best_score = within(database, best_score);
        // Repeating this very position is part of its own value.
        f.repeats_from = repeats_from >= ply ? independent : repeats_from;
        // A root searched without some of its moves has no value of its own.
        const bool partial_root = ply == 0 && !excluded_.empty();
        if (!partial_root && (f.repeats_from == independent || best_score != 0)) {
            const Bound bound =
                best_score >= beta ? Bound::lower : best_score > original_alpha ? Bound::exact : Bound::upper;
            tt_.store(key, {static_cast<std::int16_t>(score_to_tt(best_score, ply)), static_cast<std::int8_t>(depth),
                            bound, MoveSignature::of(best_move)});
        }
        return best_score;
    }

    bool is_excluded(const Move& m) const {
        return std::any_of(excluded_.begin(), excluded_.end(), [&](const Move& e) { return e.same_effect(m); });
    }

    bool has_moves(const Position& p) const {
        MoveList moves;
        Movegen<R>::generate(p, moves);
        return !moves.empty();
    }

    // Plays out the captures. Without one pending the side to move may stand
    // pat on its evaluation, unless the opponent threatens a capture: then
    // every move is tried once (`threat_plies` bounds how often per line).
    int quiescence(int ply, int alpha, int beta, int threat_plies) {
        Frame& f = stack_[ply];
        f.pv_length = 0;
        f.repeats_from = independent;
        // A king's answer to a threat may bring a position back.
        if (ply > 0 && (f.repeats_from = repetition_ply(ply)) != independent) return 0;
        ++nodes_;
        if (should_stop()) return 0;
        seldepth_ = std::max(seldepth_, ply);

        MoveList moves;
        Movegen<R>::generate(f.position, moves);
        if (moves.empty()) return -win_score + ply;
        if (f.plies_to_rule_draw == 0) return 0;
        const std::optional<DatabaseVerdict> database = ply > 0 ? database_verdict(ply) : std::nullopt;
        if (database && database->bound == Bound::exact) return database->score;
        if (ply >= max_ply - 1) return within(database, evaluate(ply));

        const bool captures = moves[0].is_capture();
        int best_score = -infinite_score;
        if (!captures) {
            const int stand_pat = evaluate(ply);
            if (threat_plies >= 1 || !Movegen<R>::opponent_can_capture(f.position)) {
                ++leaves_;
                leaf_plies_ += static_cast<std::uint64_t>(ply);
                return within(database, stand_pat);
            }
            ++threat_plies;
        }

        std::array<int, MoveList::capacity> keys;
        order(moves, ply, MoveSignature{}, keys);
        int repeats_from = independent;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            pick(moves, keys, i);
            play(ply, moves[i]);
            const int score = -quiescence(ply + 1, -beta, -alpha, threat_plies);
            if (aborted_) return 0;
            const int child_repeats = stack_[ply + 1].repeats_from;
            repeats_from = std::min(repeats_from, child_repeats);
            if (score > best_score) {
                best_score = score;
                if (score > alpha) {
                    alpha = score;
                    f.pv[0] = moves[i];
                    const Frame& child = stack_[ply + 1];
                    std::copy(child.pv.begin(), child.pv.begin() + child.pv_length, f.pv.begin() + 1);
                    f.pv_length = child.pv_length + 1;
                    if (alpha >= beta) {
                        repeats_from = child_repeats;
                        break;
                    }
                }
            }
        }
        f.repeats_from = repeats_from >= ply ? independent : repeats_from;
        return within(database, best_score);
    }

    // The static evaluation of the node at `ply`, a network's first layer
    // kept along the path.
    int evaluate(int ply) {
        return static_eval<R>(stack_[ply].position, [&](const NetWeights& n) {
            return net_.raw(ply, n, [&](int j) -> const Position& { return stack_[j].position; });
        });
    }

    // About ln(depth) * ln(move number) / 2, as chess engines reduce.
    static int late_move_reduction(int depth, std::size_t index) {
        static const auto table = [] {
            std::array<std::array<int, 64>, max_search_depth + 2> t{};
            for (int d = 1; d < static_cast<int>(t.size()); ++d)
                for (int i = 1; i < 64; ++i) t[d][i] = static_cast<int>(0.4 + std::log(d) * std::log(i) / 2.0);
            return t;
        }();
        return table[std::min(depth, max_search_depth + 1)][std::min<std::size_t>(index, 63)];
    }

    static constexpr int history_limit = 16384;

    TranspositionTable& tt_;
    SearchControl& control_;
    const SearchLimits& limits_;
    TimeManager& time_;
    const egdb::Database* database_;
    const int database_pieces_;
    std::vector<std::uint64_t> earlier_keys_;
    std::array<Frame, max_ply + 1> stack_;
    NetAccumulators<R> net_{max_ply + 1};
    std::array<std::array<std::array<int, 64>, 64>, 2> history_{};
    std::uint64_t nodes_ = 0;
    std::uint64_t database_hits_ = 0;
    std::uint64_t leaves_ = 0;
    std::uint64_t leaf_plies_ = 0;
    const int first_depth_;
    std::vector<Move> excluded_;  // root moves of the lines already found at this depth
    int root_depth_ = 0;
    int root_score_ = 0;  // of the move that last set the root's line
    egdb::Material root_material_;
    bool root_in_database_ = false;
    int seldepth_ = 0;
    bool aborted_ = false;
    bool pondering_started_ = false;
};

}  // namespace yaad
