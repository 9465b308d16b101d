// The catalog's emulator: the SIMT engine (simt/engine.h) runs each block's threads as fibers; the
// kernels' Shared<T, EmulatorProbe> views report shared-memory accesses here.
#include "catalog/emu/emulator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <stdexcept>
#include <vector>

#include "core/format.h"
#include "simt.h"
#include "simt/engine.h"
#include "simt/stacks.h"

namespace stridescope::emu {
namespace {

using Clock = std::chrono::steady_clock;

// Stack a thread must have left at every emulator call (enough to throw and unwind a fault).
constexpr std::size_t kStackReserve = 16 * 1024;

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

// One launch in progress: the SIMT engine runs the threads, this machine sees shared memory
// through the kernels' Shared<T, EmulatorProbe> and tells the observer. Exactly one exists while a
// kernel runs on this OS thread.
class Machine final : public simt::EngineClient {
 public:
  Machine(const LaunchShape& shape, const std::function<void()>& kernel, Observer& observer,
          const RunLimits& limits)
      : shape_(shape),
        kernel_(kernel),
        observer_(observer),
        limits_(limits),
        engine_(limits.schedule, limits.seed, simt::thread_stacks(shape.block, limits.stack_bytes),
                {limits.max_barriers_per_block, limits.max_warp_syncs_per_step}),
        deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(limits.seconds))) {
    static_assert(sizeof(uint3) == sizeof(simt::Engine::Index3));
    for (unsigned t = 0; t < shape.block; ++t) thread_indices_.push_back({t, 0, 0});
  }

  void run() {
    for (unsigned b = 0; b < shape_.grid; ++b) run_block(b);
  }

  void* shared_memory() { return shared_.data(); }

  // Inlined into the port's syncthreads: a frame more between the kernel and the fiber switch cost
  // a mispredicted return at every barrier of every thread (2^22 ints: 1.0 s -> 1.5 s).
  [[gnu::always_inline]] unsigned block_barrier(int line, int predicate) {
    return engine_.block_barrier(line, predicate);
  }

  // A warp collective of the device API (a shuffle by a lane of its mask, with a width of a power
  // of two up to 32).
  std::uint64_t collective(simt::Collective op, unsigned mask, std::uint64_t bits, int arg,
                           int width, int line) {
    tick(line);
    const unsigned lane = engine_.running() % kWarpSize;
    if (simt::is_shuffle(op) &&
        ((mask & (1u << lane)) == 0 || width <= 0 || width > static_cast<int>(kWarpSize) ||
         (width & (width - 1)) != 0)) {
      std::string name = simt::collective_name(op);
      throw KernelFault(name.substr(0, name.find('(')) + " on line " + std::to_string(line) +
                        " by thread " + std::to_string(engine_.running()) + ": lane not in mask " +
                        hex(mask) + " or bad width");
    }
    return engine_.collective({op, mask, bits, arg, width, line});
  }

