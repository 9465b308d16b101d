// Block and warp synchronization as the SIMT engine runs it: __syncthreads() and its counting
// forms, __syncwarp(), the shuffles, votes, warp reductions and matches, __activemask(); and the
// mask-less forms CUDA 9 removed (__shfl, __shfl_down, __any, ...), which run as their full-mask
// _sync forms (`stridescope run` prints one warning line for each). Each records its line.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace stridescope_rt {
// The engine's collectives (app/simt/collectives.h, same order).
enum class Op : int {
  SyncWarp,
  ShflIdx,
  ShflUp,
  ShflDown,
  ShflXor,
  VoteAll,
  VoteAny,
  VoteBallot,
  ReduceAdd,
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  MatchAny,
  MatchAll,
  ActiveMask
};
void syncthreads(int line);
int syncthreads_count(int predicate, int line);
// `size` and `kind_of_value` (0 unsigned, 1 signed, 2 floating) say how the trace shows a value.
std::uint64_t warp_collective(Op op, unsigned mask, std::uint64_t value, int arg, int width,
                              int line, unsigned size, int kind_of_value);

template <typename T>
inline std::uint64_t bits_of(T v) {
  static_assert(sizeof(T) <= 8, "a warp collective of a value wider than 8 bytes");
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}
template <typename T>
inline T from_bits(std::uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}
template <typename T>
constexpr int kind_of() {
  return std::is_floating_point_v<T> ? 2 : std::is_signed_v<T> ? 1 : 0;
}
template <typename T>
inline T shuffle(Op op, unsigned mask, T value, int arg, int width, int line) {
  return from_bits<T>(
      warp_collective(op, mask, bits_of(value), arg, width, line, sizeof(T), kind_of<T>()));
}
inline std::uint64_t vote(Op op, unsigned mask, std::uint64_t value, int arg, int line) {
  return warp_collective(op, mask, value, arg, 32, line, 4, 0);
}
}  // namespace stridescope_rt

#define __syncthreads() ::stridescope_rt::syncthreads(__LINE__)
#define __syncthreads_count(p) ::stridescope_rt::syncthreads_count((p) != 0, __LINE__)
#define __syncthreads_and(p)                                  \
  (::stridescope_rt::syncthreads_count((p) != 0, __LINE__) == \
   int(blockDim.x * blockDim.y * blockDim.z))
#define __syncthreads_or(p) (::stridescope_rt::syncthreads_count((p) != 0, __LINE__) != 0)

inline void __syncwarp(unsigned mask = 0xffffffffu, int line = __builtin_LINE()) {
  ::stridescope_rt::vote(::stridescope_rt::Op::SyncWarp, mask, 0, 0, line);
}
template <typename T>
inline T __shfl_sync(unsigned mask, T v, int src, int width = 32, int line = __builtin_LINE()) {
  return ::stridescope_rt::shuffle(::stridescope_rt::Op::ShflIdx, mask, v, src, width, line);
}
template <typename T>
inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32,
                        int line = __builtin_LINE()) {
  return ::stridescope_rt::shuffle(::stridescope_rt::Op::ShflUp, mask, v, int(delta), width, line);
}
template <typename T>
inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32,
                          int line = __builtin_LINE()) {
  return ::stridescope_rt::shuffle(::stridescope_rt::Op::ShflDown, mask, v, int(delta), width,
                                   line);
}
template <typename T>
inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32,
                         int line = __builtin_LINE()) {
  return ::stridescope_rt::shuffle(::stridescope_rt::Op::ShflXor, mask, v, lane_mask, width, line);
}
inline int __all_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return int(::stridescope_rt::vote(::stridescope_rt::Op::VoteAll, mask, predicate != 0, 0, line));
}
inline int __any_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return int(::stridescope_rt::vote(::stridescope_rt::Op::VoteAny, mask, predicate != 0, 0, line));
}
inline unsigned __ballot_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return unsigned(
      ::stridescope_rt::vote(::stridescope_rt::Op::VoteBallot, mask, predicate != 0, 0, line));
}
inline int __uni_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  const unsigned b = __ballot_sync(mask, predicate, line);
  return b == 0 || b == mask;
}
inline unsigned __activemask(int line = __builtin_LINE()) {
  return unsigned(
      ::stridescope_rt::vote(::stridescope_rt::Op::ActiveMask, 0xffffffffu, 0, 0, line));
}
template <typename T>
inline unsigned __match_any_sync(unsigned mask, T value, int line = __builtin_LINE()) {
  return unsigned(::stridescope_rt::vote(::stridescope_rt::Op::MatchAny, mask,
                                         ::stridescope_rt::bits_of(value), 0, line));
}
template <typename T>
inline unsigned __match_all_sync(unsigned mask, T value, int* predicate,
                                 int line = __builtin_LINE()) {
  const unsigned r = unsigned(::stridescope_rt::vote(::stridescope_rt::Op::MatchAll, mask,
                                                     ::stridescope_rt::bits_of(value), 0, line));
  *predicate = r != 0;
  return r;
}
#define STRIDESCOPE_WARP_REDUCE(name, op, T, is_signed)                                   \
  inline T name(unsigned mask, T value, int line = __builtin_LINE()) {                    \
    return T(::stridescope_rt::vote(::stridescope_rt::Op::op, mask, std::uint32_t(value), \
                                    is_signed, line));                                    \
  }
