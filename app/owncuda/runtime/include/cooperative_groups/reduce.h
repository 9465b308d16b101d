// cooperative_groups::reduce over a tile or a coalesced group (every thread gets the result), with
// the toolkit's function objects (plus, less, greater, bit_and, bit_or, bit_xor).
#pragma once

#include "cooperative_groups.h"

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

// A butterfly over a tile (each lane ends with the whole tile's result); over a coalesced group,
// every thread folds the group's values in rank order.
template <typename Group, typename T, typename Op>
T reduce(const Group& group, T value, Op op, int line = __builtin_LINE()) {
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

}  // namespace cooperative_groups
