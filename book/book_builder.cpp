#include "book_builder.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <queue>
#include <unordered_map>
#include <vector>

#include "game.hpp"
#include "legal_moves.hpp"
#include "search.hpp"

namespace yaad {

namespace {

using Clock = std::chrono::steady_clock;

struct Node {
    Position position;
    int ply = 0;            // fewest plies from the start
    int score = 0;          // side to move: the leaf's search, or the negamax of the children
    bool expanded = false;
    bool terminal = false;  // no legal move
    std::vector<std::uint32_t> children;
};

class Builder {
public:
    Builder(const BookBuildOptions& options, const BookFile& start)
        : options_(options), engine_(options.hash_mb), begun_(Clock::now()) {
        engine_.set_threads(options.threads);
        for (const BookEntry& e : start.entries) known_.emplace(e.key, e);
    }

    BookFile run(const std::function<void(const BookProgress&)>& progress,
                 const std::function<void(const BookFile&)>& save) {
        restore();
        auto last_report = Clock::now();
        auto last_save = Clock::now();
        while (nodes_.size() < options_.positions) {
            const std::vector<std::uint32_t> leaves = cheapest_leaves();
            if (leaves.empty()) break;  // nothing left worth expanding
            for (std::uint32_t leaf : leaves) {
                expand(leaf);
                if (Clock::now() - last_report > std::chrono::seconds(2)) {
                    progress(report());
                    last_report = Clock::now();
                }
                // A round of a large book takes minutes: save within it.
                if (Clock::now() - last_save > std::chrono::seconds(60)) {
                    back_up();
                    save(book());
                    last_save = Clock::now();
                }
                if (nodes_.size() >= options_.positions) break;
            }
            back_up();
        }
        back_up();
        progress(report());
        BookFile result = book();
        save(result);
        return result;
    }

private:
    BookProgress report() const {
        BookProgress p;
        p.positions = nodes_.size();
        p.expanded = static_cast<std::size_t>(
            std::count_if(nodes_.begin(), nodes_.end(), [](const Node& n) { return n.expanded; }));
        p.searched = searched_;
        p.seconds = std::chrono::duration<double>(Clock::now() - begun_).count();
        return p;
    }

    // The node of `p`, scored: from the file being extended when it is
    // there, else by a search.
    std::uint32_t node_of(const Position& p, int ply) {
        if (const auto it = index_.find(p.key); it != index_.end()) {
            nodes_[it->second].ply = std::min(nodes_[it->second].ply, ply);
            return it->second;
        }
        Node n;
        n.position = p;
        n.ply = ply;
        n.terminal = legal_moves(options_.variant, p).empty();
        if (n.terminal) {
            n.score = -win_score;  // RULES.md §4: no move, the game is lost
        } else if (const auto it = known_.find(p.key); it != known_.end()) {
            n.score = it->second.score;
        } else {
            n.score = search(p);
        }
        const auto i = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back(std::move(n));
        index_.emplace(p.key, i);
        return i;
    }

    int search(const Position& p) {
        SearchLimits limits;
        limits.depth = options_.depth;
        limits.nodes = options_.nodes;
        limits.analysis = true;  // a score even for a forced move
        SearchControl control;
        const SearchResult r = engine_.search(Game(options_.variant, p), limits, control);
        ++searched_;
        return std::clamp(r.score, -win_score, win_score);
    }

    void expand(std::uint32_t i) {
        const Position p = nodes_[i].position;
        const int ply = nodes_[i].ply + 1;
        std::vector<std::uint32_t> children;
        for (const Move& m : legal_moves(options_.variant, p)) {
            Position after = p;
            after.make(m);
            children.push_back(node_of(after, ply));
        }
        // node_of may have grown nodes_: index again.
        nodes_[i].children = std::move(children);
        nodes_[i].expanded = true;
    }

