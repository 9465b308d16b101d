// Warp collectives as pure functions: what each lane of a warp gets from a shuffle, a vote, a
// warp reduction or a match, given what every lane handed in. The SIMT engine calls it once all
// the lanes of the mask have arrived; the tests call it directly.
#pragma once

#include <array>
#include <cstdint>

namespace stridescope::simt {

inline constexpr unsigned kWarpSize = 32;

enum class Collective : std::uint8_t {
  SyncWarp,    // __syncwarp(mask): nothing exchanged
  ShflIdx,     // __shfl_sync(mask, v, src, width)
  ShflUp,      // __shfl_up_sync(mask, v, delta, width)
  ShflDown,    // __shfl_down_sync(mask, v, delta, width)
  ShflXor,     // __shfl_xor_sync(mask, v, lane_mask, width)
  VoteAll,     // __all_sync(mask, pred)
  VoteAny,     // __any_sync(mask, pred)
  VoteBallot,  // __ballot_sync(mask, pred)
  ReduceAdd,   // __reduce_add_sync(mask, v): 32-bit, wraps
  ReduceMin,   // __reduce_min_sync: `arg` 1 for signed, 0 for unsigned
  ReduceMax,   // __reduce_max_sync: `arg` as for ReduceMin
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  MatchAny,    // __match_any_sync(mask, v): the lanes of the mask holding the same value
  MatchAll,    // __match_all_sync(mask, v, &pred): the mask if all hold the same value, else 0
  ActiveMask,  // __activemask(): the lanes that arrived at the same call together
};

const char* collective_name(Collective op);  // "__shfl_down_sync()", "__syncwarp()", ...
bool is_shuffle(Collective op);

// What one lane asked for at a collective.
struct CollectiveCall {
  Collective op = Collective::SyncWarp;
  unsigned mask = 0xffffffffu;
  std::uint64_t value = 0;  // the bits handed in (a predicate: nonzero is true)
  int arg = 0;              // the source lane, delta or lane mask; signedness for min/max
  int width = 32;           // shuffles: the segment width (a power of two, 1..32)
  int line = 0;
};

// Each lane's result, for the lanes in `present` (bit l: lane l took part); `calls[l]` is lane l's
// call. A shuffle whose source lane is outside its segment, outside `present` or outside the
// mask gives the lane its own value, as CUDA documents for the shuffle forms that stay in range.
std::array<std::uint64_t, kWarpSize> resolve(const std::array<CollectiveCall, kWarpSize>& calls,
                                             unsigned present);

}  // namespace stridescope::simt
