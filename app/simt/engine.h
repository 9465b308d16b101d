// The SIMT engine: runs the threads of one CUDA block as fibers, in the order a schedule picks, and
// makes them meet at block barriers (__syncthreads), warp barriers (__syncwarp) and warp
// collectives (shuffles, votes, warp reductions, matches). One engine serves both the catalog's
// emulator (emu/emulator.cpp) and the runtime linked into a user's program
// (owncuda/runtime/); each adds its own way of seeing memory and calls access_point() before every
// memory access it sees. Barrier divergence and runaway loops are reported, never a hang.
#pragma once

#include <array>
#include <boost/context/fiber.hpp>
#include <cstdint>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "simt/collectives.h"

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
  // The engine is about to run `thread` (hot: at most one call per switch).
  virtual void on_resume(unsigned thread) = 0;
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

  unsigned running() const { return running_; }
  unsigned threads() const { return threads_; }
  bool in_block() const { return threads_ != 0; }
  std::uint32_t round(unsigned thread) const { return lanes_[thread].round; }
  std::uint32_t warp_epoch(unsigned thread) const { return lanes_[thread].epoch; }
  // The lowest address the stack of the thread about to start (or running) may use.
  const char* stack_low(unsigned thread) const { return lanes_[thread].stack_low; }
  // Where every fiber stack lies: an address in it is a thread's local.
  const char* stacks_begin() const;
  const char* stacks_end() const;
  Schedule schedule() const { return schedule_; }
  void reseed(std::uint64_t seed) { random_.seed(seed); }

  // Ends the block at once (the fibers are dropped, not unwound): for a process about to exit.
  void abandon();

 private:
  enum class State : std::uint8_t { Ready, AtBarrier, AtCollective, Exited, Faulted };
  struct Lane {
    boost::context::fiber fiber;
    State state = State::Ready;
    int line = 0;
    int predicate = 0;
    std::uint32_t round = 0, epoch = 0, collectives = 0;
    CollectiveCall call;
    std::uint64_t result = 0;
    const char* stack_low = nullptr;
  };
  static constexpr unsigned kScheduler = 0xffffffffu;

  void start_fibers(Body body, void* arg);
  void switch_to(unsigned next);
  void park(boost::context::fiber&& from);
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
  EngineClient* client_ = nullptr;
  std::vector<Lane> lanes_;
  std::vector<std::uint32_t> ready_;  // per warp: a bit per ready lane
  unsigned threads_ = 0, warps_ = 0;
  unsigned running_ = kScheduler, from_ = kScheduler;
  std::uint64_t barriers_ = 0;
  unsigned barrier_count_ = 0;  // __syncthreads_count of the last barrier
  boost::context::fiber scheduler_;
  std::exception_ptr fault_;
  bool tearing_down_ = false;
};

}  // namespace stridescope::simt
