// StrideScope's CUDA header for plain CUDA C++ programs run on the CPU (`stridescope run FILE.cu`).
// Force-included (-include) into the user's file twice:
//  - parsed by clang as CUDA (`-x cuda --cuda-host-only`, __CUDA__ defined) to find the kernel
//    launches `k<<<g, b>>>(args)` (clang's own CUDA parser; see docs/own-programs.md);
//  - compiled as plain C++ (launches rewritten to ::stridescope_rt::launcher(k, g, b)(args)), with
//    -fsanitize-coverage=edge,trace-loads,trace-stores, against the runtime (runtime/*.cpp), which
//    runs each CUDA thread as a fiber of the SIMT engine and sees every memory access by address.
// Every __shared__ variable is a thread_local of the file (qualifiers.h): an access is shared iff
// its address lies in the running worker's block of them. The folder of this header is on the
// include path, so `#include <cuda_runtime.h>`, <cooperative_groups.h> and friends find ours. CUDA
// features the runtime cannot run are declared unavailable (unsupported.h): clang names them and
// their line.
#pragma once

// The order matters: types, then what uses them.
// clang-format off
#include "stridescope/qualifiers.h"
#include "stridescope/vector_types.h"
#include "stridescope/builtins.h"
#include "stridescope/runtime_api.h"
#include "stridescope/device_printf.h"
#include "stridescope/launch.h"
#include "stridescope/device_api.h"
#include "stridescope/device_math.h"
#include "stridescope/memory_functions.h"
#include "stridescope/unsupported.h"
// clang-format on
