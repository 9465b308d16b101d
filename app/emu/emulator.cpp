// The CPU emulator's scheduler: one fiber per CUDA thread, barriers as suspension points.
#include "emu/emulator.h"

#include <algorithm>
#include <boost/context/fiber.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <stdexcept>
#include <vector>

#include "core/format.h"
#include "emu/guarded_stacks.h"
#include "simt.h"

namespace stridescope::emu {
namespace {

namespace ctx = boost::context;

using Clock = std::chrono::steady_clock;

// Stack a thread must have left at every emulator call (enough to throw and unwind a fault).
constexpr std::size_t kStackReserve = 16 * 1024;

enum class ThreadState { Ready, AtBarrier, AtWarpBarrier, AtShuffle, Exited, Faulted };

struct EmulatedThread {
  ctx::fiber fiber;
  ThreadState state = ThreadState::Ready;
  int line = 0;
  unsigned warp_mask = 0;
  unsigned access_order = 0;
  unsigned warp_epoch = 0;              // warp barriers passed in this step
  std::uint32_t round = 0;              // traced warp collectives passed in this step
  unsigned warp_collectives = 0;        // warp barriers and shuffles passed in this step
  const char* stack_low = nullptr;      // the lowest address its stack may use
  unsigned long long shuffle_bits = 0;  // value handed in (then received) at a shuffle
  unsigned shuffle_delta = 0;
  int shuffle_width = kWarpSize;
  bool shuffle_xor = false;  // a butterfly exchange inside a library collective: not traced
  ThreadCoordinates coordinates;
};

std::string hex(unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", value);
  return buffer;
}

std::string divergence_message(const Divergence& d) {
  std::string why = "barrier divergence in block " + std::to_string(d.block) + ":";
  for (const BarrierWaiters& w : d.waiting) {
    why += " threads " + format_ranges(w.threads) + " wait at " +
           (w.warp_barrier ? "__syncwarp() or a shuffle" : "__syncthreads()") + " on line " +
           std::to_string(w.line) + (w.warp_barrier ? " for lanes that never arrive" : "") + ";";
  }
  if (!d.exited.empty()) {
    why += " threads " + format_ranges(d.exited) + " exited without reaching it;";
  }
  why.back() = '.';
  why +=
      " Every thread of a block must reach the same __syncthreads(); on a GPU this hangs or "
      "gives wrong results.";
  return why;
}

// One launch in progress. Exactly one exists while a kernel runs on this OS thread.
class Machine {
 public:
  Machine(const LaunchShape& shape, const std::function<void()>& kernel, Observer& observer,
          const RunLimits& limits)
      : shape_(shape),
        kernel_(kernel),
        observer_(observer),
        limits_(limits),
        stacks_(thread_stacks(shape.block, limits.stack_bytes)),
        deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(limits.seconds))) {}

  void run() {
    for (unsigned b = 0; b < shape_.grid; ++b) run_block(b);
  }

  const ThreadCoordinates& coordinates() {
    tick(0);
    return threads_[running_].coordinates;
  }
  void* shared_memory() { return shared_.data(); }

  void block_barrier(int line) {
    EmulatedThread& self = threads_[running_];
    self.state = ThreadState::AtBarrier;
    self.line = line;
    suspend();
  }

  void warp_barrier(unsigned mask, int line) {
    EmulatedThread& self = threads_[running_];
    count_warp_collective(self, line);
    unsigned lane = running_ % kWarpSize;
    if ((mask & (1u << lane)) == 0) {
      throw KernelFault("__syncwarp(" + hex(mask) + ") on line " + std::to_string(line) +
                        " called by thread " + std::to_string(running_) +
                        ", whose own lane is not in the mask");
    }
    self.state = ThreadState::AtWarpBarrier;
    self.warp_mask = mask;
    self.line = line;
    suspend();
  }

  unsigned long long shuffle(unsigned mask, unsigned long long bits, unsigned delta, int width,
                             int line, bool xor_lanes = false) {
    EmulatedThread& self = threads_[running_];
    count_warp_collective(self, line);
    unsigned lane = running_ % kWarpSize;
    if ((mask & (1u << lane)) == 0 || width <= 0 || width > static_cast<int>(kWarpSize) ||
        (width & (width - 1)) != 0) {
      throw KernelFault("__shfl_down_sync on line " + std::to_string(line) + " by thread " +
                        std::to_string(running_) + ": lane not in mask " + hex(mask) +
                        " or bad width");
    }
    self.state = ThreadState::AtShuffle;
    self.warp_mask = mask;
    self.line = line;
    self.shuffle_bits = bits;
    self.shuffle_delta = delta;
    self.shuffle_width = width;
    self.shuffle_xor = xor_lanes;
    suspend();
    return threads_[running_].shuffle_bits;
  }

