// A program run from the window to its end (a desktop file dialog, the GIF export), its output
// captured: posix_spawn, safe in a threaded process.
#pragma once

#include <string>
#include <vector>

namespace stridescope {

struct ChildOutput {
  int status = -1;  // its exit status; -1 if it could not start or did not exit
  std::string text;
};

// Runs argv[0] (a path) with argv; its standard output, and its standard error too when
// `with_errors`, captured.
ChildOutput run_for_output(const std::vector<std::string>& argv, bool with_errors);

}  // namespace stridescope
