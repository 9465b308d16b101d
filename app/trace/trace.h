// The trace: plain data describing one traced run, independent of the backend that made it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

inline constexpr const char* kTraceFormat = "stridescope-trace";
inline constexpr int kTraceVersion = 3;  // versions 1 and 2 still load

// Atomic: one read-modify-write (atomicAdd and friends); its value is the one it wrote. Two
// atomics on one word never race with each other; an atomic and a plain access do.
enum class AccessKind { Read, Write, Atomic };
inline bool reads_memory(AccessKind k) {
  return k != AccessKind::Write;
}
inline bool writes_memory(AccessKind k) {
  return k != AccessKind::Read;
}

// One shared-memory access by one thread inside one step.
struct Access {
  std::uint32_t thread = 0;
  std::uint32_t order = 0;    // position among this thread's accesses in the step
  std::uint32_t address = 0;  // byte offset into the block's shared memory
  std::uint32_t size = 4;     // bytes
  AccessKind kind = AccessKind::Read;
  int line = 0;                  // kernel source line
  std::uint32_t warp_epoch = 0;  // __syncwarp() calls this thread has passed since __syncthreads()
  double value = 0;              // the value read or written, in the element type (version 3)
  bool operator==(const Access&) const = default;
};

// One __syncwarp() passed together by the lanes in `mask` of warp `warp`. A step lists them warp
// by warp, in the order each warp passed them, so a lane's k-th entry is its k-th warp barrier.
struct WarpSync {
  std::uint32_t warp = 0;
  std::uint32_t mask = 0xffffffffu;
  int line = 0;
  bool operator==(const WarpSync&) const = default;
};

// One __shfl_down_sync() of one warp: what each lane handed in and what it got back (values in
// the trace's element type). Lanes outside the mask (or the block) hold 0 in both.
struct ShuffleRound {
  std::uint32_t warp = 0;
  std::uint32_t mask = 0xffffffffu;
  std::uint32_t delta = 0;
  int line = 0;
  std::vector<double> sent;      // 32 values, by lane
  std::vector<double> received;  // 32 values, by lane (its own value where lane + delta is out)
  bool operator==(const ShuffleRound&) const = default;
};

// Barrier: ends at a released __syncthreads(). WarpRound: ends where the warps pass their next
// __syncwarp() or __shfl_down_sync() (a sub-step of the __syncthreads() interval it is in).
// Exit: every thread returned. Divergence: the run stopped here because threads wait at a barrier
// that others skip (see Trace::divergence).
enum class StepKind { Barrier, WarpRound, Exit, Divergence };

// Everything that happened in a block between two step ends, and memory right after. The steps
// between two __syncthreads() (warp rounds, then the barrier, exit or divergence step) are one
// barrier interval: accesses are ordered (Access::order), warp epochs counted and races looked for
// across its rounds.
struct Step {
  StepKind kind = StepKind::Barrier;
  int line = 0;                        // line of the barrier (or of the last access for Exit)
  std::string label;                   // short, e.g. "stride = 64"
  std::vector<double> snapshot;        // one value per shared-memory word, after the step
  std::vector<Access> accesses;        // in the order they happened
  std::vector<WarpSync> warp_syncs;    // passed at the end of this step
  std::vector<ShuffleRound> shuffles;  // warp by warp, in the order each warp ran them
  bool operator==(const Step&) const = default;
};

struct BlockTrace {
  std::uint32_t block = 0;
  std::vector<Step> steps;
  double partial = 0;  // the value the block wrote as its result
  bool operator==(const BlockTrace&) const = default;
};

struct RunInfo {
  std::string variant;  // a catalog id; a file may name one this build does not know
  ElementType element_type = ElementType::Int;
  Operator op = Operator::Sum;
  std::uint64_t n = 0;
  std::uint32_t block_size = 0;
  std::uint32_t grid_size = 0;
  InputPattern input_pattern = InputPattern::Iota;
  std::vector<double> input_values;  // the n values of a custom input; empty for a pattern
  std::uint64_t seed = 0;
  Backend backend = Backend::Emulator;
  std::string device;
  std::string toolkit;
  bool operator==(const RunInfo&) const = default;
};

// Threads of one block that wait at one barrier.
struct BarrierWaiters {
  int line = 0;               // the barrier's source line
  bool warp_barrier = false;  // __syncwarp() or a shuffle rather than __syncthreads()
  std::vector<std::uint32_t> threads;
  bool operator==(const BarrierWaiters&) const = default;
};

// Why a run stopped: threads of `block` wait at barriers that the others never reach.
struct Divergence {
  std::uint32_t block = 0;
  std::vector<BarrierWaiters> waiting;
  std::vector<std::uint32_t> exited;  // threads that returned instead
  std::string message;                // one paragraph, for people
  bool operator==(const Divergence&) const = default;
};

// One launch over the whole grid and every block's result: pass 0 is the traced launch, each later
// pass a relaunch of the kernel on the previous pass's results.
struct GridPass {
  std::uint64_t n = 0;           // elements the launch reduced
  std::uint32_t grid = 0;        // blocks it ran
  std::vector<double> partials;  // one per block
  bool operator==(const GridPass&) const = default;
};

