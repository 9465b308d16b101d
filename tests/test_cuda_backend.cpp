// `stridescope run FILE.cu --backend cuda`: the launch table (parsed, printed), its errors (no
// nvcc, an unknown backend), the emulator's printed results recorded in
// tests/cuda_backend/expected/ (checked here against the emulator), and, where nvcc and a GPU are,
// every example run natively against those records. Skips visibly without clang (emulator) or
// without nvcc or a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "program/nvcc/cuda_backend.h"
#include "program/nvcc/launch_table.h"
#include "program/own_program.h"
#include "program/process/child_process.h"
#include "run_command.h"

namespace stridescope {
namespace {

using test_support::read_text;

namespace fs = std::filesystem;
using test_support::run;

const std::string kSource = STRIDESCOPE_SOURCE_DIR;
const std::string kBinary = STRIDESCOPE_BINARY;

// How each example's printed results are compared between the backends.
struct ExampleSpec {
  const char* file;
  ThreadSchedule schedule;  // the emulator's order the record was made with
  double tolerance;         // relative, for numbers with a point or exponent; 0: exact text
  std::size_t launches;     // kernel launches the program makes
  const char* racy_line;    // a line that starts so is not compared ("" none)
};

// dot.cu: float products a[i] * b[i] = 2 i^2 above 2^24 round, and nvcc contracts
// `temp += a[i] * b[i]` into one FMA (one rounding, not two; --fmad=true is its default) where
// the emulator's x86-64 code rounds twice; the block's tree and the host's loop add in the same
// order on both. 1e-5 is about 80 float ulps, far above that and below a wrong sum. The other
// examples hold small integers (exact in float) or doubles of integers below 2^53: exact.
// dot_ladder.cu: recorded under the default schedule (warps), which prints the H100's dot5 (the
// threads schedule makes its race show); dot5 has no __syncwarp() between its warp steps, which
// CUDA does not promise to work, so its sum is not compared; its times differ.
// histogram.cu and transpose.cu print integers fixed by their input whatever the order of the
// threads (counts of bytes; a copy): their files were written from the emulator, not yet from a
// GPU (scripts/gpu-check.sh compares them there).
const std::vector<ExampleSpec> kExamples = {
    {"dot.cu", ThreadSchedule::Threads, 1e-5, 1, ""},
    {"dot_ladder.cu", ThreadSchedule::Warps, 0, 6, "dot5 ="},
    {"histogram.cu", ThreadSchedule::Threads, 0, 1, ""},
    {"matmul.cu", ThreadSchedule::Threads, 0, 4, ""},
    {"sum256.cu", ThreadSchedule::Threads, 0, 1, ""},
    {"sum4.cu", ThreadSchedule::Threads, 0, 1, ""},
    {"sum6_lost.cu", ThreadSchedule::Threads, 0, 1, ""},
    {"sum_double.cu", ThreadSchedule::Threads, 0, 3, ""},
    {"transpose.cu", ThreadSchedule::Threads, 0, 1, ""},
};

fs::path expected_path(const ExampleSpec& e) {
  return fs::path(kSource) / "tests/cuda_backend/expected" /
         (fs::path(e.file).stem().string() + ".txt");
}

// The times a program prints of itself ("(0.123 ms)") differ from run to run and machine to
// machine.
std::string without_times(const std::string& output) {
  return std::regex_replace(output, std::regex(R"(\([0-9.]+ ms\))"), "(time)");
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, by)) parts.push_back(part);
  return parts;
}

bool is_float_text(const std::string& t) {
  return t.find_first_of(".e") != std::string::npos;
}

bool same_token(const std::string& a, const std::string& b, double tolerance) {
  if (a == b) return true;
  if (tolerance == 0 || !is_float_text(a) || !is_float_text(b)) return false;
  char *end_a = nullptr, *end_b = nullptr;
  const double x = std::strtod(a.c_str(), &end_a), y = std::strtod(b.c_str(), &end_b);
  if (*end_a != '\0' || *end_b != '\0' || end_a == a.c_str()) return false;
  return std::fabs(x - y) <= tolerance * std::max(std::fabs(x), std::fabs(y));
}

