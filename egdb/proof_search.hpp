#pragma once
// The exact value of a position, proved: depth-first proof-number search
// (df-pn, Nagai 2002, with the 1+epsilon thresholds of Pawlewicz and Lew)
// down to the endgame database, with a transposition table, and the size of
// the proof tree it found.
//
// A value is asked as two yes-or-no questions: does the side to move win?
// if not, does the opponent? A position is a draw when both answers are no.
// Each answer has a solution tree: for a yes, one winning move at each of
// the winner's turns and every answer of the loser; for a no, every move of
// the side asked about and one reply that holds it.
//
// Only variants without a repetition draw: there the position and the
// count of the no-progress rule decide the value, and as every move either
// advances the count or makes a capture or a crowning, no line comes back to
// a state it left: the states form a graph without cycles, in which a
// transposition table is exact. Of ours that is six-row (RULES.md §4: only
// the 30-ply rule). Where repetition draws, a value depends on the game's
// history and this search would need the graph-history machinery it lacks.
//
// The database stores values without the counting rule: see Trust for
// what of it the search takes as proved.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "database.hpp"
#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad::egdb {

struct ProofProgress {
    int question = 1;       // 1: does the side to move win? 2: does the opponent?
    std::uint64_t nodes = 0;
    std::uint64_t root_proof = 0;     // the root's proof and disproof numbers
    std::uint64_t root_disproof = 0;
    double table_fill = 0;  // the share of the table's entries in use
    double seconds = 0;
};

struct ProofOptions {
    std::size_t table_megabytes = 256;
    // Plies already played without a capture or a crowning (six-row: the
    // 30-ply rule's count).
    int progress_plies = 0;
    // Expansions at most over both questions; 0: no limit.
    std::uint64_t node_limit = 0;
    // Called about every two seconds while the search runs.
    std::function<void(const ProofProgress&)> on_progress;
};

// One question's answer and its solution tree.
struct ProofAnswer {
    bool asked = false;
    bool decided = false;  // false: the node limit stopped it
    bool yes = false;      // the side asked about wins
    std::uint64_t nodes = 0;  // expansions spent on it
    // Expansions spent again while counting the tree, on states whose
    // answers the table had lost.
    std::uint64_t recount_nodes = 0;
    // The solution tree: its distinct states (position and count), the same
    // counted once per path to it (so transpositions count as often as they
    // are reached), and its leaves by kind.
    std::uint64_t positions = 0;
    double tree_positions = 0;
    std::uint64_t database_leaves = 0;
    std::uint64_t end_leaves = 0;    // no move left: the game is over
    std::uint64_t count_leaves = 0;  // the counting rule drew the game
};

struct ProofResult {
    std::optional<Wdl> value;  // for the side to move; nullopt: undecided
    std::optional<Move> move;  // a move that wins, or for a draw one that holds it
    ProofAnswer win;           // does the side to move win?
    ProofAnswer loss;          // does the opponent? (asked unless the first is yes)
    double seconds = 0;
};

// What of a database stands under the variant's counting rule, as
// count_trust.hpp defines it for the search too: a draw is a draw, a side
// the set says loses does not win, a win whose distance is more than the
// count leaves is no win, and one whose distance fits is a win in an exact
// slice. Elsewhere the search goes on below the position.
struct Trust {
    int pieces = 0;  // the set is complete up to this many pieces
    std::vector<bool> exact = std::vector<bool>(10000);  // by trust_index()
    int exact_slices = 0, slices = 0;
    std::string why;  // the first slice found not closed under a fresh count, and why

    static std::size_t trust_index(const Material& m) {
        return static_cast<std::size_t>(((m.white_men * 10 + m.white_kings) * 10 + m.black_men) * 10 + m.black_kings);
    }
};

// Reads every slice of v's set up to its complete size (seconds for a
// large set).
Trust trust(const Database* db, Variant v);

// Whether prove() can decide positions of variant v.
bool provable(Variant v);

// Proves p's value under v's rules; the database may be null, `trust` is
// trust(db, v). Throws std::invalid_argument for a variant that provable()
// rejects.
ProofResult prove(Variant v, const Position& p, const Database* db, const Trust& trust, const ProofOptions& options);

}  // namespace yaad::egdb