    // The start position and, through every position the file had
    // expanded, the positions it reaches; the file's scores are kept.
    void restore() {
        std::vector<std::uint32_t> todo{node_of(start_position(options_.variant), 0)};
        while (!todo.empty()) {
            const std::uint32_t i = todo.back();
            todo.pop_back();
            const auto it = known_.find(nodes_[i].position.key);
            if (nodes_[i].expanded || it == known_.end() || !it->second.expanded) continue;
            expand(i);
            for (std::uint32_t c : nodes_[i].children) todo.push_back(c);
        }
        back_up();
    }

    // Negamax from the leaves up. Openings have no repetitions; should a
    // line of kings come back to a position on its own path, that path
    // counts as a draw.
    void back_up() {
        std::vector<std::uint8_t> state(nodes_.size(), 0);  // 0 new, 1 on the path, 2 done
        back_up(0, state);
    }

    int back_up(std::uint32_t i, std::vector<std::uint8_t>& state) {
        if (state[i] == 1) return 0;
        if (state[i] == 2 || !nodes_[i].expanded) return nodes_[i].score;
        state[i] = 1;
        int best = -win_score;
        for (std::uint32_t c : nodes_[i].children) best = std::max(best, -back_up(c, state));
        state[i] = 2;
        nodes_[i].score = best;
        return best;
    }

    // Dijkstra from the start over the costs of drop-out expansion; the
    // leaves worth expanding, cheapest first, a batch of them: about one
    // leaf in sixty-four of the book, so a round's bookkeeping stays small
    // beside its searches.
    std::vector<std::uint32_t> cheapest_leaves() {
        constexpr std::int64_t unreached = std::numeric_limits<std::int64_t>::max();
        std::vector<std::int64_t> cost(nodes_.size(), unreached);
        using Item = std::pair<std::int64_t, std::uint32_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
        cost[0] = 0;
        queue.push({0, 0});
        std::vector<Item> leaves;
        while (!queue.empty()) {
            const auto [c, i] = queue.top();
            queue.pop();
            if (c != cost[i]) continue;
            const Node& n = nodes_[i];
            if (!n.expanded) {
                if (!n.terminal && !is_decided(n.score)) leaves.push_back({c, i});
                continue;
            }
            for (std::uint32_t k : n.children) {
                const Node& child = nodes_[k];
                // How much worse than the best this move is, for its mover.
                const std::int64_t step =
                    child.ply <= options_.forced_plies ? 0 : options_.ply_cost + (n.score - -child.score);
                if (c + step < cost[k]) {
                    cost[k] = c + step;
                    queue.push({cost[k], k});
                }
            }
        }
        std::sort(leaves.begin(), leaves.end());
        const std::size_t batch = std::max<std::size_t>(1, nodes_.size() / 64);
        std::vector<std::uint32_t> chosen;
        for (std::size_t k = 0; k < leaves.size() && k < batch; ++k) chosen.push_back(leaves[k].second);
        return chosen;
    }

    BookFile book() const {
        BookFile file;
        file.variant = options_.variant;
        file.leaf_depth = static_cast<std::uint32_t>(options_.depth);
        file.leaf_nodes = options_.nodes;
        file.entries.reserve(nodes_.size());
        for (const Node& n : nodes_)
            file.entries.push_back({n.position.key, static_cast<std::int16_t>(n.score), n.expanded});
        std::sort(file.entries.begin(), file.entries.end(),
                  [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
        return file;
    }

    const BookBuildOptions& options_;
    Engine engine_;
    Clock::time_point begun_;
    std::unordered_map<std::uint64_t, BookEntry> known_;
    std::vector<Node> nodes_;
    std::unordered_map<std::uint64_t, std::uint32_t> index_;
    std::size_t searched_ = 0;
};

}  // namespace

int book_forced_plies(Variant v) { return v == Variant::jamaican || v == Variant::pool ? 4 : 2; }

BookFile build_book(const BookBuildOptions& options, const BookFile& start,
                    const std::function<void(const BookProgress&)>& progress,
                    const std::function<void(const BookFile&)>& save) {
    return Builder(options, start).run(progress, save);
}

}  // namespace yaad
