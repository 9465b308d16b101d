// threadIdx, blockIdx, blockDim, gridDim and warpSize. In the build each is a variable of the
// worker thread running the block (the runtime sets threadIdx at every switch between threads).
#pragma once

#include "vector_types.h"

#ifdef __CUDA__
extern const uint3 threadIdx;
extern const uint3 blockIdx;
extern const dim3 blockDim;
extern const dim3 gridDim;
extern const int warpSize;
#else
extern __thread uint3 threadIdx;
extern __thread uint3 blockIdx;
extern __thread dim3 blockDim;
extern __thread dim3 gridDim;
constexpr int warpSize = 32;

// (Not in the runtime's own build, nor in the catalog's kernels, which no coverage callback watches:
// there they are the variables.)
#if defined(__clang__) && defined(__x86_64__) && !defined(STRIDESCOPE_RUNTIME_BUILD) && \
    !defined(STRIDESCOPE_CATALOG_KERNELS)
// In the user's file each is read by an instruction the coverage callbacks do not see: a
// thread-local is never memory a GPU would have, and a callback for each read made a 2^21-int
// reduction 0.73 s -> 0.80 s (medians of 9, one worker). The value is the same for a thread's whole
// run of a kernel, so the compiler may read it once.
namespace stridescope_rt {
#define STRIDESCOPE_READ_BUILTIN(Type, name)                                                       \
  [[gnu::always_inline]] inline Type read_##name() {                                               \
    unsigned x, y, z;                                                                              \
    __asm__("movl %%fs:" #name "@tpoff, %0\n\tmovl %%fs:" #name "@tpoff+4, %1\n\tmovl %%fs:" #name \
            "@tpoff+8, %2"                                                                         \
            : "=r"(x), "=r"(y), "=r"(z));                                                          \
    Type v;                                                                                        \
    v.x = x;                                                                                       \
    v.y = y;                                                                                       \
    v.z = z;                                                                                       \
    return v;                                                                                      \
  }
STRIDESCOPE_READ_BUILTIN(uint3, threadIdx)
STRIDESCOPE_READ_BUILTIN(uint3, blockIdx)
STRIDESCOPE_READ_BUILTIN(dim3, blockDim)
STRIDESCOPE_READ_BUILTIN(dim3, gridDim)
#undef STRIDESCOPE_READ_BUILTIN
}  // namespace stridescope_rt
#define threadIdx (::stridescope_rt::read_threadIdx())
#define blockIdx (::stridescope_rt::read_blockIdx())
#define blockDim (::stridescope_rt::read_blockDim())
#define gridDim (::stridescope_rt::read_gridDim())
#endif
#endif
