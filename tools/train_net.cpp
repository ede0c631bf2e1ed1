// yaad-train-net: fits a small network (eval/net_eval.hpp, tools/net_model.hpp)
// of one variant family to self-play records (eval/training_record.hpp).
//
//   yaad-train-net --train train.rec [more.rec ...] --holdout holdout.rec --out family.net
//
// The target and loss are yaad-train's (tools/train.cpp): the network's
// output y, in units of the logistic model, predicts the side to move's
// points as sigmoid(y); the target blends the game's result with the
// search's score, lambda x result + (1 - lambda) x sigmoid(score / scale),
// where scale is the one at which the hand-made evaluation predicts the
// training results best (or --scale); the engine's score is y x scale
// hundredths of a man. Minibatch Adam in floating point, the learning rate
// falling linearly to a tenth over the epochs; after each epoch the hold-out
// result loss at its best scale (as yaad-train reports it) picks the epoch
// written, quantized into the engine's fixed point. The loss of the
// quantized network, computed by the engine's own code, is printed last.
// --rescore as in yaad-train.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "eval.hpp"
#include "input_error.hpp"
#include "net_model.hpp"
#include "training_loss.hpp"
#include "training_options.hpp"
#include "training_record.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

struct Options : TrainingOptions {
    int hidden1 = 128, hidden2 = 32, buckets = 1;
    int epochs = 20, batch = 1024;
    double learning_rate = 0.001;
    std::uint64_t seed = 1;
};

Options parse(int argc, char** argv) {
    Options o;
    ToolArgs args("yaad-train-net",
                  "usage: yaad-train-net --train FILE... --holdout FILE... --out FILE [--hidden1 N] [--hidden2 N]\n"
                  "                      [--buckets N] [--epochs N] [--batch N] [--lr X] [--lambda X] [--scale X]\n"
                  "                      [--seed N] [--rescore FILE...]\n",
                  argc, argv);
    while (args.next()) {
        if (o.read(args)) continue;
        if (args.is("--hidden1")) {
            o.hidden1 = args.integer();
        } else if (args.is("--hidden2")) {
            o.hidden2 = args.integer();
        } else if (args.is("--buckets")) {
            o.buckets = args.integer();
        } else if (args.is("--epochs")) {
            o.epochs = args.integer();
        } else if (args.is("--batch")) {
            o.batch = args.integer();
        } else if (args.is("--lr")) {
            o.learning_rate = args.number();
        } else if (args.is("--seed")) {
            o.seed = args.whole();
        } else {
            args.other();
        }
    }
    o.check(args);
    if (o.hidden1 < 1 || o.hidden1 > net_max_hidden || o.hidden1 % net_hidden1_step != 0 || o.hidden2 < 1 || o.hidden2 > net_max_hidden ||
        o.buckets < 1 || o.buckets > 64 || o.epochs < 1 || o.batch < 1 || !(o.learning_rate > 0))
        args.fail("--hidden1 a multiple of " + std::to_string(net_hidden1_step) + ", --hidden1 and --hidden2 1 to " + std::to_string(net_max_hidden) +
                  ", --buckets 1 to 64, --epochs and --batch 1 or more, --lr above 0");
    return o;
}

// The records as the network sees them.
struct Data {
    std::vector<TrainingRecord> records;
    std::vector<std::uint32_t> first;  // each sample's inputs: [first[i], first[i + 1])
    std::vector<std::uint16_t> input;
    std::vector<std::uint8_t> pieces;
    std::vector<float> result;        // the side to move's points, 0 to 1
    std::vector<float> score;         // the search's, side to move's view
    std::vector<float> white_result;  // White's points, for the scale fits
    std::vector<float> handmade;      // the hand-made evaluation, White's view
    int max_pieces = 0;
    std::size_t size() const { return result.size(); }
};

