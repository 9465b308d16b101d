// `#include <cuda_runtime.h>` in a file run by `stridescope run`: everything it would declare is in
// stridescope_cuda.h, which is force-included before the file.
#pragma once
#include "stridescope_cuda.h"
