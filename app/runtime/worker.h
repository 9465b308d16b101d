// A worker: one OS thread of the runtime that runs blocks of a launch on its own SIMT engine, with
// its own shared memory (the user's __shared__ variables are thread_locals) and fiber stacks. It
// sees every memory access of the user's code (the coverage callbacks), tells shared, global and
// local ones apart by address, lets the engine's schedule switch threads at shared and global ones,
// and records the traced block.
#pragma once

#include <pthread.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "global_races.h"
#include "printf_order.h"
#include "program.h"
#include "sharing_probe.h"
#include "simt/engine.h"
#include "simt/stacks.h"

namespace stridescope_rt {

// What a trace of one block can hold (its raw record is read back as JSON by `stridescope run`).
inline constexpr std::uint64_t kMaxTracedAccesses = 1u << 20;
inline constexpr std::size_t kMaxTracedSteps = 1u << 16;

// One launch, as every worker runs its blocks.
struct LaunchPlan {
  dim3 grid, block;
  std::size_t dynamic_shared = 0;
  void (*body)(void*) = nullptr;
  void* frame = nullptr;
  const void* kernel = nullptr;          // null where the launch does not say which
  const SharedWindow* window = nullptr;  // the shared memory it may touch (bounds.h)
  unsigned threads = 0;
  std::uint64_t blocks = 0;
  bool traced = false;       // the launch `stridescope run` traces
  bool keep_blocks = false;  // each block's first snapshot and result are kept
};

// A block stopped by a failed assert in it: the launch ends (runtime/launch.cpp).
struct AssertStop {};

// "the program overflowed a thread's stack (128 KiB) in thread 5 of block 0 of launch 1 (...)".
std::string stack_overflow_text(const std::string& thread);

class Worker final : public stridescope::simt::EngineClient {
 public:
  explicit Worker(unsigned index);
  static Worker* current();  // the worker of this OS thread (null where none was made)
  static Worker& of_this_thread();

  void begin_launch(const LaunchPlan& plan);
  std::size_t used_shared() const { return used_shared_; }
  // Where the dynamic shared memory starts, from stridescope_shared_begin (the same in every
  // worker).
  std::int64_t dynamic_offset() const;
  void run_block(std::uint64_t linear);
  // What the last block printed (its printf calls, in the order they ran) and its failed asserts'
  // messages.
  std::vector<Printed> take_output() { return std::move(output_); }
  std::string take_asserts() { return std::move(asserts_); }

