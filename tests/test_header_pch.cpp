// The precompiled runtime header of `stridescope run` (program/build/header_pch.h): built once into
// the cache and reused, a new key for other flags, the header as text without a cache, and a
// program traces the same with it, without it, and with a broken file in its place. Needs
// clang++-14.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "program/build/header_pch.h"
#include "program/own_program.h"
#include "program/process/child_process.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

// Sets $STRIDESCOPE_PCH_DIR for one scope, then puts back what it was (CTest sets one for the
// whole suite, so that no test writes into the user's cache).
class PchDir {
 public:
  explicit PchDir(const std::string& dir) {
    if (const char* before = std::getenv("STRIDESCOPE_PCH_DIR")) before_ = before;
    setenv("STRIDESCOPE_PCH_DIR", dir.c_str(), 1);
  }
  ~PchDir() {
    if (before_) {
      setenv("STRIDESCOPE_PCH_DIR", before_->c_str(), 1);
    } else {
      unsetenv("STRIDESCOPE_PCH_DIR");
    }
  }

 private:
  std::optional<std::string> before_;
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
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.path().extension() == ".pch";
  EXPECT_EQ(files, 2);
}

TEST(HeaderPch, WithoutACacheOrWhereClangFailsTheHeaderIsReadAsText) {
  {
    PchDir none("");
    const std::vector<std::string> args = header_args(clang(), kFlags);
    ASSERT_EQ(args.size(), 2u);
    EXPECT_EQ(args[0], "-include");
    EXPECT_EQ(fs::path(args[1]).filename(), "stridescope_cuda.h");
  }
  if (clang().empty()) GTEST_SKIP() << "clang++-14 not installed (the failing build needs it)";
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
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".pch") made.push_back(entry.path());
  ASSERT_EQ(made.size(), 2u);  // one for libclang's CUDA parse, one for the C++ compile
  for (const fs::path& pch : made) std::ofstream(pch, std::ios::trunc) << "not a pch";
  EXPECT_EQ(traced(), as_text);
  // The broken files were dropped by the run that found them, and the next run made new ones.
  for (const fs::path& pch : made) EXPECT_FALSE(fs::exists(pch)) << pch;
  EXPECT_EQ(traced(), as_text);
  for (const fs::path& pch : made) EXPECT_GT(fs::file_size(pch), 1000u) << pch;
}

// A precompiled header older than a file it was made from (here: the dependency file names one
// that changed after it) is built again, not used.
TEST(HeaderPch, AFileNewerThanThePrecompiledHeaderMakesItAgain) {
  if (clang().empty()) GTEST_SKIP() << "clang++-14 not installed";
  const fs::path dir = fresh_dir("pch_stale");
  PchDir env(dir.string());
  const std::string pch = header_args(clang(), kFlags).at(1);
  const fs::path deps = pch + ".d";
  ASSERT_TRUE(fs::exists(deps));
  const fs::path changed = dir / "changed.h";
  std::ofstream(changed) << "// a header updated after the cache was made\n";
  const auto built = fs::last_write_time(pch);
  fs::last_write_time(changed, built + std::chrono::seconds(5));
  std::ofstream(deps, std::ios::app) << " " << changed.string() << "\n";
  EXPECT_EQ(header_args(clang(), kFlags).at(1), pch);
  EXPECT_NE(fs::last_write_time(pch), built);  // made again
  std::ifstream again(deps);
  std::string text((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("changed.h"), std::string::npos);  // the new dependency file
  EXPECT_NE(text.find("stridescope_cuda.h"), std::string::npos);
}

}  // namespace
}  // namespace stridescope
