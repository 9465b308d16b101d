// `stridescope run FILE.cu --backend cuda --out gpu.json`: the file built by nvcc with -lineinfo,
// run natively with the GPU tracer injected (app/tools/gputrace, CUDA_INJECTION64_PATH), its record
// read back and converted (gpu_record.h) into the same trace the emulator writes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "program/nvcc/cuda_backend.h"
#include "trace/trace.h"

namespace stridescope {

// The tracer's two files: the Compute Sanitizer tool library and its device patches.
struct GpuTool {
  std::filesystem::path library, patches;
};

// $STRIDESCOPE_GPU_TOOL (the library; its patches beside it as trace_patches.fatbin, or
// $STRIDESCOPE_GPU_PATCH), else the pair CMake built into this build's folder (only where nvcc, the
// Compute Sanitizer API and a GPU were found). nullopt with `why` set when there is none.
std::optional<GpuTool> find_gpu_tool(std::string* why);

struct GpuTraceOptions {
  CudaRunOptions run;  // file, -I/-D, --keep folder, time limit
  std::uint32_t launch = 0, traced_block = 0;
};

struct GpuTraceRun {
  CudaRunResult run;  // the program's output, its launches and times
  bool traced = false;
  std::string untraced;            // why there is no trace, one line (when !traced)
  bool no_shared_memory = false;   // the launch ran, its kernel has no shared memory to trace
  Trace trace;                     // when traced
  std::vector<std::string> notes;  // what the GPU or this machine could not give
  std::uint64_t shared_accesses = 0;
};

// Throws OwnProgramError (one line) when there is no nvcc, no GPU or no tracer, or the build fails;
// a program that ran but left no trace is `untraced`, with the reason.
GpuTraceRun trace_on_gpu(const GpuTraceOptions& options);

}  // namespace stridescope
