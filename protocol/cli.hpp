#pragma once
// The command line: `yaad <command> [options]`, parsed with
// Boost.Program_options. Each command declares its options and a function
// that runs it; this header is what command files share.

#include <boost/program_options.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "book_option.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad::cli {

namespace po = boost::program_options;

struct Command {
    std::string name;
    std::string summary;    // one line for `yaad --help`
    std::string arguments;  // the usage line after the command name
    std::function<void(po::options_description&)> declare;
    std::function<int(const po::variables_map&)> run;  // the exit status
};

// Commands of the rules core: moves, perft, random-opening.
std::vector<Command> rules_commands();
// Commands of the search: analyse, bench.
std::vector<Command> search_commands();
// Training data: selfplay, selfplay-pack.
std::vector<Command> selfplay_commands();

// yaad egdb build|info|probe: the endgame databases.
Command egdb_command();
// yaad annotate GAME.pdn: games judged move by move.
Command annotate_command();
// yaad serve: the web board (serve.cpp).
Command serve_command();

// Options many commands share.
void declare_variant(po::options_description& d);
void declare_position(po::options_description& d);
// --egdb DIR: the endgame database directory ("none": no database).
void declare_egdb_dir(po::options_description& d);
std::string egdb_dir_option(const po::variables_map& vm);
Variant variant_option(const po::variables_map& vm);
Position position_option(const po::variables_map& vm, Variant v);
// --eval and --eval-file: which evaluation the search uses. A bad weights
// file gets one `error:` line and the built-in weights stay.
void declare_eval(po::options_description& d);
void apply_eval_options(const po::variables_map& vm);
// --book on|off|FILE and --book-margin: the opening book a front end plays from.
void declare_book(po::options_description& d);
BookChoice book_option(const po::variables_map& vm);
// A whole non-negative decimal number, or InputError naming the option.
std::uint64_t unsigned_option(const po::variables_map& vm, const std::string& name);
// A whole number from low to high; anything else (a negative, a word, out
// of range) is one InputError: "--NAME must be LOW to HIGH, not 'TEXT'".
std::uint64_t ranged_option(const po::variables_map& vm, const std::string& name, std::int64_t low,
                            std::int64_t high);

// yaad book build|info: the opening books.
Command book_command();

// Runs `yaad` with these arguments and returns the exit status: 0 for
// success, 2 for bad input (after one `error:` line on stderr).
int run(int argc, char** argv);

}  // namespace yaad::cli
