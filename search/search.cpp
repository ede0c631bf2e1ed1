#include "search.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include "searcher.hpp"
#include "static_eval.hpp"
#include "time_manager.hpp"
#include "variant.hpp"

namespace yaad {

SearchResult Engine::search(const Game& game, const SearchLimits& limits, SearchControl& control,
                            const IterationCallback& on_iteration) {
    if (level_ == full_strength || limits.analysis) {
        if (std::optional<SearchResult> from_book = book_move(game, limits, control)) return *from_book;
        return search_at_full_strength(game, limits, control, on_iteration);
    }
    // Below full strength the level's own choices decide from the first
    // move: a weaker player knows no book, and the levels were calibrated
    // without one.
    const StrengthLevel level = strength_level(level_);
    SearchLimits weaker = limits;
    weaker.nodes = limits.nodes ? std::min(limits.nodes, level.nodes) : level.nodes;
    weaker.multipv = std::max(limits.multipv, level.lines);
    // The lines of the deepest depth reported; the caller sees only the
    // lines it asked for.
    std::vector<SearchInfo> lines;
    SearchResult result = search_at_full_strength(game, weaker, control, [&](const SearchInfo& info) {
        if (info.line == 1) lines.clear();
        lines.push_back(info);
        if (on_iteration && info.line <= limits.multipv) on_iteration(info);
    });
    if (lines.size() > 1) {
        const double draw = static_cast<double>(choices_.next() >> 11) / 9007199254740992.0;
        const SearchInfo& chosen = lines[choose_line(lines, level.temperature, draw)];
        result.pv = chosen.pv;
        result.best = chosen.pv.front();
        result.ponder.reset();
        if (chosen.pv.size() > 1) result.ponder = chosen.pv[1];
        result.score = chosen.score;
    }
    return result;
}

std::optional<SearchResult> Engine::book_move(const Game& game, const SearchLimits& limits,
                                             const SearchControl& control) {
    if (!book_ || !book_serves(book_->variant(), game.variant()) || limits.analysis || limits.infinite || control.pondering())
        return std::nullopt;
    const std::optional<BookMove> chosen = book_->choose(game.position(), book_margin_, choices_);
    if (!chosen) return std::nullopt;
    SearchResult r;
    r.best = chosen->move;
    r.pv = {chosen->move};
    r.score = chosen->score;
    r.from_book = true;
    return r;
}

SearchResult Engine::search_at_full_strength(const Game& game, const SearchLimits& limits, SearchControl& control,
                                             const IterationCallback& on_iteration) {
    tt_.allocate();
    tt_.new_search();
    TimeManager time(limits, TimeManager::Clock::now());
    std::vector<std::uint64_t> earlier = game.reversible_keys();
    earlier.pop_back();  // the current position itself
    // Every node looks back over these for repetitions; a game of thousands
    // of king moves would slow each node down for nothing.
    if (earlier.size() > repetition_lookback)
        earlier.erase(earlier.begin(), earlier.end() - static_cast<std::ptrdiff_t>(repetition_lookback));
    SearchResult result = visit_variant(game.variant(), [&](auto r) {
        using S = Searcher<decltype(r)>;
        // The search stack is large; keep it off the thread's stack.
        auto main = std::make_unique<S>(tt_, control, limits, time, database_.get());
        main->set_root(game.position(), game.counters(), earlier);
        main->set_pondering(control.pondering());

        // Helpers search until the main thread is done; only its result
        // counts.
        SearchControl helper_control;
        SearchLimits helper_limits = limits;
        helper_limits.infinite = true;
        helper_limits.nodes = 0;
        helper_limits.multipv = 1;
        TimeManager helper_time(helper_limits, TimeManager::Clock::now());
        std::vector<std::unique_ptr<S>> helpers;
        std::vector<std::thread> threads;
        for (int i = 1; i < threads_; ++i) {
            helpers.push_back(std::make_unique<S>(tt_, helper_control, helper_limits, helper_time, database_.get(), i));
            helpers.back()->set_root(game.position(), game.counters(), earlier);
            threads.emplace_back([h = helpers.back().get()] { h->run({}); });
        }
        SearchResult r_main = main->run(on_iteration);
        helper_control.stop();
        for (std::thread& t : threads) t.join();
        for (const auto& h : helpers) {
            r_main.nodes += h->nodes();
            r_main.database_hits += h->database_hits();
        }
        return r_main;
    });
    // A ponder or infinite search answers only when told to (HUB.md).
    while (!control.stopped() && (control.pondering() || limits.infinite))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    result.seconds = time.elapsed();
    return result;
}

int evaluate(Variant v, const Position& p, EvalTrace* trace) {
    return visit_variant(v, [&](auto r) {
        using E = Evaluator<decltype(r)>;
        return trace ? E::template evaluate<true>(p, trace) : E::evaluate(p);
    });
}

LearnedExplanation explain_learned(Variant v, const Position& p) {
    return visit_variant(v, [&](auto r) {
        using R = decltype(r);
        LearnedExplanation e;
        if (const NetWeights* n = network_for<R>(p)) {
            e.source = eval_description(R::variant);
            e.network = NetEval<R>::evaluate(p, *n);
            e.pieces = NetExplain<R>::shares(p, *n);
            e.divisor = Evaluator<R>::drawish_divisor(p);
            e.score = static_eval<R>(p);
            return e;
        }
        const LearnedWeights* w = learned_weights_for<R>(p);
        if (!w) return e;
        e.source = eval_description(R::variant);
        for (const auto& part : LearnedEval<R>::explain(p, *w)) e.parts.emplace_back(part.name, part.white_score);
        e.divisor = Evaluator<R>::drawish_divisor(p);
        e.score = static_eval<R>(p);
        return e;
    });
}

double score_in_men(int score) {
    if (is_decisive(score)) {
        // 100 less a hundredth per ply, as pydraughts reads it: 99.93 is a
        // win in 7 plies; never below 90.
        const int plies = win_score - std::abs(score);
        const double value = std::max(90.0, 100 - plies / 100.0);
        return score > 0 ? value : -value;
    }
    if (is_decided(score)) {
        // A database win: 80 less a hundredth per ply of its distance,
        // below every win seen to the end, above any evaluation.
        const int plies = known_win_score - std::abs(score);
        const double value = std::max(70.0, 80 - plies / 100.0);
        return score > 0 ? value : -value;
    }
    return score / 100.0;
}

std::string score_text(int score) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", score_in_men(score));
    return text;
}

}  // namespace yaad
