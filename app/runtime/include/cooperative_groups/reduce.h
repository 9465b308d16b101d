// cooperative_groups::reduce over a tile or a coalesced group (every thread gets the result), with
// the toolkit's function objects (plus, less, greater, bit_and, bit_or, bit_xor).
#pragma once

#include <type_traits>

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <typename T = void>
struct plus {
  T operator()(const T& a, const T& b) const { return a + b; }
};
template <typename T = void>
struct less {
  T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <typename T = void>
struct greater {
  T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <typename T = void>
struct bit_and {
  T operator()(const T& a, const T& b) const { return a & b; }
};
template <typename T = void>
struct bit_or {
  T operator()(const T& a, const T& b) const { return a | b; }
};
template <typename T = void>
struct bit_xor {
  T operator()(const T& a, const T& b) const { return a ^ b; }
};

// A tile wider than a warp: each warp folds its lanes (a butterfly), its lane 0 leaves the result
// in the warp's slot of the block's scratch, and every thread folds its tile's slots in order.
namespace details {
template <typename T, typename Op>
T reduce_across_warps(const multi_warp_group& group, T value, Op op, int line) {
  static_assert(sizeof(T) <= 16, "a value reduced across warps is at most 16 bytes");
  for (int mask = 16; mask > 0; mask /= 2)
    value = op(value, __shfl_xor_sync(0xffffffffu, value, mask, 32, line));
  WarpSlots& slots = warp_slots();
  const unsigned warp = linear_thread() / 32, warps = unsigned(group.size()) / 32;
  ::stridescope_rt::syncthreads(line);
  if (lane() == 0) std::memcpy(slots.slot[warp], &value, sizeof(T));
  ::stridescope_rt::syncthreads(line);
  const unsigned first = warp / warps * warps;
  T total;
  std::memcpy(&total, slots.slot[first], sizeof(T));
  for (unsigned w = first + 1; w < first + warps; ++w) {
    T part;
    std::memcpy(&part, slots.slot[w], sizeof(T));
    total = op(total, part);
  }
  ::stridescope_rt::syncthreads(line);
  return total;
}
}  // namespace details

// A butterfly over a tile (each lane ends with the whole tile's result); over a coalesced group,
// every thread folds the group's values in rank order.
template <typename Group, typename T, typename Op>
T reduce(const Group& group, T value, Op op, int line = __builtin_LINE()) {
  if constexpr (std::is_base_of_v<multi_warp_group, Group>) {
    return details::reduce_across_warps(group, value, op, line);
  } else {
    const unsigned size = unsigned(group.size());
    if ((size & (size - 1)) == 0) {
      for (unsigned mask = size / 2; mask > 0; mask /= 2)
        value = op(value, group.shfl_xor(value, mask, line));
      return value;
    }
    T total = group.shfl(value, 0, line);
    for (unsigned r = 1; r < size; ++r) total = op(total, group.shfl(value, r, line));
    return total;
  }
}

}  // namespace cooperative_groups
