// CUDA's atomics on shared and global memory: real atomic read-modify-writes (blocks run on several
// worker threads at once), each one access in the trace (kind "atomic", the value written), at the
// caller's line. atomicAdd/Sub/Exch/Min/Max/Inc/Dec/CAS/And/Or/Xor on every type CUDA has them
// for (float and double add included), and their _block and _system forms.
#pragma once

#include <cstdint>

// Where an atomic is called from (the runtime names its line from it); the catalog's emulator,
// which needs none, says nullptr (the browser's build has no return addresses).
#ifndef STRIDESCOPE_CALLER_PC
#define STRIDESCOPE_CALLER_PC __builtin_return_address(0)
#endif

namespace stridescope_rt {
// Before an atomic on `addr`: the schedule may switch threads here, and the traced block records
// it (the value it wrote is read at the thread's next access).
void atomic_begin(void* addr, unsigned size, void* pc);
// After it: the atomic is done (the race checks' release and acquire, global_races.h).
void atomic_end(void* addr);

template <typename T, typename Op>
STRIDESCOPE_NOT_TRACED T atomic_rmw(T* addr, Op op, void* pc) {
  atomic_begin(addr, sizeof(T), pc);
  T old;
  __atomic_load(addr, &old, __ATOMIC_RELAXED);
  T next = op(old);
  while (!__atomic_compare_exchange(addr, &old, &next, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    next = op(old);
  atomic_end(addr);
  return old;
}
}  // namespace stridescope_rt

#define STRIDESCOPE_ATOMIC(name, expr)                                                 \
  template <typename T, typename U>                                                    \
  STRIDESCOPE_NOT_TRACED T name(T* addr, U val) {                                      \
    return ::stridescope_rt::atomic_rmw(                                               \
        addr, [&]([[maybe_unused]] T old) { return T(expr); }, STRIDESCOPE_CALLER_PC); \
  }                                                                                    \
  template <typename T, typename U>                                                    \
  STRIDESCOPE_NOT_TRACED T name##_block(T* addr, U val) {                              \
    return ::stridescope_rt::atomic_rmw(                                               \
        addr, [&]([[maybe_unused]] T old) { return T(expr); }, STRIDESCOPE_CALLER_PC); \
  }                                                                                    \
  template <typename T, typename U>                                                    \
  STRIDESCOPE_NOT_TRACED T name##_system(T* addr, U val) {                             \
    return ::stridescope_rt::atomic_rmw(                                               \
        addr, [&]([[maybe_unused]] T old) { return T(expr); }, STRIDESCOPE_CALLER_PC); \
  }
STRIDESCOPE_ATOMIC(atomicAdd, old + T(val))
STRIDESCOPE_ATOMIC(atomicSub, old - T(val))
STRIDESCOPE_ATOMIC(atomicExch, T(val))
STRIDESCOPE_ATOMIC(atomicMax, old < T(val) ? T(val) : old)
STRIDESCOPE_ATOMIC(atomicMin, T(val) < old ? T(val) : old)
STRIDESCOPE_ATOMIC(atomicAnd, old& T(val))
STRIDESCOPE_ATOMIC(atomicOr, old | T(val))
STRIDESCOPE_ATOMIC(atomicXor, old ^ T(val))
STRIDESCOPE_ATOMIC(atomicInc, old >= T(val) ? T(0) : T(old + 1))
STRIDESCOPE_ATOMIC(atomicDec, (old == T(0) || old > T(val)) ? T(val) : T(old - 1))
#undef STRIDESCOPE_ATOMIC
template <typename T, typename U, typename V>
STRIDESCOPE_NOT_TRACED T atomicCAS(T* addr, U compare, V val) {
  return ::stridescope_rt::atomic_rmw(
      addr, [&](T old) { return old == T(compare) ? T(val) : old; }, STRIDESCOPE_CALLER_PC);
}
template <typename T, typename U, typename V>
STRIDESCOPE_NOT_TRACED T atomicCAS_block(T* addr, U compare, V val) {
  return ::stridescope_rt::atomic_rmw(
      addr, [&](T old) { return old == T(compare) ? T(val) : old; }, STRIDESCOPE_CALLER_PC);
}
template <typename T, typename U, typename V>
STRIDESCOPE_NOT_TRACED T atomicCAS_system(T* addr, U compare, V val) {
  return ::stridescope_rt::atomic_rmw(
      addr, [&](T old) { return old == T(compare) ? T(val) : old; }, STRIDESCOPE_CALLER_PC);
}
