// The host pass's tests of __CUDA_ARCH__ made true, every other use left to the device pass's
// definition (program/build/cuda_arch.h).
#include <gtest/gtest.h>

#include "program/build/cuda_arch.h"

namespace stridescope {
namespace {

TEST(CudaArch, TestsForTheHostPassAreMadeTrueAndKeepTheirLength) {
  const std::string source =
      "#ifndef __CUDA_ARCH__\n"
      "#  if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600\n"
      "#elif ! defined __CUDA_ARCH__\n"
      "#ifdef __CUDA_ARCH__\n"
      "#if __CUDA_ARCH__ >= 700 && defined(__CUDA_ARCH__)\n"
      "int x = __CUDA_ARCH__; // #ifndef __CUDA_ARCH__ in code is not a directive\n"
      "#ifndef __CUDA_ARCH__X\n";
  const std::string out = with_host_tests_true(source);
  EXPECT_EQ(out.size(), source.size());
  EXPECT_EQ(out,
            "#ifndef __NO_ARCH_ON_\n"
            "#  if !defined(__NO_ARCH_ON_) || __CUDA_ARCH__ >= 600\n"
            "#elif ! defined __NO_ARCH_ON_\n"
            "#ifdef __CUDA_ARCH__\n"
            "#if __CUDA_ARCH__ >= 700 && defined(__CUDA_ARCH__)\n"
            "int x = __CUDA_ARCH__; // #ifndef __CUDA_ARCH__ in code is not a directive\n"
            "#ifndef __CUDA_ARCH__X\n");
}

TEST(CudaArch, ASourceWithoutTestsIsUnchanged) {
  const std::string source = "__global__ void k() {}\n#if 1\n#endif";
  EXPECT_EQ(with_host_tests_true(source), source);
}

}  // namespace
}  // namespace stridescope