Data load(const std::vector<std::string>& paths, std::optional<EvalFamily>& family, const Rescores& rescores = {}) {
    Data d;
    d.first.push_back(0);
    std::size_t rescored = 0;
    for (const std::string& path : paths) {
        for (const TrainingRecord& r : read_records(path)) {
            const EvalFamily f = family_of_variant(r.variant);
            if (family && f != *family)
                throw InputError(path + ": records of family " + std::string(family_name(f)) + " among " +
                                 std::string(family_name(*family)));
            family = f;
            const bool white = r.position.side == Color::white;
            visit_variant(r.variant, [&](auto rules) {
                using R = decltype(rules);
                using I = NetInputs<R>;
                std::array<std::uint16_t, I::max_active + 8> active;
                const int count = I::active(r.position, active.data());
                d.input.insert(d.input.end(), active.begin(), active.begin() + count);
                d.max_pieces = I::max_active;
                const int hand = Evaluator<R>::evaluate(r.position);
                d.handmade.push_back(static_cast<float>(white ? hand : -hand));
            });
            d.first.push_back(static_cast<std::uint32_t>(d.input.size()));
            d.pieces.push_back(static_cast<std::uint8_t>(popcount(r.position.occupied())));
            const float result = static_cast<float>(r.result) / TrainingRecord::white_wins;
            d.white_result.push_back(result);
            d.result.push_back(white ? result : 1 - result);
            const auto deeper = rescores.find(rescore_key(r));
            rescored += deeper != rescores.end();
            const float score = deeper != rescores.end() ? deeper->second : r.score;
            d.score.push_back(white ? score : -score);
            d.records.push_back(r);
        }
    }
    if (!rescores.empty()) std::printf("rescored %zu of %zu training positions\n", rescored, d.size());
    return d;
}

// The float network's scores of every position, hundredths of a man from
// White's view.
std::vector<float> white_scores(const NetModel& m, const Data& d, double scale) {
    std::vector<float> out(d.size());
    NetModel::Trace t;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const float y = m.forward(&d.input[d.first[i]], static_cast<int>(d.first[i + 1] - d.first[i]), d.pieces[i],
                                  d.max_pieces, t);
        const float s = static_cast<float>(y * scale);
        out[i] = d.records[i].position.side == Color::white ? s : -s;
    }
    return out;
}

