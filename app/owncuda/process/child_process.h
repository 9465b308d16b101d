// Running a tool or a user's program in a child process with limits (time, memory, file size),
// its stdin, stdout and stderr redirected to files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace stridescope {

struct Limits {
  unsigned cpu_s = 0;              // 0: none
  std::uint64_t memory_bytes = 0;  // 0: none
  std::uint64_t file_bytes = 0;    // 0: none; the largest file it may write (output, raw record)
  unsigned wall_s = 0;             // 0: none; then SIGKILL (a program that sleeps or waits)
};

// Runs argv with stdin from `in` (or /dev/null), stdout and stderr into files; returns the exit
// status, or 128 + the signal that ended it. `shown_name`, if given, is the argv[0] the program
// sees (the name it was built as) in place of the path it is run from. Throws OwnProgramError if
// it cannot fork.
int run_process(const std::vector<std::string>& argv, const std::filesystem::path& out,
                const std::filesystem::path& err, const std::vector<std::string>& env = {},
                const Limits& limits = {}, const std::filesystem::path& in = {},
                const std::string& shown_name = {});

std::string read_file(const std::filesystem::path& path);      // throws OwnProgramError
std::string find_tool(const std::vector<std::string>& names);  // "" if none is on PATH

}  // namespace stridescope
