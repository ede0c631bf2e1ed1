#include "engine_params.hpp"

#include "eval_choice.hpp"
#include "learned_weights.hpp"

#include "input_error.hpp"
#include "text.hpp"
#include "tokenizer.hpp"
#include "search.hpp"
#include "tt.hpp"

namespace yaad {

namespace {

bool parse_bool(std::string_view name, std::string_view text) {
    const std::string v = to_lower(trim(text));
    if (v == "true" || v == "1" || v == "on" || v == "yes") return true;
    if (v == "false" || v == "0" || v == "off" || v == "no") return false;
    throw InputError(std::string(name) + " takes true or false, not " + quoted_excerpt(text));
}

std::int64_t parse_ranged(const EngineParam& p, std::string_view text) {
    const auto v = parse_integer(trim(text));
    if (!v) throw InputError(std::string(p.name) + " takes a whole number, not " + quoted_excerpt(text));
    if (*v < p.min || *v > p.max)
        throw InputError(std::string(p.name) + " must be " + std::to_string(p.min) + " to " + std::to_string(p.max) +
                         ", not " + std::to_string(*v));
    return *v;
}

const EngineParam& param(std::string_view name);


const std::vector<EngineParam> params = {
    {"variant", EngineParam::Type::enumeration, "the game played", 0, 0,
     [](const EngineSettings& s) { return std::string(variant_name(s.variant)); },
     [](EngineSettings& s, std::string_view v) {
         const auto parsed = parse_variant(trim(v));
         if (!parsed) throw InputError("unknown variant " + quoted_excerpt(v) + " (choose from: " + variant_names() + ")");
         s.variant = *parsed;
     },
     variant_names},
    {"hash", EngineParam::Type::integer, "transposition table size in MB", 1,
     static_cast<std::int64_t>(TranspositionTable::max_mb),
     [](const EngineSettings& s) { return std::to_string(s.hash_mb); },
     [](EngineSettings& s, std::string_view v) { s.hash_mb = static_cast<std::size_t>(parse_ranged(param("hash"), v)); }},
    {"threads", EngineParam::Type::integer, "search threads (1 is deterministic)", 1, Engine::max_threads,
     [](const EngineSettings& s) { return std::to_string(s.threads); },
     [](EngineSettings& s, std::string_view v) { s.threads = static_cast<int>(parse_ranged(param("threads"), v)); }},
    {"ponder", EngineParam::Type::boolean, "the engine will be asked to ponder", 0, 0,
     [](const EngineSettings& s) { return std::string(s.ponder ? "true" : "false"); },
     [](EngineSettings& s, std::string_view v) { s.ponder = parse_bool("ponder", v); }},
    {"multipv", EngineParam::Type::integer, "lines of analysis, each a best move with its own score", 1, max_multipv,
     [](const EngineSettings& s) { return std::to_string(s.multipv); },
     [](EngineSettings& s, std::string_view v) { s.multipv = static_cast<int>(parse_ranged(param("multipv"), v)); }},
    {"level", EngineParam::Type::integer, "strength: 20 full, 1 the weakest (fewer nodes, plausible mistakes)",
     weakest_level, full_strength, [](const EngineSettings& s) { return std::to_string(s.level); },
     [](EngineSettings& s, std::string_view v) { s.level = static_cast<int>(parse_ranged(param("level"), v)); }},
    {"egdb-path", EngineParam::Type::string,
     "endgame database directory (empty: egdb beside the engine, if there; none: no database)", 0, 0,
     [](const EngineSettings& s) { return s.egdb_path; },
     [](EngineSettings& s, std::string_view v) { s.egdb_path = std::string(trim(v)); }},
    {"eval", EngineParam::Type::enumeration, "the evaluation: learned (built-in weights or eval-file) or handmade", 0, 0,
     [](const EngineSettings& s) { return std::string(s.handmade_eval ? "handmade" : "learned"); },
     [](EngineSettings& s, std::string_view v) {
         const std::string name = to_lower(trim(v));
         if (name != "learned" && name != "handmade")
             throw InputError("eval takes learned or handmade, not " + quoted_excerpt(v));
         EngineSettings changed = s;
         changed.handmade_eval = name == "handmade";
         apply_eval_settings(changed);
         s = changed;
     },
     [] { return std::string("learned handmade"); }},
    {"eval-file", EngineParam::Type::string, "a weights file for the learned evaluation; empty: the built-in weights",
     0, 0, [](const EngineSettings& s) { return s.eval_file; },
     [](EngineSettings& s, std::string_view v) {
         EngineSettings changed = s;
         changed.eval_file = std::string(trim(v));
         apply_eval_settings(changed);
         s = changed;
     }},
    {"book", EngineParam::Type::boolean, "play from the opening book where it knows the position", 0, 0,
     [](const EngineSettings& s) { return std::string(s.book.on ? "true" : "false"); },
     [](EngineSettings& s, std::string_view v) { s.book.on = parse_bool("book", v); }},
    {"book-margin", EngineParam::Type::integer,
     "hundredths of a man a book move may be below the best and still be played (variety)", 0, max_book_margin,
     [](const EngineSettings& s) { return std::to_string(s.book.margin); },
     [](EngineSettings& s, std::string_view v) {
         s.book.margin = static_cast<int>(parse_ranged(param("book-margin"), v));
     }},
    {"book-file", EngineParam::Type::string, "an opening book file; empty: the built-in book", 0, 0,
     [](const EngineSettings& s) { return s.book.file; },
     [](EngineSettings& s, std::string_view v) { s.book.file = std::string(trim(v)); }},
};

const EngineParam& param(std::string_view name) { return *find_engine_param(name); }

}  // namespace

void apply_eval_settings(const EngineSettings& s) {
    // Read the file before changing anything, so a bad one changes nothing.
    std::optional<EvalFile> file;
    if (!s.eval_file.empty()) file = read_eval_file(s.eval_file);
    if (s.handmade_eval) {
        use_handmade_eval();
        return;
    }
    use_builtin_eval();
    if (file) use_eval_file(std::move(*file));
}

const std::vector<EngineParam>& engine_params() { return params; }

const EngineParam* find_engine_param(std::string_view name) {
    for (const EngineParam& p : params)
        if (p.name == name) return &p;
    return nullptr;
}

std::string hub_param_line(const EngineParam& p, const EngineSettings& current) {
    std::string line = "param name=" + std::string(p.name) + " value=" + quote_value(p.get(current));
    switch (p.type) {
        case EngineParam::Type::boolean: line += " type=bool"; break;
        case EngineParam::Type::integer:
            line += " type=int min=" + std::to_string(p.min) + " max=" + std::to_string(p.max);
            break;
        case EngineParam::Type::enumeration: line += " type=enum values=" + quote_value(p.choices()); break;
        case EngineParam::Type::string: line += " type=string"; break;
    }
    return line;
}

}  // namespace yaad