  void record_access(bool negative, unsigned long long index, unsigned element_size, bool is_write,
                     int line, const void* written) {
    tick(line);
    std::uint64_t address = check_bounds(negative, index, element_size, is_write, line);
    const unsigned thread = engine_.running();
    if (access_order_[thread] >= limits_.max_accesses_per_step) {
      throw KernelFault(who(thread) + " made over " +
                        std::to_string(limits_.max_accesses_per_step) +
                        " shared-memory accesses without reaching a barrier (line " +
                        std::to_string(line) + "): a runaway loop?");
    }
    engine_.access_point();  // the schedule may let other threads go first
    unsigned order = access_order_[thread]++;
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
        Access{thread, order, static_cast<std::uint32_t>(address), element_size,
               is_write ? AccessKind::Write : AccessKind::Read, line, engine_.warp_epoch(thread)},
        engine_.round(thread), bits);
  }

  // simt::EngineClient

  void on_block_barrier(int line) override {
    if (traced_) observer_.on_step_end(block_, StepKind::Barrier, line, shared_);
    std::fill(access_order_.begin(), access_order_.end(), 0u);
  }

  void on_collective(unsigned warp, unsigned lanes, const simt::CollectiveCall& first,
                     std::uint32_t round,
                     const std::array<simt::CollectiveCall, kWarpSize>& handed_in,
                     const std::array<std::uint64_t, kWarpSize>& received) override {
    if (!traced_) return;
    if (first.op == simt::Collective::SyncWarp) {
      observer_.on_warp_sync(block_, WarpSync{warp, lanes, first.line}, round);
    } else if (first.op == simt::Collective::ShflDown) {
      std::vector<unsigned long long> sent(kWarpSize, 0), got(kWarpSize, 0);
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        if ((lanes >> lane & 1u) == 0) continue;
        sent[lane] = handed_in[lane].value;
        got[lane] = received[lane];
      }
      observer_.on_shuffle(block_, warp, lanes, static_cast<unsigned>(first.arg), first.line, sent,
                           got, round);
    }
  }

  [[noreturn]] void on_stall(const simt::Stall& stall) override {
    Divergence divergence;
    divergence.block = block_;
    for (const simt::Waiters& w : stall.waiting) {
      divergence.waiting.push_back({w.line, w.warp_collective, w.threads});
    }
    divergence.exited = stall.exited;
    divergence.message = divergence_message(divergence);
    observer_.on_divergence(divergence, shared_);
    throw BarrierDivergence(divergence.message);
  }

  [[noreturn]] void fault(const std::string& message) override {
    throw KernelFault(message + (message.find(" of block ") == std::string::npos
                                     ? " (block " + std::to_string(block_) + ")"
                                     : std::string()));
  }

  std::string who(unsigned thread) const override {
    return "thread " + std::to_string(thread) + " of block " + std::to_string(block_);
  }

 private:
  // The byte address of element `index` (negative when `negative`) of `element_size` bytes, in
  // 64-bit arithmetic that cannot wrap; a KernelFault if any of its bytes is outside the block's
  // shared memory.
  std::uint64_t check_bounds(bool negative, unsigned long long index, unsigned element_size,
                             bool is_write, int line) const {
    std::uint64_t bytes = shape_.shared_bytes;
    bool inside =
        !negative && index < bytes / element_size + 1 && (index + 1) * element_size <= bytes;
    if (inside) return index * element_size;
    std::string what = who(engine_.running()) + (is_write ? " wrote" : " read") + " s[" +
                       (negative ? "-" : "") + std::to_string(index) + "] (line " +
                       std::to_string(line) + ")";
    if (negative) throw KernelFault(what + ", below the start of shared memory");
    throw KernelFault(what + ", past the block's " + std::to_string(bytes) +
                      " bytes of shared memory");
  }

  // Called at every emulator call of a running thread: the stack it has left, and now and then
  // the launch's deadline.
  void tick(int line) {
    const auto* frame = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = engine_.in_block() ? engine_.stack_low(engine_.running()) : nullptr;
    if (low != nullptr && frame - low < static_cast<std::ptrdiff_t>(kStackReserve)) {
      throw KernelFault(who(engine_.running()) + " has almost no stack left (" +
                        std::to_string(limits_.stack_bytes / 1024) +
                        " KiB per thread): recursion too deep, or too large local arrays?");
    }
    if (++ticks_ % 1024 != 0 || Clock::now() < deadline_) return;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", limits_.seconds);
    throw KernelFault("the kernel ran for over " + std::string(seconds) + " s (" +
                      who(engine_.running()) +
                      (line > 0 ? ", line " + std::to_string(line) : std::string()) +
                      "): a loop that does not end?");
  }

  void run_block(unsigned b) {
    block_ = b;
    traced_ = observer_.traces_block(b);
    shared_.assign(shape_.shared_bytes, std::byte{0});
    access_order_.assign(shape_.block, 0);
    blockIdx = uint3{b, 0, 0};
    blockDim = dim3(shape_.block);
    gridDim = dim3(shape_.grid);
    engine_.show_thread_index(reinterpret_cast<simt::Engine::Index3*>(&threadIdx),
                              thread_indices_.data(), unsigned(thread_indices_.size()));
    engine_.run_block(
        shape_.block, [](void* kernel) { (*static_cast<const std::function<void()>*>(kernel))(); },
        const_cast<std::function<void()>*>(&kernel_), *this);
    if (traced_) observer_.on_step_end(block_, StepKind::Exit, 0, shared_);
  }

  LaunchShape shape_;
  const std::function<void()>& kernel_;
  Observer& observer_;
  RunLimits limits_;
  simt::Engine engine_;
  Clock::time_point deadline_;
  std::uint64_t ticks_ = 0, traced_accesses_ = 0;
  std::vector<unsigned> access_order_;                // per thread, in the current step
  std::vector<simt::Engine::Index3> thread_indices_;  // {t, 0, 0}: threadIdx of each thread
  std::vector<std::byte> shared_;
  unsigned block_ = 0;
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
  simt::prepare_signal_stack();
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

// The device API's port (stridescope/device_api.h), as the catalog's kernels call it: the indices
// the engine keeps current, barriers and warp collectives on the running machine; atomics and
// fences need nothing more (one OS thread runs a launch: a plain read-modify-write is atomic).
__thread uint3 threadIdx;
__thread uint3 blockIdx;
__thread dim3 blockDim;
__thread dim3 gridDim;

namespace stridescope_rt {
void syncthreads(int line) {
  stridescope::emu::machine().block_barrier(line, 0);
}
int syncthreads_count(int predicate, int line) {
  return int(stridescope::emu::machine().block_barrier(line, predicate));
}
std::uint64_t warp_collective(Op op, unsigned mask, std::uint64_t value, int arg, int width,
                              int line, unsigned, int) {
  return stridescope::emu::machine().collective(static_cast<stridescope::simt::Collective>(op),
                                                mask, value, arg, width, line);
}
void atomic_begin(void*, unsigned, void*) {}
void atomic_end(void*) {}
void thread_fence() {}
bool note_fences_in_program() {
  return true;
}
}  // namespace stridescope_rt
