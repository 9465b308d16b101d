// A step's short label from its accesses: "stride = 64", "load", "write block sum", ...
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "analysis/additions.h"

#include "trace/trace.h"

namespace stridescope {

enum class StepLabelKind {
  Stride,         // additions, all with one distance between source and target word
  Additions,      // additions at several distances
  Load,           // only writes, thread t to word t
  Store,          // only writes, elsewhere
  WriteBlockSum,  // thread 0 alone reads or writes word 0, and the block exits
  Read,           // only reads
  Shuffle,        // a round of __shfl_down_sync() and no shared-memory work (stride: its offset)
  ReadWrite,      // reads and writes, no addition
  Atomics,        // atomic read-modify-writes (atomicAdd on shared memory), nothing else
  NoSharedWork,   // no shared-memory access
};

struct StepLabel {
  StepLabelKind kind = StepLabelKind::NoSharedWork;
  std::int64_t stride = 0;  // for Stride
  std::string text() const;
  bool operator==(const StepLabel&) const = default;
};

// The label of `step`, given the additions whose writes land in it (from its barrier interval); a
// stride counts elements of a program's `arrays` (element_distance).
StepLabel step_label(const Step& step, const std::vector<Addition>& additions, unsigned word_size,
                     const std::vector<SharedArray>& arrays = {});

// The labels of a block's steps, each from its barrier interval's additions.
std::vector<StepLabel> step_labels(std::span<const Step> steps, unsigned word_size,
                                   const std::vector<SharedArray>& arrays = {});

// A user's program's step that writes each thread's own word without reading global memory (a
// histogram zeroing its bins) stores, it does not load: `label` as the trace's global memory record
// of block `block`'s step `step` shows it (unchanged for a catalog trace, which has none).
StepLabel with_global_reads(StepLabel label, const Trace& trace, std::size_t block,
                            std::size_t step);

// Every step's label of block `block` of `trace`, as the two functions above give them.
std::vector<StepLabel> step_labels(const Trace& trace, std::size_t block);

}  // namespace stridescope
