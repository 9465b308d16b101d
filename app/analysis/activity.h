// Activity analysis: which threads touched shared memory in a step, and which warps diverge.
#pragma once

#include <vector>

#include "trace/trace.h"  // and kWarpSize

namespace stridescope {

enum class WarpState { Idle, Full, Divergent };

struct WarpActivity {
  unsigned warp = 0;
  unsigned lanes = 0;   // threads of the block in this warp (32, or fewer in a small block)
  unsigned active = 0;  // lanes that accessed shared memory in the step
  WarpState state = WarpState::Idle;
};

struct StepActivity {
  std::vector<bool> thread_active;  // indexed by thread
  unsigned active_threads = 0;
  std::vector<WarpActivity> warps;
  unsigned divergent_warps = 0;
  unsigned idle_warps = 0;
};

// A thread is active in a step when it accessed shared memory or took part in a traced shuffle.
StepActivity activity(const Step& step, unsigned block_size);

}  // namespace stridescope
