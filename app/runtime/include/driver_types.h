// `#include <driver_types.h>` in a file run by `stridescope run`: what it declares is in
// stridescope_cuda.h (force-included before the file).
#pragma once
#include "stridescope_cuda.h"
