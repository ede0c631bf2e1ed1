#include "build_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace yaad::egdb {

BuildLock::BuildLock(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    const std::filesystem::path path = dir / "build.lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot create " + path.string() + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
    const int error = errno;
    ::close(fd_);
    if (error == EWOULDBLOCK)
        throw std::runtime_error("another build is writing " + dir.string() + ": let it finish or stop it first");
    throw std::runtime_error("cannot lock " + path.string() + ": " + std::strerror(error));
}

BuildLock::~BuildLock() {
    ::close(fd_);  // releases the lock
}

}  // namespace yaad::egdb
