#include "cli.hpp"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "dxp.hpp"
#include "book_option.hpp"
#include "engine_params.hpp"
#include "hub.hpp"
#include "referee.hpp"
#include "shell.hpp"
#include "strength.hpp"
#include "text.hpp"
#include "variant.hpp"
#include "version.hpp"

namespace yaad::cli {

void declare_variant(po::options_description& d) {
    d.add_options()("variant", po::value<std::string>()->default_value(std::string(variant_name(default_variant))),
                    ("the game: " + variant_names()).c_str());
}

void declare_position(po::options_description& d) {
    d.add_options()("fen", po::value<std::string>(),
                    "the position: a PDN FEN, a Hub position string or 'start' (default: the start position)");
}

void declare_egdb_dir(po::options_description& d) {
    d.add_options()("egdb", po::value<std::string>(),
                    "endgame database directory; none: no database (default: egdb beside yaad, if there)");
}

std::string egdb_dir_option(const po::variables_map& vm) {
    return vm.count("egdb") ? vm["egdb"].as<std::string>() : "";
}

void declare_eval(po::options_description& d) {
    d.add_options()("eval", po::value<std::string>()->default_value("learned"),
                    "the evaluation: learned (the built-in weights, or --eval-file's) or handmade")(
        "eval-file", po::value<std::string>(), "a weights file for the learned evaluation of its variant family");
}

void apply_eval_options(const po::variables_map& vm) {
    EngineSettings s;
    const std::string eval = vm["eval"].as<std::string>();
    if (eval != "learned" && eval != "handmade") throw InputError("--eval must be learned or handmade");
    s.handmade_eval = eval == "handmade";
    if (vm.count("eval-file")) s.eval_file = vm["eval-file"].as<std::string>();
    try {
        apply_eval_settings(s);
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << " (keeping the built-in weights)\n";
        s.eval_file.clear();
        apply_eval_settings(s);
    }
}

Variant variant_option(const po::variables_map& vm) {
    const std::string name = vm["variant"].as<std::string>();
    const auto v = parse_variant(name);
    if (!v) throw InputError("unknown variant " + quoted_excerpt(name) + " (choose from: " + variant_names() + ")");
    return *v;
}

Position position_option(const po::variables_map& vm, Variant v) {
    if (!vm.count("fen")) return start_position(v);
    return parse_position(v, vm["fen"].as<std::string>());
}

std::uint64_t unsigned_option(const po::variables_map& vm, const std::string& name) {
    const std::string text(trim(vm[name].as<std::string>()));
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw InputError("--" + name + " needs a whole number 0 or more, not " + quoted_excerpt(text));
    return value;
}

std::uint64_t ranged_option(const po::variables_map& vm, const std::string& name, std::int64_t low,
                            std::int64_t high) {
    const std::string text(trim(vm[name].as<std::string>()));
    const auto value = parse_integer(text);
    if (!value || *value < low || *value > high)
        throw InputError("--" + name + " must be " + std::to_string(low) + " to " + std::to_string(high) + ", not " +
                         quoted_excerpt(text));
    return static_cast<std::uint64_t>(*value);
}

void declare_book(po::options_description& d) {
    d.add_options()("book", po::value<std::string>()->default_value("on"),
                    "the opening book: on (the built-in one), off, or a book file")(
        "book-margin", po::value<std::string>()->default_value(std::to_string(default_book_margin)),
        "book moves this many hundredths of a man below the best are played too");
}

BookChoice book_option(const po::variables_map& vm) {
    BookChoice choice;
    const std::string book = vm["book"].as<std::string>();
    if (book == "off" || book == "none")
        choice.on = false;
    else if (book != "on")
        choice.file = book;
    const std::uint64_t margin = unsigned_option(vm, "book-margin");
    if (margin > static_cast<std::uint64_t>(max_book_margin))
        throw InputError("--book-margin must be 0 to " + std::to_string(max_book_margin) + " hundredths of a man");
    choice.margin = static_cast<int>(margin);
    return choice;
}

namespace {

int level_option(const po::variables_map& vm) {
    const std::uint64_t level = unsigned_option(vm, "level");
    if (level < static_cast<std::uint64_t>(weakest_level) || level > static_cast<std::uint64_t>(full_strength))
        throw InputError("--level must be 1 to 20 (20 is full strength)");
    return static_cast<int>(level);
}

void declare_level(po::options_description& d) {
    d.add_options()("level", po::value<std::string>()->default_value("20"),
                    "strength of the moves played: 20 full, 1 the weakest");
}

int run_shell_command(const po::variables_map& vm) {
    apply_eval_options(vm);
    run_shell(std::cin, std::cout, variant_option(vm), isatty(STDIN_FILENO), egdb_dir_option(vm), level_option(vm),
              book_option(vm));
    return 0;
}

int run_dxp_command(const po::variables_map& vm) {
    apply_eval_options(vm);
    DxpOptions o;
    const std::string name = vm["variant"].as<std::string>();
    const auto v = parse_variant(name);
    if (!v) throw InputError("unknown variant " + quoted_excerpt(name) + " (choose from: " + variant_names() + ")");
    o.variant = *v;
    o.listen = vm.count("listen") > 0;
    if (o.listen == (vm.count("connect") > 0)) throw InputError("give either --listen or --connect HOST");
    if (vm.count("connect")) o.host = vm["connect"].as<std::string>();
    o.address = vm["bind"].as<std::string>();
    const std::uint64_t port = unsigned_option(vm, "port");
    if (port > 65535 || (port == 0 && !o.listen))
        throw InputError("--port must be 1 to 65535 (or 0 with --listen: any free port)");
    o.port = static_cast<int>(port);
    o.connect_timeout = vm["connect-timeout"].as<double>();
    if (!(o.connect_timeout >= 0 && o.connect_timeout < 1e6))
        throw InputError("--connect-timeout must be a number of seconds, 0 or more");
    o.initiator = vm.count("initiator") > 0;
    o.games = static_cast<int>(std::min<std::uint64_t>(unsigned_option(vm, "games"), 100000));
    if (o.games < 1) throw InputError("--games must be 1 or more");
    const std::uint64_t minutes = unsigned_option(vm, "minutes");
    if (minutes < 1 || minutes > 999) throw InputError("--minutes must be 1 to 999 (DXP has three digits)");
    o.minutes = static_cast<int>(minutes);
    const std::uint64_t moves = unsigned_option(vm, "moves");
    if (moves > 999) throw InputError("--moves must be 0 to 999 (DXP has three digits)");
    o.move_limit = static_cast<int>(moves);
    if (vm.count("fen")) {
        o.fen = vm["fen"].as<std::string>();
        parse_position(o.variant, *o.fen);  // refuse a bad position before connecting
    }
    if (vm.count("pdn")) o.pdn_file = vm["pdn"].as<std::string>();
    o.name = vm["name"].as<std::string>().substr(0, 32);
    o.egdb_dir = egdb_dir_option(vm);
    o.level = level_option(vm);
    o.book = book_option(vm);
    // Said now, not when the other side connects: play goes on without it.
    Engine probe(1);
    if (const auto problem = give_book(probe, o.variant, o.book)) {
        std::cerr << "error: " << *problem << "\n";
        o.book.on = false;
    }
    o.hash_mb = static_cast<std::size_t>(std::clamp<std::uint64_t>(unsigned_option(vm, "hash"), 1, 32768));
    const double timeout = vm["timeout"].as<double>();
    if (!(timeout > 0 && timeout < 1e6)) throw InputError("--timeout must be a positive number of seconds");
    o.peer_timeout = timeout;
    if (vm.count("movetime")) {
        o.move_time = vm["movetime"].as<double>();
        if (!(o.move_time > 0 && o.move_time < 1e6)) throw InputError("--movetime must be a positive number of seconds");
    }
    return run_dxp(o);
}

void declare_dxp(po::options_description& d) {
    d.add_options()("listen", "wait for the other program to connect")(
        "connect", po::value<std::string>(), "connect to the other program at HOST")(
        "port", po::value<std::string>()->default_value(std::to_string(dxp_default_port)),
        "TCP port; with --listen, 0 takes any free port (see the listening line)")(
        "bind", po::value<std::string>()->default_value("127.0.0.1"), "address to listen on (with --listen)")(
        "connect-timeout", po::value<double>()->default_value(0.0),
        "seconds to go on trying while the other side does not listen yet; 0 tries once (with --connect)")(
        "initiator", "propose the games (send GAMEREQ); the other side follows")(
        "games", po::value<std::string>()->default_value("1"), "games to play, colours alternating (initiator)")(
        "minutes", po::value<std::string>()->default_value("5"), "thinking time per side and game (initiator)")(
        "moves", po::value<std::string>()->default_value("0"), "moves per game before it is drawn, 0 for none (initiator)")(
        "fen", po::value<std::string>(), "start the games from this position (initiator)")(
        "variant", po::value<std::string>()->default_value("international"),
        "the game; DXP is international unless both sides are told otherwise")(
        "pdn", po::value<std::string>(), "append every game to this PDN file")(
        "name", po::value<std::string>()->default_value("yaad"), "our name for the other side")(
        "hash", po::value<std::string>()->default_value("64"), "transposition table size in MB")(
        "timeout", po::value<double>()->default_value(600.0), "seconds of silence from the other side before giving up")(
        "movetime", po::value<double>(), "think at most this many seconds per move, within the clock");
    declare_eval(d);
    declare_egdb_dir(d);
    declare_level(d);
    declare_book(d);
}

// The options of the two ways people and GUIs play: shell and hub.
void declare_player_options(po::options_description& d) {
    declare_variant(d);
    declare_eval(d);
    declare_egdb_dir(d);
    declare_level(d);
    declare_book(d);
}

std::vector<Command> all_commands() {
    std::vector<Command> commands = {
        {"shell", "the interactive shell: play and analyse (what `yaad` alone starts)",
         "[--variant V] [--eval E] [--eval-file F] [--egdb DIR] [--level N] [--book on|off|FILE] [--book-margin M]",
         declare_player_options,
         run_shell_command},
        {"hub", "speak the Hub protocol on standard input and output (for GUIs and bots)",
         "[--variant V] [--eval E] [--eval-file F] [--egdb DIR] [--level N] [--book on|off|FILE] [--book-margin M]",
         declare_player_options,
         [](const po::variables_map& vm) {
             apply_eval_options(vm);
             run_hub(std::cin, std::cout, std::nullopt, HubStart{egdb_dir_option(vm), level_option(vm), variant_option(vm), book_option(vm)});
             return 0;
         }},
        {"dxp", "play other programs over DamExchange (TCP); one result line per game",
         "(--listen | --connect HOST [--connect-timeout S]) [--port P] [--initiator --games N --minutes M] "
         "[--variant V] [--pdn FILE] [--egdb DIR] [--level N] [--book on|off|FILE] [--book-margin M]",
         declare_dxp, run_dxp_command},
        {"referee", "judge games line by line for a match runner (see protocol/referee.hpp)", "",
         [](po::options_description&) {},
         [](const po::variables_map&) {
             run_referee(std::cin, std::cout);
             return 0;
         }},
    };
    for (Command& c : rules_commands()) commands.push_back(std::move(c));
    for (Command& c : search_commands()) commands.push_back(std::move(c));
    for (Command& c : selfplay_commands()) commands.push_back(std::move(c));
    commands.push_back(egdb_command());
    commands.push_back(annotate_command());
    commands.push_back(book_command());
    commands.push_back(serve_command());
    return commands;
}

void print_help(const std::vector<Command>& commands) {
    std::cout << "yaad " << version << " - a draughts engine\n\n"
              << "usage: yaad <command> [options]     (yaad <command> --help for its options)\n\n"
              << "commands:\n";
    for (const Command& c : commands) {
        std::string name = c.name;
        name.resize(16, ' ');
        std::cout << "  " << name << c.summary << "\n";
    }
    std::cout << "\nvariants: " << variant_names() << " (default " << variant_name(default_variant) << ")\n"
              << "\nother options:\n  --help          this text\n  --version       the version\n";
}

int run_command(const Command& command, const std::vector<std::string>& args) {
    po::options_description options("options of yaad " + command.name);
    options.add_options()("help,h", "this text");
    command.declare(options);
    po::variables_map vm;
    // A command that declares "action" takes it as its first bare word
    // (yaad egdb build ...), one that declares "file" its file (yaad
    // annotate GAME.pdn).
    po::positional_options_description positional;
    if (options.find_nothrow("action", false)) positional.add("action", 1);
    if (options.find_nothrow("file", false)) positional.add("file", 1);
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
        std::cout << "usage: yaad " << command.name << " " << command.arguments << "\n"
                  << command.summary << "\n\n"
                  << options;
        return 0;
    }
    po::notify(vm);
    return command.run(vm);
}

}  // namespace

int run(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const std::vector<Command> commands = all_commands();
    try {
        if (args.empty()) {
            run_shell(std::cin, std::cout, default_variant, isatty(STDIN_FILENO));
            return 0;
        }
        if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            print_help(commands);
            return 0;
        }
        if (args[0] == "--version") {
            std::cout << "yaad " << version << "\n";
            return 0;
        }
        for (const Command& c : commands)
            if (c.name == args[0]) return run_command(c, {args.begin() + 1, args.end()});
        throw InputError("unknown command " + quoted_excerpt(args[0]) + " (yaad --help lists them)");
    } catch (const InputError& e) {
        std::cout.flush();
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const po::error& e) {
        std::cout.flush();
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace yaad::cli
