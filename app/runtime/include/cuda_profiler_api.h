// `#include <cuda_profiler_api.h>`: cudaProfilerStart/Stop are declared in stridescope_cuda.h (they
// do nothing on the CPU).
#pragma once
#include "stridescope_cuda.h"
