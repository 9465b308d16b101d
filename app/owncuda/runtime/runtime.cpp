// The runtime linked into a user's CUDA program built by `stridescope run` (see
// stridescope_cuda.h). Built once, without instrumentation, by CMake (libstridescope_cuda_rt.a). It
// runs each CUDA thread of a block as a Boost.Context fiber, blocks one after another; the
// schedule ($STRIDESCOPE_SCHEDULE: threads | lockstep | random:SEED) picks the order of the
// threads between barriers. The user's code is compiled with
// -fsanitize-coverage=edge,trace-loads,trace-stores: every load and store calls
// __sanitizer_cov_loadN/storeN(addr) first; an address inside the stridescope_shared section is a
// shared-memory access. For the traced launch and block the accesses (with the caller's return
// address, symbolized to a line by the parent) and a snapshot at each barrier are written as JSON
// to $STRIDESCOPE_RAW when the program exits (or is stopped by a fault, with its address).
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <boost/context/fiber.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "global_record.h"
#include "stridescope_cuda.h"

uint3 threadIdx{0, 0, 0};
uint3 blockIdx{0, 0, 0};
dim3 blockDim{1, 1, 1};
dim3 gridDim{1, 1, 1};

// Room for `extern __shared__` arrays: the last thing in the section (this object is linked
// after the user's), so the static arrays come first and a launch uses what it asked for.
constexpr std::size_t kDynamicSharedBytes = 48 * 1024;
extern "C" {  // braces: a definition, not a declaration
__attribute__((section("stridescope_shared"),
               aligned(16))) char stridescope_dynamic_shared[kDynamicSharedBytes];
}

extern "C" {
extern char __start_stridescope_shared[];
extern char __stop_stridescope_shared[];
}

namespace ctx = boost::context;
using stridescope_rt::ShuffleKind;

namespace {

struct RawAccess {
  std::uint32_t thread, order, offset, size;
  char kind;
  std::uintptr_t pc;
  std::int64_t value;
  std::uint32_t warp_epoch;
  std::uint32_t round;  // warp rounds (__syncwarp()s and __shfl_down_sync()s) since __syncthreads()
};

// One __shfl_down_sync() of a warp of the traced block: the bits each lane handed in and got back.
struct RawShuffle {
  std::uint32_t warp, mask, delta;
  int line;
  std::uint32_t round;  // the round it ends
  unsigned size;        // of the value, bytes
  int kind_of_value;    // 0 an unsigned integer, 1 a signed one, 2 a float or double
  std::vector<std::uint64_t> sent, received;  // 32, by lane
};

struct RawStep {
  std::string kind;  // "barrier" | "exit"
  int line = 0;
  std::vector<RawAccess> accesses;
  std::vector<std::array<std::int64_t, 4>> warp_syncs;  // warp, mask, line, the round it ends
  std::vector<RawShuffle> shuffles;
  std::vector<std::uint32_t> snapshot;
  nlohmann::json global;  // the cudaMalloc buffers it loaded and stored (global_record.h)
};

enum class Wait { None, Block, Warp, Done };

struct ShuffleRequest {
  ShuffleKind kind = ShuffleKind::Index;
  std::uint64_t value = 0;
  int arg = 0, width = 32;
  unsigned size = 4;
  int kind_of_value = 1;
  std::uint64_t result = 0;
  bool waiting = false;  // in the shuffle (else a plain __syncwarp())
};

enum class Schedule { Threads, Lockstep, Random };

struct Runtime {
  // Configuration from the environment.
  long traced_launch = 0;
  long traced_block = 0;
  unsigned word_size = 4;
  const char* raw_path = nullptr;
  Schedule schedule = Schedule::Threads;
  std::mt19937_64 random{1};

