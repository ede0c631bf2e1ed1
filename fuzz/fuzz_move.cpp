// Move notation in every variant, on positions taken from the input: a move
// that parses is legal, and every legal move written in each format reads
// back as itself.

#include <string>

#include "fen.hpp"
#include "fuzz_input.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"

using namespace yaad;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [v, text] = fuzz::split_input(data, size);
    // "<position>|<move>": the position in any accepted form, then a move.
    const auto bar = text.find('|');
    Position p;
    try {
        p = bar == std::string_view::npos ? start_position(v) : parse_position(v, text.substr(0, bar));
    } catch (const InputError&) {
        return 0;
    }
    const std::string_view move_text = bar == std::string_view::npos ? text : text.substr(bar + 1);
    const MoveList legal = legal_moves(v, p);
    for (const MoveReading reading : {MoveReading::pdn_first, MoveReading::hub_first}) {
        try {
            const Move m = parse_move(v, p, move_text, reading);
            bool found = false;
            for (const Move& l : legal) found = found || l.same_effect(m);
            fuzz::require(found, "a parsed move is legal");
            fuzz::require(parse_move(v, p, format_move(v, p, m), reading).same_effect(m), "a parsed move re-reads");
        } catch (const InputError&) {
        }
    }
    for (const Move& m : legal)
        for (const MoveFormat f : {MoveFormat::pdn, MoveFormat::numeric, MoveFormat::algebraic, MoveFormat::hub})
            fuzz::require(parse_move(v, p, format_move(v, p, m, f)).same_effect(m), "every written move re-reads");
    return 0;
}
