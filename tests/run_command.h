// Runs a shell command as a user would (stdout and stderr together, or apart) and keeps its exit
// status.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace stridescope::test_support {

struct Outcome {
  int status = -1;  // the exit status; -1 when the command could not start or was killed
  std::string output;
};

// A file's whole text ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), {}};
}

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

// A command's exit status, stdout and stderr apart (the promise is about stderr: one line).
struct Split {
  int status = -1;
  std::string out, err;
  // stderr's lines, without the sanitizer build's one notice when the emulator first switches
  // fibers (not a report).
  std::vector<std::string> err_lines() const {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);)
      if (line.find("ASan doesn't fully support makecontext/swapcontext") == std::string::npos)
        lines.push_back(line);
    return lines;
  }
  // Exit status 2 and exactly one line on stderr, "stridescope: error: ..." (README's promise).
  bool one_error_line() const {
    const std::vector<std::string> lines = err_lines();
    return status == 2 && lines.size() == 1 && lines[0].starts_with("stridescope: error: ");
  }
  std::string said() const {
    return "status " + std::to_string(status) + ", stderr:\n" + err + "stdout:\n" + out;
  }
};

inline Split run_split(const std::string& command) {
  Split s;
  char path[] = "/tmp/stridescope-stderr-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return s;
  close(fd);
  FILE* pipe = popen((command + " 2>" + path).c_str(), "r");
  if (pipe) {
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), buffer.size(), pipe)) s.out += buffer.data();
    int raw = pclose(pipe);
    s.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }
  std::ifstream in(path);
  s.err.assign(std::istreambuf_iterator<char>(in), {});
  std::remove(path);
  return s;
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
