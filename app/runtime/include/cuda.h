// `#include <cuda.h>`: the driver API's version macro. The driver API's functions (cuInit,
// cuModuleLoad, ...) are not supported by `stridescope run`: a file that calls one is told so.
#pragma once
#include "stridescope_cuda.h"
#define CUDA_VERSION 13000
