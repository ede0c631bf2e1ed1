// A build interrupted in the middle of a slice with men goes on after the
// last sub-slice it finished (issue 12), and the slice it writes is the
// same, byte for byte, as one built without a stop; a kept sub-slice that
// is corrupt or of another slice is solved again.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

#include "build_lock.hpp"
#include "builder.hpp"
#include "slice_file.hpp"
#include "sub_slice_store.hpp"
#include "temp_dir.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

std::string bytes(const std::filesystem::path& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::size_t count_lines(const std::string& log, const std::string& with) {
    std::size_t n = 0;
    for (std::size_t at = 0; (at = log.find(with, at)) != std::string::npos; at += with.size()) ++n;
    return n;
}

}  // namespace

TEST_CASE("egdb: a build stopped between sub-slices goes on after the last one and writes the same slice") {
    const Variant v = Variant::english;
    const egdb::Material m{1, 1, 1, 1};
    TempDir whole("resume-whole"), stopped("resume-stopped");
    egdb::build({.variant = v, .pieces = 4, .dir = whole.path, .threads = 2, .for_material = m});
    const std::filesystem::path slice = egdb::slice_path(whole.path, v, m);
    const std::filesystem::path resumed = egdb::slice_path(stopped.path, v, m);
    REQUIRE(std::filesystem::exists(slice));
    CHECK_FALSE(std::filesystem::exists(egdb::SubSliceStore::work_dir(slice)));
    // Every slice it needs, so that the stop falls within it.
    std::filesystem::create_directories(resumed.parent_path());
    for (const auto& entry : std::filesystem::directory_iterator(slice.parent_path()))
        if (entry.path() != slice)
            std::filesystem::copy_file(entry.path(), resumed.parent_path() / entry.path().filename());

    const egdb::BuildOptions options{.variant = v, .pieces = 4, .dir = stopped.path, .threads = 2, .for_material = m};
    egdb::BuildOptions first = options;
    first.stop_after_sub_slices = 10;
    const egdb::BuildReport r1 = egdb::build(first);
    CHECK(r1.stopped);
    CHECK(r1.slices_built == 0);
    CHECK(r1.sub_slices_solved == 10);
    CHECK_FALSE(std::filesystem::exists(resumed));
    const std::filesystem::path work = egdb::SubSliceStore::work_dir(resumed);
    REQUIRE(std::distance(std::filesystem::directory_iterator(work), std::filesystem::directory_iterator()) == 10);
    // What `yaad egdb info` lists.
    const auto interrupted = egdb::SubSliceStore::interrupted(stopped.path);
    REQUIRE(interrupted.size() == 1);
    CHECK(interrupted[0].family == v);
    CHECK(interrupted[0].slice == "1m1k-1m1k");
    CHECK(interrupted[0].parts == 10);
    CHECK(interrupted[0].bytes > 0);

    // The first ten: white's man on its last row but one (6), black's
    // on rows 6 down to 0, then white's on row 5. A flipped byte in the
    // first, and the second one's file put in the place of the third's:
    // both are solved again.
    const std::filesystem::path flipped = work / "w6b6.sub", foreign = work / "w6b4.sub";
    REQUIRE(std::filesystem::exists(flipped));
    REQUIRE(std::filesystem::exists(foreign));
    {
        std::fstream f(flipped, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        const char c = static_cast<char>(f.peek());
        f.put(static_cast<char>(c ^ 0x10));
    }
    std::filesystem::copy_file(work / "w6b5.sub", foreign, std::filesystem::copy_options::overwrite_existing);

    std::ostringstream log;
    egdb::BuildOptions second = options;
    second.log = &log;
    const egdb::BuildReport r2 = egdb::build(second);
    CAPTURE(log.str());
    CHECK_FALSE(r2.stopped);
    CHECK(r2.slices_built == 1);
    CHECK(r2.sub_slices_kept == 8);
    // Seven leading rows for each side's man.
    CHECK(r2.sub_slices_solved == 7 * 7 - 8);
    CHECK(count_lines(log.str(), "w6b6.sub: checksum mismatch; it will be solved again") == 1);
    CHECK(count_lines(log.str(), "w6b4.sub: of another slice, variant or format; it will be solved again") == 1);
    CHECK(count_lines(log.str(), "slice 1m1k-1m1k: 8 of 49 sub-slices kept from an interrupted build") == 1);
    CHECK(bytes(resumed) == bytes(slice));
    CHECK_FALSE(std::filesystem::exists(work));
    CHECK(egdb::SubSliceStore::interrupted(stopped.path).empty());
}

// Two builds writing one set rename each other's sub-slices away: while one
// runs, another of the same set stops at once and writes nothing.
TEST_CASE("egdb: a second build of a set while one runs stops with a clear error") {
    const Variant v = Variant::english;
    TempDir dir("build-lock");
    const egdb::BuildOptions options{.variant = v, .pieces = 2, .dir = dir.path};
    const egdb::Material kings{0, 1, 0, 1};
    {
        const egdb::BuildLock running(dir.path / "english");  // as a build in progress holds it
        std::string error;
        try {
            egdb::build(options);
        } catch (const std::runtime_error& e) {
            error = e.what();
        }
        CHECK(error == "another build is writing " + (dir.path / "english").string() + ": let it finish or stop it first");
        CHECK_FALSE(std::filesystem::exists(egdb::slice_path(dir.path, v, kings)));
        // Another variant's set is another lock.
        CHECK(egdb::build({.variant = Variant::sixrow, .pieces = 2, .dir = dir.path}).slices_built == 4);
    }
    CHECK(egdb::build(options).slices_built == 4);
    CHECK(std::filesystem::exists(egdb::slice_path(dir.path, v, kings)));
}
