// The runtime linked into a user's CUDA program built by `stridescope run` (see
// stridescope_cuda.h). Built once, without instrumentation, by CMake (libstridescope_cuda_rt.a). It
// runs each CUDA thread of a block as a Boost.Context fiber, blocks one after another, threads
// resumed in index order; __syncthreads() suspends the fiber. The user's code is compiled with
// -fsanitize-coverage=edge,trace-loads,trace-stores: every load and store calls
// __sanitizer_cov_loadN/storeN(addr) first; an address inside the stridescope_shared section is a
// shared-memory access. For the traced launch and block the accesses (with the caller's return
// address, symbolized to a line by the parent) and a snapshot at each barrier are written as JSON
// to $STRIDESCOPE_RAW when the program exits.
#include <boost/context/fiber.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "stridescope_cuda.h"

uint3 threadIdx{0, 0, 0};
uint3 blockIdx{0, 0, 0};
dim3 blockDim{1, 1, 1};
dim3 gridDim{1, 1, 1};

extern "C" {
__attribute__((weak)) extern char __start_stridescope_shared[];
__attribute__((weak)) extern char __stop_stridescope_shared[];
}

namespace ctx = boost::context;

namespace {

struct RawAccess {
  std::uint32_t thread, order, offset, size;
  char kind;
  std::uintptr_t pc;
  std::int64_t value;
};

struct RawStep {
  std::string kind;  // "barrier" | "exit"
  int line = 0;
  std::vector<RawAccess> accesses;
  std::vector<std::int32_t> snapshot;
};

struct Runtime {
  // Configuration from the environment.
  long traced_launch = 0;
  long traced_block = 0;
  const char* raw_path = nullptr;

  // The running launch.
  long launch_index = -1;
  bool tracing = false;  // recording the current block's accesses
  std::uint32_t current = 0;
  std::vector<ctx::fiber> fibers;
  std::vector<int> waiting_line;  // 0: running or done
  std::vector<bool> done;
  std::vector<std::uint32_t> order;  // per thread, in the current step
  ctx::fiber scheduler;
  long pending_store = -1;  // index into step.accesses of a store whose value is not yet in memory
  std::uint64_t shared_accesses = 0;

  // What the traced block did.
  nlohmann::json launches = nlohmann::json::array();
  std::vector<RawStep> steps;
  RawStep step;
  dim3 traced_grid, traced_blockdim;
  bool traced = false;
  // Every block of the traced launch: shared memory at its first barrier (what it loaded) and
  // s[0] when it exits (its result, by the catalog's convention).
  std::vector<std::vector<std::int32_t>> first_snapshots;
  std::vector<std::int64_t> block_results;
  bool in_traced_launch = false;
  bool first_barrier_seen = false;
  std::string error;  // why the program was stopped

  Runtime() {
    if (const char* s = std::getenv("STRIDESCOPE_LAUNCH")) traced_launch = std::atol(s);
    if (const char* s = std::getenv("STRIDESCOPE_TRACED_BLOCK")) traced_block = std::atol(s);
    raw_path = std::getenv("STRIDESCOPE_RAW");
  }
  ~Runtime() { write(); }

  static char* shared_begin() { return __start_stridescope_shared; }
  static std::size_t shared_bytes() {
    return __start_stridescope_shared
               ? std::size_t(__stop_stridescope_shared - __start_stridescope_shared)
               : 0;
  }

  void resolve_pending() {
    if (pending_store < 0) return;
    RawAccess& a = step.accesses[std::size_t(pending_store)];
    a.value = read_value(shared_begin() + a.offset, a.size);
    pending_store = -1;
  }

  static std::int64_t read_value(const char* p, std::uint32_t size) {
    switch (size) {
      case 1: {
        std::int8_t v;
        std::memcpy(&v, p, 1);
        return v;
      }
      case 2: {
        std::int16_t v;
        std::memcpy(&v, p, 2);
        return v;
      }
      case 4: {
        std::int32_t v;
        std::memcpy(&v, p, 4);
        return v;
      }
      default: {
        std::int64_t v;
        std::memcpy(&v, p, 8);
        return v;
      }
    }
  }

  void on_access(void* addr, std::uint32_t size, char kind, void* pc) {
    char* p = static_cast<char*>(addr);
    char* b = shared_begin();
    if (!tracing || p < b || p >= b + shared_bytes()) return;
    resolve_pending();
    ++shared_accesses;
    RawAccess a{current,
                order[current]++,
                std::uint32_t(p - b),
                size,
                kind,
                reinterpret_cast<std::uintptr_t>(pc),
                0};
    if (kind == 'r') a.value = read_value(p, size);
    step.accesses.push_back(a);
    if (kind == 'w') pending_store = long(step.accesses.size()) - 1;
  }

  void end_step(const char* kind, int line) {
    resolve_pending();
    step.kind = kind;
    step.line = line;
    std::size_t words = shared_bytes() / 4;
    step.snapshot.resize(words);
    std::memcpy(step.snapshot.data(), shared_begin(), words * 4);
    steps.push_back(std::move(step));
    step = RawStep{};
    std::fill(order.begin(), order.end(), 0);
  }

  std::vector<std::int32_t> words() const {
    std::vector<std::int32_t> w(shared_bytes() / 4);
    if (!w.empty()) std::memcpy(w.data(), shared_begin(), w.size() * 4);
    return w;
  }

