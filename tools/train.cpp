// yaad-train: fits the learned evaluation (eval/features.hpp) of one
// variant family to self-play records (eval/training_record.hpp).
//
//   yaad-train --train train.rec [more.rec ...] --holdout holdout.rec --out family.weights
//
// The model's score s (hundredths of a man, White's view) predicts White's
// points as sigmoid(s / scale). The target blends the game's result with
// the search's score: lambda x result + (1 - lambda) x sigmoid(score / scale).
// The loss is the cross-entropy plus an L2 penalty on the window weights
// (most are seen rarely; material and the other global terms everywhere),
// minimised over the whole training set at each step by Adam. `scale` is
// the one that fits the starting evaluation best on the same data (the
// hand-made one, search/eval.hpp, or --init's weights). At the end every
// weight is scaled so that a man is worth 100 (the mean of its two phases):
// the units the search's margins expect.
// Training and hold-out losses are printed as it goes; the weights of the
// epoch with the lowest hold-out loss at its own best scale are written
// (the weights are scaled to a man = 100 at the end, so a model is not
// worse for being surer than the training scale; at that scale a target
// leaning on the search's scores always looked worse than its start), or
// with --last those of the last epoch.
//
// --variant V writes V's own weights (used for V beside its family's,
// eval/eval_choice.hpp); any records of the family may train them.
//
// --rescore FILE... (yaad-relabel's output: the same positions searched
// deeper) gives every training record of one of their positions their
// score instead of its own.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "eval.hpp"
#include "features.hpp"
#include "input_error.hpp"
#include "learned_weights.hpp"
#include "training_loss.hpp"
#include "training_options.hpp"
#include "training_record.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

struct Options : TrainingOptions {
    std::string init;
    std::optional<Variant> variant;
    int epochs = 600;
    double learning_rate = 3.0;
    double l2 = 3e-9;
    bool last = false;  // write the last epoch's weights, not the best hold-out's
};

Options parse(int argc, char** argv) {
    Options o;
    ToolArgs args("yaad-train",
                  "usage: yaad-train --train FILE... --holdout FILE... --out FILE [--epochs N] [--lr X] [--l2 X]\n"
                  "                  [--lambda X] [--scale X] [--init WEIGHTS] [--rescore FILE...] [--last]\n"
                  "                  [--variant V]\n",
                  argc, argv);
    while (args.next()) {
        if (o.read(args)) continue;
        if (args.is("--variant")) {
            const std::string name = args.value();
            o.variant = parse_variant(name);
            if (!o.variant) args.fail("unknown variant " + name + "; one of " + variant_names());
        } else if (args.is("--last")) {
            o.last = true;
        } else if (args.is("--init")) {
            o.init = args.value();
        } else if (args.is("--epochs")) {
            o.epochs = args.integer();
        } else if (args.is("--lr")) {
            o.learning_rate = args.number();
        } else if (args.is("--l2")) {
            o.l2 = args.number();
        } else {
            args.other();
        }
    }
    o.check(args);
    if (o.epochs < 1 || !(o.learning_rate > 0) || !(o.l2 >= 0))
        args.fail("--epochs must be 1 or more, --lr above 0, --l2 0 or more");
    return o;
}

// The records as the model sees them: features, phase and targets.
struct Data {
    std::vector<std::uint32_t> first;  // each sample's features: [first[i], first[i + 1])
    std::vector<std::int32_t> slot;
    std::vector<std::int16_t> coefficient;
    std::vector<float> middlegame_share;
    std::vector<float> result;    // White's points, 0 to 1
    std::vector<float> score;     // the search's, White's view
    std::vector<float> handmade;  // the hand-made evaluation, White's view
    std::size_t size() const { return result.size(); }
};

Data load(const std::vector<std::string>& paths, EvalFamily& family, bool& family_known, const Rescores& rescores = {}) {
    Data d;
    std::size_t rescored = 0;
    d.first.push_back(0);
    for (const std::string& path : paths) {
        for (const TrainingRecord& r : read_records(path)) {
            const EvalFamily f = family_of_variant(r.variant);
            if (family_known && f != family)
                throw InputError(path + ": records of family " + std::string(family_name(f)) + " among " +
                                 std::string(family_name(family)));
            family = f;
            family_known = true;
            visit_variant(r.variant, [&](auto rules) {
                using R = decltype(rules);
                using F = Features<R>;
                F::visit(r.position, [&](int s, int c) {
                    if (c == 0) return;
                    d.slot.push_back(s);
                    d.coefficient.push_back(static_cast<std::int16_t>(c));
                });
                d.middlegame_share.push_back(static_cast<float>(F::phase(r.position)) / F::initial_pieces);
                const int hand = Evaluator<R>::evaluate(r.position);
                d.handmade.push_back(static_cast<float>(r.position.side == Color::white ? hand : -hand));
            });
            d.first.push_back(static_cast<std::uint32_t>(d.slot.size()));
            d.result.push_back(static_cast<float>(r.result) / TrainingRecord::white_wins);
            const auto deeper = rescores.find(rescore_key(r));
            rescored += deeper != rescores.end();
            d.score.push_back(static_cast<float>(deeper != rescores.end() ? deeper->second : r.score));
        }
    }
    if (!rescores.empty()) std::printf("rescored %zu of %zu training positions\n", rescored, d.size());
    return d;
}

