// `stridescope run FILE.cu --launch 'k<<<g,b>>>(...)'` on files of kernels only: what libclang
// reports of the kernels, and the main() made for a spec compiled and run (every element type,
// every INIT, the bounded printing, a template). Needs clang++-14, libclang, llvm-symbolizer-14.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "program/own_program.h"
#include "program/read/launch_spec.h"
#include "run_command.h"

namespace stridescope {
namespace {

using stridescope::test_support::have_clang_tools;
#define SKIP_WITHOUT_CLANG() \
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::path(STRIDESCOPE_TEST_TMP) / name).string();
  std::ofstream(path) << text;
  return path;
}

const std::string kMixed =
    "#include <cstddef>\n"
    "__global__ void mix(const float* x, double* y, unsigned* u, long long* big,\n"
    "                    float a, size_t n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) { y[i] = a * x[i]; u[i] += 1; }\n"
    "  if (i == 0) big[0] = 1ll << 40;\n"
    "}\n"
    "namespace ns {\n"
    "template <typename T> __global__ void twice(T* __restrict__ v, int n) {\n"
    "  if (threadIdx.x < n) v[threadIdx.x] *= 2;\n"
    "}\n"
    "}\n";

TEST(OwnProgramLaunch, LibclangListsTheKernelsWithTheirParameterTypes) {
  SKIP_WITHOUT_CLANG();
  const ProgramFacts f = parse_program(write_file("mixed.cu", kMixed), "");
  EXPECT_FALSE(f.has_main);
  ASSERT_EQ(f.kernels.size(), 2u);
  const KernelDecl& mix = f.kernels[0];
  EXPECT_EQ(mix.name, "mix");
  EXPECT_FALSE(mix.is_template);
  ASSERT_EQ(mix.params.size(), 6u);
  EXPECT_EQ(mix.params[0].name, "x");
  EXPECT_EQ(mix.params[0].type, "const float *");
  EXPECT_TRUE(mix.params[0].is_pointer);
  EXPECT_EQ(mix.params[0].value_type, "float");
  EXPECT_EQ(mix.params[2].value_type, "unsigned int");
  EXPECT_EQ(mix.params[3].value_type, "long long");
  EXPECT_FALSE(mix.params[4].is_pointer);
  EXPECT_EQ(mix.params[4].value_type, "float");
  EXPECT_EQ(mix.params[5].type, "size_t");
  EXPECT_EQ(mix.params[5].value_type, "unsigned long");
  const KernelDecl& twice = f.kernels[1];
  EXPECT_EQ(twice.name, "ns::twice");
  EXPECT_TRUE(twice.is_template);
  ASSERT_EQ(twice.params.size(), 2u);
  EXPECT_TRUE(twice.params[0].is_pointer);
  EXPECT_EQ(twice.params[0].value_type, "type-parameter-0-0");
  const ProgramFacts sum4 = parse_program(STRIDESCOPE_SOURCE_DIR "/examples/sum4.cu", "");
  EXPECT_TRUE(sum4.has_main);
  ASSERT_EQ(sum4.kernels.size(), 1u);
  EXPECT_EQ(sum4.kernels[0].name, "sum");
}

// Host-only functions are compiled without the access callbacks (as main() is): the reader names
// each by its mangled name; not a __device__ or __host__ __device__ one, not a kernel, not an
// inline or constexpr one nor a template's (device code may call those), not main.
TEST(OwnProgramLaunch, LibclangListsTheHostOnlyFunctionsDefinedInTheFile) {
  SKIP_WITHOUT_CLANG();
  const std::string source =
      "void gold(const float* a, float* c, int n) { for (int i = 0; i < n; ++i) c[i] = a[i]; }\n"
      "struct Checker { bool same(const float* x, int n); int inside() { return 1; } };\n"
      "bool Checker::same(const float* x, int n) { return n == 0 || x[0] == 0; }\n"
      "__device__ float twice(float v);\n"
      "__device__ float twice(float v) { return 2 * v; }\n"
      "__host__ __device__ float both(float v) { return v; }\n"
      "inline float small(float v) { return v; }\n"
      "constexpr int size() { return 4; }\n"
      "template <typename T> T pick(T v) { return v; }\n"
      "__global__ void k(float* c) { c[threadIdx.x] = twice(both(1)); }\n"
      "int main() { float a[4] = {}, c[4]; gold(a, c, pick(size())); return int(small(c[0])); }\n";
  const ProgramFacts f = parse_program(write_file("host_only.cu", source), "");
  EXPECT_EQ(f.host_functions, (std::vector<std::string>{"_Z4goldPKfPfi", "_ZN7Checker4sameEPKfi"}));
}

