// In a folder given to stridescope run (and nvcc) with -I.
#pragma once
#define FROM_INCLUDE_DIR "from -I"
