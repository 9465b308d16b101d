// What nvcc accepts and a GPU does, `stridescope run` accepts and does (issue 33): a launch written
// with spaces, a grid of a negative size, too much static shared memory, a copy past a buffer.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "program/read/kernel_prototypes.h"
#include "program/read/unsupported_names.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;

struct Said {
  int status;
  std::string out, err;
};

Said run_program(const std::string& name, const std::string& source) {
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / name).string();
  std::ofstream(options.file) << source;
  std::ostringstream out, err;
  const int status = command_run(options, "", false, out, err);
  return {status, out.str(), err.str()};
}

TEST(OwnAsNvcc, ALaunchWithSpacesInItsBracketsRuns) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "nvcc_spaced.cu",
      "#include <cstdio>\ntemplate <typename T> __global__ void k(T* p) { p[threadIdx.x] = 7; }\n"
      "int main() { int* d; cudaMalloc(&d, 16);\n  k<int> << <1, 4 >> > (d);\n"
      "  int h[4]; cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[3]); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 2), "7\n") << s.out;
}

// A GPU refuses them before running anything (H200, CUDA 13: "invalid configuration argument";
// ptxas: "uses too much shared data"; cudaMemcpy past a buffer: "invalid argument").
TEST(OwnAsNvcc, WhatAGpuRefusesIsRefused) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string kernel = "#include <cstdio>\n__global__ void k(int* p) { p[0] = 1; }\n";
  const Said negative =
      run_program("nvcc_negative.cu",
                  kernel + "int main() { int* d; cudaMalloc(&d, 16); k<<<-1, 32>>>(d); }\n");
  EXPECT_EQ(negative.status, 2);
  EXPECT_NE(negative.err.find("launch 0 asks for a grid of (4294967295,1,1) blocks; CUDA allows at "
                              "most 2147483647 in x"),
            std::string::npos)
      << negative.err;
  const Said shared = run_program(
      "nvcc_shared.cu",
      "__global__ void k(int* p) { __shared__ int big[1 << 20]; big[threadIdx.x] = 1;\n"
      "  __syncthreads(); p[threadIdx.x] = big[threadIdx.x]; }\n"
      "int main() { int* d; cudaMalloc(&d, 16); k<<<1, 4>>>(d); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(shared.status, 2);
  EXPECT_NE(shared.err.find("declares 4194304 bytes of __shared__ arrays (big); nvcc refuses more "
                            "than 49152"),
            std::string::npos)
      << shared.err;
  const Said copy = run_program(
      "nvcc_copy.cu",
      "#include <cstdio>\nint main() { int* d; cudaMalloc(&d, 16); int h[64] = {0};\n"
      "  printf(\"%s\\n\", cudaGetErrorString(cudaMemcpy(d, h, sizeof h, "
      "cudaMemcpyHostToDevice)));\n"
      "  printf(\"%s\\n\", cudaGetErrorString(cudaMemcpy(h, d + 2, 16, cudaMemcpyDeviceToHost)));\n"
      "  printf(\"%s\\n\", cudaGetErrorString(cudaMemset(d, 0, 17)));\n"
      "  printf(\"%s\\n\", cudaGetErrorString(cudaMemcpy(d, h, 16, cudaMemcpyHostToDevice))); }\n");
  EXPECT_EQ(copy.status, 0) << copy.err;
  EXPECT_EQ(copy.out.substr(0, copy.out.find("(no kernel")),
            "invalid argument\ninvalid argument\ninvalid argument\nno error\n");
}

