#include "game.hpp"

#include "legal_moves.hpp"
#include "variant.hpp"

namespace yaad {

std::string_view outcome_name(Outcome o) {
    switch (o) {
        case Outcome::white_wins: return "white-wins";
        case Outcome::black_wins: return "black-wins";
        case Outcome::draw: return "draw";
        case Outcome::ongoing: break;
    }
    return "ongoing";
}

std::string_view reason_name(EndReason r) {
    switch (r) {
        case EndReason::no_pieces: return "no-pieces";
        case EndReason::no_moves: return "no-moves";
        case EndReason::repetition: return "repetition";
        case EndReason::no_progress: return "no-progress";
        case EndReason::lone_king: return "lone-king";
        case EndReason::none: break;
    }
    return "none";
}

std::string_view pdn_result(Outcome o) {
    switch (o) {
        case Outcome::white_wins: return "1-0";
        case Outcome::black_wins: return "0-1";
        case Outcome::draw: return "1/2-1/2";
        case Outcome::ongoing: break;
    }
    return "*";
}

Game::Game(Variant v) : Game(v, start_position(v)) {}

Game::Game(Variant v, const Position& start)
    : Game(v, start, visit_variant(v, [&](auto r) { return DrawCounters::at_start<decltype(r)>(start); })) {}

Game::Game(Variant v, const Position& start, const DrawCounters& counters) : variant_(v), start_(start) {
    plies_.push_back({Move{}, start, counters, 0});
}

std::vector<Move> Game::moves() const {
    std::vector<Move> out;
    for (std::size_t i = 1; i < plies_.size(); ++i) out.push_back(plies_[i].move);
    return out;
}

MoveList Game::legal_moves() const { return yaad::legal_moves(variant_, position()); }

void Game::play(const Move& m) {
    const Ply& last = plies_.back();
    Ply next{m, last.position, last.counters, 0};
    next.position.make(m);
    visit_variant(variant_, [&](auto r) { next.counters.update<decltype(r)>(last.position, m, next.position); });
    const bool irreversible = m.is_capture() || !(last.position.kings & bit(m.from));
    next.reversible_plies = irreversible ? 0 : static_cast<std::uint16_t>(last.reversible_plies + 1);
    plies_.push_back(next);
}

Move Game::play(std::string_view text, MoveReading reading) {
    const Move m = parse_move(variant_, position(), text, reading);
    play(m);
    return m;
}

bool Game::undo() {
    if (plies_.size() <= 1) return false;
    plies_.pop_back();
    return true;
}

int Game::repetitions() const {
    const std::size_t now = plies_.size() - 1;
    const std::uint64_t key = plies_[now].position.key;
    const std::size_t window = plies_[now].reversible_plies;
    int count = 1;
    for (std::size_t back = 2; back <= window; back += 2)
        if (plies_[now - back].position.key == key && plies_[now - back].position == plies_[now].position) ++count;
    return count;
}

std::vector<std::uint64_t> Game::reversible_keys() const {
    const std::size_t now = plies_.size() - 1;
    std::vector<std::uint64_t> keys;
    for (std::size_t i = now - plies_[now].reversible_plies; i <= now; ++i) keys.push_back(plies_[i].position.key);
    return keys;
}

GameStatus Game::status() const {
    const Position& p = position();
    const Outcome loss = p.side == Color::white ? Outcome::black_wins : Outcome::white_wins;
    // A move that leaves the opponent without a move wins, even when it is
    // the last one a counting rule allows: the win is decided first.
    if (!p.of(p.side)) return {loss, EndReason::no_pieces};
    if (legal_moves().empty()) return {loss, EndReason::no_moves};
    return visit_variant(variant_, [&](auto r) -> GameStatus {
        using R = decltype(r);
        if (R::repetition_draw && repetitions() >= 3) return {Outcome::draw, EndReason::repetition};
        const EndReason rule = counters().rule_draw<R>();
        if (rule != EndReason::none) return {Outcome::draw, rule};
        return {};
    });
}

}  // namespace yaad
