// The fuzzer's corpus through the real loader and the check pipeline: the seeds (valid-*) load,
// and every other file there (inputs a fuzzer once found) is refused or loaded, never a crash.
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
  std::size_t seeds = 0, files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    bool valid = exercise_trace_pipeline(bytes.str());
    ++files;
    if (entry.path().filename().string().rfind("valid-", 0) == 0) {
      EXPECT_TRUE(valid) << entry.path();
      ++seeds;
    }
  }
  EXPECT_GE(seeds, 10u);
  EXPECT_GE(files, seeds);
}

}  // namespace
}  // namespace stridescope
