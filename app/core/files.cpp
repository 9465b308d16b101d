// Reading an input file: checked before it is opened, so a FIFO never blocks and a huge file is
// refused with its size.
#include "core/files.h"

#include <sys/stat.h>

#include <cerrno>
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

}  // namespace

std::string read_input_file(const std::string& path, std::uint64_t max_bytes, const char* what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    throw FileError("cannot read " + path + ": " + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) throw FileError(path + " is a directory, not a " + what);
  if (!S_ISREG(info.st_mode)) {
    throw FileError(path + " is not a regular file (a pipe or a device?); give a " + what);
  }
  auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > max_bytes) {
    throw FileError(path + " is " + megabytes(size) + ", over the limit of " +
                    megabytes(max_bytes) + " for a " + what);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError("cannot read " + path + ": " + std::strerror(errno));
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (!in) throw FileError("error while reading " + path);
  return text;
}

}  // namespace stridescope
