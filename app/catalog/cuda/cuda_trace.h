// Live traces from the GPU: the traced (DeviceProbe) build of a variant, turned into a Trace.
#pragma once

#include <string>

#include "catalog/request.h"
#include "trace/trace.h"

namespace stridescope::cuda {

// Runs `request` on device 0 with the device probe and returns a trace in the emulator's form
// (accesses ordered by thread, then order). Throws RunError for a bad request, CudaError for CUDA.
Trace trace_on_device(const RunRequest& request);

// "CUDA runtime 13.0, driver 13.0".
std::string toolkit_description();

}  // namespace stridescope::cuda