  // Called from the user's code (the coverage callbacks and the CUDA header's functions).
  // Every access is checked against the running thread's stack, the launch's shared memory and
  // the cudaMalloc buffers (bounds.h); one outside them stops the program.
  [[gnu::always_inline]] void on_access(const void* addr, unsigned size, char kind, void* pc) {
    if (!engine_.in_block()) return;  // host code
    last_pc_.store(reinterpret_cast<std::uintptr_t>(pc), std::memory_order_relaxed);
    const auto a = reinterpret_cast<std::uintptr_t>(addr);
    if (a - stacks_lo_ < stacks_span_) {  // a thread's local
      if (a < reinterpret_cast<std::uintptr_t>(engine_.stack_low(engine_.running()))) [[unlikely]]
        stack_overflow(pc);
      return;
    }
    if (a - tls_lo_ < tls_span_) {  // a thread-local (threadIdx, errno, ...)
      if (const std::uintptr_t r = a - region_lo_; r < region_span_) {  // shared memory
        if ((shared_ok_[r] & shared_ok_[r + size - 1]) == 0) [[unlikely]]
          shared_overrun(a, size, kind, pc);
        shared_access(std::uint32_t(a - shared_lo_), size, kind, pc);
      }
      return;
    }
    if (a - buffers_lo_ < buffers_span_) [[likely]]
      check_buffer(a, size, kind, pc);
    else
      touched_other();
    ++clock_;
    if (watching_global_) [[unlikely]]
      return watched_global_access(addr, size, kind);
    engine_.access_point();
  }
  // An access of memory that is no cudaMalloc buffer, or a printf: the launch is
  // one a repeat of it must run again (repeat_launch.h).
  void touched_other() { use_.back() = 3; }
  // How this worker's blocks of launch `index` used memory (repeat_launch.h): empty where it ran
  // none of that launch.
  std::vector<std::uint8_t> buffer_use(long index) const {
    return use_launch_ == index ? use_ : std::vector<std::uint8_t>{};
  }
  // __threadfence(): the thread's later atomics release what it (or its block before a barrier)
  // wrote before (global_races.h).
  void thread_fence() {
    const unsigned t = engine_.running();
    if (thread_fences_.size() < plan_.threads) thread_fences_.assign(plan_.threads, {0, 0});
    thread_fences_[t] = {thread_fences_[t].first + 1, barriers_passed_};
  }
  // A global atomic's address (not shared, not a thread's local).
  bool global_address(const void* addr) const {
    const auto a = reinterpret_cast<std::uintptr_t>(addr);
    return engine_.in_block() && a - stacks_lo_ >= stacks_span_ && a - tls_lo_ >= tls_span_;
  }
  Accessor accessor() const {
    const unsigned t = engine_.running();
    const auto fence =
        t < thread_fences_.size() ? thread_fences_[t] : std::pair<std::uint32_t, std::uint32_t>{};
    return {launch_id_,   block_,       t,         barriers_passed_, fence.first,
            fence.second, plan_.blocks, &acquired_};
  }
  std::vector<std::pair<std::uintptr_t, std::size_t>>& acquired() { return acquired_; }
  void syncthreads(int line) {
    if (pending_ >= 0) [[unlikely]]
      resolve_pending();  // out of line, before anything: the rest needs no saved registers
    ++clock_;
    engine_.block_barrier(line);
  }
  int syncthreads_count(int predicate, int line);
  std::uint64_t collective(int op, unsigned mask, std::uint64_t value, int arg, int width, int line,
                           unsigned size, int kind_of_value);
  bool in_kernel() const { return engine_.in_block(); }
  // The place of the last access a kernel's thread made on this worker (the time limit's watch
  // names the line a launch that never ends is at: a loop spinning on a flag).
  std::uintptr_t last_access_pc() const { return last_pc_.load(std::memory_order_relaxed); }
  // The instruction this worker's OS thread was at when the watch's signal interrupted it
  // (faults.cpp), 0 until it was.
  pthread_t os_thread() const { return os_thread_; }
  void sampled(std::uintptr_t pc) { sampled_pc_.store(pc, std::memory_order_relaxed); }
  std::uintptr_t sampled_pc() const { return sampled_pc_.load(std::memory_order_relaxed); }
  // Every worker made (never destroyed: kept for their threads' lives).
  static std::vector<Worker*> all();
  // clock()/clock64() in a kernel: the block's events so far, this reading one of them, four
  // cycles each (a loop that waits for the clock to pass a count ends).
  long long read_clock() {
    if (probing_) probe_.shared_something();  // its values depend on the order of the threads
    return 4 * static_cast<long long>(++clock_);
  }
  // `frame`: printf's own frame (the calls that led to it order the warp's lines: printf_order.h).
  void kernel_printf(const char* format, va_list args, const void* site, const void* frame);
  [[noreturn]] void kernel_assert(const char* expression, const char* file, unsigned line,
                                  const char* function);
  std::string who(unsigned thread) const override;
  // The thread whose stack's guard page holds `address` (-1: none), and its stack.
  long thread_of_guard(const void* address) const;
  const char* stack_low(unsigned thread) const { return engine_.stack_low(thread); }
  std::size_t stack_bytes() const { return stacks_.stack_bytes(); }
  std::string where() const;  // "block 3" or "block (1,2,0)"
  unsigned running_thread() const { return engine_.running(); }

  // stridescope::simt::EngineClient
  void on_block_barrier(int line) override;
  void on_collective(unsigned warp, unsigned lanes, const stridescope::simt::CollectiveCall& first,
                     std::uint32_t round,
                     const std::array<stridescope::simt::CollectiveCall, 32>& handed_in,
                     const std::array<std::uint64_t, 32>& received) override;
  [[noreturn]] void on_stall(const stridescope::simt::Stall& stall) override;
  [[noreturn]] void fault(const std::string& message) override;