  // The running launch.
  long launch_index = -1;
  std::size_t used_shared = 0;  // bytes: the static arrays and this launch's dynamic ones
  bool tracing = false;         // recording the current block's accesses
  std::uint32_t current = 0;
  std::vector<ctx::fiber> fibers;
  std::vector<Wait> wait;
  std::vector<int> wait_line;
  std::vector<unsigned> wait_mask;
  std::vector<std::uint32_t> order;       // per thread, in the current step
  std::vector<std::uint32_t> warp_epoch;  // per thread: __syncwarp()s since __syncthreads()
  std::vector<std::uint32_t> round;       // per thread: __syncwarp()s and __shfl_down_sync()s
  std::vector<ShuffleRequest> shuffles;   // per thread, while it waits in a shuffle
  bool preempt = false;                   // the running thread yields at its next access
  ctx::fiber scheduler;
  long pending_store = -1;  // index into step.accesses of a store whose value is not yet in memory
  std::uint64_t shared_accesses = 0;

  // What the traced block did.
  nlohmann::json launches = nlohmann::json::array();
  // Each launch's kernel (its address, named by the host from the debug info): see note_kernel.
  std::vector<std::uint64_t> launch_kernels;
  const void* next_kernel = nullptr;
  std::vector<RawStep> steps;
  RawStep step;
  dim3 traced_grid, traced_blockdim;
  std::size_t traced_shared = 0;
  bool traced = false;
  // Every block of the traced launch: shared memory at its first barrier (what it loaded) and
  // s[0] when it exits (its result, by the catalog's convention).
  std::vector<std::vector<std::uint32_t>> first_snapshots;
  std::vector<std::int64_t> block_results;
  bool in_traced_launch = false;
  bool first_barrier_seen = false;
  std::size_t block_low = 0;  // the lowest shared offset the block touched (its result is there)
  std::string error;          // why the program was stopped
  std::uintptr_t fault_pc = 0;
  stridescope_rt_global::GlobalRecord global;  // cudaMalloc buffers; the traced block's use

  Runtime() {
    if (const char* s = std::getenv("STRIDESCOPE_LAUNCH")) traced_launch = std::atol(s);
    if (const char* s = std::getenv("STRIDESCOPE_TRACED_BLOCK")) traced_block = std::atol(s);
    if (const char* s = std::getenv("STRIDESCOPE_WORD_SIZE")) word_size = std::atoi(s) == 8 ? 8 : 4;
    if (const char* s = std::getenv("STRIDESCOPE_SCHEDULE")) {
      const std::string v = s;
      if (v == "lockstep") schedule = Schedule::Lockstep;
      if (v.rfind("random", 0) == 0) {
        schedule = Schedule::Random;
        random.seed(v.size() > 7 ? std::strtoull(v.c_str() + 7, nullptr, 10) : 1);
      }
    }
    raw_path = std::getenv("STRIDESCOPE_RAW");
  }
  ~Runtime() { write(); }

  static char* shared_begin() { return __start_stridescope_shared; }
  static std::size_t static_shared() {
    return std::size_t(stridescope_dynamic_shared - __start_stridescope_shared);
  }

  void resolve_pending() {
    if (pending_store < 0) return;
    RawAccess& a = step.accesses[std::size_t(pending_store)];
    a.value = read_value(shared_begin() + a.offset, a.size);
    pending_store = -1;
  }

  static std::int64_t read_value(const char* p, std::uint32_t size) {
    std::int64_t v = 0;
    std::memcpy(&v, p, size > 8 ? 8 : size);
    if (size == 4) return std::int32_t(v);
    return v;
  }

  void yield_to_scheduler() { scheduler = std::move(scheduler).resume(); }

  void on_access(const volatile void* addr, std::uint32_t size, char kind, void* pc) {
    const char* p = const_cast<const char*>(static_cast<const volatile char*>(addr));
    char* b = shared_begin();
    if (p < b || p >= b + used_shared || fibers.empty()) {
      if (tracing) global.note(p, size, kind);
      return;
    }
    resolve_pending();  // the previous access of the thread that ran last is done
    if (preempt) {      // another thread's turn (lockstep and random schedules)
      preempt = false;
      yield_to_scheduler();
    }
    if (in_traced_launch) block_low = std::min<std::size_t>(block_low, std::size_t(p - b));
    if (schedule == Schedule::Lockstep) preempt = true;
    if (schedule == Schedule::Random) preempt = random() % 2 == 0;
    if (!tracing) return;
    ++shared_accesses;
    RawAccess a{current,
                order[current]++,
                std::uint32_t(p - b),
                size,
                kind,
                reinterpret_cast<std::uintptr_t>(pc),
                0,
                warp_epoch[current],
                round[current]};
    if (kind == 'r') a.value = read_value(p, size);
    step.accesses.push_back(a);
    if (kind == 'w') pending_store = long(step.accesses.size()) - 1;
  }

