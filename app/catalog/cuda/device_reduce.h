// Untraced GPU runs of the registered kernels (the timing build: the probe compiles away).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope::cuda {

// A CUDA call failed or no device is present; the message says which call and why.
class CudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Name of device 0, or an empty string when there is no usable CUDA device.
std::string device_name();

// Runs one launch of `variant` on device 0 (its registry grid) and returns the block-sums buffer:
// one sum per block, then, for variants that finish the grid themselves, the total and a counter.
std::vector<int> block_sums_int(const std::string& variant, const std::vector<int>& input,
                                unsigned block);
std::vector<float> block_sums_float(const std::string& variant, const std::vector<float>& input,
                                    unsigned block);
std::vector<double> block_sums_double(const std::string& variant, const std::vector<double>& input,
                                      unsigned block);

// One untraced launch of `variant` on the request's input (for Nsight Compute); returns the result.
double run_once(const std::string& variant, ElementType element_type,
                const std::vector<double>& input, unsigned block);

}  // namespace stridescope::cuda
