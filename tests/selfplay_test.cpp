// Self-play training data (issue 11): records survive the disk, bad files
// are refused with one line, duplicates merge, and a game is a function of
// its seed.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "fen.hpp"
#include "input_error.hpp"
#include "movegen.hpp"
#include "selfplay.hpp"
#include "training_record.hpp"

using namespace yaad;

namespace {

TrainingRecord sample(Variant v, const char* fen, std::uint8_t result, std::int16_t score, std::uint16_t ply) {
    TrainingRecord r;
    r.variant = v;
    r.position = parse_fen(v, fen);
    r.result = result;
    r.score = score;
    r.ply = ply;
    return r;
}

std::string temp_path(const char* name) { return std::string(P_tmpdir) + "/yaad-selfplay-test-" + name; }

}  // namespace

TEST_CASE("training records: encode and decode round-trip, also through a file") {
    const std::vector<TrainingRecord> records = {
        sample(Variant::international, "W:W31-50:B1-20", 200, 35, 4),
        sample(Variant::jamaican, "B:WK2,16,19,23,26,31:B7,8,11,12,24", 0, -1234, 77),
        sample(Variant::sixrow, "W:WK11-12:BK15", 100, -29990, 300),
    };
    const std::string path = temp_path("roundtrip.rec");
    write_records(path, records, false);
    write_records(path, {records[0]}, true);
    const std::vector<TrainingRecord> back = read_records(path);
    REQUIRE(back.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        const TrainingRecord& a = records[i % 3];
        CHECK(back[i].position == a.position);
        CHECK(back[i].position.key == a.position.key);
        CHECK(back[i].variant == a.variant);
        CHECK(back[i].result == a.result);
        CHECK(back[i].score == a.score);
        CHECK(back[i].ply == a.ply);
    }
    std::remove(path.c_str());
}

TEST_CASE("training records: a truncated or corrupt file is refused in one line") {
    const std::string path = temp_path("bad.rec");
    write_records(path, {sample(Variant::english, "B:W21-32:B1-12", 100, 0, 0)}, false);
    {
        std::ofstream out(path, std::ios::binary | std::ios::app);
        out.write("xyz", 3);
    }
    CHECK_THROWS_AS(read_records(path), InputError);
    auto bytes = sample(Variant::english, "B:W21-32:B1-12", 100, 0, 0).encode();
    bytes[24] = 99;  // no such variant
    CHECK_THROWS_AS(TrainingRecord::decode(bytes.data()), InputError);
    bytes[24] = static_cast<std::uint8_t>(Variant::english);
    bytes[8] |= 1;  // a black piece on a white one
    CHECK_THROWS_AS(TrainingRecord::decode(bytes.data()), InputError);
    CHECK_THROWS_AS(read_records(temp_path("missing.rec")), InputError);
    std::remove(path.c_str());
}

TEST_CASE("training records: duplicates merge into their average, the order comes from the seed") {
    const char* fen = "B:W18,19,21,22,24,28,29,31:B2-6,11,12,16";
    std::vector<TrainingRecord> records = {
        sample(Variant::jamaican, fen, 200, 40, 12), sample(Variant::jamaican, fen, 100, 20, 10),
        sample(Variant::pool, fen, 0, -10, 9),  // another variant: another position
        sample(Variant::jamaican, "B:W21-32:B1-12", 100, 0, 0),
    };
    const auto merged = dedup_and_shuffle(records, 7);
    REQUIRE(merged.size() == 3);
    int seen = 0;
    for (const TrainingRecord& r : merged)
        if (r.variant == Variant::jamaican && r.ply == 10) {
            CHECK(r.result == 150);
            CHECK(r.score == 30);
            ++seen;
        }
    CHECK(seen == 1);
    std::reverse(records.begin(), records.end());
    const auto again = dedup_and_shuffle(records, 7);
    for (std::size_t i = 0; i < merged.size(); ++i) CHECK(again[i].position == merged[i].position);
}

TEST_CASE("selfplay: a game depends on its seed only, and its records are quiet and labelled") {
    SelfplayOptions o;
    o.variant = Variant::sixrow;
    o.nodes = 500;
    Engine engine(1);
    const SelfplayGame a = play_selfplay_game(engine, o, 11);
    play_selfplay_game(engine, o, 12);
    const SelfplayGame b = play_selfplay_game(engine, o, 11);
    REQUIRE(a.outcome != Outcome::ongoing);
    REQUIRE(!a.records.empty());
    CHECK(a.plies == b.plies);
    REQUIRE(a.records.size() == b.records.size());
    const int points = a.outcome == Outcome::white_wins ? 200 : a.outcome == Outcome::black_wins ? 0 : 100;
    for (std::size_t i = 0; i < a.records.size(); ++i) {
        const TrainingRecord& r = a.records[i];
        CHECK(r.position == b.records[i].position);
        CHECK(r.score == b.records[i].score);
        CHECK(r.result == points);
        CHECK(r.variant == Variant::sixrow);
        MoveList moves;
        Movegen<rules::Sixrow>::generate(r.position, moves);
        CHECK(!moves[0].is_capture());
        CHECK(!Movegen<rules::Sixrow>::opponent_can_capture(r.position));
    }
}