// Each printf written in device code is named by its place in the rewrite (a call written in a
// macro, or in host code, keeps printf): runtime/include/stridescope/device_printf.h.
TEST(OwnProgramLaunch, EveryDevicePrintfIsNamedByItsPlace) {
  SKIP_WITHOUT_CLANG();
  const std::string source =
      "#include <cstdio>\n#define SAY(x) printf(\"%d\\n\", x)\n"
      "__device__ void helper(int v) { std::printf(\"h %d\\n\", v); }\n"
      "__global__ void k() { printf(\"a\\n\"); SAY(1); helper(2); printf(\"a\\n\"); }\n"
      "int main() { printf(\"host\\n\"); k<<<1, 1>>>(); }\n";
  const ProgramFacts f = parse_program(write_file("device_printfs.cu", source), "");
  ASSERT_EQ(f.device_printfs.size(), 3u);
  const std::string rewritten = rewrite_program(source, f);
  EXPECT_NE(rewritten.find(") ::stridescope_rt::site_printf<1>(\"h %d\\n\", v); }"),
            std::string::npos)
      << rewritten;
  EXPECT_NE(rewritten.find("::stridescope_rt::site_printf<2>(\"a\\n\"); SAY(1); helper(2); "
                           "::stridescope_rt::site_printf<3>(\"a\\n\");"),
            std::string::npos)
      << rewritten;
  EXPECT_NE(rewritten.find("int main() { printf(\"host\\n\");"), std::string::npos) << rewritten;
}

TEST(OwnProgramLaunch, EveryElementTypeAndInitRunsAndPrintsBounded) {
  SKIP_WITHOUT_CLANG();
  OwnRunOptions o;
  o.file = write_file("mixed_run.cu", kMixed);
  o.launch_spec =
      "mix<<<2,4>>>(x=values(0.5,1,1.5,2,2.5,3,3.5,4), y=zeros(8), u=random(20,3), "
      "big=fill(1,7), a=0.25, n=8)";
  const OwnRunResult r = run_own_program(o);
  ASSERT_EQ(r.failure, "") << r.errors;
  EXPECT_EQ(r.exit_code, 0) << r.errors;
  std::string u = "u = [";
  double sum = 0;
  for (int i = 0; i < 20; ++i) {
    const double v = spec_random_value(3, i) + (i < 8 ? 1 : 0);
    sum += v;
    if (i < 16) u += (i ? ", " : "") + std::to_string(int(v));
  }
  u += ", ... (20 values, sum " + std::to_string(int(sum)) + ")]\n";
  EXPECT_EQ(r.output,
            "x = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]\n"
            "y = [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]\n" +
                u + "big = [1099511627776]\n");
}

TEST(OwnProgramLaunch, ATemplateKernelRunsWithItsArgumentsAndFloatsPrintShortest) {
  SKIP_WITHOUT_CLANG();
  OwnRunOptions o;
  o.file = write_file("twice.cu", kMixed);
  o.launch_spec = "ns::twice<float><<<1,4>>>(v=values(0.1,-2.5,1e3,3), n=3)";
  const OwnRunResult r = run_own_program(o);
  EXPECT_EQ(r.failure, "") << r.errors;
  EXPECT_EQ(r.output, "v = [0.2, -5, 2000, 3]\n");
  o.launch_spec = "ns::twice<double><<<1,32>>>(v=iota(40), n=32)";
  EXPECT_EQ(run_own_program(o).output,
            "v = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, ... (40 values, sum "
            "1276)]\n");  // 2 * (0 + ... + 31) + (32 + ... + 39)
}

TEST(OwnProgramLaunch, SpecMistakesFoundByTheFileAreLaunchSpecErrors) {
  SKIP_WITHOUT_CLANG();
  OwnRunOptions o;
  o.file = write_file("mixed_errors.cu", kMixed);
  EXPECT_THROW(run_own_program(o), LaunchSpecError);  // no main(), no spec
  o.launch_spec = "mix<<<1,1>>>(x=ones(1))";
  EXPECT_THROW(run_own_program(o), LaunchSpecError);  // y, u, ... missing
  o.file = STRIDESCOPE_SOURCE_DIR "/examples/sum4.cu";
  o.launch_spec = "sum<<<1,4>>>(in=iota(4), out=zeros(1))";
  EXPECT_THROW(run_own_program(o), LaunchSpecError);  // it has a main()
  o.launch_spec.clear();
  o.fallback_launch_spec = "sum<<<1,4>>>(in=iota(4), out=zeros(1))";
  EXPECT_EQ(run_own_program(o).output, "sum = 10\n");  // its own main(); the fallback unused
}

}  // namespace
}  // namespace stridescope