  [[noreturn]] void fail(const std::string& message) {
    std::fflush(stdout);  // the message reaches the user through the raw record (stridescope run)
    error = message;
    write();
    std::_Exit(3);
  }

  void set_thread(std::uint32_t t) {
    current = t;
    threadIdx = uint3{t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)};
  }

  void run_block(void (*body)(void*), void* closure) {
    const std::uint32_t threads = blockDim.x * blockDim.y * blockDim.z;
    fibers.clear();
    waiting_line.assign(threads, 0);
    done.assign(threads, false);
    order.assign(threads, 0);
    for (std::uint32_t t = 0; t < threads; ++t) {
      fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(256 * 1024),
                          [this, t, body, closure](ctx::fiber&& caller) {
                            scheduler = std::move(caller);
                            body(closure);
                            resolve_pending();
                            done[t] = true;
                            return std::move(scheduler);
                          });
    }
    for (;;) {
      for (std::uint32_t t = 0; t < threads; ++t) {
        if (done[t]) continue;
        waiting_line[t] = 0;
        set_thread(t);
        fibers[t] = std::move(fibers[t]).resume();
      }
      std::uint32_t waiting = 0, exited = 0;
      int line = 0;
      for (std::uint32_t t = 0; t < threads; ++t) {
        if (done[t]) {
          ++exited;
          continue;
        }
        ++waiting;
        if (line == 0) line = waiting_line[t];
        if (waiting_line[t] != line)
          fail("barrier divergence in block " + std::to_string(blockIdx.x) +
               ": threads wait at the __syncthreads() of lines " + std::to_string(line) + " and " +
               std::to_string(waiting_line[t]));
      }
      if (waiting == 0) break;
      if (exited != 0)
        fail("barrier divergence in block " + std::to_string(blockIdx.x) + ": " +
             std::to_string(waiting) + " threads wait at the __syncthreads() of line " +
             std::to_string(line) + " but " + std::to_string(exited) + " exited");
      if (in_traced_launch && !first_barrier_seen) {
        first_barrier_seen = true;
        first_snapshots.push_back(words());
      }
      if (tracing) end_step("barrier", line);
    }
    if (tracing) end_step("exit", 0);
    if (in_traced_launch) {
      if (!first_barrier_seen) first_snapshots.push_back(words());
      block_results.push_back(shared_bytes() >= 4 ? read_value(shared_begin(), 4) : 0);
    }
    fibers.clear();
  }

  void launch(dim3 grid, dim3 block, void (*body)(void*), void* closure) {
    ++launch_index;
    launches.push_back(
        {{"grid", {grid.x, grid.y, grid.z}}, {"block", {block.x, block.y, block.z}}});
    gridDim = grid;
    blockDim = block;
    const bool traced_launch_now = launch_index == traced_launch;
    if (traced_launch_now) {
      traced = true;
      traced_grid = grid;
      traced_blockdim = block;
    }
    for (std::uint32_t z = 0; z < grid.z; ++z)
      for (std::uint32_t y = 0; y < grid.y; ++y)
        for (std::uint32_t x = 0; x < grid.x; ++x) {
          blockIdx = uint3{x, y, z};
          const long linear = long(x) + long(grid.x) * (long(y) + long(grid.y) * long(z));
          tracing = traced_launch_now && linear == traced_block;
          in_traced_launch = traced_launch_now;
          first_barrier_seen = false;
          if (shared_bytes() != 0)
            std::memset(shared_begin(), 0, shared_bytes());  // fresh shared memory
          run_block(body, closure);
          tracing = false;
          in_traced_launch = false;
        }
  }

  void syncthreads(int line) {
    resolve_pending();
    waiting_line[current] = line;
    scheduler = std::move(scheduler).resume();
  }

  void write() {
    if (!raw_path) return;
    nlohmann::json out;
    out["shared_bytes"] = shared_bytes();
    out["launches"] = launches;
    out["traced"] = traced;
    out["traced_launch"] = traced_launch;
    out["traced_block"] = traced_block;
    out["shared_accesses"] = shared_accesses;
    if (!error.empty()) out["error"] = error;
    if (traced) {
      out["grid"] = {traced_grid.x, traced_grid.y, traced_grid.z};
      out["block"] = {traced_blockdim.x, traced_blockdim.y, traced_blockdim.z};
    }
    nlohmann::json js = nlohmann::json::array();
    for (const RawStep& s : steps) {
      nlohmann::json acc = nlohmann::json::array();
      for (const RawAccess& a : s.accesses)
        acc.push_back({a.thread, a.order, a.offset, a.size, std::string(1, a.kind), a.pc, a.value});
      js.push_back(
          {{"kind", s.kind}, {"line", s.line}, {"accesses", acc}, {"snapshot", s.snapshot}});
    }
    out["steps"] = js;
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

}  // namespace

namespace stridescope_rt {
void syncthreads(int line) {
  rt().syncthreads(line);
}
void launch(dim3 grid, dim3 block, void (*body)(void*), void* closure) {
  rt().launch(grid, block, body, closure);
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

cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
  *ptr = std::calloc(1, bytes ? bytes : 1);
  return *ptr ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaFree(void* ptr) {
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
cudaError_t cudaGetLastError() {
  return cudaSuccess;
}
const char* cudaGetErrorString(cudaError_t error) {
  return error == cudaSuccess ? "no error" : "error";
}
