// Reading an input file: checked before it is opened, so a FIFO never blocks and a huge file is
// refused with its size. Writing an output file: every write and the close checked.
#include "core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace stridescope {
namespace {

std::string megabytes(std::uint64_t bytes) {
  std::ostringstream out;
  out.precision(3);
  out << static_cast<double>(bytes) / (1024.0 * 1024.0) << " MiB";
  return out.str();
}

// Opens `path` for writing without blocking on a FIFO that nobody reads (an error instead), then
// lets writes block as usual. Returns the descriptor or -1 with errno set.
int open_for_writing(const std::string& path, int flags) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | flags, 0666);
  if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

// Throws FileError saying what `path` is when it is not a regular file (a directory, a FIFO).
void refuse_unless_regular(const std::string& path, mode_t mode, const char* what) {
  if (S_ISDIR(mode)) throw FileError(path + " is a directory, not a " + what);
  if (S_ISFIFO(mode)) throw FileError(path + " is a FIFO, not a regular file; give a " + what);
  if (!S_ISREG(mode)) {
    throw FileError(path + " is not a regular file (a device or a socket?); give a " + what);
  }
}

// The file `fd` has open, by the path that reaches it now (through any link the name was): the
// file to remove when it was made in vain, not the link that led to it. "" if unknown.
std::string real_path_of(int fd) {
  char link[64], target[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = ::readlink(link, target, sizeof target - 1);
  if (n <= 0) return "";
  return std::string(target, static_cast<std::size_t>(n));
}

[[noreturn]] void cannot_write(const std::string& path, int error) {
  throw FileError("cannot write " + path + ": " + std::strerror(error));
}

}  // namespace

void check_input_file(const std::string& path, const char* what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    throw FileError("cannot read " + path + ": " + std::strerror(errno));
  }
  refuse_unless_regular(path, info.st_mode, what);
}

std::string read_input_file(const std::string& path, std::uint64_t max_bytes, const char* what) {
  // Opened without blocking (a FIFO opens at once) and judged by what was opened, not by the name:
  // a file swapped for a FIFO or a link to /dev/zero between a look and the open is still refused.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw FileError("cannot read " + path + ": " + std::strerror(errno));
  struct stat info {};
  const bool opened = ::fstat(fd, &info) == 0;
  const int error = errno;
  if (!opened || !S_ISREG(info.st_mode) || static_cast<std::uint64_t>(info.st_size) > max_bytes) {
    ::close(fd);
    if (!opened) throw FileError("cannot read " + path + ": " + std::strerror(error));
    refuse_unless_regular(path, info.st_mode, what);
    throw FileError(path + " is " + megabytes(static_cast<std::uint64_t>(info.st_size)) +
                    ", over the limit of " + megabytes(max_bytes) + " for a " + what);
  }
  std::string text(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t got = ::read(fd, text.data() + done, text.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  ::close(fd);
  text.resize(done);  // a file cut while it was read: what was there
  return text;
}

void write_output_file(const std::string& path, std::string_view text) {
  int fd = open_for_writing(path, O_TRUNC);
  if (fd < 0) cannot_write(path, errno);
  int error = 0;
  for (std::size_t done = 0; done < text.size() && error == 0;) {
    ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      error = wrote < 0 ? errno : EIO;
    } else {
      done += static_cast<std::size_t>(wrote);
    }
  }
  struct stat info {};
  const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  const std::string real = regular ? real_path_of(fd) : "";
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0) return;
  if (!real.empty()) ::unlink(real.c_str());
  cannot_write(path, error);
}

void replace_file(const std::string& path, std::string_view text) {
  const std::string beside = path + ".tmp";
  write_output_file(beside, text);
  if (::rename(beside.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(beside.c_str());
    cannot_write(path, error);
  }
}

void check_output_file(const std::string& path) {
  if (path.empty()) throw FileError("an empty file name: name the file to write");
  struct stat info {};
  const bool existed = ::stat(path.c_str(), &info) == 0;
  int fd = open_for_writing(path, O_APPEND);
  if (fd < 0) cannot_write(path, errno);
  // Made here only to see that it can be: removed again (through a link: the file it made, and
  // the link stays, to be written through).
  const std::string real = existed ? "" : real_path_of(fd);
  ::close(fd);
  if (!existed) ::unlink(real.empty() ? path.c_str() : real.c_str());
}

}  // namespace stridescope
