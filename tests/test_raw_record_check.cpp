// The raw record's checks (program/record/raw_record_check.h, run by raw_record_of): what a record
// names must be there.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "program/record/raw_record.h"

namespace stridescope {
namespace {

// What raw_record_of refuses the record for; nothing where it reads it.
std::optional<std::string> raw_record_problem(const nlohmann::json& raw) {
  try {
    raw_record_of(raw);
  } catch (const RawRecordError& e) {
    return e.what();
  }
  return std::nullopt;
}

nlohmann::json record_with_access_by(std::uint64_t thread) {
  return nlohmann::json::parse(R"({"traced": true, "shared_bytes": 8, "grid": [1,1,1],
      "block": [2,1,1], "steps": [{"kind": "exit", "line": 0, "snapshot": [0, 0],
      "accesses": [[)" + std::to_string(thread) +
                               R"(, 0, 4, 4, "w", 0, 1]]}]})");
}

// A thread past the block would size an analysis's tables by it (the fuzzer's out-of-memory
// finding: a thread near 2^32 in a block of 128; tests/fuzz/corpus/raw-thread-past-block.json).
TEST(RawRecordCheck, AnAccessByAThreadPastTheBlockIsRefused) {
  EXPECT_EQ(raw_record_problem(record_with_access_by(1)), std::nullopt);
  EXPECT_EQ(raw_record_problem(record_with_access_by(2)),
            std::optional<std::string>("steps[0].accesses: thread 2 of a block of 2 threads"));
  EXPECT_EQ(
      raw_record_problem(record_with_access_by(4294967294u)),
      std::optional<std::string>("steps[0].accesses: thread 4294967294 of a block of 2 threads"));
}

}  // namespace
}  // namespace stridescope
