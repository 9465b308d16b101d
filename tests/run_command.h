// Runs a shell command as a user would (stdout and stderr together) and keeps its exit status.
#pragma once

#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

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

// Live processes (not zombies) whose name (comm: 15 characters at most) is `name`.
inline int processes_named(const std::string& name) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream comm(entry.path() / "comm"), stat(entry.path() / "stat");
    std::string got, status;
    if (!std::getline(comm, got) || got != name || !std::getline(stat, status)) continue;
    const std::size_t close = status.rfind(')');
    if (close != std::string::npos && close + 2 < status.size() && status[close + 2] != 'Z')
      ++count;
  }
  return count;
}

// Whether `done` comes true within `seconds` (asked every 20 ms).
inline bool wait_until(const std::function<bool()>& done, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace stridescope::test_support