  void end_step(const char* kind, int line) {
    resolve_pending();
    step.kind = kind;
    step.line = line;
    step.snapshot = words();
    step.global = global.end_step();
    steps.push_back(std::move(step));
    step = RawStep{};
    std::fill(order.begin(), order.end(), 0);
  }

  std::vector<std::uint32_t> words() const {
    std::vector<std::uint32_t> w(used_shared / 4);
    if (!w.empty()) std::memcpy(w.data(), shared_begin(), w.size() * 4);
    return w;
  }

  [[noreturn]] void fail(const std::string& message) {
    std::fflush(stdout);  // the message reaches the user through the raw record (stridescope run)
    error = message;
    write();
    std::_Exit(3);
  }

  std::string where() const {
    if (gridDim.y == 1 && gridDim.z == 1) return "block " + std::to_string(blockIdx.x);
    return "block (" + std::to_string(blockIdx.x) + "," + std::to_string(blockIdx.y) + "," +
           std::to_string(blockIdx.z) + ")";
  }

  void set_thread(std::uint32_t t) {
    current = t;
    threadIdx = uint3{t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)};
  }

  // Resumes every thread that can run, in the schedule's order, until none can.
  void run_ready(std::uint32_t threads) {
    std::vector<std::uint32_t> ready;
    for (;;) {
      ready.clear();
      for (std::uint32_t t = 0; t < threads; ++t)
        if (wait[t] == Wait::None) ready.push_back(t);
      if (ready.empty()) return;
      if (schedule == Schedule::Random) std::shuffle(ready.begin(), ready.end(), random);
      for (std::uint32_t t : ready) {
        set_thread(t);
        preempt = false;
        fibers[t] = std::move(fibers[t]).resume();
      }
    }
  }

  // Releases the warps whose every lane in the mask waits at a warp barrier; false if none.
  bool release_warps(std::uint32_t threads) {
    bool released = false;
    for (std::uint32_t w = 0; w * 32 < threads; ++w) {
      unsigned mask = 0;
      int line = 0;
      bool complete = true, any = false;
      for (std::uint32_t lane = 0; lane < 32 && w * 32 + lane < threads; ++lane) {
        const std::uint32_t t = w * 32 + lane;
        if (wait[t] != Wait::Warp) continue;
        any = true;
        mask = wait_mask[t];
        line = wait_line[t];
        for (std::uint32_t other = 0; other < 32; ++other)
          if ((mask >> other & 1u) &&
              (w * 32 + other >= threads || wait[w * 32 + other] != Wait::Warp))
            complete = false;
        break;
      }
      if (!any || !complete) continue;
      const std::uint32_t first = w * 32 + std::uint32_t(__builtin_ctz(mask));
      const bool shuffle = shuffles[first].waiting;
      // As the catalog's emulator: a __syncwarp() orders the lanes' memory (warp_epoch); it and a
      // __shfl_down_sync() end a warp round (round); other shuffles are not traced.
      const bool ends_round = !shuffle || shuffles[first].kind == ShuffleKind::Down;
      const std::uint32_t ended = round[first];
      if (shuffle) finish_shuffles(w, mask, threads, line, ended);
      for (std::uint32_t lane = 0; lane < 32; ++lane)
        if ((mask >> lane & 1u) && w * 32 + lane < threads) {
          const std::uint32_t t = w * 32 + lane;
          wait[t] = Wait::None;
          shuffles[t].waiting = false;
          if (!shuffle) ++warp_epoch[t];
          if (ends_round) ++round[t];
        }
      if (tracing && !shuffle)
        step.warp_syncs.push_back({std::int64_t(w), std::int64_t(mask), line, std::int64_t(ended)});
      released = true;
    }
    return released;
  }