// "" when `got` prints the results of `want` (see ExampleSpec), else the first line that differs.
std::string first_difference(const std::string& want, const std::string& got,
                             const ExampleSpec& e) {
  const std::vector<std::string> w = split(without_times(want), '\n');
  const std::vector<std::string> g = split(without_times(got), '\n');
  if (w.size() != g.size())
    return std::to_string(g.size()) + " lines, not " + std::to_string(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (*e.racy_line && w[i].rfind(e.racy_line, 0) == 0 && g[i].rfind(e.racy_line, 0) == 0)
      continue;
    const std::vector<std::string> a = split(w[i], ' '), b = split(g[i], ' ');
    bool same = a.size() == b.size();
    for (std::size_t k = 0; same && k < a.size(); ++k) same = same_token(a[k], b[k], e.tolerance);
    if (!same) return "line " + std::to_string(i + 1) + ": '" + g[i] + "', not '" + w[i] + "'";
  }
  return "";
}

TEST(LaunchTable, ParsesTheTimersLinesAndSkipsAHalfWrittenOne) {
  const LaunchLog log = parse_launch_log(
      "device\tNVIDIA H100 80GB HBM3\t9.0\t13000\n"
      "launch\tdot\t32 1 1\t256 1 1\t0\t0.012000\t\n"
      "launch\tmatmul_tiled\t2 2 1\t16 16 1\t1024\t0.5\tan illegal memory access was encountered\n"
      "launch\thalf\t1 1");
  EXPECT_EQ(log.device, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(log.compute, "9.0");
  EXPECT_EQ(log.cuda_runtime, 13000u);
  ASSERT_EQ(log.launches.size(), 2u);
  EXPECT_EQ(log.launches[0].kernel, "dot");
  EXPECT_EQ(log.launches[0].grid, (std::array<std::uint32_t, 3>{32, 1, 1}));
  EXPECT_DOUBLE_EQ(log.launches[0].ms, 0.012);
  EXPECT_EQ(log.launches[0].error, "");
  EXPECT_EQ(log.launches[1].block, (std::array<std::uint32_t, 3>{16, 16, 1}));
  EXPECT_EQ(log.launches[1].shared_bytes, 1024u);
  EXPECT_EQ(first_failed_launch(log), 1u);
  EXPECT_EQ(launch_config(log.launches[0]), "dot<<<32,256>>>");
  EXPECT_EQ(launch_config(log.launches[1]), "matmul_tiled<<<(2,2),(16,16),1024>>>");
}

TEST(LaunchTable, PrintsOneAlignedRowPerLaunchAndNamesAFailure) {
  LaunchLog log;
  log.device = "NVIDIA H100 80GB HBM3";
  log.compute = "9.0";
  log.launches = {{"dot0", {8, 1, 1}, {512, 1, 1}, 0, 0.0123, ""},
                  {"matmul_tiled", {2, 2, 1}, {16, 16, 1}, 0, 1.5, ""},
                  {"k", {1, 1, 1}, {2048, 1, 1}, 0, -1, "invalid argument"}};
  std::ostringstream out;
  print_launch_table(log, out);
  EXPECT_EQ(out.str(),
            "cuda: 3 launches on NVIDIA H100 80GB HBM3 (compute 9.0), each timed by CUDA events "
            "around it and waited for:\n"
            "launch 0  dot0<<<8,512>>>                  0.012 ms\n"
            "launch 1  matmul_tiled<<<(2,2),(16,16)>>>  1.500 ms\n"
            "launch 2  k<<<1,2048>>>                    failed: invalid argument\n");
}

TEST(CudaBackendCli, WithoutNvccOnPathItSaysSoInOneLine) {
  const test_support::Outcome o = run("env PATH=/nonexistent " + kBinary + " run " + kSource +
                                      "/examples/sum4.cu --backend cuda");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: --backend cuda needs nvcc (the CUDA toolkit); none on PATH\n");
}

// The emulator's options with --backend cuda: tests/test_gpu_run.cpp.
// The limits of a program run on the GPU say what they count (no GPU needed: the words only).
TEST(CudaBackendCli, ALimitOfANativeProgramSaysWhatItCounts) {
  CudaRunOptions options;
  options.time_limit_s = 10;
  EXPECT_EQ(native_ending_text(kKilledBy + SIGXCPU, options),
            "the program ran past its 10 s of CPU time, set by --time-limit (an endless loop, or "
            "more work than that?); its CPU time counts the host's waiting for the GPU too (CUDA "
            "spins while it waits)");
  EXPECT_EQ(native_ending_text(kPastWallTime, options),
            "the program ran past its 30 s wall-time limit, set by --time-limit (waiting for "
            "something, or sleeping?)");
  EXPECT_EQ(native_ending_text(0, options), "");
}

TEST(CudaBackendCli, AnUnknownBackendIsOneErrorLine) {
  const std::string file = kSource + "/examples/sum4.cu";
  const test_support::Outcome o = run(kBinary + " run " + file + " --backend gpu");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output, "stridescope: error: unknown --backend 'gpu' (emulator, cuda)\n");
}

