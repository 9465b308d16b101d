// Linked into every test program but the GPU's: where the README's install put clang (scripts/test.sh sets
// STRIDESCOPE_REQUIRE_CLANG=1 after installing it), a test that skipped for want of clang++-14
// fails instead, so a broken install cannot pass CI by skipping. Other skips (no GPU, no ffmpeg,
// no PID namespace) stay skips; ctest lists them by name at the end.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

bool skipped_for_want_of_clang(const testing::TestResult& result) {
  for (int i = 0; i < result.total_part_count(); ++i) {
    const testing::TestPartResult& part = result.GetTestPartResult(i);
    if (part.skipped() && std::string(part.message()).find("clang++-14") != std::string::npos)
      return true;
  }
  return false;
}

class ClangSkipsFail : public testing::EmptyTestEventListener {
  // After the test's end, outside the lock a test part's report holds: the failure is the test's.
  void OnTestEnd(const testing::TestInfo& test) override {
    if (test.result() != nullptr && skipped_for_want_of_clang(*test.result()))
      ADD_FAILURE() << "skipped for want of clang++-14, but STRIDESCOPE_REQUIRE_CLANG=1: the "
                       "README's install (scripts/install-deps.sh) puts clang++-14 and "
                       "llvm-symbolizer-14 here";
  }
};

const bool kInstalled = [] {
  const char* required = std::getenv("STRIDESCOPE_REQUIRE_CLANG");
  if (required != nullptr && std::string(required) == "1")
    testing::UnitTest::GetInstance()->listeners().Append(new ClangSkipsFail);
  return true;
}();

}  // namespace
