#pragma once
// One build at a time per set: two builds writing the same directory
// rename each other's sub-slice files away and one of them fails half-way
// (seen when a build was started again before the first had ended).
// The lock is the operating system's (flock) on D/<variant>/build.lock,
// so it goes with the process however that ends: a killed build leaves no
// stale lock behind, only the empty file.

#include <filesystem>

namespace yaad::egdb {

class BuildLock {
public:
    // Creates dir if needed and takes its lock; throws std::runtime_error
    // when another build holds it, or the file cannot be made.
    explicit BuildLock(const std::filesystem::path& dir);
    ~BuildLock();
    BuildLock(const BuildLock&) = delete;
    BuildLock& operator=(const BuildLock&) = delete;

private:
    int fd_ = -1;
};

}  // namespace yaad::egdb
