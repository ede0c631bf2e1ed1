// PDN FEN and Hub position strings: whatever parses writes back to text that
// parses to the same position, in both formats, and has a move list.

#include "fen.hpp"
#include "fuzz_input.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"

using namespace yaad;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [v, text] = fuzz::split_input(data, size);
    Position p;
    try {
        p = parse_position(v, text);
    } catch (const InputError&) {
        return 0;
    }
    const std::string fen = to_fen(v, p);
    fuzz::require(parse_fen(v, fen) == p, "FEN round trip");
    fuzz::require(to_fen(v, parse_fen(v, fen)) == fen, "FEN text is canonical");
    fuzz::require(parse_hub_position(v, to_hub_position(v, p)) == p, "Hub string round trip");
    fuzz::require(p.key == p.compute_key(), "key of a parsed position");
    const MoveList moves = legal_moves(v, p);
    fuzz::require(!moves.overflowed(), "move list capacity");
    for (const Move& m : moves) {
        Position next = p;
        next.make(m);
        fuzz::require(next.key == next.compute_key(), "incremental key");
        fuzz::require((next.pieces[0] & next.pieces[1]) == 0, "colours never overlap");
    }
    return 0;
}
