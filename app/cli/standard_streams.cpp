// Standard descriptors taken when closed, and stdout's writes checked at the end (see the header).
#include "cli/standard_streams.h"
#include "core/error_line.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

namespace stridescope {
namespace {

bool stdout_was_closed = false;

bool is_closed(int fd) {
  return ::fcntl(fd, F_GETFD) == -1 && errno == EBADF;
}

// Why writes to stdout fail, found from what it is, when errno was taken by a later call (a write
// to stderr flushes stdout first): a full device or disk, or a file at its size limit.
int likely_error() {
  struct stat info {};
  if (::fstat(1, &info) != 0) return errno;
  if (S_ISCHR(info.st_mode) && info.st_rdev == makedev(1, 7)) return ENOSPC;  // /dev/full
  if (!S_ISREG(info.st_mode)) return 0;
  rlimit limit{};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      std::uint64_t(info.st_size) >= limit.rlim_cur)
    return EFBIG;
  struct statvfs disk {};
  if (::fstatvfs(1, &disk) == 0 && disk.f_bavail == 0) return ENOSPC;
  return 0;
}

// What a lost write to stdout is said as: the reason errno gives, or the closed descriptor.
std::string reason(int error) {
  if (stdout_was_closed) return "it is closed";
  if (error == 0) error = likely_error();
  if (error != 0) return std::strerror(error);
  return "a write to it failed";
}

}  // namespace

void take_closed_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (!is_closed(fd)) continue;
    // Lower descriptors are open now, so each open gets `fd`. A closed stdout becomes a file in
    // memory, so that what was written to it is known; stdin reads nothing; stderr goes nowhere.
    int taken = fd == 1   ? ::memfd_create("closed stdout", 0)
                : fd == 0 ? ::open("/dev/null", O_RDONLY)
                          : ::open("/dev/null", O_WRONLY);
    // Without memfds: /dev/full, where every write fails, so that lost output is still known.
    if (taken < 0 && fd == 1) taken = ::open("/dev/full", O_WRONLY);
    if (taken != fd && taken >= 0) {
      ::dup2(taken, fd);
      ::close(taken);
    }
    if (fd == 1) stdout_was_closed = true;
  }
  // Into a file or a device (not a terminal or a pipe, which want output as it comes), stdout is
  // written in one piece at the end, so that a failure (a full disk, /dev/full) is met by the last
  // flush, with its reason; an output past the buffer is written in parts as usual.
  struct stat info {};
  if (::fstat(1, &info) == 0 && (S_ISREG(info.st_mode) || S_ISCHR(info.st_mode)) && !::isatty(1)) {
    constexpr std::size_t kBuffer = 16u << 20;  // touched only as far as it is filled
    if (void* buffer = std::malloc(kBuffer))
      std::setvbuf(stdout, static_cast<char*>(buffer), _IOFBF, kBuffer);
  }
}

int finish_standard_output(int status) {
  errno = 0;
  std::cout.flush();  // (std::cout writes through stdout: this flushes stdout)
  bool lost = std::cout.fail() || std::ferror(stdout);
  int error = lost ? errno : 0;
  errno = 0;
  if (std::fflush(stdout) != 0) {
    lost = true;
    if (error == 0) error = errno;
  }
  struct stat info {};
  if (stdout_was_closed && ::fstat(1, &info) == 0 && info.st_size > 0) lost = true;
  if (!lost || status == 2) return status;
  std::cerr << error_line("cannot write standard output: " + reason(error));
  return 2;
}

}  // namespace stridescope
