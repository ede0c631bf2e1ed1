// The referee line mode: one answer per command line, each a known reply,
// and a `play` that is judged legal leaves a position the referee can
// print and keep playing from.

#include <set>
#include <sstream>
#include <string>

#include "fuzz_input.hpp"
#include "input_error.hpp"
#include "referee.hpp"
#include "tokenizer.hpp"

using namespace yaad;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string input = text + "\nstatus\n";
    // The referee answers every line up to a quit.
    std::size_t commands = 0;
    bool quits = false;
    {
        std::istringstream count(input);
        std::string line;
        while (std::getline(count, line)) {
            try {
                if (tokenize_command(line).command == "quit") {
                    quits = true;
                    break;
                }
            } catch (const InputError&) {
            }
            ++commands;
        }
    }
    std::istringstream in(input);
    std::ostringstream out;
    run_referee(in, out);
    static const std::set<std::string> replies = {"ok", "legal", "illegal", "status", "moves", "error"};
    std::istringstream lines(out.str());
    std::string line, last;
    std::size_t answers = 0;
    while (std::getline(lines, line)) {
        const CommandLine c = tokenize_command(line);
        fuzz::require(replies.count(c.command) == 1, "a known reply");
        ++answers;
        last = c.command;
    }
    fuzz::require(answers == commands, "one answer per command");
    if (!quits) {
        fuzz::require(last == "status", "still answering");
    }
    return 0;
}