// A kernel that spins on a flag nobody sets hangs a GPU (an H200, stopped at 20 s); clang may
// delete such a loop (C++'s forward progress), nvcc does not: the time limit stops it here too,
// and names the loop's line.
TEST(OwnAsNvcc, ALoopThatSpinsOnAFlagRunsToTheTimeLimit) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / "nvcc_spin.cu").string();
  options.time_limit_s = 1;
  std::ofstream(options.file)
      << "#include <cstdio>\n__global__ void k(int* flag, int* out) {\n"
         "  __shared__ int s[32]; s[threadIdx.x] = 0;\n"
         "  while (flag[0] == 0) { s[threadIdx.x] += 1; }\n  out[threadIdx.x] = s[threadIdx.x]; }\n"
         "int main() { int *f, *o; cudaMalloc(&f, 4); cudaMalloc(&o, 128); cudaMemset(f, 0, 4);\n"
         "  k<<<1, 32>>>(f, o); cudaDeviceSynchronize(); printf(\"after\\n\"); }\n";
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 2);
  EXPECT_NE(err.str().find("ran past its 1 s time limit in launch 0 (0 of 1 blocks done) (raise "
                           "it with --time-limit) at nvcc_spin.cu:4"),
            std::string::npos)
      << err.str();  // the loop's line: where a thread of the launch was last seen
  EXPECT_EQ(out.str().find("after"), std::string::npos) << out.str();
}

// A kernel that calls a host function of the file's is refused, as nvcc refuses it (H200, nvcc
// 13.0: `calling a __host__ function("twice(int)") from a __global__ function("k") is not
// allowed`); a __device__, a __host__ __device__ and a template __device__ helper run.
TEST(OwnAsNvcc, AKernelCallingAHostFunctionIsRefusedAsNvccRefusesIt) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string file = (fs::path(STRIDESCOPE_TEST_TMP) / "nvcc_host_call.cu").string();
  const auto run = [&](const std::string& helper, const std::string& call) {
    const Said s = run_program(
        "nvcc_host_call.cu",
        "#include <cstdio>\n" + helper +
            "\n__global__ void k(int* out) { out[threadIdx.x] = " + call +
            "; }\nint main() { int* d; cudaMalloc(&d, 128); k<<<1, 32>>>(d); int h[32]; "
            "cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[31]); }\n");
    return std::to_string(s.status) + " " + s.out.substr(0, s.out.find('\n')) + s.err;
  };
  EXPECT_EQ(run("int twice(int v) { return 2 * v; }", "twice(threadIdx.x)"),
            "2 " + file +
                ":3:50: error: calling a __host__ function(\"twice(int)\") from a __global__ "
                "function(\"k\") is not allowed; nvcc refuses it too: declare it __device__ (or "
                "__host__ __device__ to call it from both)\nstridescope: error: " +
                file + " was not run\n");
  for (const std::string helper :
       {"__device__ int twice(int v) { return 2 * v; }",
        "__host__ __device__ int twice(int v) { return 2 * v; }",
        "template <typename T> __device__ T twice(T v) { return 2 * v; }"})
    EXPECT_EQ(run(helper, "twice(int(threadIdx.x))"), "0 62") << helper;
}

// Only a name CUDA declares is "not supported by stridescope run"; nvcc rejects a misspelling as
// clang does, and the nearest CUDA name is offered; a helper of the file's own is left to clang.
TEST(OwnAsNvcc, AMisspelledCudaNameIsUndeclaredNotUnsupported) {
  const auto said = [](const std::string& name) {
    return unsupported_message("use of undeclared identifier '" + name + "'");
  };
  EXPECT_EQ(said("__syncthread"),
            "use of undeclared identifier '__syncthread'; did you mean '__syncthreads'?");
  EXPECT_EQ(said("__synchtreads"),
            "use of undeclared identifier '__synchtreads'; did you mean '__syncthreads'?");
  EXPECT_EQ(said("cudaMemcopy"),
            "use of undeclared identifier 'cudaMemcopy'; did you mean 'cudaMemcpy'?");
  EXPECT_EQ(said("__myhelper"), "");
  EXPECT_EQ(said("cuInit"),
            "'cuInit' is not supported by stridescope run (the CUDA driver API); nvcc runs it");
  EXPECT_EQ(said("cudaGraphLaunch"),
            "'cudaGraphLaunch' is not supported by stridescope run (CUDA graphs); nvcc runs it");
}

