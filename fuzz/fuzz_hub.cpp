// The Hub command loop: any sequence of lines leaves the engine answering
// `ping` with `pong`, and every line it writes is a protocol line.

#include <set>
#include <sstream>
#include <string>

#include "fuzz_input.hpp"
#include "hub.hpp"
#include "input_error.hpp"
#include "text.hpp"
#include "tokenizer.hpp"

using namespace yaad;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // A quit ends the session early, as it should, and a large hash would
    // only measure the machine: neither tells anything here.
    if (text.find("quit") != std::string_view::npos || text.find("hash") != std::string_view::npos) return 0;
    std::istringstream in("hub\nset-param name=hash value=1\ninit\n" + std::string(text) + "\nping\n");
    std::ostringstream out;
    run_hub(in, out);

    static const std::set<std::string> replies = {"id", "param", "wait", "ready", "info", "done", "pong", "error"};
    std::istringstream lines(out.str());
    std::string line, last;
    while (std::getline(lines, line)) {
        CommandLine c;
        try {
            c = tokenize_command(line);
        } catch (const InputError&) {
            fuzz::require(false, "an output line the tokenizer reads");
        }
        fuzz::require(replies.count(c.command) == 1, "a known reply");
        for (char ch : line) fuzz::require(ch >= 32 && ch < 127, "printable output");
        if (c.command != "info" && c.command != "done") last = line;
    }
    fuzz::require(last == "pong", "ping answered last");
    return 0;
}
