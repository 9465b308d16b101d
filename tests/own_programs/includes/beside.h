// Beside main.cu: found by `#include "beside.h"` as nvcc finds it.
#pragma once
#define BESIDE "beside"
