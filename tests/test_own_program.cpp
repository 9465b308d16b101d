// `stridescope run FILE.cu`: a plain CUDA program compiled by clang, run on the fiber runtime and
// traced. Needs clang++-14 and llvm-symbolizer-14 (scripts/install-deps.sh installs them); skips
// visibly only where clang is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/emu/run_variant.h"
#include "catalog/request.h"
#include "cli/run_command.h"
#include "model/grid_summary.h"
#include "model/trace_model.h"
#include "program/own_program.h"
#include "run_command.h"
#include "trace/trace_consistency.h"
#include "trace/trace_json.h"
#include "trace/word_types.h"

namespace stridescope {
namespace {

long lines_of(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n');
}

// Writes `source` to NAME in the tests' folder; returns its path.
std::string write_program(const std::string& name, const std::string& source) {
  const std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/" + name;
  std::ofstream(path) << source;
  return path;
}

// `stridescope run` on `options`: its exit status and what it wrote to standard error.
struct RunErrors {
  int status = 0;
  std::string text;
};
RunErrors run_for_errors(const OwnRunOptions& options) {
  std::ostringstream out, err;
  int status = command_run(options, "", false, out, err);
  return {status, err.str()};
}

const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";

using stridescope::test_support::have_clang_tools;

TEST(OwnProgram, RewriteReplacesOnlyTheLaunchTokensAndKeepsLines) {
  const std::string source = "int main() {\n  sum<<<1,\n  4>>>(a, b);\n}\n";
  const KernelLaunch launch{"", 15, 18, 27, 2, false, {}};
  ASSERT_EQ(source.compare(launch.open, 3, "<<<"), 0);
  ASSERT_EQ(source.compare(launch.close, 3, ">>>"), 0);
  EXPECT_EQ(rewrite_launches(source, {launch}),
            "int main() {\n  ::stridescope_rt::launcher(sum, 1,\n  4)(a, b);\n}\n");
}

TEST(OwnProgram, SumOfFourValuesRunsPrintsAndTracesLikeTheCatalog) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = kSum4;
  options.schedule = ThreadSchedule::Threads;  // the catalog's order, access for access
  const OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.exit_code, 0) << r.errors;
  EXPECT_EQ(r.output, "sum = 10\n");
  ASSERT_TRUE(r.traced);
  const Trace& t = r.trace;
  EXPECT_EQ(first_inconsistency(t), std::nullopt);
  EXPECT_EQ(t.run.block_size, 4u);
  EXPECT_EQ(t.run.grid_size, 1u);
  EXPECT_EQ(t.shared_words, 4u);
  EXPECT_EQ(t.result, 10);
  EXPECT_EQ(t.run.input_values, (std::vector<double>{3, 1, 4, 2}));
  ASSERT_EQ(t.blocks.size(), 1u);
  const std::vector<Step>& steps = t.blocks[0].steps;
  ASSERT_EQ(steps.size(), 4u);
  // Barriers at the file's lines 11 (after the load) and 14 (in the loop: strides 2, then 1).
  EXPECT_EQ(steps[0].line, 11);
  EXPECT_EQ(steps[1].line, 14);
  EXPECT_EQ(steps[2].line, 14);
  EXPECT_EQ(steps[3].kind, StepKind::Exit);
  EXPECT_EQ(steps[0].snapshot, (std::vector<double>{3, 1, 4, 2}));
  EXPECT_EQ(steps[1].snapshot, (std::vector<double>{7, 3, 4, 2}));
  EXPECT_EQ(steps[2].snapshot, (std::vector<double>{10, 3, 4, 2}));
  // Access lines come from DWARF: the load on line 10, the additions on 13, the result on 16.
  EXPECT_EQ(steps[0].accesses.at(0).line, 10);
  EXPECT_EQ(steps[1].accesses.at(0).line, 13);
  EXPECT_EQ(steps[3].accesses.at(0).line, 16);

  // The catalog's sequential variant on the same input: the same accesses (thread, order,
  // address, size, kind, value) and snapshots, step by step; only the source lines differ.
  RunRequest request;
  request.variant = "sequential";
  request.n = 4;
  request.block = 4;
  request.input = InputPattern::Custom;
  request.values = {3, 1, 4, 2};
  const Trace catalog = run_on_emulator(request);
  const std::vector<Step>& expected = catalog.blocks.at(0).steps;
  ASSERT_EQ(expected.size(), steps.size());
  for (std::size_t s = 0; s < steps.size(); ++s) {
    EXPECT_EQ(steps[s].kind, expected[s].kind) << "step " << s;
    EXPECT_EQ(steps[s].snapshot, expected[s].snapshot) << "step " << s;
    ASSERT_EQ(steps[s].accesses.size(), expected[s].accesses.size()) << "step " << s;
    for (std::size_t i = 0; i < steps[s].accesses.size(); ++i) {
      Access got = steps[s].accesses[i];
      got.line = expected[s].accesses[i].line;
      EXPECT_EQ(got, expected[s].accesses[i]) << "step " << s << " access " << i;
    }
  }
  EXPECT_EQ(t.result, catalog.result);

