// The order a warp's printf calls print in: each lane's own calls in its order, and where lanes
// diverged, the call that comes first in the kernel's code first, as a GPU's warp runs the paths.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace stridescope_rt {

// One printf of a kernel's thread. `barriers`: the __syncthreads() its block had passed; `call`:
// which of its warp's printf calls since then it belongs to (PrintfCalls::number).
struct Printed {
  std::uint32_t barriers = 0, call = 0, thread = 0;
  std::string text;
};

// Where a printf was called from: the return addresses of the calls that led to it, from the
// thread's body down to the printf (so a call earlier in the kernel's code compares lower, also
// when both sit in a helper called from two places).
using CallPath = std::vector<std::uintptr_t>;

// The return addresses from `frame` (printf's own frame) up to `outer` (the frame that called the
// thread's body), by the frame pointers the program is built with; outermost first. A frame that is
// not above the one before it and below `outer` ends the walk.
CallPath call_path(const void* frame, const void* outer);

// The printf calls of a block's warps since the last barrier. A call is one place (its format) at
// one time (the lane's k-th call there): the lanes that make it print together.
class PrintfCalls {
 public:
  void clear() {
    by_thread_.clear();
    warps_.clear();
  }
  // `thread` called printf at `site` by `path`; what it printed is output[index] (see number).
  void add(unsigned thread, const void* site, const CallPath& path, std::size_t index);
  // Sets Printed::call of the lines added since clear(): per warp, its calls numbered in an order
  // that keeps every lane's own, the call with the lowest path first where lanes diverged.
  void number(std::vector<Printed>& output) const;

 private:
  struct Call {
    CallPath path;  // the lowest of its lanes' paths
    std::vector<std::size_t> lines;
    std::vector<std::uint32_t> next;  // calls a lane made right after this one
    std::uint32_t before = 0;         // lanes' calls right before it (edges in)
  };
  struct Warp {
    std::map<std::pair<const void*, std::uint32_t>, std::uint32_t> ids;  // (place, time) -> call
    std::vector<Call> calls;
  };
  // The calls' order: Kahn's over the lanes' "right after" edges, the lowest path first among the
  // calls ready (each lane that made one made the calls before it); where lanes disagree (a cycle),
  // the lowest path left goes on.
  static std::vector<std::uint32_t> merged_order(const std::vector<Call>& calls);
  struct Thread {
    std::map<const void*, std::uint32_t> times;  // its calls at each place
    std::int64_t last = -1;                      // its last call
  };
  std::map<unsigned, Thread> by_thread_;
  std::map<unsigned, Warp> warps_;
};

}  // namespace stridescope_rt
