// Summing the resident memory of a program's processes from /proc (see memory_watch.h).
#include "program/process/memory_watch.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace stridescope {
namespace {

namespace fs = std::filesystem;

std::string link_of(const std::string& path) {
  char target[256];
  const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
  return n > 0 ? std::string(target, std::size_t(n)) : "";
}

// A process's session and resident pages, from /proc/PID/stat (fields 6 and 24; the name in
// parentheses before them may hold spaces). False when it is gone.
bool session_and_pages(const std::string& pid, long& session, std::uint64_t& pages) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(in, text)) return false;
  const std::size_t name_end = text.rfind(')');
  if (name_end == std::string::npos) return false;
  std::istringstream fields(text.substr(name_end + 2));
  std::string field;
  for (int k = 3; k <= 24 && fields >> field; ++k) {
    if (k == 6) session = std::strtol(field.c_str(), nullptr, 10);
    if (k == 24) pages = std::strtoull(field.c_str(), nullptr, 10);
  }
  return true;
}

// The first child of `pid` (the guard's reaper), or 0.
pid_t first_child(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  pid_t child = 0;
  in >> child;
  return child;
}

// A process's proportional share of the memory it holds (Pss: a page shared by the program's
// forks counts once in all), from /proc/PID/smaps_rollup; its resident size where that is not
// readable.
std::uint64_t share_of(const std::string& pid, std::uint64_t resident) {
  std::ifstream in("/proc/" + pid + "/smaps_rollup");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("Pss:", 0) == 0) return std::strtoull(line.c_str() + 4, nullptr, 10) * 1024;
  return resident;
}

}  // namespace

std::uint64_t resident_bytes_of(pid_t session, const std::string& pid_namespace,
                                const std::vector<pid_t>& left_out) {
  static const std::uint64_t page = std::uint64_t(::sysconf(_SC_PAGESIZE));
  std::uint64_t total = 0;
  std::error_code error;
  for (fs::directory_iterator it("/proc", error), end; !error && it != end; it.increment(error)) {
    const std::string pid = it->path().filename().string();
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t number = pid_t(std::strtol(pid.c_str(), nullptr, 10));
    if (std::find(left_out.begin(), left_out.end(), number) != left_out.end()) continue;
    long its_session = 0;
    std::uint64_t pages = 0;
    if (!session_and_pages(pid, its_session, pages)) continue;
    if (its_session == session ||
        (!pid_namespace.empty() && link_of("/proc/" + pid + "/ns/pid") == pid_namespace))
      total += share_of(pid, pages * page);
  }
  return total;
}

MemoryWatch::MemoryWatch(pid_t guard, std::uint64_t limit_bytes)
    : guard_(guard), limit_(limit_bytes), next_(std::chrono::steady_clock::now()) {}

bool MemoryWatch::over() {
  if (limit_ == 0 || std::chrono::steady_clock::now() < next_) return false;
  next_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  return resident_bytes() > limit_;
}

std::uint64_t MemoryWatch::resident_bytes() {
  if (namespace_.empty()) {  // the reaper, once forked: in the program's namespace, if it has one
    const std::string ours = link_of("/proc/self/ns/pid");
    if (const pid_t reaper = first_child(guard_); reaper > 0) {
      const std::string its = link_of("/proc/" + std::to_string(reaper) + "/ns/pid");
      namespace_ = its == ours ? "none" : its;
    }
  }
  // The guard and its reaper are stridescope's, forked from it: their pages are its own.
  return resident_bytes_of(guard_, namespace_ == "none" ? "" : namespace_,
                           {guard_, first_child(guard_)});
}

}  // namespace stridescope