  void record_access(bool negative, unsigned long long index, unsigned element_size, bool is_write,
                     int line, const void* written) {
    tick(line);
    std::uint64_t address = check_bounds(negative, index, element_size, is_write, line);
    EmulatedThread& self = threads_[running_];
    if (self.access_order >= limits_.max_accesses_per_step) {
      throw KernelFault(who() + " made over " + std::to_string(limits_.max_accesses_per_step) +
                        " shared-memory accesses without reaching a barrier (line " +
                        std::to_string(line) + "): a runaway loop?");
    }
    unsigned order = self.access_order++;
    if (!traced_) return;
    if (++traced_accesses_ > limits_.max_traced_accesses) {
      throw KernelFault("the traced block made over " +
                        std::to_string(limits_.max_traced_accesses) +
                        " shared-memory accesses (line " + std::to_string(line) +
                        "): too many to trace; a loop that does not end?");
    }
    unsigned long long bits = 0;  // the value written, or the one read (still in memory)
    std::memcpy(&bits, is_write ? written : shared_.data() + address,
                std::min<std::size_t>(element_size, sizeof bits));
    observer_.on_access(
        block_,
        Access{running_, order, static_cast<std::uint32_t>(address), element_size,
               is_write ? AccessKind::Write : AccessKind::Read, line, self.warp_epoch},
        self.round, bits);
  }

 private:
  void suspend() { caller_ = std::move(caller_).resume(); }

  void clear_threads() {
    tearing_down_ = true;
    threads_.clear();
    tearing_down_ = false;
  }

  std::string who() const {
    return "thread " + std::to_string(running_) + " of block " + std::to_string(block_);
  }

  // The byte address of element `index` (negative when `negative`) of `element_size` bytes, in
  // 64-bit arithmetic that cannot wrap; a KernelFault if any of its bytes is outside the block's
  // shared memory.
  std::uint64_t check_bounds(bool negative, unsigned long long index, unsigned element_size,
                             bool is_write, int line) const {
    std::uint64_t bytes = shape_.shared_bytes;
    bool inside =
        !negative && index < bytes / element_size + 1 && (index + 1) * element_size <= bytes;
    if (inside) return index * element_size;
    std::string what = who() + (is_write ? " wrote" : " read") + " s[" + (negative ? "-" : "") +
                       std::to_string(index) + "] (line " + std::to_string(line) + ")";
    if (negative) throw KernelFault(what + ", below the start of shared memory");
    throw KernelFault(what + ", past the block's " + std::to_string(bytes) +
                      " bytes of shared memory");
  }

  // Called at every emulator call of a running thread: the stack it has left, and now and then
  // the launch's deadline.
  void tick(int line) {
    const auto* frame = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = threads_[running_].stack_low;
    if (low != nullptr && frame - low < static_cast<std::ptrdiff_t>(kStackReserve)) {
      throw KernelFault(who() + " has almost no stack left (" +
                        std::to_string(limits_.stack_bytes / 1024) +
                        " KiB per thread): recursion too deep, or too large local arrays?");
    }
    if (++ticks_ % 1024 != 0 || Clock::now() < deadline_) return;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", limits_.seconds);
    throw KernelFault("the kernel ran for over " + std::string(seconds) + " s (" + who() +
                      (line > 0 ? ", line " + std::to_string(line) : std::string()) +
                      "): a loop that does not end?");
  }

  void count_warp_collective(EmulatedThread& self, int line) {
    tick(line);
    if (++self.warp_collectives <= limits_.max_warp_syncs_per_step) return;
    throw KernelFault(who() + " passed " + std::to_string(limits_.max_warp_syncs_per_step) +
                      " __syncwarp()s and shuffles (line " + std::to_string(line) +
                      ") with no __syncthreads() between: a loop that does not end?");
  }

  void start_threads(unsigned b) {
    clear_threads();
    threads_.resize(shape_.block);
    for (unsigned t = 0; t < shape_.block; ++t) {
      EmulatedThread& thread = threads_[t];
      thread.coordinates = {{t, 0, 0}, {b, 0, 0}, {shape_.block, 1, 1}, {shape_.grid, 1, 1}};
      thread.stack_low = stacks_.next_stack_low();  // the stack the fiber is about to get
      thread.fiber =
          ctx::fiber(std::allocator_arg, StackLease(stacks_), [this, t](ctx::fiber&& caller) {
            caller_ = std::move(caller);
            // Boost's ucontext fibers (the sanitizer build) enter a fiber that never ran when it is
            // destroyed: it must then end at once, not run the kernel.
            if (tearing_down_) return std::move(caller_);
            try {
              kernel_();
              threads_[t].state = ThreadState::Exited;
            } catch (const ctx::detail::forced_unwind&) {
              throw;
            } catch (...) {
              fault_ = std::current_exception();
              threads_[t].state = ThreadState::Faulted;
            }
            return std::move(caller_);
          });
    }
  }