// A kernel declared before it is defined: each of its declarations is parsed outside the
// host-and-device pragma, lines and columns kept, offsets given back.
TEST(OwnAsNvcc, AKernelsPrototypeIsTakenOutOfThePragmaForTheParse) {
  const std::string source =
      "__global__ void k(int*);  // declared\nint main() { k<<<1, 1>>>(0); }\n"
      "__global__ void k(int* p) {\n  p[0] = 1;\n}\n__global__ void alone(int* p) { p[0] = 2; }\n";
  OffsetMap map;
  const std::string parsed = kernel_prototypes_unforced(source, map);
  const std::string again = " _Pragma(\"clang force_cuda_host_device begin\")";
  EXPECT_EQ(parsed, "__ssprot__ void k(int*);" + again +
                        "  // declared\nint main() { k<<<1, 1>>>(0); }\n"
                        "__ssprot__ void k(int* p) {\n  p[0] = 1;\n}" +
                        again + "\n__global__ void alone(int* p) { p[0] = 2; }\n");
  const std::size_t launch = source.find("<<<");  // line 2, column 15
  EXPECT_EQ(map.offset(2, 15), launch);
  // Two declarations on one line, the definition's name after __launch_bounds__(256).
  OffsetMap one_line;
  const std::string line =
      "__global__ void k(int*); __global__ void __launch_bounds__(256) k(int* p) {}\n";
  const std::string unforced = kernel_prototypes_unforced(line, one_line);
  EXPECT_EQ(one_line.offset(1, unsigned(unforced.find("k(int* p)")) + 1), line.find("k(int* p)"));
  EXPECT_EQ(unforced, "__ssprot__ void k(int*);" + again +
                          " __ssprot__ void __launch_bounds__(256) k(int* p) {}" + again + "\n");
  OffsetMap none;
  EXPECT_EQ(kernel_prototypes_unforced("__global__ void k(int* p) {}\n", none),
            "__global__ void k(int* p) {}\n");
  EXPECT_TRUE(none.line_starts.empty());
}

TEST(OwnAsNvcc, AKernelDeclaredBeforeItIsDefinedRuns) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "nvcc_prototype.cu",
      "#include <cstdio>\n__global__ void add(int* p, int n);  // adds n\n"
      "template <typename T>\n__global__ void fill(T* p,\n                     T v);\n"
      "int main() { int* d; cudaMalloc(&d, 16);\n"
      "  fill<int><<<1, 4>>>(d, 5); add<<<1, 4>>>(d, 2);\n"
      "  int h[4]; cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[3]); }\n"
      "__global__ void add(int* p, int n) {\n  p[threadIdx.x] += n;\n}\n"
      "template <typename T>\n__global__ void fill(T* p, T v) { p[threadIdx.x] = v; }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 2), "7\n") << s.out << s.err;
}

// A template kernel whose argument the launch deduces, as nvcc deduces it.
TEST(OwnAsNvcc, ATemplateKernelsArgumentsAreDeducedAtTheLaunch) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "nvcc_deduced.cu",
      "#include <cstdio>\ntemplate <typename T> __global__ void estimate_sum(int n, T* sum) {\n"
      "  sum[threadIdx.x] = T(n) / 2; }\n"
      "int main() { float* f; double* d; cudaMalloc(&f, 16); cudaMalloc(&d, 32);\n"
      "  estimate_sum<<<1, 4>>>(3, f); estimate_sum<<<1, 4>>>(5, d);\n"
      "  float hf; double hd; cudaMemcpy(&hf, f, 4, cudaMemcpyDeviceToHost);\n"
      "  cudaMemcpy(&hd, d, 8, cudaMemcpyDeviceToHost); printf(\"%g %g\\n\", hf, hd); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 8), "1.5 2.5\n") << s.out << s.err;
}

