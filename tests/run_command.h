// Runs a shell command as a user would (stdout and stderr together) and keeps its exit status.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace stridescope::test_support {

struct Outcome {
  int status = -1;  // the exit status; -1 when the command could not start or was killed
  std::string output;
};

inline Outcome run(const std::string& command) {
  Outcome o;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return o;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) o.output += buffer.data();
  int raw = pclose(pipe);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return o;
}

// `stridescope run` needs clang++-14 and llvm-symbolizer-14 (scripts/install-deps.sh installs
// them); its tests skip, visibly, where either is missing.
inline bool have_clang_tools() {
  return run("command -v clang++-14 || command -v clang++").status == 0 &&
         run("command -v llvm-symbolizer-14 || command -v llvm-symbolizer").status == 0;
}

}  // namespace stridescope::test_support
