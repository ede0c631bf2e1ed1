#pragma once
// Which endgame database a front end hands its engine (--egdb DIR, the
// Hub parameter egdb-path, the shell's egdb command), and how a position's
// entry in it reads for people.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "database.hpp"
#include "game.hpp"

namespace yaad {

// The database in `dir`: "" means the default directory beside the
// executable when there is one (none otherwise, silently), "none" or "off"
// means none. A directory that does not exist is an InputError; slices that
// cannot be read are skipped, one line each in `warnings`; a slice found
// corrupt later, when first probed, gives one line to `late` (standard
// error when empty).
std::shared_ptr<const egdb::Database> open_database(std::string_view dir, std::vector<std::string>& warnings,
                                                    egdb::Database::Warn late = {});

// "database: White wins if the count leaves 17 plies or more (25 left)",
// "database: a draw", ... for the current position of `game`, with the
// counting rules applied; nothing when the database does not hold it.
std::optional<std::string> database_verdict(const egdb::Database* database, const Game& game);

}  // namespace yaad