  // The file it writes loads back as it was.
  const std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/own_sum4.json";
  save_trace(t, path);
  EXPECT_EQ(load_trace(path), t);
}

TEST(OwnProgram, CompileErrorsComeBackAsClangPrintedThem) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string path = write_program(
      "own_broken.cu",
      "__global__ void k(int* p) {\n  p[0] = undeclared;\n}\nint main() { k<<<1, 1>>>(nullptr); "
      "}\n");
  OwnRunOptions options;
  options.file = path;
  const RunErrors r = run_for_errors(options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.text.find("own_broken.cu:2:10: error: use of undeclared identifier 'undeclared'"),
            std::string::npos)
      << r.text;
}

TEST(OwnProgram, ABarrierOnlySomeThreadsReachStopsTheProgramWithItsLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string path = write_program(
      "own_divergent.cu",
      "#include <cuda_runtime.h>\n#include <cstdio>\n__global__ void k() {\n  __shared__ int "
      "s[4];\n"
      "  s[threadIdx.x] = 1;\n  if (threadIdx.x < 2) __syncthreads();\n}\n"
      "int main() { k<<<1, 4>>>(); printf(\"done\\n\"); }\n");
  OwnRunOptions options;
  options.file = path;
  const RunErrors r = run_for_errors(options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(
      r.text.find("barrier divergence in block 0: 2 threads wait at the __syncthreads() of line 6 "
                  "but 2 exited"),
      std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("no trace written"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.rfind("stridescope: error: barrier divergence", 0), 0) << r.text;
  EXPECT_EQ(lines_of(r.text), 1) << r.text;
}

// A program that loops or crashes: one error line, exit 2, no trace.
TEST(OwnProgram, AProgramThatLoopsOrCrashesIsStoppedWithOneLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  struct Case {
    const char* body;
    const char* expected;
  };
  const Case cases[] = {
      {"  s[threadIdx.x] = 1;\n  __syncthreads();\n  while (s[0] == 1) {}\n",
       "ran past its 1 s time limit in launch 0 (0 of 1 blocks done) (raise it with "
       "--time-limit)"},
      {"  s[threadIdx.x] = 1;\n  __syncthreads();\n  if (threadIdx.x == 0) *(volatile int*)0 = "
       "s[0];\n",
       "the program died of a segmentation fault"},
      {"  s[threadIdx.x] = 1;\n  __syncthreads();\n  if (threadIdx.x == 0) s[1] = 7 / (s[0] - "
       "1);\n",
       "the program died of an arithmetic fault (an integer division by zero?) in thread 0 of "
       "block 0 of launch 0 at own_bad.cu:7"},
      {"", "the program stopped with an uncaught C++ exception: \"vector::_M_range_check"},
      {"",
       "uncaught C++ exception: \"std::bad_alloc\" (more memory than the 8 GiB stridescope "
       "run allows a program)"},
      {"", "ran past its 1 s time limit in host code after launch 0"},
      {"", "the program wrote more than 1024 KiB (its output, or its trace)"},
  };
  for (const Case& c : cases) {
    const std::string expected = c.expected;
    const char* host = expected.find("bad_alloc") != std::string::npos
                           ? " std::vector<char> v(1ull << 40); return v[7];"
                       : expected.find("exception") != std::string::npos
                           ? " std::vector<int> v; return v.at(3);"
                       : expected.find("host code") != std::string::npos ? " sleep(5);"
                                                                         : "";
    const std::string source =
        expected.find("wrote more") != std::string::npos
            ? "#include <cstdio>\nint main() { for (;;) std::printf(\"flood flood flood\\n\"); }\n"
            : "#include <unistd.h>\n#include <vector>\n__global__ void k() {\n"
              "  __shared__ volatile int s[4];\n" +
                  std::string(c.body) + "}\nint main() { k<<<1, 4>>>(); cudaDeviceSynchronize();" +
                  host + " }\n";
    OwnRunOptions options;
    options.file = write_program("own_bad.cu", source);
    options.time_limit_s = 1;
    options.file_limit_bytes = 1 << 20;
    const RunErrors r = run_for_errors(options);
    EXPECT_EQ(r.status, 2) << c.expected;
    EXPECT_NE(r.text.find(c.expected), std::string::npos) << r.text;
    EXPECT_EQ(lines_of(r.text), 1) << r.text;
  }
}

// A wild store from one thread of a later block, while other blocks run on other workers: the
// error names that thread, its block, the launch and the line, not a worker or block 0.
TEST(OwnProgram, AFaultNamesTheThreadBlockLaunchAndLineThatMadeIt) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_wild.cu",
      "__global__ void k(int* p) {\n  __shared__ int s[64];\n  s[threadIdx.x] = threadIdx.x;\n"
      "  __syncthreads();\n  if (blockIdx.x == 2 && threadIdx.x == 5) p[1 << 28] = s[5];\n}\n"
      "int main() {\n  int* p;\n  cudaMalloc(&p, 64 * sizeof(int));\n  k<<<1, 64>>>(p);\n"
      "  k<<<4, 64>>>(p);\n  cudaDeviceSynchronize();\n}\n");
  options.workers = 2;
  const RunErrors r = run_for_errors(options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.text.find("segmentation fault (an access outside any allocation"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("in thread 5 of block 2 of launch 1 at own_wild.cu:5"), std::string::npos)
      << r.text;
  EXPECT_EQ(lines_of(r.text), 1) << r.text;
}

// A launch with more shared memory in all than the trace keeps per block (4 MiB): no block result
// is claimed, and the sentence gives the traced block's word 0 at exit, as it is.
TEST(OwnProgram, AGridTooLargeToKeepEveryBlockSaysWhatItShows) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_big_shared.cu",
      "__global__ void k(int* out) {\n  __shared__ int big[12288];\n"
      "  for (int i = threadIdx.x; i < 12288; i += 32) big[i] = 1;\n  __syncthreads();\n"
      "  if (threadIdx.x == 0) {\n    int sum = 4;\n"
      "    for (int i = 0; i < 12288; i += 4096) sum += big[i];\n"
      "    big[0] = sum + blockIdx.x;\n    out[blockIdx.x] = big[0];\n  }\n}\n"
      "int main() {\n  int* out;\n  cudaMalloc(&out, 100 * sizeof(int));\n"
      "  k<<<100, 32>>>(out);\n  cudaDeviceSynchronize();\n}\n");  // 100 x 48 KiB
  std::ostringstream out, err;
  ASSERT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("shared word 0 at exit 7 (blocks' results are kept for grids of up to "
                           "16,384 blocks and 4 MiB of shared memory)"),
            std::string::npos)
      << out.str();
}