TEST(CudaBackendExpected, EveryExampleHasASpecAndARecordedOutput) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(kSource) / "examples"))
    // A file of kernels only (no main(); run with --launch on the emulator, tested in
    // test_cli_launch.cpp) has no native run to compare.
    if (entry.path().extension() == ".cu" &&
        read_text(entry.path()).find("int main(") != std::string::npos)
      files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  std::vector<std::string> specs;
  for (const ExampleSpec& e : kExamples) {
    specs.push_back(e.file);
    EXPECT_TRUE(fs::exists(expected_path(e))) << expected_path(e);
  }
  EXPECT_EQ(specs, files) << "a new example needs a line in kExamples and a recorded output";
}

TEST(CudaBackendExpected, TheComparisonFindsAWrongSumAndAllowsFloatRounding) {
  const ExampleSpec exact{"x.cu", ThreadSchedule::Threads, 0, 1, ""};
  const ExampleSpec loose{"x.cu", ThreadSchedule::Threads, 1e-5, 1, "dot5 ="};
  EXPECT_EQ(first_difference("sum = 10\n", "sum = 10\n", exact), "");
  EXPECT_NE(first_difference("sum = 10\n", "sum = 11\n", exact), "");
  EXPECT_NE(first_difference("sum = 10\n", "sum = 10\nmore\n", exact), "");
  EXPECT_EQ(first_difference("v 2.57236e+13\n", "v 2.57237e+13\n", loose), "");
  EXPECT_NE(first_difference("v 2.57236e+13\n", "v 2.57336e+13\n", loose), "");
  EXPECT_NE(first_difference("sum = 10\n", "sum = 11\n", loose), "");  // integers stay exact
  EXPECT_EQ(first_difference("dot5 = 49150  (1.0 ms)\n", "dot5 = 3  (0.02 ms)\n", loose), "");
}

TEST(CudaBackendExpected, TheEmulatorStillPrintsTheRecordedOutputs) {
  if (find_tool({"clang++-14", "clang++"}).empty() ||
      find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty())
    GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed (the emulator's side)";
  for (const ExampleSpec& e : kExamples) {
    OwnRunOptions options;
    options.file = kSource + "/examples/" + e.file;
    options.schedule = e.schedule;
    // One worker: sum_double.cu's blocks race (its comment says why), and on several cores the
    // race may show, as it may on a GPU; the record is of blocks one after another.
    options.workers = 1;
    const OwnRunResult r = run_own_program(options);
    EXPECT_EQ(r.failure, "") << e.file;
    // Exactly, times aside: the record is the emulator's own output.
    EXPECT_EQ(without_times(r.output), without_times(read_text(expected_path(e)))) << e.file;
  }
}

bool have_gpu() {
  return run("nvidia-smi -L").output.find("GPU 0") != std::string::npos;
}

#define SKIP_WITHOUT_NVCC_AND_GPU()                                       \
  if (find_tool({"nvcc"}).empty()) GTEST_SKIP() << "nvcc is not on PATH"; \
  if (!have_gpu()) GTEST_SKIP() << "nvidia-smi lists no GPU"

TEST(CudaBackendCli, WithNvccButNoGpuItSaysSoInOneLineBeforeBuilding) {
  if (find_tool({"nvcc"}).empty()) GTEST_SKIP() << "nvcc is not on PATH";
  if (have_gpu()) GTEST_SKIP() << "this machine has a GPU";
  const test_support::Outcome o =
      run(kBinary + " run " + kSource + "/examples/sum4.cu --backend cuda");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output.rfind("stridescope: error: --backend cuda needs an NVIDIA GPU; ", 0), 0u)
      << o.output;
  EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
}

