#pragma once
// The evaluation the search calls: the learned one (eval/) where the
// family has weights in use, else the hand-made one (eval.hpp). Both are
// scaled down in the endings the hand-made evaluation knows to be drawish.

#include "eval.hpp"
#include "eval_choice.hpp"
#include "learned_eval.hpp"

namespace yaad {

template <class R>
int static_eval(const Position& p) {
    const LearnedWeights* w = active_learned_weights(family_of<R>());
    if (!w) return Evaluator<R>::evaluate(p);
    const int divisor = Evaluator<R>::drawish_divisor(p);
    return divisor ? LearnedEval<R>::evaluate(p, *w) / divisor : 0;
}

}  // namespace yaad