// A program that draws with GLUT (CUDA by Example's cpu_bitmap.h): one line naming that.
TEST(OwnProgram, AProgramThatOpensAnOpenGLWindowIsNamed) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program("own_glut.cu",
                               "extern \"C\" void glutInit(int*, char**);\n"
                               "int main(int argc, char** argv) { glutInit(&argc, argv); }\n");
  const RunErrors r = run_for_errors(options);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.text.rfind("stridescope: error: the program opens a window with OpenGL (glutInit), "
                         "which is not supported by stridescope run; nvcc builds it with -lglut "
                         "-lGL (",
                         0),
            0u)
      << r.text;
  EXPECT_EQ(lines_of(r.text), 1) << r.text;  // one line, not the reason and then ours
}

// Without clang, one line saying what to install.
TEST(OwnProgram, WithoutClangItIsOneLineSayingWhatToInstall) {
  const char* path = std::getenv("PATH");
  const std::string saved = path ? path : "";
  setenv("PATH", "/nonexistent", 1);
  OwnRunOptions options;
  options.file = kSum4;
  const RunErrors r = run_for_errors(options);
  setenv("PATH", saved.c_str(), 1);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.text,
            "stridescope: error: clang++ not found (install clang-14: "
            "scripts/install-deps.sh) (" +
                kSum4 + " was not run)\n");
}