TEST(CudaBackendGpu, EachExamplePrintsTheEmulatorsResultsAndTimesEachLaunch) {
  SKIP_WITHOUT_NVCC_AND_GPU();
  const fs::path errors = fs::path(STRIDESCOPE_TEST_TMP) / "cuda_backend_stderr.txt";
  for (const ExampleSpec& e : kExamples) {
    const std::string file = kSource + "/examples/" + e.file;
    const test_support::Outcome o =
        run("(" + kBinary + " run " + file + " --backend cuda 2>" + errors.string() + ")");
    ASSERT_EQ(o.status, 0) << e.file << "\n" << o.output << read_text(errors);
    const std::size_t table = o.output.find("cuda: ");
    ASSERT_NE(table, std::string::npos) << o.output;
    std::cout << o.output;  // the launch tables: the figures of docs/own-programs.md
    EXPECT_EQ(first_difference(read_text(expected_path(e)), o.output.substr(0, table), e), "")
        << e.file;
    std::size_t rows = 0;
    const std::string source = read_text(file);
    for (const std::string& line : split(o.output.substr(table), '\n')) {
      if (line.rfind("launch ", 0) != 0) continue;
      ++rows;
      std::istringstream fields(line);
      std::string word, index, config, ms;
      fields >> word >> index >> config >> ms;
      const std::string kernel = config.substr(0, config.find("<<<"));
      EXPECT_NE(source.find("void " + kernel + "("), std::string::npos) << line;
      EXPECT_GT(std::stod(ms), 0.0) << line;
    }
    EXPECT_EQ(rows, e.launches) << e.file << "\n" << o.output;
  }
}

TEST(CudaBackendGpu, AFileOfKernelsOnlyIsOneErrorLineSayingHowToRunIt) {
  SKIP_WITHOUT_NVCC_AND_GPU();
  const test_support::Outcome o =
      run(kBinary + " run " + kSource + "/examples/reduce_kernel_only.cu --backend cuda");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: reduce_kernel_only.cu has no main(): --backend cuda runs whole "
            "programs; run a file of kernels on the emulator with --launch "
            "(docs/own-programs.md)\n");
}

TEST(CudaBackendGpu, ALaunchOfTooManyThreadsIsOneErrorLine) {
  SKIP_WITHOUT_NVCC_AND_GPU();
  const test_support::Outcome o =
      run(kBinary + " run " + kSource + "/tests/cuda_backend/too_many_threads.cu --backend cuda");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("launch 0  fill<<<1,2048>>>  failed: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("stridescope: error: launch 0 (fill<<<1,2048>>>) failed: "),
            std::string::npos)
      << o.output;
}

TEST(CudaBackendGpu, AKernelThatFaultsIsOneErrorLineNamingItsLaunch) {
  SKIP_WITHOUT_NVCC_AND_GPU();
  const test_support::Outcome o =
      run(kBinary + " run " + kSource + "/tests/cuda_backend/null_write.cu --backend cuda");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("launch 0  store<<<1,32>>>  failed: an illegal memory access"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("stridescope: error: launch 0 (store<<<1,32>>>) failed: an illegal "
                          "memory access"),
            std::string::npos)
      << o.output;
}

}  // namespace
}  // namespace stridescope
