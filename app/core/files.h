// Reading an input file (a trace, a benchmark report) safely: only a regular file, only up to a
// size limit, with an error that names the path and the reason.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace stridescope {

class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole file. Throws FileError: missing or unreadable, a directory, a FIFO or device (which
// could block forever), or larger than `max_bytes` (`what` names the kind of file in the error).
std::string read_input_file(const std::string& path, std::uint64_t max_bytes, const char* what);

}  // namespace stridescope