  void finish_shuffles(std::uint32_t w, unsigned mask, std::uint32_t threads, int line,
                       std::uint32_t ended) {
    const ShuffleRequest& first = shuffles[w * 32 + std::uint32_t(__builtin_ctz(mask))];
    RawShuffle record{
        w, mask, std::uint32_t(first.arg), line, ended, first.size, first.kind_of_value, {}, {}};
    record.sent.assign(32, 0);
    record.received.assign(32, 0);
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
      const std::uint32_t t = w * 32 + lane;
      if (!(mask >> lane & 1u) || t >= threads) continue;
      ShuffleRequest& r = shuffles[t];
      const int width = r.width > 0 && r.width <= 32 ? r.width : 32;
      const int base = int(lane) / width * width, in = int(lane) - base;
      int src = int(lane);
      switch (r.kind) {
        case ShuffleKind::Index:
          src = base + ((r.arg % width) + width) % width;
          break;
        case ShuffleKind::Up:
          src = in - r.arg >= 0 ? int(lane) - r.arg : int(lane);
          break;
        case ShuffleKind::Down:
          src = in + r.arg < width ? int(lane) + r.arg : int(lane);
          break;
        case ShuffleKind::Xor:
          src = (in ^ r.arg) < width ? base + (in ^ r.arg) : int(lane);
          break;
      }
      const std::uint32_t s = w * 32 + std::uint32_t(src);
      r.result = s < threads && (mask >> src & 1u) ? shuffles[s].value : r.value;
      record.sent[lane] = r.value;
      record.received[lane] = r.result;
    }
    if (tracing && first.kind == ShuffleKind::Down) step.shuffles.push_back(std::move(record));
  }

  // Every live thread waits at a __syncthreads(): true if they may go on (one line, none exited).
  void check_block_barrier(std::uint32_t threads, int& line) {
    std::uint32_t waiting = 0, exited = 0;
    line = 0;
    for (std::uint32_t t = 0; t < threads; ++t) {
      if (wait[t] == Wait::Done) {
        ++exited;
        continue;
      }
      if (wait[t] == Wait::Warp)
        fail("barrier divergence in " + where() + ": thread " + std::to_string(t) +
             " waits at the __syncwarp() or shuffle of line " + std::to_string(wait_line[t]) +
             " for lanes of its mask that never arrive");
      ++waiting;
      if (line == 0) line = wait_line[t];
      if (wait_line[t] != line)
        fail("barrier divergence in " + where() +
             ": threads wait at the __syncthreads() of lines " + std::to_string(line) + " and " +
             std::to_string(wait_line[t]));
    }
    if (waiting != 0 && exited != 0)
      fail("barrier divergence in " + where() + ": " + std::to_string(waiting) +
           " threads wait at the __syncthreads() of line " + std::to_string(line) + " but " +
           std::to_string(exited) + " exited");
  }

  void run_block(void (*body)(void*), void* closure) {
    const std::uint32_t threads = blockDim.x * blockDim.y * blockDim.z;
    fibers.clear();
    wait.assign(threads, Wait::None);
    wait_line.assign(threads, 0);
    wait_mask.assign(threads, 0);
    order.assign(threads, 0);
    warp_epoch.assign(threads, 0);
    round.assign(threads, 0);
    shuffles.assign(threads, ShuffleRequest{});
    for (std::uint32_t t = 0; t < threads; ++t) {
      fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(256 * 1024),
                          [this, t, body, closure](ctx::fiber&& caller) {
                            scheduler = std::move(caller);
                            body(closure);
                            resolve_pending();
                            wait[t] = Wait::Done;
                            return std::move(scheduler);
                          });
    }
    for (;;) {
      run_ready(threads);
      if (release_warps(threads)) continue;
      int line = 0;
      check_block_barrier(threads, line);
      if (line == 0) break;  // every thread exited
      if (in_traced_launch && !first_barrier_seen) {
        first_barrier_seen = true;
        first_snapshots.push_back(words());
      }
      if (tracing) end_step("barrier", line);
      for (std::uint32_t t = 0; t < threads; ++t) wait[t] = Wait::None;
      std::fill(warp_epoch.begin(), warp_epoch.end(), 0);
      std::fill(round.begin(), round.end(), 0);
    }
    if (tracing) end_step("exit", 0);
    if (in_traced_launch) {
      if (!first_barrier_seen) first_snapshots.push_back(words());
      block_results.push_back(block_low + word_size <= used_shared
                                  ? read_value(shared_begin() + block_low, word_size)
                                  : 0);
    }
    fibers.clear();
  }

  void launch(dim3 grid, dim3 block, std::size_t dynamic, void (*body)(void*), void* closure) {
    ++launch_index;
    launch_kernels.push_back(std::uintptr_t(std::exchange(next_kernel, nullptr)));
    launches.push_back({{"grid", {grid.x, grid.y, grid.z}},
                        {"block", {block.x, block.y, block.z}},
                        {"dynamic_shared", dynamic}});
    const unsigned long long threads = 1ull * block.x * block.y * block.z;
    if (threads == 0 || threads > 1024)
      fail("launch " + std::to_string(launch_index) + " asks for " + std::to_string(threads) +
           " threads per block; CUDA allows 1 to 1024");
    if (grid.x == 0 || grid.y == 0 || grid.z == 0)
      fail("launch " + std::to_string(launch_index) + " asks for a grid of (" +
           std::to_string(grid.x) + "," + std::to_string(grid.y) + "," + std::to_string(grid.z) +
           ") blocks; CUDA refuses a size of 0 (invalid configuration argument)");
    if (dynamic > kDynamicSharedBytes)
      fail("launch " + std::to_string(launch_index) + " asks for " + std::to_string(dynamic) +
           " bytes of dynamic shared memory; the runtime has " +
           std::to_string(kDynamicSharedBytes));
    gridDim = grid;
    blockDim = block;
    used_shared = (static_shared() + dynamic + 7) / 8 * 8;
    const bool traced_launch_now = launch_index == traced_launch;
    if (traced_launch_now) {
      traced = true;
      traced_grid = grid;
      traced_blockdim = block;
      traced_shared = used_shared;
      global.begin_launch();
    }
    for (std::uint32_t z = 0; z < grid.z; ++z)
      for (std::uint32_t y = 0; y < grid.y; ++y)
        for (std::uint32_t x = 0; x < grid.x; ++x) {
          blockIdx = uint3{x, y, z};
          const long linear = long(x) + long(grid.x) * (long(y) + long(grid.y) * long(z));
          tracing = traced_launch_now && linear == traced_block;
          in_traced_launch = traced_launch_now;
          first_barrier_seen = false;
          block_low = used_shared;
          std::memset(shared_begin(), 0, used_shared);  // fresh shared memory
          run_block(body, closure);
          tracing = false;
          in_traced_launch = false;
        }
  }

  void syncthreads(int line) {
    resolve_pending();
    wait[current] = Wait::Block;
    wait_line[current] = line;
    yield_to_scheduler();
  }

  void syncwarp(unsigned mask, int line) {
    resolve_pending();
    if (!(mask >> (current % 32) & 1u))
      fail("thread " + std::to_string(current) + " of " + where() + " calls __syncwarp(0x" +
           [&] {
             char b[16];
             std::snprintf(b, sizeof b, "%08x", mask);
             return std::string(b);
           }() +
           ") at line " + std::to_string(line) + " with a mask that leaves out its own lane");
    wait[current] = Wait::Warp;
    wait_line[current] = line;
    wait_mask[current] = mask;
    yield_to_scheduler();
  }

  std::uint64_t shuffle(ShuffleKind kind, unsigned mask, std::uint64_t value, unsigned size,
                        int kind_of_value, int arg, int width, int line) {
    shuffles[current] = ShuffleRequest{kind, value, arg, width, size, kind_of_value, value, true};
    syncwarp(mask, line);
    return shuffles[current].result;
  }

  void write() {
    if (!raw_path) return;
    nlohmann::json out;
    out["shared_bytes"] = traced ? traced_shared : used_shared;
    out["launches"] = launches;
    out["launch_kernels"] = launch_kernels;
    out["traced"] = traced;
    out["traced_launch"] = traced_launch;
    out["traced_block"] = traced_block;
    out["shared_accesses"] = shared_accesses;
    if (!error.empty()) out["error"] = error;
    if (fault_pc) out["fault_pc"] = fault_pc;
    if (traced) {
      out["grid"] = {traced_grid.x, traced_grid.y, traced_grid.z};
      out["block"] = {traced_blockdim.x, traced_blockdim.y, traced_blockdim.z};
    }
    nlohmann::json js = nlohmann::json::array();
    for (const RawStep& s : steps) {
      nlohmann::json acc = nlohmann::json::array();
      for (const RawAccess& a : s.accesses)
        acc.push_back({a.thread, a.order, a.offset, a.size, std::string(1, a.kind), a.pc, a.value,
                       a.warp_epoch, a.round});
      nlohmann::json shuffles = nlohmann::json::array();
      for (const RawShuffle& h : s.shuffles)
        shuffles.push_back({{"warp", h.warp},
                            {"mask", h.mask},
                            {"delta", h.delta},
                            {"line", h.line},
                            {"round", h.round},
                            {"size", h.size},
                            {"kind_of_value", h.kind_of_value},
                            {"sent", h.sent},
                            {"received", h.received}});
      js.push_back({{"kind", s.kind},
                    {"line", s.line},
                    {"accesses", acc},
                    {"warp_syncs", s.warp_syncs},
                    {"shuffles", shuffles},
                    {"snapshot", s.snapshot},
                    {"global", s.global}});
    }
    out["steps"] = js;
    out["buffers"] = global.buffers_json();
    out["first_snapshots"] = first_snapshots;
    out["block_results"] = block_results;
    std::ofstream(raw_path) << out;
    raw_path = nullptr;
  }
};

