// cooperative_groups::inclusive_scan and exclusive_scan over a tile (Hillis-Steele with shuffles).
#pragma once

#include "reduce.h"

namespace cooperative_groups {

template <typename Group, typename T, typename Op = plus<T>>
T inclusive_scan(const Group& group, T value, Op op = Op(), int line = __builtin_LINE()) {
  const unsigned rank = unsigned(group.thread_rank());
  for (unsigned offset = 1; offset < group.size(); offset *= 2) {
    const T other = group.shfl_up(value, offset, line);
    if (rank >= offset) value = op(other, value);
  }
  return value;
}
template <typename Group, typename T, typename Op = plus<T>>
T exclusive_scan(const Group& group, T value, Op op = Op(), int line = __builtin_LINE()) {
  const T inclusive = inclusive_scan(group, value, op, line);
  const T before = group.shfl_up(inclusive, 1, line);
  return group.thread_rank() == 0 ? T() : before;
}

}  // namespace cooperative_groups