// A program of several files, as cuda-samples' histogram: kernels in two .cu files (each with
// its own shared array and launch), main() in a host .cpp file.
TEST(OwnProgram, SeveralCuFilesAndAHostFileAreOneProgram) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string first = write_program(
      "own_many_a.cu",
      "__global__ void twice(int* x) {\n  __shared__ int s[32];\n  s[threadIdx.x] = 2 * "
      "x[threadIdx.x];\n  __syncthreads();\n  x[threadIdx.x] = s[31 - threadIdx.x];\n}\n"
      "void run_twice(int* x) { twice<<<1, 32>>>(x); }\n");
  const std::string second = write_program(
      "own_many_b.cu",
      "__global__ void plus_one(int* x) {\n  __shared__ double t[32];\n  t[threadIdx.x] = "
      "x[threadIdx.x] + 1;\n  __syncthreads();\n  x[threadIdx.x] = int(t[threadIdx.x]);\n}\n"
      "void run_plus_one(int* x) { plus_one<<<1, 32>>>(x); }\n");
  const std::string host = write_program(
      "own_many_main.cpp",
      "#include <cstdio>\nvoid run_twice(int*);\nvoid run_plus_one(int*);\nint main() {\n"
      "  int h[32], *d;\n  for (int i = 0; i < 32; i++) h[i] = i;\n  cudaMalloc(&d, sizeof h);\n"
      "  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n  run_twice(d);\n"
      "  run_plus_one(d);\n  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
      "  printf(\"%d %d\\n\", h[0], h[31]);\n}\n");
  OwnRunOptions options;
  options.file = first;
  options.host_sources = {second, host};
  const OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.output, "63 1\n") << r.failure << r.errors;
  ASSERT_TRUE(r.traced) << r.failure;
  EXPECT_EQ(r.launches, 2u);
  // 4- and 8-byte shared arrays in one program: 4-byte words, said once.
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("4-byte words"), std::string::npos) << r.warnings[0];
  EXPECT_EQ(r.trace.blocks.front().steps.front().line, 4);  // the first file's lines
}

// A double array beside an int array: the trace keeps 4-byte words, each double two of them (its
// two banks), named and valued as the double it is.
TEST(OwnProgram, ADoubleArrayBesideAnIntArrayIsShownAsDoubles) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_mixed_sizes.cu",
      "#include <cstdio>\n__global__ void k(const double* in, double* out) {\n"
      "  __shared__ double vals[8];\n  __shared__ int count[8];\n  int t = threadIdx.x;\n"
      "  vals[t] = in[t] * 1.5;\n  count[t] = t + 1;\n  __syncthreads();\n  if (t == 0) {\n"
      "    double s = 0; int c = 0;\n"
      "    for (int i = 0; i < 8; ++i) { s += vals[i]; c += count[i]; }\n"
      "    out[0] = s; out[1] = c;\n  }\n}\nint main() {\n"
      "  double h[8]; for (int i = 0; i < 8; ++i) h[i] = 0.5 * i;\n"
      "  double *in, *out; cudaMalloc(&in, sizeof h); cudaMalloc(&out, 16);\n"
      "  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);\n  k<<<1, 8>>>(in, out);\n"
      "  double r[2]; cudaMemcpy(r, out, 16, cudaMemcpyDeviceToHost);\n"
      "  printf(\"%g %g\\n\", r[0], r[1]);\n}\n");
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_EQ(r.output, "21 36\n");
  const Trace& t = r.trace;
  EXPECT_EQ(t.word_size, 4u);
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0], (SharedArray{"vals", 0, {8}, ElementType::Double, 2}));
  EXPECT_EQ(t.arrays[1], (SharedArray{"count", 16, {8}, ElementType::Int}));
  std::vector<double> expected;
  for (int i = 0; i < 8; ++i) expected.insert(expected.end(), 2, 0.75 * i);  // both halves
  for (int i = 1; i <= 8; ++i) expected.push_back(i);
  const std::vector<double>& last = t.blocks.front().steps.back().snapshot;
  EXPECT_EQ(std::vector<double>(last.begin(), last.begin() + 24), expected);
  EXPECT_DOUBLE_EQ(t.reference, 21 + 36);  // each double once
  ASSERT_EQ(t.passes.size(), 1u);          // the block's result: vals[0], the whole double
  EXPECT_EQ(t.passes[0].partials, std::vector<double>{0.0});
  Trace old = t;  // a trace from before the runtime kept 8 bytes a block
  old.passes.clear();
  EXPECT_EQ(grid_summary(old, nullptr).why_empty,
            "No block results to show: shared word 0 is half of the double vals[0] (a block's "
            "result is kept as one 4-byte word).");
  Trace large = old;  // the other reasons a program's trace has none
  large.arrays[0].type = ElementType::Int;
  large.arrays[0].element_words = 1;
  EXPECT_NE(no_block_results_reason(large).find("grids of up to 16,384 blocks"), std::string::npos);
  large.run.backend = Backend::Cuda;
  EXPECT_EQ(no_block_results_reason(large), "the GPU tracer records the traced block only.");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("vals[0] (a double) at exit 0\nshared arrays: vals[8] at word 0, "
                           "count[8] at word 16\n"),
            std::string::npos)
      << out.str();
}

