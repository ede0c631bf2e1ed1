#include "random_opening.hpp"

#include "input_error.hpp"
#include "legal_moves.hpp"
#include "perft.hpp"
#include "random.hpp"

namespace yaad {

RandomOpening random_opening(Variant v, int plies, std::uint64_t seed) {
    if (plies < 0) throw InputError("a random opening needs 0 plies or more");
    Random random(seed);
    RandomOpening opening;
    Position p = start_position(v);
    for (int left = plies; left > 0; --left) {
        // Choosing each move in proportion to the sequences below it makes
        // every complete sequence equally likely.
        const MoveList moves = legal_moves(v, p);
        std::vector<std::uint64_t> below;
        std::uint64_t total = 0;
        for (const Move& m : moves) {
            Position child = p;
            child.make(m);
            below.push_back(perft(v, child, left - 1));
            total += below.back();
        }
        if (total == 0) throw InputError("no legal sequence of " + std::to_string(plies) + " plies");
        std::uint64_t pick = random.below(total);
        std::size_t i = 0;
        while (pick >= below[i]) pick -= below[i++];
        opening.positions.push_back(p);
        opening.moves.push_back(moves[i]);
        p.make(moves[i]);
    }
    opening.positions.push_back(p);
    return opening;
}

}  // namespace yaad
