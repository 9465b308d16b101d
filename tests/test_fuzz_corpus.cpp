// The fuzzer's corpus through the real loader and the check pipeline: the seeds (valid-*) load and
// each cut in half is refused; every other file there (inputs a fuzzer once found) is refused or
// loaded, never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/trace_pipeline.h"

namespace stridescope {
namespace {

TEST(FuzzCorpus, SeedsLoadAndEveryFileIsHandled) {
  std::filesystem::path corpus =
      std::filesystem::path(STRIDESCOPE_SOURCE_DIR) / "tests/fuzz/corpus";
  std::size_t seeds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    bool valid = exercise_trace_pipeline(bytes.str());
    if (entry.path().filename().string().rfind("valid-", 0) == 0) {
      EXPECT_TRUE(valid) << entry.path();
      ++seeds;
      // Cut short, a seed is no trace: refused, never loaded half.
      const std::string half = bytes.str().substr(0, bytes.str().size() / 2);
      EXPECT_FALSE(exercise_trace_pipeline(half)) << entry.path() << " cut in half";
    }
  }
  EXPECT_GE(seeds, 10u);
}

}  // namespace
}  // namespace stridescope