// A long long array beside an int array: each element is two words, named and valued as the
// 8-byte integer it is (not big[8] of 4-byte bit patterns).
TEST(OwnProgram, ALongLongArrayBesideAnIntArrayIsShownAsEightByteIntegers) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_mixed_long_long.cu",
      "#include <cstdio>\n__global__ void k(long long* out) {\n"
      "  __shared__ long long big[4];\n  __shared__ int count[8];\n  int t = threadIdx.x;\n"
      "  if (t < 4) big[t] = (1LL << 40) * (t + 1) - t;\n  count[t] = t + 1;\n"
      "  __syncthreads();\n  if (t == 0) {\n    long long s = 0; int c = 0;\n"
      "    for (int i = 0; i < 4; ++i) s += big[i];\n"
      "    for (int i = 0; i < 8; ++i) c += count[i];\n    out[0] = s; out[1] = c;\n  }\n}\n"
      "int main() {\n  long long* out; cudaMalloc(&out, 16);\n  k<<<1, 8>>>(out);\n"
      "  long long r[2]; cudaMemcpy(r, out, 16, cudaMemcpyDeviceToHost);\n"
      "  printf(\"%lld %lld\\n\", r[0], r[1]);\n}\n");
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_EQ(r.output, "10995116277754 36\n");
  const Trace& t = r.trace;
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0], (SharedArray{"big", 0, {4}, ElementType::Int, 2}));
  EXPECT_EQ(t.arrays[1], (SharedArray{"count", 8, {8}, ElementType::Int}));
  std::vector<double> expected;
  for (int i = 0; i < 4; ++i) expected.insert(expected.end(), 2, double((1LL << 40) * (i + 1) - i));
  for (int i = 1; i <= 8; ++i) expected.push_back(i);
  const std::vector<double>& last = t.blocks.front().steps.back().snapshot;
  EXPECT_EQ(std::vector<double>(last.begin(), last.begin() + 16), expected);
  EXPECT_DOUBLE_EQ(t.reference, 10995116277754.0 + 36);  // each 8-byte integer once
  EXPECT_EQ(shared_types_text(t), "8-byte int and int");
  ASSERT_EQ(t.passes.size(), 1u);  // the block's result: big[0], all 8 bytes of it
  EXPECT_EQ(t.passes[0].partials, std::vector<double>{1099511627776.0});
  EXPECT_EQ(t.blocks.front().partial, 1099511627776.0);
  EXPECT_DOUBLE_EQ(t.result, 1099511627776.0);
  Trace old = t;  // a trace from before the runtime kept 8 bytes a block
  old.passes.clear();
  EXPECT_EQ(no_block_results_reason(old),
            "shared word 0 is half of the 8-byte integer big[0] (a block's result is kept as one "
            "4-byte word).");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("big[0] (an 8-byte integer) at exit 1099511627776\nshared arrays: "
                           "big[4] at word 0, count[8] at word 8\n"),
            std::string::npos)
      << out.str();
}

// An unsigned array: its words read as unsigned (0xfffffff0 is 4294967280, not -16) in the
// snapshots, the accesses, the block's result and `run`'s line; an int array beside it stays
// signed.
TEST(OwnProgram, AnUnsignedArrayIsShownAsUnsignedValues) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file =
      write_program("own_unsigned.cu",
                    "#include <cstdio>\n__global__ void k(unsigned* out) {\n"
                    "  __shared__ unsigned bins[4];\n  __shared__ int plain[4];\n"
                    "  int t = threadIdx.x;\n  bins[t] = 0xfffffff0u + t;\n  plain[t] = -t;\n"
                    "  __syncthreads();\n  out[t] = bins[3 - t] + plain[t];\n}\n"
                    "int main() {\n  unsigned* out; cudaMalloc(&out, 16);\n  k<<<1, 4>>>(out);\n"
                    "  unsigned r[4]; cudaMemcpy(r, out, 16, cudaMemcpyDeviceToHost);\n"
                    "  printf(\"%u %u\\n\", r[0], r[3]);\n}\n");
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_EQ(r.output, "4294967283 4294967277\n");
  const Trace& t = r.trace;
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0], (SharedArray{"bins", 0, {4}, ElementType::Int, 1, true}));
  EXPECT_EQ(t.arrays[1], (SharedArray{"plain", 4, {4}, ElementType::Int}));
  EXPECT_EQ(shared_types_text(t), "unsigned int and int");
  const std::vector<double> expected{4294967280, 4294967281, 4294967282, 4294967283, 0, -1, -2, -3};
  const std::vector<double>& last = t.blocks.front().steps.back().snapshot;
  EXPECT_EQ(std::vector<double>(last.begin(), last.begin() + 8), expected);
  int reads = 0;
  for (const Access& a : t.blocks.front().steps.back().accesses) {
    if (a.kind != AccessKind::Read) continue;
    EXPECT_EQ(a.value, a.address < 16 ? 4294967280.0 + a.address / 4 : -double(a.address / 4 - 4))
        << a.address;
    ++reads;
  }
  EXPECT_EQ(reads, 8);
  ASSERT_EQ(t.passes.size(), 1u);  // the block's result: bins[0]
  EXPECT_EQ(t.passes[0].partials, std::vector<double>{4294967280.0});
  EXPECT_EQ(t.result, 4294967280.0);
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("at exit (not a sum) 4294967280\n"), std::string::npos) << out.str();
}

