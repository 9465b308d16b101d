// Names a CUDA feature that `stridescope run` does not have, from the message clang gives about it:
// what the runtime's header declares unavailable (runtime/include/stridescope/unsupported.h), and
// the CUDA names and headers it does not know at all (the driver API, cuBLAS, half precision...).
// So a learner reads "not supported by stridescope run; nvcc runs it", never clang's bare
// "undeclared identifier", which reads as their own typo.
#pragma once

#include <string>

namespace stridescope {

// The message about a CUDA name or header stridescope run does not have ("" if clang's message is
// about something else): `'cuCtxCreate' is not supported by stridescope run (the CUDA driver API);
// nvcc runs it`.
std::string unsupported_message(const std::string& clang_message);

}  // namespace stridescope
