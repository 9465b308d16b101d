// The SIMT engine: runs the threads of one CUDA block as fibers, in the order a schedule picks, and
// makes them meet at block barriers (__syncthreads), warp barriers (__syncwarp) and warp
// collectives (shuffles, votes, warp reductions, matches). One engine serves both the catalog's
// emulator (catalog/emu/emulator.cpp) and the runtime linked into a user's program
// (runtime/); each adds its own way of seeing memory and calls access_point() before every
// memory access it sees. Barrier divergence and runaway loops are reported, never a hang.
#pragma once

#include <array>
#include <cstdint>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "simt/collectives.h"
#include "simt/context.h"

namespace stridescope::simt {

// The order of a block's threads between barriers.
enum class Schedule : std::uint8_t {
  Warps,     // the lanes of a warp take turns at every memory access: what a GPU prints (default)
  Lockstep,  // every thread of the block takes a turn at every memory access
  Threads,   // each thread runs to its next barrier, one after another (easy to follow)
  Random,    // seeded: a random thread order and random switches at memory accesses
};

struct EngineLimits {
  std::uint64_t max_barriers_per_block = 0;    // __syncthreads() a block may pass (0: no limit)
  std::uint32_t max_collectives_per_step = 0;  // warp collectives of a thread between barriers
};

// Threads waiting at one place when a block cannot go on.
struct Waiters {
  int line = 0;
  bool warp_collective = false;  // else a __syncthreads()
  Collective op = Collective::SyncWarp;
  std::vector<unsigned> threads;
};
struct Stall {
  std::vector<Waiters> waiting;  // by place
  std::vector<unsigned> exited;  // threads that had exited
};

// What the engine tells the code around it. on_stall() and fault() must not return: they throw (the
// catalog) or end the process (a program's runtime).
class EngineClient {
 public:
  virtual ~EngineClient() = default;
  // Every live thread reached the __syncthreads() of `line`: the step ends, before they go on.
  virtual void on_block_barrier(int line) = 0;
  // Lanes `lanes` of warp `warp` passed a collective together; `round`: the warp rounds
  // (__syncwarp()s and __shfl_down_sync()s) they had passed since __syncthreads().
  virtual void on_collective(unsigned warp, unsigned lanes, const CollectiveCall& first,
                             std::uint32_t round,
                             const std::array<CollectiveCall, kWarpSize>& handed_in,
                             const std::array<std::uint64_t, kWarpSize>& received) = 0;
  [[noreturn]] virtual void on_stall(const Stall& stall) = 0;
  [[noreturn]] virtual void fault(const std::string& message) = 0;
  // How faults name a thread: "thread 5 of block 2".
  virtual std::string who(unsigned thread) const = 0;
};

class GuardedStacks;

// Thrown by a running thread to end itself at once (a failed assert in a kernel): it counts as
// exited, not as a fault.
struct ThreadExit {};

class Engine {
 public:
  using Body = void (*)(void*);
  // The threads' stacks come from `stacks` (at least as many as a block has threads).
  Engine(Schedule schedule, std::uint64_t seed, GuardedStacks& stacks, EngineLimits limits = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Runs `threads` threads of `body(arg)` to their end. Rethrows an exception a thread threw.
  void run_block(unsigned threads, Body body, void* arg, EngineClient& client);

  // Called by the running thread.
  void access_point();  // before a memory access the client sees: the schedule may switch here
  // __syncthreads(); returns how many threads handed in a nonzero `predicate`
  // (__syncthreads_count).
  unsigned block_barrier(int line, int predicate = 0);
  std::uint64_t collective(const CollectiveCall& call);  // a warp collective: the lane's result

  // Where the running thread's index in the block goes at every switch (threadIdx): `target`
  // gets `per_thread[thread]` (`threads` of them). Set before run_block.
  struct Index3 {
    std::uint32_t x, y, z;
  };
  void show_thread_index(Index3* target, const Index3* per_thread, unsigned threads) {
    index_target_ = target;
    indices_.assign(1, Index3{});
    indices_.insert(indices_.end(), per_thread, per_thread + threads);
  }

  unsigned running() const { return running_; }
  unsigned threads() const { return threads_; }
  bool in_block() const { return threads_ != 0; }
  std::uint32_t round(unsigned thread) const { return lanes_[thread].round; }
  std::uint32_t warp_epoch(unsigned thread) const { return lanes_[thread].epoch; }
  // The lowest address the stack of the thread about to start (or running) may use.
  const char* stack_low(unsigned thread) const { return lanes_[thread].stack_low; }
  // The frame that called the thread's body (a walk up the body's frame pointers ends there).
  const void* outer_frame(unsigned thread) const { return lanes_[thread].outer_frame; }
  // Where every fiber stack lies: an address in it is a thread's local.
  const char* stacks_begin() const;
  const char* stacks_end() const;
  Schedule schedule() const { return schedule_; }
  // Only the Random schedule draws numbers: seeding a Mersenne twister (312 words) for every block
  // of another schedule cost 300-600 ns a block (a grid of 4 Mi one-thread blocks: 2.6 s).
  void reseed(std::uint64_t seed) {
    if (schedule_ == Schedule::Random) random_.seed(seed);
  }
  // Warps and Lockstep: whether lanes take turns at memory accesses (else each lane runs to its
  // next barrier or collective, yielding only every kYieldAfter accesses, so that a lane spinning
  // on a flag another lane of its warp sets goes on). A block whose threads share nothing between
  // barriers ends the same either way (runtime/sharing_probe.h).
  void switch_at_accesses(bool on) { switch_at_access_ = on && handing_over_; }
  static constexpr std::uint32_t kYieldAfter = 1u << 16;

  // Ends the block at once (the lanes are dropped, not unwound): for a process about to exit.
  void abandon();

 private:
  enum class State : std::uint8_t { Ready, AtBarrier, AtCollective, Exited, Faulted };
  struct Lane {
    bool parked = false;  // waiting at the end of its last run, ready to run the body again
    int line = 0;
    std::uint32_t round = 0, epoch = 0, collectives = 0;
    CollectiveCall call;
    std::uint64_t result = 0;
    const char* stack_low = nullptr;
    const void* outer_frame = nullptr;  // the frame of lane_main, which calls the body
  };
  static constexpr unsigned kScheduler = Contexts::kMain;

  static unsigned lowest(std::uint32_t bits) { return static_cast<unsigned>(__builtin_ctz(bits)); }
  // The states count_ counts; a lane ready or at the block barrier is told by ready_ and states_.
  static bool counted(State state) { return state >= State::AtCollective; }
  static constexpr int kNoLine = -2147483647 - 1;  // no thread at the block barrier yet
  void reset_lanes();  // a new block or step: every lane ready, its warp rounds at zero
  static void lane_main(void* engine, unsigned lane);  // runs the body, block after block
  void finish_run(unsigned lane);  // the lane's body returned or threw: hand over
  void switch_to(unsigned next);
  void block_running(State state);  // the running thread waits: hand over to the next one
  unsigned next_in_group(unsigned after) const;
  void set_state(unsigned thread, State state);
  void run_pass();
  void run_group(unsigned first);
  bool release_collectives(unsigned first_warp, unsigned last_warp);
  bool release_warp(unsigned warp);
  bool finish_step();  // true when every thread exited
  [[noreturn]] void stall();
  void check_fault();
  void clear();
  [[noreturn]] void fail(const std::string& message);

  Schedule schedule_;
  std::mt19937_64 random_;
  EngineLimits limits_;
  GuardedStacks& stacks_;
  Contexts contexts_;
  Body body_ = nullptr;
  void* arg_ = nullptr;
  Index3 unseen_index_{};
  Index3* index_target_ = &unseen_index_;
  std::vector<Index3> indices_{Index3{}};  // [0]: the scheduler's (unused), [t + 1]: thread t's
  EngineClient* client_ = nullptr;
  bool handing_over_ = false;      // Warps and Lockstep: a thread that waits hands over to the next
  bool switch_at_access_ = false;  // ... and lanes take turns at every access (switch_at_accesses)
  std::uint32_t unswitched_ = 0;   // accesses since the last yield, where they do not
  std::vector<Lane> lanes_;
  std::vector<State> states_;              // per lane
  std::vector<std::uint32_t> ready_;       // per warp: a bit per ready lane
  std::vector<std::uint32_t> collective_;  // per warp: a bit per lane waiting at a collective
  std::array<unsigned, 5> count_{};        // lanes in each counted() State
  bool rounds_dirty_ = false;              // a lane's round, epoch or collectives is not zero
  int barrier_line_ = kNoLine;             // the first lane's at this step's __syncthreads()
  bool barrier_lines_differ_ = false;
  unsigned barrier_predicates_ = 0;  // lanes at the barrier with a nonzero predicate
  unsigned threads_ = 0, warps_ = 0;
  unsigned running_ = kScheduler;
  std::uint64_t barriers_ = 0;
  unsigned barrier_count_ = 0;  // __syncthreads_count of the last barrier
  std::exception_ptr fault_;
  std::string conflict_;  // lanes of a mask met at different collectives (an error if all wait)
};

// The hot paths, inline: a block of 256 threads switches thousands of times.

inline void Engine::set_state(unsigned thread, State state) {
  State& current = states_[thread];
  if (counted(current)) --count_[static_cast<unsigned>(current)];
  if (counted(state)) ++count_[static_cast<unsigned>(state)];
  current = state;
  const std::uint32_t bit = 1u << (thread % kWarpSize);
  std::uint32_t& ready = ready_[thread / kWarpSize];
  ready = state == State::Ready ? ready | bit : ready & ~bit;
  if (state == State::AtCollective) {
    collective_[thread / kWarpSize] |= bit;
  } else if (collective_[thread / kWarpSize] & bit) {
    collective_[thread / kWarpSize] &= ~bit;
  }
}

// The ready thread after `after` in its group (its warp, or the whole block in lockstep), going
// round; kScheduler when none is ready.
[[gnu::always_inline]] inline unsigned Engine::next_in_group(unsigned after) const {
  const unsigned warp = after / kWarpSize, lane = after % kWarpSize;
  const std::uint32_t ready = ready_[warp];
  const auto above = static_cast<std::uint32_t>(ready & ~((std::uint64_t{2} << lane) - 1u));
  if (above != 0) return warp * kWarpSize + lowest(above);
  if (schedule_ == Schedule::Lockstep) {
    for (unsigned k = 1; k < warps_; ++k) {
      const unsigned w = (warp + k) % warps_;
      if (ready_[w] != 0) return w * kWarpSize + lowest(ready_[w]);
    }
  }
  if (ready != 0) return warp * kWarpSize + lowest(ready);
  return kScheduler;
}

[[gnu::always_inline]] inline void Engine::switch_to(unsigned next) {
  const unsigned self = running_;
  running_ = next;
  *index_target_ = indices_[next + 1u];  // kScheduler + 1 wraps to 0
  contexts_.swap(self, next);
}

inline void Engine::block_running(State state) {
  set_state(running_, state);
  switch_to(handing_over_ ? next_in_group(running_) : kScheduler);
}

[[gnu::always_inline]] inline void Engine::access_point() {
  if (switch_at_access_) [[likely]] {
    if (const unsigned next = next_in_group(running_); next != running_) switch_to(next);
  } else if (handing_over_) {
    if (++unswitched_ == kYieldAfter) [[unlikely]] {
      unswitched_ = 0;
      if (const unsigned next = next_in_group(running_); next != running_) switch_to(next);
    }
  } else if (schedule_ == Schedule::Random && (random_() & 1u) != 0) {
    switch_to(kScheduler);
  }
}

[[gnu::always_inline]] inline unsigned Engine::block_barrier(int line, int predicate) {
  const unsigned self = running_;
  lanes_[self].line = line;
  states_[self] = State::AtBarrier;  // set_state, for the one case at hand (neither is counted)
  ready_[self / kWarpSize] &= ~(1u << (self % kWarpSize));
  // The first thread's line, or a note that lines differ (no call: the path stays a leaf).
  barrier_lines_differ_ |= barrier_line_ != kNoLine && line != barrier_line_;
  if (barrier_line_ == kNoLine) barrier_line_ = line;
  if (predicate != 0) ++barrier_predicates_;
  switch_to(handing_over_ ? next_in_group(self) : kScheduler);
  return barrier_count_;
}

}  // namespace stridescope::simt
