// What a raw record says beside the traced block (app/runtime/): the races in global memory
// the launches had, and an exercise harness's reports (arrays read from device memory, a returned
// value, inputs no kernel read), each place as a line of the program's file. The record was read
// with bounds (raw_record.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "program/record/raw_record.h"

namespace stridescope {

// One access of a race in global memory.
struct GlobalRaceSide {
  std::uint64_t block = 0;
  std::uint32_t thread = 0;
  int line = 0;     // of the program's file (0: elsewhere)
  char kind = 'r';  // 'r' a plain read, 'w' a plain write, 'a' an atomic
};

// Two accesses to one word of a cudaMalloc buffer in one launch, by two blocks (or two warps of
// one block between the same __syncthreads()), at least one plain, nothing ordering them.
struct GlobalRace {
  long launch = 0;
  std::string buffer;            // the buffer's name ("" where unknown)
  long long element = -1;        // its index in the buffer (-1: unknown)
  GlobalRaceSide first, second;  // as the emulator met them
  bool operator<(const GlobalRace& o) const;
};

// An array (or a value) an exercise harness reported, read from device memory by the runtime.
struct ReportedResult {
  std::string name;
  std::vector<double> values;
  long long host_written = -1;  // the first element a host copy (cudaMemcpy, cudaMemset) wrote
  bool returned = false;        // a host function's return value, not an array
  bool on_device = true;        // (returned) the last launch's kernel wrote that value
  std::vector<double> last_launch_wrote;  // (returned) what it wrote, the first few
  std::string error;                      // not a device buffer
  // Per element (arrays of up to 65,536): what left it so; empty where not recorded.
  struct Writer {
    enum class How { Plain, Atomics, SeveralBlocks, SomeKernel, Host, Nothing };
    How how = How::Nothing;
    int line = 0;  // of the (last) write (Plain, Atomics, SeveralBlocks); 0: outside the file
    std::uint64_t block = 0;
    std::uint32_t thread = 0;  // (Plain)
    long launch = 0;
  };
  std::vector<Writer> writers;
};

using UnreadInput = RawUnread;  // an input no kernel read: as the record says it

// A kernel's read of a word of a cudaMalloc buffer that nothing had written (no copy, no memset,
// no kernel): what a GPU reads there is whatever its memory held (initcheck's report).
struct UnwrittenGlobalRead {
  long launch = 0;
  std::string buffer;      // "" where unknown
  long long element = -1;  // -1: unknown
  GlobalRaceSide reader;
  bool operator<(const UnwrittenGlobalRead& o) const;
};

struct RawResults {
  std::vector<GlobalRace> races;  // sorted: the same order whatever order the blocks ran in
  std::uint64_t raced = 0;        // accesses that raced, in all
  std::vector<UnwrittenGlobalRead> unwritten_reads;  // sorted; one per launch and line
  std::uint64_t unwritten_total = 0;                 // such reads in all
  std::uint64_t repeated_launches = 0;  // not run: each repeated an earlier one (repeat_launch.h)
  std::vector<ReportedResult> results;
  std::vector<UnreadInput> unread;
};

// `lines`: return address -> line of the program's file (raw_trace.h's source_lines).
RawResults raw_results(const RawRecord& raw, const std::map<std::uint64_t, int>& lines);

// "blocks 0 and 1 both write out[0] (lines 12 and 12)..." : one sentence for people.
std::string race_sentence(const GlobalRace& race);

// "launch 0 reads d[0] at line 2 (thread 0 of block 0) before anything wrote it: ...".
std::string unwritten_read_sentence(const UnwrittenGlobalRead& read);

}  // namespace stridescope