Runtime& rt() {
  static Runtime r;
  return r;
}

const char* signal_words(int sig) {
  switch (sig) {
    case SIGSEGV:
    case SIGBUS:
      return "a segmentation fault (an access outside any allocation: an index past the end of "
             "an array, or a host pointer used in a kernel?)";
    case SIGFPE:
      return "an arithmetic fault (an integer division by zero?)";
    case SIGILL:
      return "an illegal instruction";
    default:
      return "a fatal signal";
  }
}

// A fault in the user's program: the raw record says what and where (the parent names the line).
void on_fault(int sig, siginfo_t*, void* context) {
  Runtime& r = rt();
  r.fault_pc = static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP] + 1;
  std::string who;
  if (!r.fibers.empty())
    who = " in thread " + std::to_string(r.current) + " of " + r.where() + " of launch " +
          std::to_string(r.launch_index);
  r.fail(std::string("the program died of ") + signal_words(sig) + who);
}

void on_terminate() {
  std::string what = "an uncaught C++ exception";
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      what += std::string(": ") + x.what();
    } catch (...) {
    }
  }
  rt().fail("the program stopped with " + what);
}

// Installed before main(): fault handlers on a stack of their own (a fiber's stack may be the
// one that overflowed).
struct FaultHandlers {
  FaultHandlers() {
    static std::vector<char> stack(1 << 16);
    stack_t ss{};
    ss.ss_sp = stack.data();
    ss.ss_size = stack.size();
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) sigaction(sig, &sa, nullptr);
    std::set_terminate(on_terminate);
    rt();
  }
} fault_handlers;

