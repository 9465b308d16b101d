// The precompiled runtime header of `stridescope run` (owncuda/header_pch.h): built once into the
// cache and reused, a new key for other flags, the header as text without a cache, and a program
// traces the same with it, without it, and with a broken file in its place. Needs clang++-14.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "owncuda/child_process.h"
#include "owncuda/header_pch.h"
#include "owncuda/own_program.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

// Sets $STRIDESCOPE_PCH_DIR for one test (unset means the user's cache).
class PchDir {
 public:
  explicit PchDir(const std::string& dir) { setenv("STRIDESCOPE_PCH_DIR", dir.c_str(), 1); }
  ~PchDir() { unsetenv("STRIDESCOPE_PCH_DIR"); }
};

std::string clang() {
  return find_tool({"clang++-14", "clang++"});
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / name;
  fs::remove_all(dir);
  return dir;
}

const std::vector<std::string> kFlags{"-std=c++17", "-O0", "-x", "c++"};

TEST(HeaderPch, IsBuiltOnceIntoTheCacheAndThenReused) {
  if (clang().empty()) GTEST_SKIP() << "clang++-14 not installed";
  const fs::path dir = fresh_dir("pch_once");
  PchDir env(dir.string());
  const std::vector<std::string> first = header_args(clang(), kFlags);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0], "-include-pch");
  ASSERT_TRUE(fs::exists(first[1]));
  EXPECT_EQ(fs::path(first[1]).parent_path(), dir);
  const auto built = fs::last_write_time(first[1]);
  EXPECT_EQ(header_args(clang(), kFlags), first);
  EXPECT_EQ(fs::last_write_time(first[1]), built);  // not built again
  std::vector<std::string> other = kFlags;
  other.push_back("-DSOMETHING");
  EXPECT_NE(header_args(clang(), other), first);  // other flags: another file
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
}

TEST(HeaderPch, WithoutACacheOrWhereClangFailsTheHeaderIsReadAsText) {
  {
    PchDir none("");
    const std::vector<std::string> args = header_args(clang(), kFlags);
    ASSERT_EQ(args.size(), 2u);
    EXPECT_EQ(args[0], "-include");
    EXPECT_EQ(fs::path(args[1]).filename(), "stridescope_cuda.h");
  }
  const fs::path dir = fresh_dir("pch_bad_flags");
  PchDir env(dir.string());
  EXPECT_EQ(header_args(clang(), {"-x", "c++", "--no-such-flag"})[0], "-include");
  EXPECT_TRUE(!fs::exists(dir) || fs::is_empty(dir));  // no half-written file left
}

// The same trace (as JSON) with the precompiled header, without it, and with a broken file where
// the cache's would be: a bad cache costs a second compile, never a wrong or failed run.
TEST(HeaderPch, AProgramTracesTheSameWithItWithoutItAndWithABrokenOne) {
  if (clang().empty() || find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty())
    GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
  auto traced = [&]() {
    OwnRunResult r = run_own_program(options);
    EXPECT_EQ(r.failure, "") << r.errors;
    EXPECT_EQ(r.output, "sum = 10\n");
    return r.traced ? trace_to_json(r.trace).dump() : std::string();
  };
  std::string as_text;
  {
    PchDir none("");
    as_text = traced();
  }
  const fs::path dir = fresh_dir("pch_program");
  PchDir env(dir.string());
  EXPECT_EQ(traced(), as_text);
  std::vector<fs::path> made;
  for (const auto& entry : fs::directory_iterator(dir)) made.push_back(entry.path());
  ASSERT_EQ(made.size(), 2u);  // one for libclang's CUDA parse, one for the C++ compile
  for (const fs::path& pch : made) std::ofstream(pch, std::ios::trunc) << "not a pch";
  EXPECT_EQ(traced(), as_text);
}

}  // namespace
}  // namespace stridescope
