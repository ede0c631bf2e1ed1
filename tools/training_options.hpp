#pragma once
// What both trainers (yaad-train's patterns, yaad-train-net's network) take
// alike: the records, the file written, and the target (the game's result
// blended with a search's score, tools/train.cpp), with --rescore's deeper
// scores in place of self-play's.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "tool_args.hpp"
#include "training_record.hpp"

namespace yaad {

struct TrainingOptions {
    std::vector<std::string> train, holdout, rescore;
    std::string out;
    double lambda = 0.3;
    double scale = 0;  // 0: fit to the hand-made evaluation

    // Reads the option `args` stands on if it is one of these.
    bool read(ToolArgs& args) {
        if (args.is("--train"))
            args.list(train);
        else if (args.is("--holdout"))
            args.list(holdout);
        else if (args.is("--rescore"))
            args.list(rescore);
        else if (args.is("--out"))
            out = args.value();
        else if (args.is("--lambda"))
            lambda = args.number();
        else if (args.is("--scale"))
            scale = args.number();
        else
            return false;
        return true;
    }

    void check(const ToolArgs& args) const {
        if (train.empty() || holdout.empty() || out.empty()) args.fail("give --train, --holdout and --out");
        if (!(lambda >= 0 && lambda <= 1)) args.fail("--lambda must be 0 to 1");
    }
};

// The scores of a deeper search (--rescore), by variant and position.
using Rescores = std::unordered_map<std::uint64_t, std::int16_t>;

inline std::uint64_t rescore_key(const TrainingRecord& r) {
    return r.position.key ^ (static_cast<std::uint64_t>(r.variant) * 0x9e3779b97f4a7c15ULL);
}

inline Rescores read_rescores(const std::vector<std::string>& paths) {
    Rescores scores;
    for (const std::string& path : paths)
        for (const TrainingRecord& r : read_records(path)) scores[rescore_key(r)] = r.score;
    return scores;
}

}  // namespace yaad
