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

}  // namespace stridescope::test_support
