// The device side of CUDA that a learner's program (stridescope_cuda.h) and the catalog's kernels
// (kernels/simt.h) both compile against: threadIdx and the other indices, __syncthreads() and the
// warp collectives, atomics and fences (and, in <cooperative_groups.h>, the groups built on them).
// It is a port: whoever includes it defines the qualifiers first (qualifiers.h, or the catalog's
// own) and links an implementation of the functions it declares in stridescope_rt (syncthreads,
// syncthreads_count, warp_collective, atomic_begin, atomic_end, thread_fence) and of the index
// variables: the runtime's workers (app/runtime/worker.cpp) for programs, the catalog's emulator
// (app/catalog/emu/emulator.cpp) for the catalog. An intrinsic is added here, once, for both.
#pragma once

// clang-format off
#include "vector_types.h"
#include "builtins.h"
#include "warp.h"
#include "atomics.h"
#include "fences.h"
// clang-format on
