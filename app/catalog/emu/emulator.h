// The catalog's CPU emulator: runs a kernel's threads as fibers (the SIMT engine), block after
// block, deterministically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "simt/engine.h"
#include "trace/trace.h"

namespace stridescope::emu {

// A kernel launch as the emulator sees it.
struct LaunchShape {
  unsigned grid = 1;
  unsigned block = 1;
  unsigned shared_bytes = 0;
};

inline constexpr unsigned kMaxBlockThreads = 1024;
inline constexpr unsigned kMaxSharedBytes = 48 * 1024;

// What a launch may spend before the emulator stops it with a KernelFault: a kernel that loops
// forever around a barrier, a warp barrier, shared memory or its own indices ends, naming the line.
// (A loop that calls nothing the emulator sees cannot be stopped from inside the process: the
// command line has a process deadline for that, and own programs run in a child process.)
struct RunLimits {
  double seconds = 120;                            // wall clock for the whole launch
  unsigned max_barriers_per_block = 1u << 16;      // __syncthreads() a block may pass
  unsigned max_warp_syncs_per_step = 1u << 16;     // __syncwarp()s and shuffles of one thread
  unsigned max_accesses_per_step = 1u << 20;       // shared accesses of one thread between barriers
  std::uint64_t max_traced_accesses = 1ull << 22;  // accesses the observer is given in all
  std::size_t stack_bytes = 64 * 1024;             // each emulated thread's stack
  // The order of a block's threads between barriers (simt/engine.h), and the random one's seed.
  simt::Schedule schedule = simt::Schedule::Threads;
  std::uint64_t seed = 1;
};

// Raised when threads of a block wait at different barriers or some exit while others wait.
class BarrierDivergence : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Raised for any other fault inside an emulated kernel (out-of-range shared access, bad launch).
class KernelFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Receives what the traced blocks do. `round`: the traced warp collectives (__syncwarp() and
// __shfl_down_sync()) the thread had passed since the last __syncthreads(); a warp collective is
// reported with the round it ends.
class Observer {
 public:
  virtual ~Observer() = default;
  virtual bool traces_block(unsigned block) const = 0;
  // `bits`: the value read or written (its first 8 bytes), as it is in memory.
  virtual void on_access(unsigned block, const Access& access, std::uint32_t round,
                         unsigned long long bits) = 0;
  // A step ended (block barrier released, or the block's threads all exited).
  virtual void on_step_end(unsigned block, StepKind kind, int line,
                           std::span<const std::byte> shared_memory) = 0;
  // Lanes of a traced block passed a __syncwarp() together.
  virtual void on_warp_sync(unsigned /*block*/, const WarpSync& /*sync*/, std::uint32_t /*round*/) {
  }
  // Lanes of a traced block exchanged values with __shfl_down_sync(): the raw bits each lane
  // handed in and received (lanes outside `mask` hold 0).
  virtual void on_shuffle(unsigned /*block*/, unsigned /*warp*/, unsigned /*mask*/,
                          unsigned /*delta*/, int /*line*/,
                          const std::vector<unsigned long long>& /*sent*/,
                          const std::vector<unsigned long long>& /*received*/,
                          std::uint32_t /*round*/) {}
  // Called for any block, just before launch() throws BarrierDivergence.
  virtual void on_divergence(const Divergence& /*divergence*/,
                             std::span<const std::byte> /*shared_memory*/) {}
};

// Runs `kernel` once per thread for every block of `shape`. Throws BarrierDivergence or
// KernelFault.
void launch(const LaunchShape& shape, const std::function<void()>& kernel, Observer& observer,
            const RunLimits& limits = {});

}  // namespace stridescope::emu
