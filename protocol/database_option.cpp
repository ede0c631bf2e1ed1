#include "database_option.hpp"

#include <filesystem>

#include "input_error.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad {

std::shared_ptr<const egdb::Database> open_database(std::string_view dir, std::vector<std::string>& warnings,
                                                    egdb::Database::Warn late) {
    const std::string name(trim(dir));
    const std::string lower = to_lower(name);
    if (lower == "none" || lower == "off") return nullptr;
    std::filesystem::path path = name.empty() ? egdb::default_directory() : std::filesystem::path(name);
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
        if (name.empty()) return nullptr;
        throw InputError("no endgame database directory " + quoted_excerpt(name));
    }
    return egdb::Database::open(path, warnings, 64, std::move(late));
}

std::optional<std::string> database_verdict(const egdb::Database* database, const Game& game) {
    if (!database) return std::nullopt;
    const Position& p = game.position();
    const std::optional<egdb::Probe> probe = database->probe(game.variant(), p);
    if (!probe) return std::nullopt;
    if (probe->value == egdb::Wdl::draw) return "database: a draw";
    const Color winner = probe->value == egdb::Wdl::win ? p.side : ~p.side;
    std::string text = std::string("database: ") + (winner == Color::white ? "White" : "Black") + " wins";
    if (probe->count_plies > 0) {
        const int left = visit_variant(game.variant(), [&](auto r) {
            return game.counters().template plies_to_rule_draw<decltype(r)>(p.side);
        });
        if (probe->count_plies == egdb::count_never)
            return text + " without the counting rules, but no count allows it: a draw";
        text += " if the count leaves " + std::to_string(probe->count_plies) + " plies or more (" +
                std::to_string(left) + " left)";
        return left < probe->count_plies ? text + ": a draw" : text;
    }
    if (probe->plies >= 0)
        text += ", " + std::to_string(probe->plies) + " plies to its next capture, crowning or the end";
    return text;
}

}  // namespace yaad