// Two kernels, one with a typedef'd shared array: traced at the other kernel's launch, the trace
// has no shared memory (not the file's arrays of another kernel); traced at its own, the array
// is read in the typedef's type.
TEST(OwnProgram, AKernelWithoutSharedMemoryShowsNoneAndATypedefIsItsType) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_two_kernels.cu",
      "#include <cstdio>\ntypedef float real_t;\n"
      "__global__ void fill(real_t* p) { p[threadIdx.x] = 0.5f * threadIdx.x; }\n"
      "__global__ void tiled(const real_t* p, real_t* out) {\n"
      "  __shared__ real_t tile[4][4];\n  int t = threadIdx.x;\n"
      "  tile[t / 4][t % 4] = p[t];\n  __syncthreads();\n"
      "  if (t == 0) out[0] = tile[3][3];\n}\n"
      "int main() {\n  real_t *p, *out;\n  cudaMalloc(&p, 64);\n  cudaMalloc(&out, 4);\n"
      "  fill<<<1, 16>>>(p);\n  tiled<<<1, 16>>>(p, out);\n  real_t r;\n"
      "  cudaMemcpy(&r, out, 4, cudaMemcpyDeviceToHost);\n  printf(\"%g\\n\", r);\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("7.5\ntraced 1 step of block 0 of launch 0, 0 shared accesses, no "
                           "shared memory\n"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("shared arrays"), std::string::npos) << out.str();
  options.launch = 1;
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  ASSERT_EQ(r.trace.arrays.size(), 1u);
  EXPECT_EQ(r.trace.arrays[0], (SharedArray{"tile", 0, {4, 4}, ElementType::Float}));
  EXPECT_EQ(r.trace.run.element_type, ElementType::Float);
  EXPECT_EQ(r.trace.blocks.front().steps.front().snapshot[15], 7.5);  // tile[3][3], not its bits
}

// A traced block too large to trace: the program's output and exit status, a note, no trace.
TEST(OwnProgram, ABlockTooLargeToTraceIsANoteNotAnError) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "own_too_large.cu",
      "#include <cstdio>\n__global__ void spin(int* out) {\n  __shared__ int s[256];\n"
      "  volatile int* v = s;\n  v[threadIdx.x] = 0;\n  for (int k = 0; k < 8192; k++) "
      "v[threadIdx.x] += k;\n"
      "  out[threadIdx.x] = s[threadIdx.x];\n}\nint main() {\n  int* out;\n"
      "  cudaMalloc(&out, 1024);\n  spin<<<1, 256>>>(out);\n  int h;\n"
      "  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);\n  printf(\"%d\\n\", h);\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_EQ(out.str(), "33550336\n");
  EXPECT_NE(err.str().find("stridescope: note: block 0 of launch 0 made over 1,048,576 "
                           "shared-memory accesses"),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("no trace written"), std::string::npos);
}

// A kernel without shared memory: no sentence about a shared word that does not exist.
TEST(OwnProgram, AKernelWithoutSharedMemorySaysSo) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program("own_no_shared.cu",
                               "__global__ void k(int* out) { out[threadIdx.x] = 2; }\n"
                               "int main() {\n  int* out;\n  cudaMalloc(&out, 64);\n"
                               "  k<<<1, 16>>>(out);\n  cudaDeviceSynchronize();\n}\n");
  std::ostringstream out, err;
  const std::string saved = std::string(STRIDESCOPE_TEST_TMP) + "/own_no_shared.json";
  ASSERT_EQ(command_run(options, saved, false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("0 shared accesses, no shared memory\n"), std::string::npos)
      << out.str();
  EXPECT_NO_THROW(load_trace(saved));  // `check` and `diff` read it: no elements, no shared words
}