// A named shared-memory array of a user's program (`stridescope run`); a catalog kernel's trace
// lists none: its one array s[] covers every word.
struct SharedArray {
  std::string name;
  std::uint32_t first_word = 0;     // where it starts in the block's shared memory
  std::vector<std::uint32_t> dims;  // {256}, or {16, 16} for As[16][16]; their product: its words
  // The type its words are read in (word_types.h): its declared type where that is float, double
  // or a 4-byte int, else the program's type for its shared memory (int words where its arrays
  // mix types); none (a file of another build): the run's element type.
  std::optional<ElementType> type = std::nullopt;
  // Words per element: 2 for a double array (type Double) or a signed 8-byte integer array (type
  // Int) in a trace of 4-byte words (a program that mixes 8-byte and 4-byte arrays: element k is
  // words first_word + 2k, the low half, and + 2k + 1, the high half, as it spans two banks); else
  // 1. `dims` count elements.
  std::uint32_t element_words = 1;
  // A 4-byte unsigned integer array (type Int, one word an element): its words read as unsigned
  // (0xffffffff is 4294967295, not -1).
  bool is_unsigned = false;
  bool operator==(const SharedArray&) const = default;
};

// The words an array covers: its elements times element_words.
inline std::uint64_t array_words(const SharedArray& a) {
  std::uint64_t words = a.element_words;
  for (std::uint32_t d : a.dims) words *= d;
  return words;
}

// The array holding word `word`, or null.
inline const SharedArray* array_holding(const std::vector<SharedArray>& arrays,
                                        std::uint64_t word) {
  for (const SharedArray& a : arrays)
    if (word >= a.first_word && word - a.first_word < array_words(a)) return &a;
  return nullptr;
}

// One kernel launch a user's program made (`stridescope run`), in the order it made them.
struct ProgramLaunch {
  std::string kernel;                           // its name as the debug info spells it, e.g. "dot"
  std::array<std::uint32_t, 3> grid{1, 1, 1};   // blocks in x, y, z
  std::array<std::uint32_t, 3> block{1, 1, 1};  // threads per block in x, y, z
  std::uint32_t dynamic_shared = 0;  // bytes of dynamic shared memory: the launch's third number
  bool operator==(const ProgramLaunch&) const = default;
};

// A byte range [begin, end) of a cudaMalloc buffer.
struct ByteRange {
  std::uint64_t begin = 0, end = 0;
  bool operator==(const ByteRange&) const = default;
};

// The loads (or the stores) of some steps of the traced block into one buffer.
struct GlobalTraffic {
  std::uint64_t accesses = 0;     // loads or stores
  std::uint64_t bytes = 0;        // the bytes they moved, repeats counted
  std::vector<ByteRange> ranges;  // the bytes touched: sorted, merged (none touch or overlap)
  bool operator==(const GlobalTraffic&) const = default;
};

// What one step did to one buffer.
struct GlobalUse {
  std::uint32_t buffer = 0;  // index into GlobalMemory::buffers
  GlobalTraffic read, write;
  GlobalTraffic atomic;  // the atomic read-modify-writes among them (each also a read and a write)
  bool operator==(const GlobalUse&) const = default;
};

// A cudaMalloc buffer of a user's program, alive at the traced launch.
struct GlobalBuffer {
  std::string name;                // the host variable it was allocated into ("dev_a"), or
                                   // "buffer 2 (allocated at line 12)"
  int line = 0;                    // the cudaMalloc's line (0: unknown)
  std::string type;                // its elements' type ("float"), "" when unknown
  std::uint32_t element_size = 1;  // bytes per element (1: unknown, counted in bytes)
  std::uint64_t bytes = 0;         // as allocated
  bool operator==(const GlobalBuffer&) const = default;
};

// Global memory that the traced block (blocks[0]) of a user's program read and wrote, step by
// step (`stridescope run`); a catalog trace has none.
struct GlobalMemory {
  std::vector<GlobalBuffer> buffers;          // in allocation order
  std::vector<std::vector<GlobalUse>> steps;  // one list per step of blocks[0]: buffers touched
  bool operator==(const GlobalMemory&) const = default;
};

struct Trace {
  RunInfo run;
  std::uint32_t word_size = 4;      // bytes per shared-memory element
  std::uint32_t shared_words = 0;   // elements of shared memory per block
  std::vector<SharedArray> arrays;  // in address order; empty for a catalog kernel
  std::vector<BlockTrace> blocks;   // the traced blocks
  // A program's launches, all of them in order (empty for the catalog), and which one the traced
  // block belongs to.
  std::vector<ProgramLaunch> launches;
  std::uint32_t traced_launch = 0;
  double result = 0;     // the final reduction result, as the program computed it (0 if it stopped)
  double reference = 0;  // float64 sum of the input
  // The blocks' results are word 0 of shared memory at exit, so result, reference and lost
  // elements mean something: true for the catalog; for a user's program (`stridescope run`) only
  // where the traced block adds into word 0 (a matrix multiply does not).
  bool result_in_word0 = true;
  std::optional<Divergence> divergence;  // set when the run stopped at a divergent barrier
  // How the blocks' results became one (see SecondStage); `passes` holds every launch's results.
  SecondStage second_stage = SecondStage::Host;
  std::vector<GridPass> passes;
  std::optional<GlobalMemory> global_memory;  // a user's program's cudaMalloc buffers
  bool operator==(const Trace&) const = default;
};

// A trace of a user's program (`stridescope run`, a .cu opened in the window): its variant is
// "own:FILE". Its run.n, input and reference are what its blocks stored in shared memory at their
// first barrier, not numbers of the program's own: views say its launch, arrays, output and block
// results instead.
inline bool from_user_program(const Trace& trace) {
  return trace.run.variant.starts_with("own:");
}

}  // namespace stridescope