// A warp's lanes print together, call by call, in the order the warp makes its calls: a header one
// lane prints comes before the line every lane prints after it (as an H200 prints it).
TEST(OwnAsNvcc, AWarpsLanesPrintTogetherCallByCall) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s =
      run_program("nvcc_printf.cu",
                  "#include <cstdio>\n__global__ void k() {\n  const int t = threadIdx.x;\n"
                  "  if (t == 0) printf(\"header\\n\");\n  printf(\"%d\\n\", t);\n"
                  "  if (t == 0) printf(\"later\\n\");\n  printf(\"again %d\\n\", t);\n}\n"
                  "int main() { k<<<1, 4>>>(); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, s.out.find("(no kernel")).substr(0, s.out.find("traced")),
            "header\n0\n1\n2\n3\nlater\nagain 0\nagain 1\nagain 2\nagain 3\n");
}

// A file of kernels run by a launch spec may hold host functions that call into files it is not
// built with (cuda-samples' reduction_kernel.cu calls isPow2 from reduction.cpp): the link keeps
// only what the launch reaches.
TEST(OwnAsNvcc, ALaunchSpecLinksOnlyWhatTheLaunchReaches) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / "nvcc_kernels_only.cu").string();
  std::ofstream(options.file) << "bool isPow2(unsigned x);  // in another file\n"
                                 "__global__ void twice(int* p) { p[threadIdx.x] *= 2; }\n"
                                 "void run_twice(int* d, unsigned n) {\n"
                                 "  if (isPow2(n)) twice<<<1, n>>>(d);\n}\n";
  options.launch_spec = "twice<<<1,4>>>(p=iota(4))";
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("p = [0, 2, 4, 6]"), std::string::npos) << out.str();
}

// A kernel's float array and int counter are each traced in their own type (0.5 and 1.5, not the
// float's bits 1056964608), and the run says both types; before, every word was read as an int.
TEST(OwnAsNvcc, AFloatArrayAndAnIntCounterEachShowInTheirOwnType) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string source =
      "#include <cstdio>\n__global__ void k(const float* in, float* out) {\n"
      "  __shared__ float s[8];\n  __shared__ int count;\n  __shared__ short pair[2];\n"
      "  int t = threadIdx.x;\n  if (t == 0) { count = 0; pair[0] = 1; pair[1] = 0; }\n"
      "  s[t] = in[t];\n  __syncthreads();\n"
      "  if (s[t] > 1.0f) atomicAdd(&count, 1);\n  __syncthreads();\n"
      "  if (t == 0) out[0] = s[0] + count + pair[0];\n}\n"
      "int main() { float h[8] = {0.5f, 1.5f, 2.5f, 0.25f, 3, 0.1f, 1.25f, 0}, *d, *o, r;\n"
      "  cudaMalloc(&d, sizeof h); cudaMalloc(&o, 4);\n"
      "  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n  k<<<1, 8>>>(d, o);\n"
      "  cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf(\"%g\\n\", r); }\n";
  const Said s = run_program("nvcc_mixed_shared.cu", source);
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 4), "5.5\n") << s.out;
  EXPECT_NE(s.out.find("(not a sum) 0.5\n"), std::string::npos) << s.out;
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / "nvcc_mixed_shared.cu").string();
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.errors << r.failure;
  ASSERT_EQ(r.trace.arrays.size(), 3u);
  const std::vector<double>& end = r.trace.blocks.at(0).steps.back().snapshot;
  ASSERT_GE(end.size(), 10u);
  EXPECT_EQ(end[0], 0.5);
  EXPECT_EQ(end[1], 1.5);
  EXPECT_EQ(end[8], 4.0);  // count, an int
  // A short pair is no float: its word is read as the program's int words (1), not as word 0's
  // float (1.4e-45).
  EXPECT_EQ(end[r.trace.arrays[2].first_word], 1.0);
  EXPECT_EQ(r.trace.run.element_type, ElementType::Float);  // word 0's
}