  void run_block(unsigned b) {
    block_ = b;
    barriers_ = 0;
    traced_ = observer_.traces_block(b);
    shared_.assign(shape_.shared_bytes, std::byte{0});
    start_threads(b);
    for (;;) {
      for (unsigned t = 0; t < shape_.block; ++t) {
        if (threads_[t].state != ThreadState::Ready) continue;
        running_ = t;
        threads_[t].fiber = std::move(threads_[t].fiber).resume();
        if (threads_[t].state == ThreadState::Faulted) {
          clear_threads();
          std::rethrow_exception(fault_);
        }
      }
      if (release_warp_barriers()) continue;
      if (finish_step_or_fail()) return;
    }
  }

  // Lets every warp group whose mask lanes have all arrived at a __syncwarp, or all at a shuffle,
  // go on (a shuffle also exchanges the values). True if any went on.
  bool release_warp_barriers() {
    bool released = false;
    for (unsigned t = 0; t < shape_.block; ++t) {
      EmulatedThread& thread = threads_[t];
      ThreadState kind = thread.state;
      if (kind != ThreadState::AtWarpBarrier && kind != ThreadState::AtShuffle) continue;
      unsigned warp_base = t - t % kWarpSize;
      unsigned mask = thread.warp_mask;
      std::vector<unsigned> lanes;
      bool all_arrived = true;
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        unsigned other = warp_base + lane;
        if ((mask & (1u << lane)) == 0 || other >= shape_.block) continue;
        if (threads_[other].state != kind) all_arrived = false;
        lanes.push_back(lane);
      }
      if (!all_arrived) continue;
      std::uint32_t round = threads_[warp_base + lanes.front()].round;  // the round it ends
      if (kind == ThreadState::AtShuffle) exchange(thread, warp_base, lanes, mask, round);
      bool traced_collective = kind == ThreadState::AtWarpBarrier || !thread.shuffle_xor;
      unsigned arrived_mask = 0;
      for (unsigned lane : lanes) {
        EmulatedThread& passing = threads_[warp_base + lane];
        passing.state = ThreadState::Ready;
        if (kind == ThreadState::AtWarpBarrier) ++passing.warp_epoch;
        if (traced_collective) ++passing.round;
        arrived_mask |= 1u << lane;
      }
      if (kind == ThreadState::AtWarpBarrier && traced_) {
        observer_.on_warp_sync(block_, WarpSync{warp_base / kWarpSize, arrived_mask, thread.line},
                               round);
      }
      released = true;
    }
    return released;
  }

  // A shuffle of `lanes` of the warp at `warp_base`: each gets the value it asked for (its own
  // where the source is outside the segment, the mask or the block); traced ones are reported.
  void exchange(const EmulatedThread& first, unsigned warp_base, const std::vector<unsigned>& lanes,
                unsigned mask, std::uint32_t round) {
    std::vector<unsigned long long> handed_in(kWarpSize, 0), received(kWarpSize, 0);
    for (unsigned lane : lanes) handed_in[lane] = threads_[warp_base + lane].shuffle_bits;
    unsigned present = 0;
    for (unsigned lane : lanes) {
      EmulatedThread& receiver = threads_[warp_base + lane];
      auto width = static_cast<unsigned>(receiver.shuffle_width);
      unsigned source =
          receiver.shuffle_xor ? lane ^ receiver.shuffle_delta : lane + receiver.shuffle_delta;
      bool inside = source / width == lane / width && (mask & (1u << source)) != 0 &&
                    warp_base + source < shape_.block;
      if (inside) receiver.shuffle_bits = handed_in[source];
      received[lane] = receiver.shuffle_bits;
      present |= 1u << lane;
    }
    if (traced_ && !first.shuffle_xor) {
      observer_.on_shuffle(block_, warp_base / kWarpSize, present, first.shuffle_delta, first.line,
                           handed_in, received, round);
    }
  }

  // Every thread is blocked or done: release the block barrier, finish the block, or report why
  // it cannot go on. Returns true when the block is finished.
  bool finish_step_or_fail() {
    std::vector<unsigned> exited, at_warp_barrier;
    std::map<int, std::vector<unsigned>> at_barrier_by_line;
    for (unsigned t = 0; t < shape_.block; ++t) {
      switch (threads_[t].state) {
        case ThreadState::Exited:
          exited.push_back(t);
          break;
        case ThreadState::AtShuffle:
        case ThreadState::AtWarpBarrier:
          at_warp_barrier.push_back(t);
          break;
        case ThreadState::AtBarrier:
          at_barrier_by_line[threads_[t].line].push_back(t);
          break;
        default:
          break;
      }
    }
    if (exited.size() == shape_.block) {
      if (traced_) observer_.on_step_end(block_, StepKind::Exit, 0, shared_);
      clear_threads();
      return true;
    }
    if (exited.empty() && at_warp_barrier.empty() && at_barrier_by_line.size() == 1) {
      int line = at_barrier_by_line.begin()->first;
      if (++barriers_ > limits_.max_barriers_per_block) {
        clear_threads();
        throw KernelFault("block " + std::to_string(block_) + " passed " +
                          std::to_string(limits_.max_barriers_per_block) +
                          " __syncthreads() barriers (line " + std::to_string(line) +
                          "): a loop around __syncthreads() that does not end?");
      }
      if (traced_) observer_.on_step_end(block_, StepKind::Barrier, line, shared_);
      for (EmulatedThread& thread : threads_) {
        thread.state = ThreadState::Ready;
        thread.access_order = 0;
        thread.warp_epoch = 0;
        thread.round = 0;
        thread.warp_collectives = 0;
      }
      return false;
    }
    Divergence divergence;
    divergence.block = block_;
    for (const auto& [line, threads] : at_barrier_by_line) {
      divergence.waiting.push_back({line, false, threads});
    }
    std::map<int, std::vector<unsigned>> at_warp_barrier_by_line;
    for (unsigned t : at_warp_barrier) at_warp_barrier_by_line[threads_[t].line].push_back(t);
    for (const auto& [line, threads] : at_warp_barrier_by_line) {
      divergence.waiting.push_back({line, true, threads});
    }
    divergence.exited = exited;
    divergence.message = divergence_message(divergence);
    observer_.on_divergence(divergence, shared_);
    std::string why = divergence.message;
    clear_threads();
    throw BarrierDivergence(why);
  }

  LaunchShape shape_;
  const std::function<void()>& kernel_;
  Observer& observer_;
  RunLimits limits_;
  GuardedStacks& stacks_;
  Clock::time_point deadline_;
  std::uint64_t ticks_ = 0, traced_accesses_ = 0;
  unsigned barriers_ = 0;      // __syncthreads() released in the current block
  bool tearing_down_ = false;  // destroying the block's fibers: none may start the kernel now
  std::vector<EmulatedThread> threads_;
  std::vector<std::byte> shared_;
  ctx::fiber caller_;
  std::exception_ptr fault_;
  unsigned block_ = 0;
  unsigned running_ = 0;
  bool traced_ = false;
};

