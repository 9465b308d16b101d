// Reading an input file (a trace, a benchmark report) safely: only a regular file, only up to a
// size limit, with an error that names the path and the reason; writing an output file so that a
// failure (a full disk, a directory, no permission) is an error, never a silent loss.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace stridescope {

class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `path` is a regular file to read: throws FileError naming what it is instead (missing, a
// directory, a FIFO or device); `what` names the kind of file wanted ("trace file").
void check_input_file(const std::string& path, const char* what);

// The whole file. Throws FileError: missing or unreadable, a directory, a FIFO or device (which
// could block forever), or larger than `max_bytes` (`what` names the kind of file in the error).
std::string read_input_file(const std::string& path, std::uint64_t max_bytes, const char* what);

// Writes `text` to `path` (created or truncated) and closes it, every step checked. Throws
// FileError naming the path and the reason ("cannot write out.json: No space left on device"); a
// regular file that could not be written whole is removed, so no half-written file is left.
void write_output_file(const std::string& path, std::string_view text);

// Writes `text` beside `path` and renames it into place: the old file stays whole if the writing
// fails (a settings file). Throws FileError.
void replace_file(const std::string& path, std::string_view text);

// Whether `path` can be written, found out before the work that makes its contents: it is opened
// for appending (nothing in it changes) and removed again if it was not there. Throws FileError.
void check_output_file(const std::string& path);

}  // namespace stridescope