class Model {
public:
    Model(int slots, std::size_t pattern_weights) : w_(2 * static_cast<std::size_t>(slots)), pattern_weights_(pattern_weights) {}

    std::vector<double>& weights() { return w_; }

    double predict(const Data& d, std::size_t i) const {
        const double a = d.middlegame_share[i];
        double mg = 0, eg = 0;
        for (std::uint32_t k = d.first[i]; k < d.first[i + 1]; ++k) {
            const std::size_t s = 2 * static_cast<std::size_t>(d.slot[k]);
            mg += d.coefficient[k] * w_[s];
            eg += d.coefficient[k] * w_[s + 1];
        }
        return mg * a + eg * (1 - a);
    }

    std::vector<float> scores(const Data& d) const {
        std::vector<float> out(d.size());
        for (std::size_t i = 0; i < d.size(); ++i) out[i] = static_cast<float>(predict(d, i));
        return out;
    }

    // The mean loss against the blended targets; adds its gradient to `grad`.
    double loss_and_gradient(const Data& d, const Options& o, double scale, std::vector<double>& grad) const {
        std::fill(grad.begin(), grad.end(), 0.0);
        double sum = 0;
        const double n = static_cast<double>(d.size());
        for (std::size_t i = 0; i < d.size(); ++i) {
            const double target = o.lambda * d.result[i] + (1 - o.lambda) * sigmoid(d.score[i] / scale);
            const double p = sigmoid(predict(d, i) / scale);
            sum += cross_entropy(target, p);
            const double g = (p - target) / scale / n;
            const double a = d.middlegame_share[i];
            for (std::uint32_t k = d.first[i]; k < d.first[i + 1]; ++k) {
                const std::size_t s = 2 * static_cast<std::size_t>(d.slot[k]);
                grad[s] += g * d.coefficient[k] * a;
                grad[s + 1] += g * d.coefficient[k] * (1 - a);
            }
        }
        // Only the window weights are pulled to 0: most are seen rarely,
        // while material and the other global terms are seen everywhere.
        double penalty = 0;
        for (std::size_t s = 0; s < pattern_weights_; ++s) {
            penalty += o.l2 * w_[s] * w_[s] / 2;
            grad[s] += o.l2 * w_[s];
        }
        return sum / n + penalty;
    }

private:
    std::vector<double> w_;
    std::size_t pattern_weights_;
};

LearnedWeights quantize(EvalFamily family, const std::vector<double>& w) {
    LearnedWeights out;
    out.family = family;
    out.slots.resize(w.size() / 2);
    for (std::size_t s = 0; s < out.slots.size(); ++s)
        for (std::size_t k = 0; k < 2; ++k)
            out.slots[s][k] = static_cast<std::int16_t>(std::clamp(std::lround(w[2 * s + k]), -32767L, 32767L));
    return out;
}

