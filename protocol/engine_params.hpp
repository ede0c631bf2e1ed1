#pragma once
// The engine's settings, declared once: every front end (Hub `param` and
// `set-param`, the command line) is generated from this table.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "book_option.hpp"
#include "rules.hpp"
#include "variant.hpp"

namespace yaad {

struct EngineSettings {
    Variant variant = default_variant;
    std::size_t hash_mb = 64;
    int threads = 1;
    bool ponder = false;
    int multipv = 1;  // lines of analysis: the best moves, each with its score
    int level = 20;   // strength (search/strength.hpp): 20 full, 1 the weakest
    std::string egdb_path;  // "" the default directory, "none" no database
    // The evaluation (eval/eval_choice.hpp): the hand-made one, or the
    // learned one with the built-in weights, or a file's for its family.
    bool handmade_eval = false;
    std::string eval_file;
    BookChoice book;  // the opening book (book_option.hpp)
};

// Makes the search use the evaluation `s` names. A bad eval_file throws
// InputError (one line) and leaves the evaluation as it was.
void apply_eval_settings(const EngineSettings& s);

struct EngineParam {
    enum class Type { boolean, integer, enumeration, string };

    std::string_view name;
    Type type;
    std::string_view description;
    std::int64_t min = 0;  // integers
    std::int64_t max = 0;
    std::string (*get)(const EngineSettings&);
    // Throws InputError for a value of the wrong type or out of range.
    void (*set)(EngineSettings&, std::string_view);
    std::string (*choices)() = nullptr;  // enumerations: the values, blank-separated
};

const std::vector<EngineParam>& engine_params();
const EngineParam* find_engine_param(std::string_view name);

// "param name=hash value=64 type=int min=1 max=32768".
std::string hub_param_line(const EngineParam& p, const EngineSettings& current);

}  // namespace yaad