thread_local Machine* active_machine = nullptr;

Machine& machine() {
  if (active_machine == nullptr) {
    throw std::logic_error("an emulated kernel function was called outside emu::launch");
  }
  return *active_machine;
}

}  // namespace

const ThreadCoordinates& current_coordinates() {
  return machine().coordinates();
}
void sync_threads(int line) {
  machine().block_barrier(line);
}
void sync_warp(unsigned mask, int line) {
  machine().warp_barrier(mask, line);
}
unsigned long long shuffle_down(unsigned mask, unsigned long long bits, unsigned delta, int width,
                                int line) {
  return machine().shuffle(mask, bits, delta, width, line);
}
unsigned long long shuffle_xor_untraced(unsigned mask, unsigned long long bits, unsigned lane_mask,
                                        int line) {
  return machine().shuffle(mask, bits, lane_mask, kWarpSize, line, true);
}
void* block_shared_memory() {
  return machine().shared_memory();
}
void record_shared_access(bool negative, unsigned long long index, unsigned element_size,
                          bool is_write, int line, const void* written) {
  machine().record_access(negative, index, element_size, is_write, line, written);
}

void launch(const LaunchShape& shape, const std::function<void()>& kernel, Observer& observer,
            const RunLimits& limits) {
  if (shape.block == 0 || shape.block > kMaxBlockThreads) {
    throw KernelFault("block size " + std::to_string(shape.block) + " is outside 1.." +
                      std::to_string(kMaxBlockThreads));
  }
  if (shape.grid == 0) throw KernelFault("grid size 0: nothing to launch");
  if (shape.shared_bytes > kMaxSharedBytes) {
    throw KernelFault(std::to_string(shape.shared_bytes) + " bytes of shared memory asked, over " +
                      std::to_string(kMaxSharedBytes));
  }
  if (active_machine != nullptr) throw std::logic_error("emu::launch is not reentrant");
  prepare_signal_stack();
  Machine m(shape, kernel, observer, limits);
  active_machine = &m;
  try {
    m.run();
  } catch (...) {
    active_machine = nullptr;
    throw;
  }
  active_machine = nullptr;
}

}  // namespace stridescope::emu
