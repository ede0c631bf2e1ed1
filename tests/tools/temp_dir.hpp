#pragma once
// A fresh directory under the system's temporary one for a test, removed
// when the test ends; the process id keeps parallel runs apart.

#include <filesystem>
#include <string>
#include <unistd.h>

namespace yaad::test {

struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("yaad-egdb-test-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

}  // namespace yaad::test
