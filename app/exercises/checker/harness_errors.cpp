// A harness's compile errors, said as what the learner's file lacks (see harness_errors.h).
#include "exercises/checker/harness_errors.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "program/process/child_process.h"

namespace stridescope {

namespace {

// The starter's declarations the harness calls: its kernels and host functions ("__global__ void
// sum4(const int* in, int* out)"), as written there.
std::vector<std::string> declarations(const std::string& starter) {
  static const std::regex declared(
      R"(^((?:__global__\s+)?\w[\w\s\*&<>:]*\s\**\w+\s*\([^;{]*\))\s*\{)");
  std::vector<std::string> out;
  std::istringstream lines(starter);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, declared)) out.push_back(m[1].str());
  }
  return out;
}

}  // namespace

std::string harness_error(const Exercise& exercise, const std::string& file,
                          const std::string& said) {
  static const std::regex error_line(R"(([^\s:]+):(\d+):\d+: error: ([^\n]*))");
  std::smatch m;
  if (!std::regex_search(said, m, error_line)) return said;
  const std::string name = std::filesystem::path(file).filename().string();
  if (std::filesystem::path(m[1].str()).filename().string() != name) return said;
  std::size_t lines = 0;
  try {
    const std::string text = read_file(file);
    lines = std::size_t(std::count(text.begin(), text.end(), '\n')) +
            (!text.empty() && text.back() != '\n' ? 1 : 0);
  } catch (const std::exception&) {
    return said;
  }
  if (std::stoul(m[2].str()) <= lines) return said;  // a line of the learner's: clang's words
  std::string s = file + ": the exercise " + exercise.name +
                  " runs what its starter declares, and this file does not define it so:";
  for (const std::string& d : declarations(exercise.starter)) s += "\n  " + d;
  return s + "\n(clang, on the exercise's own code after the file's last line: " + m[3].str() +
         ")\n";
}

}  // namespace stridescope
