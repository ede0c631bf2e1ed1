#pragma once
// The command line of the training tools (yaad-train, yaad-train-net,
// yaad-relabel), read one way: `--name value` options, `--name FILE...`
// lists that take the plain arguments after them up to the next option,
// and any error as one line "TOOL: ERROR" then the usage, exit status 2.
//
//   ToolArgs args("yaad-x", "usage: yaad-x --in FILE... [--nodes N]\n", argc, argv);
//   while (args.next()) {
//       if (args.is("--in")) args.list(o.in);
//       else if (args.is("--nodes")) o.nodes = args.whole();
//       else args.other();
//   }

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "input_error.hpp"

namespace yaad {

class ToolArgs {
public:
    ToolArgs(std::string tool, std::string usage, int argc, char** argv)
        : tool_(std::move(tool)), usage_(std::move(usage)), args_(argv + 1, argv + argc) {}

    [[noreturn]] void fail(const std::string& error) const {
        std::cerr << tool_ << ": " << error << "\n" << usage_;
        std::exit(2);
    }

    // Steps to the next argument; false after the last. An option ends the
    // list that was open.
    bool next() {
        if (++at_ >= args_.size()) return false;
        if (is_option()) open_ = nullptr;
        return true;
    }

    bool is(const char* name) const { return args_[at_] == name; }

    // The plain arguments after this option go into `into`.
    void list(std::vector<std::string>& into) { open_ = &into; }

    std::string value() {
        if (at_ + 1 >= args_.size()) fail(args_[at_] + " needs a value");
        return args_[++at_];
    }

    double number() {
        const std::string option = args_[at_], v = value();
        std::size_t used = 0;
        try {
            const double x = std::stod(v, &used);
            if (used == v.size()) return x;
        } catch (...) {
        }
        fail(option + " needs a number, not " + v);
    }

    // 0 or more, at most `max`.
    std::uint64_t whole(std::uint64_t max = 999'999'999'999'999'999) {
        const std::string option = args_[at_], v = value();
        if (v.empty() || v.size() > 18 || v.find_first_not_of("0123456789") != std::string::npos)
            fail(option + " needs a whole number, not " + v);
        const std::uint64_t x = std::stoull(v);
        if (x > max) fail(option + " takes at most " + std::to_string(max) + ", not " + v);
        return x;
    }

    int integer() { return static_cast<int>(whole(std::numeric_limits<int>::max())); }

    // Any other argument: a file of the open list, or an error.
    void other() {
        if (is_option() || !open_) fail("unknown argument " + args_[at_]);
        open_->push_back(args_[at_]);
    }

private:
    bool is_option() const { return args_[at_].rfind("--", 0) == 0; }

    std::string tool_, usage_;
    std::vector<std::string> args_;
    std::size_t at_ = static_cast<std::size_t>(-1);
    std::vector<std::string>* open_ = nullptr;
};

// A tool's whole run: a bad file (InputError) is one line "TOOL: error: ..."
// and status 2.
template <class Body>
int run_tool(const char* tool, Body body) {
    try {
        return body();
    } catch (const InputError& e) {
        std::cerr << tool << ": error: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace yaad
