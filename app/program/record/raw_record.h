// The raw record of one run, typed: what the runtime (app/runtime/program.cpp) writes as JSON and
// the GPU tracer's record is made into (gputrace/gpu_record.h). Read and checked once, with
// bounds (raw_record_of); every reader in record/ reads these fields, none reads JSON.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace stridescope {

// One access of the traced block to shared memory.
struct RawAccess {
  std::uint32_t thread = 0, order = 0;
  std::uint32_t offset = 0;  // bytes from the start of the block's shared memory
  std::uint32_t size = 4;    // bytes: 1, 2, 4, 8 or 16
  char kind = 'r';           // 'r' a read, 'w' a write, 'a' an atomic
  std::uint64_t pc = 0;      // the return address of the access (symbolized into a line)
  std::int64_t value = 0;    // the bits read or written, the low bytes first
  std::uint32_t warp_epoch = 0, round = 0;
};

// One __syncwarp() passed by the lanes in `mask` of `warp`, at `line`, in warp round `round`.
struct RawWarpSync {
  std::uint32_t warp = 0, mask = 0;
  int line = 0;
  std::uint32_t round = 0;
};

// One __shfl_*_sync() of a warp: what each lane sent and received, as bits.
struct RawShuffle {
  std::uint32_t warp = 0, mask = 0;
  int delta = 0, line = 0;
  std::uint32_t round = 0;
  unsigned size = 4;      // bytes of the value
  int kind_of_value = 0;  // 0 unsigned, 1 signed, 2 a float or double
  std::array<std::uint64_t, 32> sent{}, received{};
};

// A barrier interval's traffic to one cudaMalloc buffer of one kind.
struct RawGlobalUse {
  std::uint32_t buffer = 0;  // an index into RawRecord::buffers
  char kind = 'r';
  std::uint64_t accesses = 0, bytes = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;  // [first, last] bytes
};

// The traced block between two __syncthreads() (or to its exit), and shared memory at its end.
struct RawStep {
  bool exit = false;  // the block's exit (else a __syncthreads())
  int line = 0;       // the barrier's
  std::vector<RawAccess> accesses;
  std::vector<RawWarpSync> warp_syncs;
  std::vector<RawShuffle> shuffles;
  std::vector<std::uint32_t> snapshot;  // 4-byte words
  std::vector<RawGlobalUse> global;     // (none from a GPU)
};

using RawDims = std::array<std::uint64_t, 3>;

struct RawLaunch {
  RawDims grid{}, block{};
  std::optional<std::string> kernel;  // its function, as the symbols name it
  std::uint64_t dynamic_shared = 0;   // bytes (the launch's third number)
};

// A __shared__ variable by its place in the runtime's shared section.
struct RawSharedSymbol {
  std::string name;  // demangled
  std::uint32_t offset = 0, bytes = 0;
};

// A cudaMalloc (or cudaMallocManaged) buffer.
struct RawBuffer {
  std::uint64_t pc = 0;  // of the allocating call
  std::uint64_t bytes = 0;
  std::string type;  // "" where the call's text did not say
  std::uint32_t element_size = 0;
  std::optional<std::string> name;  // the host variable, from the call's text
};

// One access of a race in global memory, or the reader of a word nothing wrote.
struct RawGlobalSide {
  std::uint64_t block = 0;
  std::uint32_t thread = 0;
  std::uint64_t pc = 0;
  char kind = 'r';
};

struct RawGlobalRace {
  long launch = 0;
  std::string buffer;
  long long element = -1;
  RawGlobalSide first, second;
};

struct RawUnwrittenRead {
  long launch = 0;
  std::string buffer;
  long long element = -1;
  RawGlobalSide reader;
};

// An array or value an exercise harness reported (raw_results.h's ReportedResult, with pcs).
struct RawReported {
  struct Writer {
    std::uint64_t pc = 0;
    std::uint64_t block = 0;
    std::uint32_t thread = 0;
    int how = 5;  // ReportedResult::Writer::How
    long launch = 0;
  };
  std::string name;
  std::optional<std::string> error;
  std::vector<double> values;
  long long host_written = -1;
  std::vector<Writer> writers;
  std::optional<bool> on_device;  // set: a returned value
  std::vector<double> last_launch_wrote;
};

// An input of an exercise's harness that no kernel read (`unread` of its elements, the first).
struct RawUnread {
  std::string name;
  std::uint64_t unread = 0;
  long long first = -1;
};

struct RawRecord {
  bool started_only = false;  // the runtime's first word, not its last (the program ended early)
  std::optional<std::string> error, untraced;
  bool traced = false;
  std::optional<std::uint64_t> fault_pc;
  std::uint64_t shared_accesses = 0, global_races_total = 0, uninitialized_total = 0,
                repeated_launches = 0;
  // The traced launch and block: there where `traced` (and no error).
  std::uint64_t shared_bytes = 0;
  std::optional<RawDims> grid, block;
  std::optional<std::uint64_t> traced_launch;
  std::vector<RawStep> steps;
  // Each block's shared memory after its load and its word-0 result (a launch small enough).
  std::optional<std::vector<std::vector<std::uint32_t>>> first_snapshots;
  std::optional<std::vector<std::int64_t>> block_results;
  std::vector<RawLaunch> launches;
  std::vector<RawSharedSymbol> shared_symbols;
  std::optional<std::vector<RawBuffer>> buffers;  // none: no global memory recorded (a GPU's)
  std::vector<RawGlobalRace> global_races;
  std::vector<RawUnwrittenRead> unwritten_reads;
  std::vector<RawReported> results;
  std::vector<RawUnread> unread;

  // A traced run the trace is built from.
  bool traced_run() const { return traced && !error; }
};

// A record that is not one the runtime writes: its what() names the first thing wrong.
struct RawRecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The record, checked as the readers need it (raw_record_check.h: each field of its type, each
// array as long as read, each access inside the block's shared memory and threads; the harness's
// lists within bounds). Throws RawRecordError.
RawRecord raw_record_of(const nlohmann::json& raw);

// The blocks of a launch's grid or threads of its block (each dimension as 32 bits, as CUDA's).
std::uint32_t volume(const RawDims& dims);

}  // namespace stridescope