int run(const Options& o) {
    EvalFamily family{};
    bool known = false;
    const Data train = load(o.train, family, known, read_rescores(o.rescore));
    const Data holdout = load(o.holdout, family, known);
    if (train.size() == 0 || holdout.size() == 0) throw InputError("no training or no hold-out records");
    if (o.variant && family_of_variant(*o.variant) != family)
        throw InputError("--variant " + std::string(variant_name(*o.variant)) + " is not of family " +
                         std::string(family_name(family)));
    const ModelShape shape = model_shape(family);
    const std::size_t globals = 2 * static_cast<std::size_t>(shape.tables) * window_entries;
    Model model(shape.slots, globals);
    std::vector<double>& w = model.weights();
    const double hand_scale = fit_scale(train.handmade, train.result);
    std::printf("family %s: %zu training and %zu hold-out positions, %d slots\n",
                std::string(family_name(family)).c_str(), train.size(), holdout.size(), shape.slots);
    std::printf("hand-made evaluation: scale %.1f, result loss %.5f training, %.5f hold-out\n", hand_scale,
                result_loss(train.handmade, train.result, hand_scale), result_loss(holdout.handmade, holdout.result, hand_scale));
    double scale = hand_scale;
    if (!o.init.empty()) {
        const LearnedWeights start = read_weights_file(o.init);
        if (start.family != family) throw InputError(o.init + ": weights of another family");
        for (std::size_t s = 0; s < start.slots.size(); ++s)
            for (std::size_t k = 0; k < 2; ++k) w[2 * s + k] = start.slots[s][k];
    } else {
        // Material first, so the first steps need not find it.
        for (std::size_t k = 0; k < 2; ++k) {
            w[globals + 2 * g_men + k] = 100;
            w[globals + 2 * g_kings + k] = 250;
        }
    }
    if (!o.init.empty()) {
        const std::vector<float> start = model.scores(train);
        scale = fit_scale(start, train.result);
        const std::vector<float> held = model.scores(holdout);
        std::printf("%s: scale %.1f, result loss %.5f training, %.5f hold-out\n", o.init.c_str(), scale,
                    result_loss(start, train.result, scale), result_loss(held, holdout.result, scale));
    }
    if (o.scale > 0) scale = o.scale;

    std::vector<double> grad(w.size()), m(w.size()), v(w.size()), best = w;
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    // The hold-out result loss at the scale that fits those scores best.
    auto holdout_loss = [&] {
        const std::vector<float> scores = model.scores(holdout);
        return result_loss(scores, holdout.result, fit_scale(scores, holdout.result));
    };
    double best_holdout = holdout_loss();
    std::printf("hold-out result loss at its best scale: %.5f\n", best_holdout);
    int best_epoch = 0;
    // Material has one value in both phases: few late positions are won
    // (most end drawn by the rules or are cut short by a proven win), and
    // a free endgame value learns that material hardly matters there, so
    // the search would give men away for nothing.
    const std::array<std::size_t, 3> tied{globals + 2 * g_men, globals + 2 * g_kings, globals + 2 * g_first_king};
    for (std::size_t s : tied) w[s + 1] = w[s] = (w[s] + w[s + 1]) / 2;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        const double loss = model.loss_and_gradient(train, o, scale, grad);
        for (std::size_t s : tied) grad[s + 1] = grad[s] = grad[s] + grad[s + 1];
        const double c1 = 1 - std::pow(beta1, epoch), c2 = 1 - std::pow(beta2, epoch);
        for (std::size_t s = 0; s < w.size(); ++s) {
            m[s] = beta1 * m[s] + (1 - beta1) * grad[s];
            v[s] = beta2 * v[s] + (1 - beta2) * grad[s] * grad[s];
            w[s] -= o.learning_rate * (m[s] / c1) / (std::sqrt(v[s] / c2) + epsilon);
        }
        if (epoch % 10 == 0 || epoch == o.epochs) {
            const double held = holdout_loss();
            if (held < best_holdout) best_holdout = held, best = w, best_epoch = epoch;
            if (epoch % 50 == 0 || epoch == o.epochs)
                std::printf("epoch %d: objective %.5f, result loss %.5f training, %.5f hold-out (%.5f at its best "
                            "scale)\n", epoch, loss, result_loss(model.scores(train), train.result, scale),
                            result_loss(model.scores(holdout), holdout.result, scale), held);
            std::fflush(stdout);
        }
    }
    if (!o.last) w = best;
    const double man = (w[globals + 2 * g_men] + w[globals + 2 * g_men + 1]) / 2;
    if (man > 1) {
        for (double& x : w) x *= 100 / man;
        std::printf("scaled to a man = 100: the model's scale is %.1f\n", scale * 100 / man);
    }
    LearnedWeights out = quantize(family, w);
    out.variant = o.variant;
    write_weights_file(o.out, out);
    if (o.last)
        std::printf("the last epoch's weights; best hold-out result loss (at its best scale) %.5f at epoch %d; "
                    "global terms (middlegame/endgame):", best_holdout, best_epoch);
    else
        std::printf("best hold-out result loss (at its best scale) %.5f at epoch %d; global terms "
                    "(middlegame/endgame):", best_holdout, best_epoch);
    for (int g = 0; g < global_terms; ++g)
        std::printf(" %s %d/%d", std::string(global_term_names[g]).c_str(), out.slots[globals / 2 + g][0],
                    out.slots[globals / 2 + g][1]);
    std::printf("\n");
    const std::string own = o.variant ? " (" + std::string(variant_name(*o.variant)) + "'s own)" : "";
    std::printf("wrote %s: %s weights v%u%s, checksum %016llx\n", o.out.c_str(),
                std::string(family_name(family)).c_str(), weights_version, own.c_str(),
                static_cast<unsigned long long>(out.checksum));
    return 0;
}

}  // namespace

}  // namespace yaad

int main(int argc, char** argv) {
    return yaad::run_tool("yaad-train", [&] { return yaad::run(yaad::parse(argc, argv)); });
}