// Each device buffer's mapping (base, length), by the pointer the program got.
std::map<void*, std::pair<void*, std::size_t>>& allocations() {
  static std::map<void*, std::pair<void*, std::size_t>> a;
  return a;
}

}  // namespace

namespace stridescope_rt {
void syncthreads(int line) {
  rt().syncthreads(line);
}
void syncwarp(unsigned mask, int line) {
  rt().syncwarp(mask, line);
}
std::uint64_t shuffle(ShuffleKind kind, unsigned mask, std::uint64_t value, unsigned size,
                      int kind_of_value, int arg, int width, int line) {
  return rt().shuffle(kind, mask, value, size, kind_of_value, arg, width, line);
}
void note_access(const volatile void* addr, unsigned size, char kind, void* pc) {
  rt().on_access(addr, size, kind, pc);
}
void launch(dim3 grid, dim3 block, std::size_t dynamic_shared, void (*body)(void*), void* closure) {
  rt().launch(grid, block, dynamic_shared, body, closure);
}
void note_kernel(const void* kernel) {
  rt().next_kernel = kernel;
}
}  // namespace stridescope_rt

namespace {
// Device allocations end at a page the program may not touch: a write past the end faults.
cudaError_t map_device_buffer(void** ptr, std::size_t bytes) {
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  const std::size_t rounded = (bytes + 15) / 16 * 16;
  const std::size_t total = (rounded + page - 1) / page * page + page;
  void* base = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return cudaErrorMemoryAllocation;
  char* guard = static_cast<char*>(base) + total - page;
  mprotect(guard, page, PROT_NONE);
  *ptr = guard - rounded;
  allocations()[*ptr] = {base, total};
  return cudaSuccess;
}
}  // namespace

