#include "tokenizer.hpp"

#include "input_error.hpp"
#include "text.hpp"

namespace yaad {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

class Scanner {
public:
    explicit Scanner(std::string_view line) : line_(line) {}

    void skip_blanks() {
        while (at_ < line_.size() && is_blank(line_[at_])) ++at_;
    }
    bool done() const { return at_ >= line_.size(); }
    char peek() const { return line_[at_]; }
    void advance() { ++at_; }

    // A run of characters that are not blanks, '=' or '"'.
    std::string_view word() {
        const std::size_t start = at_;
        while (at_ < line_.size() && !is_blank(line_[at_]) && line_[at_] != '=' && line_[at_] != '"') ++at_;
        return line_.substr(start, at_ - start);
    }

    std::string_view quoted() {
        advance();  // the opening quote
        const std::size_t end = line_.find('"', at_);
        if (end == std::string_view::npos) throw InputError("unterminated quote in " + quoted_excerpt(line_));
        const std::string_view value = line_.substr(at_, end - at_);
        at_ = end + 1;
        return value;
    }

    std::string_view line() const { return line_; }

private:
    std::string_view line_;
    std::size_t at_ = 0;
};

}  // namespace

const CommandArgument* CommandLine::find(std::string_view name) const {
    for (const CommandArgument& a : arguments)
        if (a.name == name) return &a;
    return nullptr;
}

bool CommandLine::has_flag(std::string_view name) const { return find(name) != nullptr; }

std::optional<std::string> CommandLine::value(std::string_view name) const {
    const CommandArgument* a = find(name);
    return a ? a->value : std::nullopt;
}

CommandLine tokenize_command(std::string_view line) {
    Scanner s(line);
    CommandLine result;
    auto stray = [&](char c) {
        return InputError(std::string(c == '"' ? "unexpected quote" : "unexpected '='") + " in " +
                          quoted_excerpt(s.line()) + " (write name=value, name=\"a value\" or a flag)");
    };
    s.skip_blanks();
    if (s.done()) return result;
    result.command = s.word();
    if (result.command.empty()) throw stray(s.peek());
    for (;;) {
        s.skip_blanks();
        if (s.done()) return result;
        CommandArgument argument;
        argument.name = s.word();
        if (argument.name.empty()) throw stray(s.peek());
        s.skip_blanks();
        if (!s.done() && s.peek() == '=') {
            s.advance();
            s.skip_blanks();
            if (s.done()) throw InputError("missing value after '" + argument.name + "=' in " + quoted_excerpt(line));
            if (s.peek() == '"') {
                argument.value = std::string(s.quoted());
            } else {
                const std::string_view value = s.word();
                if (value.empty()) throw stray(s.peek());
                argument.value = std::string(value);
            }
            if (!s.done() && !is_blank(s.peek())) throw stray(s.peek());
        }
        result.arguments.push_back(std::move(argument));
    }
}

std::string quote_value(std::string_view value) {
    const bool needs_quotes = value.empty() || value.find_first_of(" \t=") != std::string_view::npos;
    if (!needs_quotes) return std::string(value);
    std::string quoted(1, '"');
    quoted += value;
    quoted += '"';
    return quoted;
}

}  // namespace yaad