// Buffers allocated in a loop (`cudaMalloc(&bufs[i], ...)`) are named in the trace as the runtime
// names them in its messages, from the call's text ("bufs[i]", the second "bufs[i] #2"), not
// "buffer 1 (allocated at line 10)" in one place and "bufs[i]" in the other.
// A count declared first (word 0) and the sum in the dynamic array after it: thread 0 writes out
// the sum, so word 0, though added into, is not the block's result, and no sentence says it is
// (it said "block result 8", and the checker's lost values were "never reach the sum in count[0]").
TEST(OwnAsNvcc, AWordZeroThatThreadZeroDoesNotWriteOutIsNotTheBlocksResult) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "nvcc_count_first.cu",
      "#include <cstdio>\n__global__ void k(const int* in, int* out) {\n"
      "  __shared__ int count[8];\n  extern __shared__ int sum[];\n  int t = threadIdx.x;\n"
      "  sum[t] = in[t];\n  count[t] = 1;\n  __syncthreads();\n"
      "  for (int s = 4; s > 0; s >>= 1) {\n"
      "    if (t < s) { sum[t] += sum[t + s]; count[t] += count[t + s]; }\n"
      "    __syncthreads();\n  }\n  if (t == 0) out[0] = sum[0];\n}\n"
      "int main() {\n  int h[8] = {1, 2, 3, 4, 5, 6, 7, 8}, *in, *out, r = 0;\n"
      "  cudaMalloc(&in, 32);\n  cudaMalloc(&out, 4);\n"
      "  cudaMemcpy(in, h, 32, cudaMemcpyHostToDevice);\n  k<<<1, 8, 32>>>(in, out);\n"
      "  cudaMemcpy(&r, out, 4, cudaMemcpyDeviceToHost);\n  printf(\"%d\\n\", r);\n}\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 3), "36\n") << s.out;
  EXPECT_NE(s.out.find("count[0] at exit 8 (not the block's result: thread 0 writes out a word "
                       "of another array)"),
            std::string::npos)
      << s.out;
  EXPECT_EQ(s.out.find("block result"), std::string::npos) << s.out;
}

TEST(OwnAsNvcc, ABufferHasOneNameInTheTraceAndInTheRuntimesMessages) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string program = [](const char* index) {
    return std::string(
               "#include <cstdio>\n__global__ void k(const float* a, float* b) {\n"
               "  __shared__ float s[4];\n  s[threadIdx.x] = a[") +
           index +
           "];\n  __syncthreads();\n  b[threadIdx.x] = s[3 - threadIdx.x];\n}\n"
           "int main() { float* bufs[2]; float* c[2]; int one = 1;\n"
           "  for (int i = 0; i < 2; ++i) cudaMalloc(&bufs[i], 4 * sizeof(float));\n"
           "  cudaMalloc(&c[one & 1], 16);\n"
           "  k<<<1, 4>>>(bufs[0], bufs[1]); cudaDeviceSynchronize(); printf(\"done\\n\"); }\n";
  }("threadIdx.x");
  const Said s = run_program("nvcc_buffer_names.cu", program);
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("  bufs[i]: read 4 of its 4 floats"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("  bufs[i] #2: wrote 4 of its 4 floats"), std::string::npos) << s.out;
  // `&c[one & 1]` names no variable the runtime can spell: the line's place, not "1]".
  EXPECT_NE(s.out.find("  buffer 3 (allocated at line 10): not touched"), std::string::npos)
      << s.out;
  std::string past = program;
  past.replace(past.find("a[threadIdx.x]"), 14, "a[threadIdx.x + 1]");
  const Said overrun = run_program("nvcc_buffer_names_past.cu", past);
  EXPECT_EQ(overrun.status, 2);
  EXPECT_NE(overrun.err.find("past the end of the cudaMalloc buffer bufs[i]"), std::string::npos)
      << overrun.err;
}

