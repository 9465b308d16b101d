// Bank-conflict analysis (Volta and later: 32 banks of 4 bytes), per warp and shared-memory
// instruction.
#pragma once

#include <vector>

#include "trace/trace.h"

namespace stridescope {

// One warp-wide shared-memory instruction: the lanes' k-th access in the step.
struct InstructionConflict {
  unsigned warp = 0;
  unsigned order = 0;
  AccessKind kind = AccessKind::Read;
  int line = 0;
  unsigned lanes = 0;             // lanes that took part
  unsigned degree = 1;            // most distinct 4-byte words asked of one bank in one phase
  unsigned extra_wavefronts = 0;  // what Nsight Compute counts as bank conflicts
  std::vector<unsigned> conflicting_threads;  // threads whose bank serves more than one word
};

struct StepConflicts {
  std::vector<InstructionConflict> instructions;
  unsigned load_conflicts = 0;        // sum of extra wavefronts of reads
  unsigned store_conflicts = 0;       // sum of extra wavefronts of writes
  std::vector<unsigned> warp_degree;  // highest degree per warp (1 = conflict-free, 0 = no access)
};

// Accesses of one warp are grouped by their order within the step (lanes in lockstep). Lanes that
// read the same word are a broadcast, not a conflict. An instruction moving more than 4 bytes per
// lane is served in phases of 128 bytes (16 lanes for 8-byte words). Wavefronts = sum over phases
// of the phase's degree; extra wavefronts = wavefronts - ideal, where the ideal is one per phase
// with lanes for stores and ceil(bytes moved / 128) for loads. Checked against Nsight Compute on
// an H100 (docs/gpu-results.md).
StepConflicts bank_conflicts(const Step& step, unsigned block_size);

}  // namespace stridescope