 private:
  [[gnu::always_inline]] void shared_access(std::uint32_t offset, unsigned size, char kind,
                                            void* pc) {
    ++clock_;
    if (watching_) [[unlikely]]
      return watched_shared_access(offset, size, kind, pc);
    engine_.access_point();
  }
  // A global access: inside its cudaMalloc buffer's bytes, where it is in one's mapping (a page's
  // buffer is looked up once per launch in a direct-mapped table of 1,024 pages).
  [[gnu::always_inline]] void check_buffer(std::uintptr_t a, unsigned size, char kind, void* pc) {
    const std::uintptr_t page = a >> 12;
    const PageEntry& e = pages_[page % pages_.size()];
    if (e.page != page) [[unlikely]]
      return check_new_page(a, size, kind, pc);
    if (a < e.begin || a + size > e.end) [[unlikely]]
      buffer_overrun(a, size, kind, pc);
    *e.use |= kind == 'r' ? 1 : kind == 'w' ? 2 : 3;
    if (e.shadow == nullptr) return;
    // Most reads of an input many blocks read: one byte says the read changes nothing.
    if (kind == 'r' && size <= 4 && ((a - e.begin) & 3) + size <= 4 &&
        __atomic_load_n(&e.settled[(a - e.begin) >> 2], __ATOMIC_RELAXED) == settled_tag_)
      return;
    note_global(e, a - e.begin, size, kind, pc);
  }
  // The race checks and marks of a global access (global_races.h).
  struct PageEntry;
  void note_global(const PageEntry& buffer, std::uintptr_t offset, unsigned size, char kind,
                   void* pc) {
    const Accessor who = accessor();
    const std::uint8_t tag = settled_tag_;
    for (std::uintptr_t w = offset / 4; w <= (offset + size - 1) / 4; ++w) {
      // The bytes of word w the access covers.
      const std::uintptr_t lo = std::max(offset, w * 4), hi = std::min(offset + size, w * 4 + 4);
      const unsigned mask = ((1u << (hi - lo)) - 1) << (lo - w * 4);
      if (kind == 'r' && __atomic_load_n(&buffer.settled[w], __ATOMIC_RELAXED) == tag) continue;
      if (kind == 'r' && RaceChecker::read_changes_nothing(buffer.shadow[w], who, mask)) continue;
      if (RaceChecker::get().repeats_own_access(buffer.shadow[w], who, kind, mask, pc)) continue;
      RaceChecker::get().access(buffer.shadow[w], buffer.begin + w * 4, who, kind, mask, pc,
                                buffer.managed, &buffer.settled[w]);
    }
  }
  void check_new_page(std::uintptr_t a, unsigned size, char kind, void* pc);
  [[noreturn]] void shared_overrun(std::uintptr_t a, unsigned size, char kind, void* pc);

 public:
  // An access of `size` bytes at an address not a multiple of it: in a kernel, the program stops
  // as a GPU's kernel does (where the program's alignment checks are on).
  void misaligned(const void* addr, unsigned size, char kind, void* pc);

 private:
  [[noreturn]] void buffer_overrun(std::uintptr_t a, unsigned size, char kind, void* pc);
  [[noreturn]] void stack_overflow(void* pc);
  // The shared accesses of a block that is recorded or probed, the global ones of a block that is
  // traced or probed (sharing_probe.h).
  void watched_shared_access(std::uint32_t offset, unsigned size, char kind, void* pc);
  void watched_global_access(const void* addr, unsigned size, char kind);
  // Whether the block about to run takes turns at accesses, and whether it is probed.
  void choose_turns();
  // The traced block's accesses, and the shared ones of a block whose result the trace keeps.
  void recorded_shared_access(std::uint32_t offset, unsigned size, char kind, void* pc);
  void traced_global_access(const void* addr, unsigned size, char kind);
  void record_shared(std::uint32_t offset, unsigned size, char kind, void* pc);
  void overflow();
  void record_global(const void* addr, unsigned size, char kind);
  void resolve_pending();
  void end_step(const char* kind, int line);
  std::vector<std::uint32_t> words() const;
  // The `bytes` (4 or 8) of the block's shared memory at `offset`, as an integer (low bytes first;
  // 4 sign-extended).
  std::int64_t word_at(std::size_t offset, std::size_t bytes) const;

