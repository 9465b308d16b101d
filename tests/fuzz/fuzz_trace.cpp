// libFuzzer target: bytes into the trace pipeline (built with -DSTRIDESCOPE_FUZZ=ON and clang).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "trace_pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  stridescope::exercise_trace_pipeline(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