STRIDESCOPE_WARP_REDUCE(__reduce_add_sync, ReduceAdd, unsigned, 0)
STRIDESCOPE_WARP_REDUCE(__reduce_add_sync, ReduceAdd, int, 1)
STRIDESCOPE_WARP_REDUCE(__reduce_min_sync, ReduceMin, unsigned, 0)
STRIDESCOPE_WARP_REDUCE(__reduce_min_sync, ReduceMin, int, 1)
STRIDESCOPE_WARP_REDUCE(__reduce_max_sync, ReduceMax, unsigned, 0)
STRIDESCOPE_WARP_REDUCE(__reduce_max_sync, ReduceMax, int, 1)
STRIDESCOPE_WARP_REDUCE(__reduce_and_sync, ReduceAnd, unsigned, 0)
STRIDESCOPE_WARP_REDUCE(__reduce_or_sync, ReduceOr, unsigned, 0)
STRIDESCOPE_WARP_REDUCE(__reduce_xor_sync, ReduceXor, unsigned, 0)
#undef STRIDESCOPE_WARP_REDUCE

// Removed in CUDA 9 (sm_70 and later need the _sync forms); still printed in older books.
template <typename T>
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __shfl_sync(0xffffffff, ...)")
inline T __shfl(T v, int src, int width = 32, int line = __builtin_LINE()) {
  return __shfl_sync(0xffffffffu, v, src, width, line);
}
template <typename T>
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __shfl_up_sync(0xffffffff, ...)")
inline T __shfl_up(T v, unsigned delta, int width = 32, int line = __builtin_LINE()) {
  return __shfl_up_sync(0xffffffffu, v, delta, width, line);
}
template <typename T>
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __shfl_down_sync(0xffffffff, ...)")
inline T __shfl_down(T v, unsigned delta, int width = 32, int line = __builtin_LINE()) {
  return __shfl_down_sync(0xffffffffu, v, delta, width, line);
}
template <typename T>
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __shfl_xor_sync(0xffffffff, ...)")
inline T __shfl_xor(T v, int lane_mask, int width = 32, int line = __builtin_LINE()) {
  return __shfl_xor_sync(0xffffffffu, v, lane_mask, width, line);
}
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __all_sync(0xffffffff, ...)")
inline int __all(int predicate, int line = __builtin_LINE()) {
  return __all_sync(0xffffffffu, predicate, line);
}
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __any_sync(0xffffffff, ...)")
inline int __any(int predicate, int line = __builtin_LINE()) {
  return __any_sync(0xffffffffu, predicate, line);
}
STRIDESCOPE_LEGACY("removed in CUDA 9: runs as __ballot_sync(0xffffffff, ...)")
inline unsigned __ballot(int predicate, int line = __builtin_LINE()) {
  return __ballot_sync(0xffffffffu, predicate, line);
}
