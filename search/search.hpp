#pragma once
// The engine facade: a transposition table and the search over it. Front
// ends hand it a game and limits and get a result back; iterations are
// reported through a callback.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "database.hpp"
#include "eval.hpp"
#include "game.hpp"
#include "limits.hpp"
#include "net_explain.hpp"
#include "opening_book.hpp"
#include "random.hpp"
#include "strength.hpp"
#include "tt.hpp"

namespace yaad {

class Engine {
public:
    explicit Engine(std::size_t hash_mb = TranspositionTable::default_mb) : tt_(hash_mb) {}

    // Search threads: 1 searches alone and deterministically; more add
    // helpers that share the table (lazy SMP).
    void set_threads(int threads) { threads_ = std::clamp(threads, 1, max_threads); }
    int threads() const { return threads_; }
    static constexpr int max_threads = 64;

    void set_hash_mb(std::size_t mb) { tt_.resize(mb); }
    std::size_t hash_mb() const { return tt_.size_mb(); }
    // Takes the table's memory now rather than at the first search, whose
    // clock would pay for it. Throws std::bad_alloc.
    void prepare() { tt_.allocate(); }
    // Forgets everything learnt: a new game.
    void new_game() { tt_.clear(); }

    // The endgame database the search consults; null for none. Shared, so
    // that front ends may hand the same one to several engines.
    void set_database(std::shared_ptr<const egdb::Database> database) {
        database_ = std::move(database);
        tt_.clear();
    }
    const egdb::Database* database() const { return database_.get(); }

    // The strength the engine plays at (strength.hpp): full_strength, or a
    // weaker level for a move that is played (analysis is always at full
    // strength). The seed makes a weaker level's choices repeatable.
    void set_level(int level) { level_ = std::clamp(level, weakest_level, full_strength); }
    int level() const { return level_; }
    void set_seed(std::uint64_t seed) { choices_ = Random(seed); }

    // The opening book a move is played from when it knows the position
    // (null: none), and how far below the best book move, in hundredths of
    // a man, another may be and still be chosen. Analysis, pondering and
    // infinite searches search.
    void set_book(std::shared_ptr<const OpeningBook> book, int margin) {
        book_ = std::move(book);
        book_margin_ = std::max(margin, 0);
    }
    const OpeningBook* book() const { return book_.get(); }

    // Searches the current position of `game`. Returns at once when there is
    // only one legal move (unless limits.analysis), else when a limit is
    // reached or `control` is stopped; while `control` is pondering, or with
    // infinite limits, it does not return before being stopped or, when
    // pondering, told ponder-hit and out of time.
    SearchResult search(const Game& game, const SearchLimits& limits, SearchControl& control,
                        const IterationCallback& on_iteration = {});

private:
    std::optional<SearchResult> book_move(const Game& game, const SearchLimits& limits, const SearchControl& control);
    SearchResult search_at_full_strength(const Game& game, const SearchLimits& limits, SearchControl& control,
                                         const IterationCallback& on_iteration);

    TranspositionTable tt_;
    std::shared_ptr<const egdb::Database> database_;
    int threads_ = 1;
    int level_ = full_strength;
    std::shared_ptr<const OpeningBook> book_;
    int book_margin_ = 0;
    // A fresh seed per engine: a person playing twice meets other choices.
    Random choices_{std::random_device{}()};
};

// The hand-made static evaluation of p, from the side to move; with a
// trace, its terms.
int evaluate(Variant v, const Position& p, EvalTrace* trace = nullptr);

// The evaluation the search uses, explained when it is the learned one:
// with patterns, the share of each window table and global term for White;
// with a network, its score and each piece's share (net_explain.hpp) for the
// side to move; then the drawish-ending divisor (0: a draw) and the score
// for the side to move. Neither: the hand-made evaluation is in use (see
// evaluate).
struct LearnedExplanation {
    std::string source;  // which weights
    std::vector<std::pair<std::string, int>> parts;
    std::optional<int> network;
    std::vector<NetPieceShare> pieces;
    int divisor = 1;
    int score = 0;
};
LearnedExplanation explain_learned(Variant v, const Position& p);

// A score for people and protocols, in men with two decimals ("0.25",
// "-1.40"); a win in n plies is 100 - n / 100 (99.93: in 7 plies), a loss
// the same negated; a database win n plies from its next step 80 - n / 100.
std::string score_text(int score);
double score_in_men(int score);

}  // namespace yaad
