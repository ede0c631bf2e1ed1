// The web board's messages (protocol/web_game.hpp): any sequence of lines,
// each one message from a page, gets only JSON objects back, in valid
// UTF-8 with no raw control characters, and the game still answers a
// request for its state. Lines that would start the engine are left out:
// a search measures the machine, not the message handling.

#include <memory>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "web_game.hpp"

using namespace yaad;

namespace {

bool valid_utf8(const std::string& s) {
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
        i += n;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const char* starts_search : {"engine", "go", "analyse"})
        if (text.find(starts_search) != std::string_view::npos) return 0;
    std::vector<std::string> sent;
    WebGameOptions options;
    options.hash_mb = 1;
    auto game = std::make_shared<WebGame>(
        options, [&](std::string m) { sent.push_back(std::move(m)); }, [](std::function<void()>) {});
    game->start();
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        game->handle(text.substr(start, end - start));
        start = end + 1;
    }
    game->handle(R"({"type":"state"})");
    for (const std::string& m : sent) {
        fuzz::require(m.starts_with("{\"type\":\"") && m.ends_with("}"), "a JSON object with a type");
        fuzz::require(valid_utf8(m), "valid UTF-8");
        for (char c : m) fuzz::require(static_cast<unsigned char>(c) >= 0x20, "no raw control characters");
    }
    fuzz::require(sent.back().starts_with("{\"type\":\"state\""), "the state answered last");
    return 0;
}
