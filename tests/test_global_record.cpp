// The runtime's record of global memory (app/runtime/global_record.h): a step's bytes
// from the bitmap (small buffers) and from the list of ranges (large ones) agree with a brute
// force, and a buffer's accesses are found by address, between and past buffers ignored.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "runtime/global_record.h"

namespace {

using stridescope_rt_global::GlobalRecord;
using stridescope_rt_global::Traffic;

// [begin, end) runs of a set of bytes.
nlohmann::json runs_of(const std::set<std::uint64_t>& bytes) {
  nlohmann::json out = nlohmann::json::array();
  for (auto it = bytes.begin(); it != bytes.end();) {
    std::uint64_t begin = *it, end = begin + 1;
    for (++it; it != bytes.end() && *it == end; ++it) ++end;
    out.push_back({begin, end});
  }
  return out;
}

TEST(GlobalRecord, BitmapAndRangeListAgreeWithABruteForce) {
  std::mt19937 random(7);
  for (int round = 0; round < 20; ++round) {
    Traffic bitmap, list;
    bitmap.bits.assign(4096 / 64 + 1, 0);
    std::set<std::uint64_t> touched;
    std::uint64_t bytes = 0;
    const int accesses = 1 + int(random() % 3000);
    for (int i = 0; i < accesses; ++i) {
      const std::uint64_t size = 1u << (random() % 4), at = random() % (4096 / size) * size;
      bitmap.add(at, at + size);
      list.add(at, at + size);
      for (std::uint64_t b = at; b < at + size; ++b) touched.insert(b);
      bytes += size;
    }
    const nlohmann::json expected = {accesses, bytes, runs_of(touched)};
    EXPECT_EQ(bitmap.take_json(), expected);
    EXPECT_EQ(list.take_json(), expected);
    EXPECT_EQ(bitmap.take_json(), (nlohmann::json{0, 0, nlohmann::json::array()}));  // cleared
  }
}

TEST(GlobalRecord, AccessesAreCountedInTheirBufferAndStepOnly) {
  std::vector<char> memory(4096);
  GlobalRecord record;
  record.allocated(memory.data() + 1024, 100, nullptr, 4, "float");  // limit: 112 bytes
  record.allocated(memory.data(), 64, nullptr, 0, "");
  record.begin_launch();
  record.note(memory.data() + 1024 + 8, 4, 'r');
  record.note(memory.data() + 1024 + 108, 4, 'w');  // in the 16-byte rounding: recorded
  record.note(memory.data() + 1024 + 112, 4, 'r');  // past it: not a buffer
  record.note(memory.data() + 512, 4, 'r');         // between the buffers
  record.note(memory.data() + 60, 4, 'w');
  // Buffer indices in allocation order (the float one is 0), entries in address order.
  EXPECT_EQ(record.end_step(), nlohmann::json::parse(R"([[1, "w", 1, 4, [[60, 64]]],
      [0, "r", 1, 4, [[8, 12]]], [0, "w", 1, 4, [[108, 112]]]])"));
  EXPECT_EQ(record.end_step(), nlohmann::json::array());
  EXPECT_EQ(record.buffers_json()[1]["type"], "");  // allocation order: the second one
  EXPECT_EQ(record.buffers_json()[0]["type"], "float");
}

}  // namespace