TEST(OwnProgram, TheBooksDotProductPrintsItsResultAndTracesBlockZero) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/dot.cu";
  const OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.exit_code, 0) << r.errors;
  EXPECT_EQ(r.output, "Does GPU value 2.57236e+13 = 2.57236e+13?\n");
  ASSERT_TRUE(r.traced);
  EXPECT_EQ(r.trace.run.grid_size, 32u);
  EXPECT_EQ(r.trace.run.block_size, 256u);
  ASSERT_EQ(r.trace.blocks.at(0).steps.size(), 10u);  // the load, 8 halvings, the exit
  EXPECT_EQ(r.trace.blocks[0].steps[0].line, 24);
  EXPECT_EQ(r.trace.blocks[0].steps[1].line, 29);
  // cache[] is float (clang's AST says so): the trace's words are floats, its result the host's.
  EXPECT_EQ(r.trace.run.element_type, ElementType::Float);
  EXPECT_NEAR(r.trace.result, 2.57236e13, 1e8);
  EXPECT_EQ(first_inconsistency(r.trace), std::nullopt);
}

OwnRunResult run_fixture(const std::string& name, std::uint32_t launch) {
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/" + name;
  options.launch = launch;
  return run_own_program(options);
}

TEST(OwnProgram, ShufflesAtomicsAndWarpBarriersRunAndTraceAsOnAGpu) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const OwnRunResult shuffle = run_fixture("warp_features.cu", 0);
  EXPECT_EQ(shuffle.output, "shuffle sum 2016\nbins 16 16 16 16\nwarp tail sum 2016\n")
      << shuffle.errors << shuffle.failure;
  // The histogram: each atomicAdd on shared memory is one atomic access at its line (16), with the
  // value it wrote; the 64 atomics on 4 bins are not races.
  const OwnRunResult histogram = run_fixture("warp_features.cu", 1);
  ASSERT_TRUE(histogram.traced) << histogram.failure;
  const Step& adds = histogram.trace.blocks.at(0).steps.at(1);
  ASSERT_EQ(adds.accesses.size(), 64u);
  EXPECT_EQ(adds.accesses[0].kind, AccessKind::Atomic);
  EXPECT_EQ(adds.accesses[0].line, 16);
  EXPECT_EQ(adds.accesses[0].value, 1);
  EXPECT_EQ(adds.snapshot, (std::vector<double>{16, 16, 16, 16}));
  EXPECT_EQ(TraceModel(histogram.trace).lab().hazards, 0u);
  // The warp tail: its __syncwarp()s are recorded, so the lab sees no race.
  const OwnRunResult tail = run_fixture("warp_features.cu", 2);
  ASSERT_TRUE(tail.traced) << tail.failure;
  EXPECT_FALSE(tail.trace.blocks.at(0).steps.at(1).warp_syncs.empty());
  EXPECT_EQ(TraceModel(tail.trace).lab().hazards, 0u);
  EXPECT_EQ(tail.trace.result, 2016);
}

// A loop around __syncwarp() makes thousands of warp rounds in one interval: past the cap
// (catalog/warp_rounds.h) the interval stays one step, so the trace is small and made quickly (each
// round once became a step with a copy of shared memory: the parent ran out of time and memory).
TEST(OwnProgram, ALoopOfWarpBarriersStaysOneStepPerInterval) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string path = write_program(
      "own_syncwarp_loop.cu",
      "#include <cstdio>\n__global__ void k(int* out) {\n  __shared__ int s[32];\n"
      "  for (int i = 0; i < 20000; i++) {\n    s[threadIdx.x] = i;\n    __syncwarp();\n  }\n"
      "  __syncthreads();\n  if (threadIdx.x == 0) *out = s[31];\n}\n"
      "int main() {\n  int* d;\n  int h = 0;\n  cudaMalloc((void**)&d, sizeof(int));\n"
      "  k<<<1, 32>>>(d);\n  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);\n"
      "  printf(\"%d\\n\", h);\n}\n");
  OwnRunOptions options;
  options.file = path;
  const auto start = std::chrono::steady_clock::now();
  const OwnRunResult r = run_own_program(options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_EQ(r.output, "19999\n");
  const std::vector<Step>& steps = r.trace.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 2u);  // the loop's interval (one step), then the exit
  EXPECT_EQ(steps[0].kind, StepKind::Barrier);
  EXPECT_EQ(steps[0].warp_syncs.size(), 20000u);
  EXPECT_LT(seconds, 60) << "a loop of warp barriers took " << seconds << " s";
}

