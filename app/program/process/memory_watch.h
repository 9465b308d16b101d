// The memory a program and everything it started hold together: the proportional shares, read from
// /proc, of every process of its guard's session and of its PID namespace (a daemon that left the
// session is still in the namespace), the guard and its reaper (stridescope's own forks) left out.
// A per-process limit (RLIMIT_AS) lets three forks of 6 GiB hold 18 GiB; this bounds their sum.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace stridescope {

class MemoryWatch {
 public:
  MemoryWatch(pid_t guard, std::uint64_t limit_bytes);  // limit 0: watches nothing
  // Reads /proc again if 200 ms have passed; true once the sum has passed the limit.
  bool over();

 private:
  std::uint64_t resident_bytes();
  pid_t guard_;
  std::uint64_t limit_;
  std::string namespace_;  // the program's PID namespace ("pid:[N]"), once its reaper is seen
  std::chrono::steady_clock::time_point next_;
};

// The memory held by the processes of session `session` or whose PID namespace is
// `pid_namespace` (when not ""), but those `left_out`: each one's proportional share (Pss), or its
// resident size where that is not readable. For MemoryWatch.
std::uint64_t resident_bytes_of(pid_t session, const std::string& pid_namespace,
                                const std::vector<pid_t>& left_out);

}  // namespace stridescope