int run(const Options& o) {
    std::optional<EvalFamily> family;
    const Data train = load(o.train, family, read_rescores(o.rescore));
    const Data holdout = load(o.holdout, family);
    if (train.size() == 0 || holdout.size() == 0) throw InputError("no training or no hold-out records");
    const double hand_scale = fit_scale(train.handmade, train.white_result);
    const double scale = o.scale > 0 ? o.scale : hand_scale;
    NetModel model(net_inputs(*family), o.hidden1, o.hidden2, o.buckets);
    model.randomize(o.seed);
    std::printf("family %s: %zu training and %zu hold-out positions, network %d-%d-%d-%d, %zu parameters\n",
                std::string(family_name(*family)).c_str(), train.size(), holdout.size(), model.inputs, o.hidden1,
                o.hidden2, o.buckets, model.p.size());
    std::printf("hand-made evaluation: scale %.1f, result loss %.5f training, %.5f hold-out (%.5f at its best scale)\n",
                hand_scale, result_loss(train.handmade, train.white_result, hand_scale),
                result_loss(holdout.handmade, holdout.white_result, hand_scale),
                result_loss(holdout.handmade, holdout.white_result, fit_scale(holdout.handmade, holdout.white_result)));
    std::printf("output scale %.1f hundredths of a man a unit\n", scale);
    std::fflush(stdout);

    std::vector<float> target(train.size());
    for (std::size_t i = 0; i < train.size(); ++i)
        target[i] = static_cast<float>(o.lambda * train.result[i] + (1 - o.lambda) * sigmoid(train.score[i] / scale));

    std::vector<float> grad(model.p.size()), m(model.p.size()), v(model.p.size()), d1, best = model.p;
    double best_loss = 1e9;
    int best_epoch = 0;
    std::vector<std::uint32_t> order(train.size());
    std::iota(order.begin(), order.end(), 0u);
    Random random(o.seed);
    NetModel::Trace t;
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    long step = 0;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
        const double lr = o.learning_rate * (1 - 0.9 * (epoch - 1) / std::max(1, o.epochs - 1));
        double objective = 0;
        for (std::size_t start = 0; start < order.size(); start += static_cast<std::size_t>(o.batch)) {
            const std::size_t end = std::min(order.size(), start + static_cast<std::size_t>(o.batch));
            std::fill(grad.begin(), grad.end(), 0.0f);
            for (std::size_t b = start; b < end; ++b) {
                const std::uint32_t i = order[b];
                const std::uint16_t* active = &train.input[train.first[i]];
                const int count = static_cast<int>(train.first[i + 1] - train.first[i]);
                const double p = sigmoid(model.forward(active, count, train.pieces[i], train.max_pieces, t));
                objective += cross_entropy(target[i], p);
                model.backward(active, count, t, static_cast<float>((p - target[i]) / static_cast<double>(end - start)),
                               grad, d1);
            }
            ++step;
            const double c1 = 1 - std::pow(beta1, step), c2 = 1 - std::pow(beta2, step);
            for (std::size_t k = 0; k < model.p.size(); ++k) {
                m[k] = static_cast<float>(beta1 * m[k] + (1 - beta1) * grad[k]);
                v[k] = static_cast<float>(beta2 * v[k] + (1 - beta2) * grad[k] * grad[k]);
                model.p[k] -= static_cast<float>(lr * (m[k] / c1) / (std::sqrt(v[k] / c2) + epsilon));
            }
            model.clip();
        }
        const std::vector<float> held = white_scores(model, holdout, scale);
        const double best_scale = fit_scale(held, holdout.white_result);
        const double held_loss = result_loss(held, holdout.white_result, best_scale);
        if (held_loss < best_loss) best_loss = held_loss, best = model.p, best_epoch = epoch;
        std::printf("epoch %d: objective %.5f, hold-out result loss %.5f (%.5f at its best scale %.1f)\n", epoch,
                    objective / static_cast<double>(train.size()), result_loss(held, holdout.white_result, scale),
                    held_loss, best_scale);
        std::fflush(stdout);
    }
    model.p = best;
    const std::vector<float> trained = white_scores(model, train, scale);
    std::printf("epoch %d written: training result loss %.5f (%.5f at its best scale)\n", best_epoch,
                result_loss(trained, train.white_result, scale),
                result_loss(trained, train.white_result, fit_scale(trained, train.white_result)));
    NetWeights net = model.quantize(*family, static_cast<int>(std::lround(scale)));
    write_net_file(o.out, net);
    // The quantized network as the engine computes it.
    std::vector<float> engine(holdout.size());
    for (std::size_t i = 0; i < holdout.size(); ++i) {
        const TrainingRecord& r = holdout.records[i];
        visit_variant(r.variant, [&](auto rules) {
            const int s = NetEval<decltype(rules)>::evaluate(r.position, net);
            engine[i] = static_cast<float>(r.position.side == Color::white ? s : -s);
        });
    }
    std::printf("quantized, as the engine computes it: hold-out result loss %.5f at scale %.1f (%.5f at its best "
                "scale)\n", result_loss(engine, holdout.white_result, scale), scale,
                result_loss(engine, holdout.white_result, fit_scale(engine, holdout.white_result)));
    std::printf("wrote %s: %s network v%u %s, checksum %016llx\n", o.out.c_str(),
                std::string(family_name(*family)).c_str(), net_version, net.shape_text().c_str(),
                static_cast<unsigned long long>(net.checksum));
    return 0;
}

}  // namespace

}  // namespace yaad

int main(int argc, char** argv) {
    return yaad::run_tool("yaad-train-net", [&] { return yaad::run(yaad::parse(argc, argv)); });
}
