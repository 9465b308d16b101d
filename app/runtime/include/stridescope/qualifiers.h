// CUDA's function and variable qualifiers for a user's file, in the two ways StrideScope reads it:
//  - parsed by clang as CUDA (`-x cuda --cuda-host-only`, __CUDA__ defined) to find the launches:
//    the qualifiers are clang's CUDA attributes, and every function of the C and C++ libraries and
//    of StrideScope's header is both host and device (force_cuda_host_device, from here to the end
//    of stridescope_cuda.h), so a kernel may call printf, sinf or memcpy as on a GPU;
//  - compiled as plain C++: the qualifiers vanish, except __shared__, which makes a variable
//    thread_local (each worker thread runs its own blocks, so each has its own shared memory).
// The C and C++ headers CUDA code expects are included here, in the order clang's CUDA wrappers
// need them.
#pragma once

#ifdef __CUDA__
// Only __global__ is clang's own attribute (a launch needs it); the others are annotations that
// StrideScope reads, so that every other function of the file, of its headers and of the C and C++
// libraries is both host and device (force_cuda_host_device, from here to the end of the file):
// a kernel may call printf, sinf, std::min or a helper as on a GPU, and whether host code may call
// a device function is nvcc's to say.
#define __global__ __attribute__((global))
// A kernel declared before it is defined is parsed outside the pragma below (its __global__ written
// so: program/read/kernel_prototypes.h), as clang refuses its definition inside it.
#define __ssprot__ _Pragma("clang force_cuda_host_device end") __attribute__((global))
#define __host__
#define __shared__ __attribute__((annotate("stridescope_shared")))
#define __constant__
#define __managed__
#define __grid_constant__
#define STRIDESCOPE_UNSUPPORTED(what) __attribute__((unavailable("stridescope-unsupported: " what)))
#define STRIDESCOPE_LEGACY(what) __attribute__((deprecated("stridescope-legacy: " what)))
// clang's <new> wrapper declares device overloads of operator new: they need clang's attribute.
#define __device__ __attribute__((device))
// clang-format off
#include <stdlib.h>  // clang's <new> wrapper calls ::malloc
#include <exception>
#include <new>
// clang-format on
#undef __device__
#define __device__ __attribute__((annotate("stridescope_device")))
#pragma clang force_cuda_host_device begin
#else
// Every kernel's code goes in one section: the runtime tells a kernel's own __shared__ variables
// from the other kernels' by it (bounds.h).
#define __global__ __attribute__((section("stridescope_kernels")))
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
// Every __shared__ variable is a thread_local of the user's translation unit (the first thing in
// its TLS block is the marker below): the runtime tells a shared access by its address. Before the
// marker, 1 KiB that no variable uses (a red zone): an index before the first array lands there,
// not in the runtime's thread-locals (threadIdx, ...), and stops the program (bounds.h).
#define __shared__ thread_local
#define STRIDESCOPE_UNSUPPORTED(what)
#define STRIDESCOPE_LEGACY(what)
#ifdef __clang__  // the user's file, not the runtime (built by the project's compiler)
__asm__(
    ".section .tbss,\"awT\",@nobits\n.p2align 4\n"
    ".type stridescope_shared_front,@object\n.size stridescope_shared_front,1024\n"
    "stridescope_shared_front:\n.zero 1024\n.weak stridescope_shared_begin\n"
    ".type stridescope_shared_begin,@object\nstridescope_shared_begin:\n.previous");
#endif
#endif

#ifdef __clang__  // the user's file: what the runtime does for it is not traced
#define STRIDESCOPE_NOT_TRACED __attribute__((no_sanitize("coverage"), noinline))
#else  // the runtime, built by the project's compiler without instrumentation
#define STRIDESCOPE_NOT_TRACED __attribute__((noinline))
#endif
// libstdc++'s <memory> spells __attribute__((__noinline__)): it is read before the macro below.
#include <memory>
#define __forceinline__ inline
#define __inline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __CUDACC__ 1  // for the code that checks it before using CUDA syntax
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <tuple>
#include <type_traits>
#include <utility>
