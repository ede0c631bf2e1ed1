#pragma once
// `yaad referee`: a line protocol that judges a game for a match runner, so
// every rule of RULES.md lives in one place. One answer line per command:
//
//   new [variant=V] [pos=P]  -> ok variant=V fen=F state=S result=R
//   play M                   -> legal move=<hub form> pdn=<PDN form> fen=F state=S [reason=E] result=R
//                            |  illegal message="..."
//   status                   -> status fen=F ply=N state=S [reason=E] result=R
//   moves                    -> moves list="<every legal move, Hub form>"
//   quit
//
// S is ongoing, white-wins, black-wins or draw; E names the rule that ended
// the game (no-pieces, no-moves, repetition, no-progress, lone-king); R is
// the PDN result. Anything else gets `error message="..."`.

#include <iosfwd>

namespace yaad {

void run_referee(std::istream& in, std::ostream& out);

}  // namespace yaad
