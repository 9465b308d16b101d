// The Run panel's "Trace on the GPU" for an own program: offered where a CUDA device is present
// (the window's device name); the program is then built by nvcc and traced by the GPU tracer.
#pragma once

#include <string>

#include "core/program_choice.h"

namespace stridescope {

// Draws the checkbox when `device_name` is not empty (else turns the choice off). True when the
// choice is on the GPU (the thread schedule is then the GPU's: not offered).
bool choose_gpu_trace(const std::string& device_name, ProgramChoice& choice);

// "traced on the CPU emulator" or "traced on the GPU (NAME)".
std::string where_traced(const ProgramChoice& choice, const std::string& device_name);

}  // namespace stridescope