// A shuffle's values are shown in the shuffled type: an unsigned int at 2^31 and above stays
// positive, a negative long long stays negative (each once came out through the wrong sign).
TEST(OwnProgram, ShuffledValuesKeepTheirTypesSign) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string path =
      write_program("own_shuffle_types.cu",
                    "__global__ void k(int* out) {\n  __shared__ int s[32];\n"
                    "  unsigned u = 0x80000000u + threadIdx.x;\n"
                    "  u += __shfl_down_sync(0xffffffffu, u, 1);\n"
                    "  long long v = -1 - (long long)threadIdx.x;\n"
                    "  v += __shfl_down_sync(0xffffffffu, v, 2);\n"
                    "  s[threadIdx.x] = int(v + u);\n  __syncthreads();\n  out[threadIdx.x] = "
                    "s[threadIdx.x];\n}\n"
                    "int main() {\n  int* d;\n  cudaMalloc((void**)&d, 32 * sizeof(int));\n"
                    "  k<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n}\n");
  OwnRunOptions options;
  options.file = path;
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  const std::vector<Step>& steps = r.trace.blocks.at(0).steps;
  ASSERT_GE(steps.size(), 2u);
  ASSERT_EQ(steps[0].shuffles.size(), 1u);
  ASSERT_EQ(steps[1].shuffles.size(), 1u);
  const ShuffleRound& unsigned_round = steps[0].shuffles[0];
  EXPECT_EQ(unsigned_round.delta, 1u);
  EXPECT_EQ(unsigned_round.sent[0], 2147483648.0);
  EXPECT_EQ(unsigned_round.received[0], 2147483649.0);  // lane 1's
  const ShuffleRound& signed_round = steps[1].shuffles[0];
  EXPECT_EQ(signed_round.delta, 2u);
  EXPECT_EQ(signed_round.sent[5], -6.0);
  EXPECT_EQ(signed_round.received[5], -8.0);  // lane 7's
}

// A grid with a size of 0 (e.g. N / 16 blocks for N < 16) is refused as CUDA refuses it, with
// one line: it once ran no block and left a launch the window could not show.
TEST(OwnProgram, AGridOfZeroBlocksIsOneErrorLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string path = write_program(
      "own_zero_grid.cu",
      "__global__ void k() {}\nint main() {\n  int n = 8;\n  k<<<dim3(n / 16, 2), 4>>>();\n"
      "  cudaDeviceSynchronize();\n}\n");
  OwnRunOptions options;
  options.file = path;
  const RunErrors r = run_for_errors(options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.text.find("launch 0 asks for a grid of (0,2,1) blocks; CUDA refuses a size of 0"),
            std::string::npos)
      << r.text;
  EXPECT_EQ(lines_of(r.text), 1) << r.text;
}

// Features the CPU runtime cannot run are named, with their line, before anything runs.
TEST(OwnProgram, UnsupportedFeaturesAreNamedWithTheirLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  struct Case {
    const char* body;
    const char* expected;
  };
  const Case cases[] = {
      {"  asm volatile(\"membar.gl;\");\n", "own_unsupported.cu:4: error: inline assembly"},
      {"  child<<<1, 1>>>();\n", "own_unsupported.cu:4: error: dynamic parallelism"},
      {"  float x = tex1Dfetch<float>(0, 1);\n",
       "own_unsupported.cu:4:13: error: 'tex1Dfetch' is not supported by stridescope run (texture "
       "memory); nvcc runs it"},
      {"  cudaMallocArray(0);\n",
       "own_unsupported.cu:4:3: error: 'cudaMallocArray' is not supported by stridescope run (CUDA "
       "arrays); nvcc runs it"},
      {"  cuCtxSynchronize();\n",
       "own_unsupported.cu:4:3: error: 'cuCtxSynchronize' is not supported by stridescope run (the "
       "CUDA driver API); nvcc runs it"},
      {"  cooperative_groups::this_grid().sync();\n",
       "own_unsupported.cu:4:35: error: 'sync' is not supported by stridescope run "
       "(this_grid().sync(), which needs a cooperative launch); nvcc runs it"},
      {"  cooperative_groups::sync(cooperative_groups::this_grid());\n",
       "own_unsupported.cu:4:23: error: 'sync' is not supported by stridescope run "
       "(cg::sync(grid), which needs a cooperative launch); nvcc runs it"},
  };
  for (const Case& c : cases) {
    OwnRunOptions options;
    options.file = write_program("own_unsupported.cu",
                                 "#include <cooperative_groups.h>\n__global__ void child() {}\n"
                                 "__global__ void k() {\n" +
                                     std::string(c.body) + "}\nint main() { k<<<1, 1>>>(); }\n");
    const RunErrors r = run_for_errors(options);
    EXPECT_EQ(r.status, 2) << c.expected;
    EXPECT_NE(r.text.find(c.expected), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("stridescope: error: "), std::string::npos) << r.text;
  }
}

}  // namespace
}  // namespace stridescope
