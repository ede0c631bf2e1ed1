// The DXP decoder and framer: a message that decodes encodes back to the
// same text, and framing gives the same messages however the bytes arrive.

#include <string>
#include <vector>

#include "dxp_messages.hpp"
#include "fuzz_input.hpp"
#include "input_error.hpp"

using namespace yaad;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const int squares : {50, 32, 18}) {
        try {
            const DxpMessage m = decode_dxp(bytes, squares);
            const std::string text = encode_dxp(m);
            const DxpMessage again = decode_dxp(text, squares);
            fuzz::require(encode_dxp(again) == text, "encode and decode agree");
        } catch (const InputError&) {
        }
    }
    // All at once, and one byte at a time: the same frames.
    DxpFramer whole, pieces;
    whole.feed(bytes);
    std::vector<std::string> a, b;
    while (auto f = whole.next()) a.push_back(*f);
    for (char c : bytes) {
        pieces.feed(std::string_view(&c, 1));
        while (auto f = pieces.next()) b.push_back(*f);
    }
    if (a.size() == b.size()) fuzz::require(a == b, "framing does not depend on the pieces");
    for (const std::string& f : a) {
        try {
            decode_dxp(f, 50);
        } catch (const InputError&) {
        }
    }
    return 0;
}