// A template kernel's `__shared__ T s[]` launched with T = double is traced as doubles (a block sum
// of 3.6, not the 4-byte word -8.58993e+08), whether the launch writes <double> or deduces it.
TEST(OwnAsNvcc, ATemplatesSharedArrayHasTheLaunchedType) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  for (const std::string launch :
       {"block_sum<<<1, 4>>>(d, o);", "block_sum<double><<<1, 4>>>(d, o);"}) {
    const Said s = run_program(
        "nvcc_template_shared.cu",
        "#include <cstdio>\ntemplate <typename T>\n__global__ void block_sum(const T* in, T* out) "
        "{\n"
        "  __shared__ T s[4];\n  s[threadIdx.x] = in[threadIdx.x];\n  __syncthreads();\n"
        "  for (int k = 2; k > 0; k /= 2) {\n    if (threadIdx.x < k) s[threadIdx.x] += "
        "s[threadIdx.x + k];\n"
        "    __syncthreads();\n  }\n  if (threadIdx.x == 0) out[0] = s[0];\n}\n"
        "int main() { double h[4] = {0.9, 0.9, 0.9, 0.9}, *d, *o, r;\n"
        "  cudaMalloc(&d, sizeof h); cudaMalloc(&o, sizeof(double));\n"
        "  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n  " +
            launch +
            "\n  cudaMemcpy(&r, o, sizeof r, cudaMemcpyDeviceToHost); printf(\"%g\\n\", r); }\n");
    EXPECT_EQ(s.status, 0) << launch << "\n" << s.err;
    EXPECT_NE(s.out.find("14 shared accesses, block result 3.6\n"), std::string::npos)
        << launch << "\n"
        << s.out;
  }
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// cudaMalloc3D, cudaMemcpy3D (with positions on both sides) and cudaMemset3D on pitched linear
// memory, as CUDA defines them; no parameters, or rows wider than a side's pitch, are CUDA's errors
// (invalid value, invalid pitch value), nothing copied (ugovaretto's cuda-training 016 and 017
// print "Copied: true" on an H200 and here).
TEST(OwnAsNvcc, ThreeDimensionalCopiesOfPitchedMemoryRun) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "nvcc_memcpy3d.cu",
      "#include <cstdio>\nint main() {\n  const int w = 5, h = 4, d = 3;\n  int host[d][h][w];\n"
      "  for (int z = 0; z < d; ++z) for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x)\n"
      "    host[z][y][x] = z * 100 + y * 10 + x;\n"
      "  cudaPitchedPtr dev;\n  cudaMalloc3D(&dev, make_cudaExtent(w * sizeof(int), h, d));\n"
      "  cudaMemcpy3DParms p = {0};\n"
      "  p.srcPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h);\n  p.dstPtr = dev;\n"
      "  p.extent = make_cudaExtent(w * sizeof(int), h, d);\n  p.kind = cudaMemcpyHostToDevice;\n"
      "  printf(\"%d %d\\n\", (int)cudaMemcpy3D(&p), (int)(dev.pitch % 256));\n"
      "  int box[2][2][2] = {};\n  cudaMemcpy3DParms q = {0};\n"
      "  q.srcPtr = dev;\n  q.srcPos = make_cudaPos(1 * sizeof(int), 2, 1);\n"
      "  q.dstPtr = make_cudaPitchedPtr(box, 2 * sizeof(int), 2, 2);\n"
      "  q.extent = make_cudaExtent(2 * sizeof(int), 2, 2);\n  q.kind = cudaMemcpyDeviceToHost;\n"
      "  cudaMemcpy3D(&q);\n"
      "  cudaMemcpy3DParms wide = q;\n  wide.extent.width = 3 * sizeof(int);\n"
      "  printf(\"%d %d \", (int)cudaMemcpy3D(0), (int)cudaMemcpy3D(&wide));\n"
      "  for (int z = 0; z < 2; ++z) for (int y = 0; y < 2; ++y) for (int x = 0; x < 2; ++x)\n"
      "    printf(\"%d \", box[z][y][x]);\n"
      "  cudaMemset3D(dev, 0, make_cudaExtent(w * sizeof(int), h, d));\n"
      "  p.srcPtr = dev;\n  p.dstPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h);\n"
      "  p.kind = cudaMemcpyDeviceToHost;\n  cudaMemcpy3D(&p);\n  long sum = 0;\n"
      "  for (int z = 0; z < d; ++z) for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x)\n"
      "    sum += host[z][y][x];\n  printf(\"\\nsum %ld\\n\", sum);\n}\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, s.out.find("(no kernel")),
            "0 0\n1 12 121 122 131 132 221 222 231 232 \nsum 0\n");
}

}  // namespace
}  // namespace stridescope
