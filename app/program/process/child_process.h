// Running a tool or a user's program in a child process with limits (time, memory, file size),
// its stdin, stdout and stderr redirected to files, under a guard that ends everything it started.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace stridescope {

// How far a child is kept from stridescope. A tool (clang, nm, llvm-symbolizer, nvcc) runs under a
// guard in a session of its own; a user's program also gets a PID namespace of its own (with its
// own /proc) where the system allows one: as root, or through a user namespace. There it cannot
// see or signal stridescope, and every process it starts ends with it. Where the system allows
// none (STRIDESCOPE_SANDBOX=group chooses this too), the guard is a subreaper that ends what the
// program left, and the program could still signal stridescope by its pid.
enum class Isolation { Tool, Program };

struct Limits {
  unsigned cpu_s = 0;              // 0: none
  std::uint64_t memory_bytes = 0;  // 0: none (address space)
  std::uint64_t file_bytes = 0;    // 0: none; the largest file it may write (output, raw record)
  unsigned wall_s = 0;             // 0: none; then it and what it started are killed
  Isolation isolation = Isolation::Tool;
  // 0: none; the resident memory of it and every process it started, together (memory_bytes
  // bounds each process alone).
  std::uint64_t total_memory_bytes = 0;
};

// A tool's limits (clang's parse and compile, the linker, nm, llvm-symbolizer, nvdisasm): ample
// for any program a learner brings, finite for a 5 MB generated source.
inline constexpr Limits kToolLimits{120, 8ull << 30, 1ull << 30, 180, Isolation::Tool};

// How run_process says a child ended other than by exiting (an exit status is 0..255):
inline constexpr int kSignalledParent = 1000;  // + the signal it sent the process that started it
inline constexpr int kKilledBy = 2000;      // + the signal that ended it (SIGXCPU: its CPU limit)
inline constexpr int kPastWallTime = 3000;  // stopped at its wall-time limit, with what it started
inline constexpr int kStoppedFromOutside = 4000;  // + the signal something else sent its guard
inline constexpr int kPastMemoryLimit = 5000;     // its processes held over total_memory_bytes
// Whether `code` is one of those, not an exit status.
inline bool ended_abnormally(int code) {
  return code >= kSignalledParent;
}

// Runs argv with stdin from `in` (or /dev/null), stdout and stderr into files; returns the exit
// status (0..255, whatever it is: `exit(255)` is no signal), kKilledBy + the signal that ended it,
// kPastWallTime, kSignalledParent + a signal the program sent to its parent, or
// kStoppedFromOutside + a signal something other than stridescope sent its guard. Whatever the
// program started ends with it. `shown_name`, if given, is the argv[0] the program sees (the name
// it was built as) in place of the path it is run from. Throws OwnProgramError if it cannot start,
// and Interrupted (process/stop.h) when stridescope is asked to stop while it runs.
int run_process(const std::vector<std::string>& argv, const std::filesystem::path& out,
                const std::filesystem::path& err, const std::vector<std::string>& env = {},
                const Limits& limits = kToolLimits, const std::filesystem::path& in = {},
                const std::string& shown_name = {});

// Why a child ended as it did, in words, for what run_process returned past a limit or by a signal
// ("the program ran past its 20 s wall-time limit, set by --time-limit (waiting for something, or
// sleeping?)"); "" for an exit status of its own. `who`: "the program", "clang", ...
std::string ending_text(int exit_code, const Limits& limits, const std::string& who);

// The whole file, if it is a regular file of at most `max_bytes` (never a FIFO, which could block,
// or a device, which could be endless). Throws OwnProgramError saying why not.
std::string read_file(const std::filesystem::path& path, std::uint64_t max_bytes = 1ull << 30);
// A file of a run's folder the program could have replaced (its output, a record): "" and, if
// `failure` is empty, a failure saying so, when it is not a regular file within `limit` (a FIFO
// would block stridescope, a link to /dev/zero never end).
std::string read_what_it_left(const std::filesystem::path& path, std::uint64_t limit,
                              std::string& failure);

std::string find_tool(const std::vector<std::string>& names);  // "" if none is on PATH

}  // namespace stridescope