  unsigned index_;
  stridescope::simt::GuardedStacks stacks_;
  stridescope::simt::Engine engine_;
  LaunchPlan plan_;
  std::vector<stridescope::simt::Engine::Index3> coordinates_;  // threadIdx of each thread
  // Address ranges, as offsets from their start (one unsigned compare each).
  std::uintptr_t stacks_lo_ = 0, stacks_span_ = 0;
  std::uintptr_t shared_lo_ = 0;
  std::uintptr_t tls_lo_ = 0, tls_span_ = 0;  // the static TLS blocks, up to the thread pointer
  std::size_t used_shared_ = 0;  // bytes: the static arrays and the launch's dynamic ones
  // The shared memory the checks see (bounds.h): from the front red zone to the end of the dynamic
  // memory, a byte each, nonzero where the launch's kernel may touch it.
  std::uintptr_t region_lo_ = 0, region_span_ = 0;
  const std::uint8_t* shared_ok_ = nullptr;
  const SharedWindow* window_ = nullptr;
  // The cudaMalloc buffers' mappings, and per page its buffer's bytes (all of them for a page of
  // none: never out of bounds).
  struct PageEntry {
    std::uintptr_t page = ~std::uintptr_t(0), begin = 0, end = ~std::uintptr_t(0);
    WordState* shadow = nullptr;
    std::uint8_t* settled = nullptr;  // the words' settled marks (global_races.h)
    bool managed = false;
    std::uint8_t* use = nullptr;  // its buffer's byte of use_
  };
  // Per live buffer of the launch (Program::buffers' order), then one for all other memory: bit 1
  // read, bit 2 written (repeat_launch.h).
  std::vector<std::uint8_t> use_;
  long use_launch_ = -1;
  std::uintptr_t buffers_lo_ = 0, buffers_span_ = 0;
  std::atomic<std::uintptr_t> last_pc_{0}, sampled_pc_{0};
  pthread_t os_thread_ = pthread_self();
  std::array<PageEntry, 1024> pages_{};  // 4 MiB of a column-wise walk stays in it

  // The block running now.
  std::uint64_t block_ = 0;
  bool tracing_ = false;    // the traced block: record its accesses
  bool recording_ = false;  // the traced block, or a block whose result the trace keeps
  bool probing_ = false;    // a block whose threads' sharing is watched (sharing_probe.h)
  bool watching_ = false;   // recording_ or probing_ (the traced block always takes turns)
  // tracing_ or probing_: a block whose result the trace keeps but is not traced sees its global
  // accesses as any block does (out of line, they made a 1024-block matmul's launch ~10% slower).
  bool watching_global_ = false;
  SharingProbe probe_;
  const std::atomic<Sharing>* sharing_ = nullptr;  // the launch's kernel's (sharing_slot)
  bool first_barrier_seen_ = false;
  std::size_t block_low_ = 0;  // the lowest shared offset the block touched (its result is there)
  std::uint64_t clock_ = 0;
  bool asserted_ = false;
  std::vector<Printed> output_;
  PrintfCalls printf_calls_;           // the block's, since the last barrier
  void number_printf_calls();          // at a barrier and the block's end
  std::uint32_t barriers_passed_ = 0;  // __syncthreads() the block passed
  std::uint32_t launch_id_ = 0;        // the launch's index + 1 (global_races.h)
  std::uint8_t settled_tag_ = 0;       // settled_tag(launch_id_)
  // Per thread of the block: its __threadfence()s and the barrier count at its last one.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> thread_fences_;
  std::vector<std::pair<std::uintptr_t, std::size_t>> acquired_;  // the block's acquires
  std::string asserts_;
  RawStep step_;
  std::vector<std::uint32_t> order_;  // per thread: accesses in this step (traced block)
  long pending_ = -1;  // index into step_.accesses of a store whose value is not yet in memory
  unsigned shuffle_size_ = 4;
  int shuffle_kind_ = 1;
};

}  // namespace stridescope_rt