namespace stridescope_rt {
cudaError_t device_malloc(void** ptr, std::size_t bytes, void* pc, unsigned element_size,
                          const char* type) {
  const cudaError_t e = map_device_buffer(ptr, bytes);
  if (e == cudaSuccess) rt().global.allocated(*ptr, bytes, pc, element_size, type);
  return e;
}
}  // namespace stridescope_rt

#define STRIDESCOPE_COV(N)                                     \
  extern "C" void __sanitizer_cov_load##N(void* addr) {        \
    rt().on_access(addr, N, 'r', __builtin_return_address(0)); \
  }                                                            \
  extern "C" void __sanitizer_cov_store##N(void* addr) {       \
    rt().on_access(addr, N, 'w', __builtin_return_address(0)); \
  }
STRIDESCOPE_COV(1)
STRIDESCOPE_COV(2)
STRIDESCOPE_COV(4)
STRIDESCOPE_COV(8)
STRIDESCOPE_COV(16)

// The book's cudaMalloc((void**)&dev_a, bytes): the element type is not known here.
cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
  return stridescope_rt::device_malloc(ptr, bytes, __builtin_return_address(0), 0, "");
}
cudaError_t cudaFree(void* ptr) {
  if (!ptr) return cudaSuccess;
  auto it = allocations().find(ptr);
  if (it == allocations().end()) return cudaErrorInvalidValue;
  munmap(it->second.first, it->second.second);
  allocations().erase(it);
  rt().global.freed(ptr);
  return cudaSuccess;
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned) {
  *ptr = std::calloc(1, bytes ? bytes : 1);
  return *ptr ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
  return cudaHostAlloc(ptr, bytes, 0);
}
cudaError_t cudaFreeHost(void* ptr) {
  std::free(ptr);
  return cudaSuccess;
}
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind) {
  std::memmove(dst, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
  std::memset(dst, value, bytes);
  return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize() {
  return cudaSuccess;
}
cudaError_t cudaDeviceReset() {
  return cudaSuccess;
}
cudaError_t cudaGetLastError() {
  return cudaSuccess;
}
cudaError_t cudaPeekAtLastError() {
  return cudaSuccess;
}
const char* cudaGetErrorString(cudaError_t error) {
  switch (error) {
    case cudaSuccess:
      return "no error";
    case cudaErrorInvalidValue:
      return "invalid argument";
    case cudaErrorMemoryAllocation:
      return "out of memory";
  }
  return "unknown error";
}
cudaError_t cudaGetDeviceCount(int* count) {
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) {
  return device == 0 ? cudaSuccess : cudaErrorInvalidValue;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (device != 0) return cudaErrorInvalidValue;
  *prop = cudaDeviceProp{};
  std::snprintf(prop->name, sizeof prop->name, "StrideScope CPU emulator");
  prop->totalGlobalMem = 4ull << 30;
  prop->sharedMemPerBlock = kDynamicSharedBytes;
  prop->regsPerBlock = 65536;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = 1024;
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 2147483647;
  prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
  prop->major = 0;
  prop->minor = 0;
  prop->multiProcessorCount = 1;
  return cudaSuccess;
}
struct CUevent_st {
  std::chrono::steady_clock::time_point at;
};
cudaError_t cudaEventCreate(cudaEvent_t* event) {
  *event = new CUevent_st{};
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
  event->at = std::chrono::steady_clock::now();
  return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t) {
  return cudaSuccess;
}
// The emulator's wall time between the records: a CPU figure, not a GPU's.
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  *ms = std::chrono::duration<float, std::milli>(end->at - start->at).count();
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  delete event;
  return cudaSuccess;
}
