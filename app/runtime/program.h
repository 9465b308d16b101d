// The runtime's view of the whole program (runtime/*.cpp, linked into a user's program): what
// `stridescope run` asked for (from the environment), the launches so far, the record of the traced
// block, the sticky CUDA error, and how the program is stopped when it must be. One per process.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bounds.h"
#include "global_record.h"
#include "simt/engine.h"
#include "stridescope_cuda.h"

namespace stridescope_rt {

struct RawAccess {
  std::uint32_t thread, order, offset, size;
  char kind;  // 'r', 'w' or 'a' (an atomic read-modify-write; its value is the one written)
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

struct Config {
  long traced_launch = 0;
  long traced_block = 0;
  unsigned word_size = 4;
  const char* raw_path = nullptr;
  stridescope::simt::Schedule schedule = stridescope::simt::Schedule::Warps;
  std::uint64_t seed = 1;
  unsigned workers = 1;     // OS threads that run blocks
  double time_limit_s = 0;  // wall clock for the whole program (0: none)
  // A kernel's access of 2, 4, 8 or 16 bytes at an address not a multiple of its size stops the
  // program, as a GPU stops the kernel ("misaligned address"); off for a program with packed
  // structs, whose fields clang loads whole where nvcc loads them byte by byte.
  bool alignment_checks = true;
  // Lanes take turns at every access in every block, even where a kernel's threads share nothing
  // between barriers (sharing_probe.h); STRIDESCOPE_TURNS_AT_EVERY_ACCESS=1, for a measurement.
  bool turns_always = false;
};

class Program {
 public:
  static Program& get();

  Config config;

  // Launches (the main thread's).
  long launch_index = -1;
  // The launch (index + 1) whose kernel's writes are the last launch's: itself, or for a repeat
  // that did not run, the launch it repeated (repeat_launch.h). Its words carry this provenance.
  std::uint32_t last_writes_by = 0;
  nlohmann::json launches = nlohmann::json::array();
  std::atomic<std::uint64_t> blocks_done{0}, blocks_total{0};
  // What kernels printed in this launch: a GPU's printf buffer holds 1 MiB
  // (cudaLimitPrintfFifoSize); what does not fit is dropped, as there.
  std::atomic<std::uint64_t> printed_bytes{0};
  std::atomic<bool> in_launch{false};

  // The traced launch and block.
  bool traced = false;
  dim3 traced_grid, traced_blockdim;
  std::size_t traced_shared = 0;
  std::vector<RawStep> steps;  // of the traced block, written by the worker that runs it
  std::uint64_t shared_accesses = 0;
  // Every block of the traced launch: shared memory at its first barrier and its word 0 at exit
  // (the catalog's input and result); kept only when the launch is small enough.
  std::vector<std::vector<std::uint32_t>> first_snapshots;
  std::vector<std::int64_t> block_results;
  bool per_block_kept = false;
  bool trace_overflow = false;  // the traced block made more accesses or steps than a trace holds
  stridescope_rt_global::GlobalRecord global;  // cudaMalloc buffers; the traced block's use
  std::vector<BufferSpan> buffers;  // the live ones at the launch running now, by address
  // An exercise harness's reports (results.cpp): arrays read from device memory, and inputs that
  // no kernel read.
  nlohmann::json results = nlohmann::json::array();
  nlohmann::json unread = nlohmann::json::array();

  // CUDA's error state: the last error (cleared by cudaGetLastError) and a sticky one (a fault
  // or a failed assert in a kernel: every later call returns it).
  cudaError_t last_error = cudaSuccess;
  cudaError_t sticky_error = cudaSuccess;
  cudaError_t note(cudaError_t e) {
    if (e != cudaSuccess) last_error = e;
    return sticky_error != cudaSuccess ? sticky_error : e;
  }

  // Stops the program: the message reaches the user through the raw record (stridescope run).
  [[noreturn]] void fail(const std::string& message, std::uintptr_t fault_pc = 0);
  // Writes the raw record (at exit, once).
  void write_record();
  std::string where_now() const;  // "in launch 3 (12,288 of 65,536 blocks done)" or after one

 private:
  Program();
  std::mutex mutex_;
  bool written_ = false;
};

// Prints `n` with thousands separators: 65536 -> "65,536".
std::string with_commas(std::uint64_t n);

}  // namespace stridescope_rt
