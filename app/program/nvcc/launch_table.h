// The launches a program made on a GPU (`stridescope run FILE.cu --backend cuda`), as its launch
// timer (app/tools/launch_timer.cpp) wrote them, and the table printed from them.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace stridescope {

struct NativeLaunch {
  std::string kernel;  // demangled, without its parameters: "dot", "sum<int>"
  std::array<std::uint32_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  std::uint64_t shared_bytes = 0;  // dynamic shared memory (the launch's third argument)
  double ms = -1;                  // between CUDA events around it; < 0 when not timed
  std::string error;               // the CUDA error of the launch or of the wait for it
};

struct LaunchLog {
  std::string device;              // "NVIDIA H100 80GB HBM3"
  std::string compute;             // "9.0"
  std::uint32_t cuda_runtime = 0;  // CUDART_VERSION the program was built with, e.g. 13000
  std::vector<NativeLaunch> launches;
};

// One line a launch ("launch\tNAME\tGX GY GZ\tBX BY BZ\tSHARED\tMS\tERROR") and a "device" line;
// a line of any other shape is skipped (a program killed mid-write leaves half a line).
LaunchLog parse_launch_log(const std::string& text);

// "dot<<<32,256>>>", "matmul_tiled<<<(2,2),(16,16)>>>", "scan<<<4,128,1024>>>".
std::string launch_config(const NativeLaunch& launch);

// The first launch that failed, if any.
std::optional<std::size_t> first_failed_launch(const LaunchLog& log);

// "cuda: 6 launches on DEVICE ..." then "launch 0  dot0<<<8,512>>>  0.012 ms", columns aligned.
void print_launch_table(const LaunchLog& log, std::ostream& out);

}  // namespace stridescope
