#pragma once
// The evaluation the search calls: the learned one (eval/) where the
// family has a network or weights in use, else the hand-made one
// (eval.hpp). All are scaled down in the endings the hand-made evaluation
// knows to be drawish.

#include "eval.hpp"
#include "eval_choice.hpp"
#include "learned_eval.hpp"
#include "net_eval.hpp"

namespace yaad {

// The learned weights that evaluate p, or null for the hand-made
// evaluation. Kings-only positions always get the hand-made one: the
// windows see men only, and the learned king terms alone did not win
// English 2 kings against 1 within the count, which the hand-made terms do.
template <class R>
const LearnedWeights* learned_weights_for(const Position& p) {
    if (!(p.occupied() & ~p.kings)) return nullptr;
    return active_learned_weights(R::variant);
}

// The network that evaluates p, or null; kings-only positions as above.
template <class R>
const NetWeights* network_for(const Position& p) {
    if (!(p.occupied() & ~p.kings)) return nullptr;
    return active_network(R::variant);
}

// net_raw(n) gives the network's output before scaling for p (the search
// keeps its first layer from node to node: net_accumulator.hpp).
template <class R, class NetRaw>
int static_eval(const Position& p, const NetRaw& net_raw) {
    if (const NetWeights* n = network_for<R>(p)) {
        const int divisor = Evaluator<R>::drawish_divisor(p);
        return divisor ? NetEval<R>::scaled(net_raw(*n), *n) / divisor : 0;
    }
    const LearnedWeights* w = learned_weights_for<R>(p);
    if (!w) return Evaluator<R>::evaluate(p);
    const int divisor = Evaluator<R>::drawish_divisor(p);
    return divisor ? LearnedEval<R>::evaluate(p, *w) / divisor : 0;
}

template <class R>
int static_eval(const Position& p) {
    return static_eval<R>(p, [&](const NetWeights& n) { return NetEval<R>::raw(p, n); });
}

}  // namespace yaad
