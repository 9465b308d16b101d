// A raw record's races and harness reports (program/record/raw_results.h): read whole, in one
// order, and a malformed one refused with one line by raw_record_of, never a crash.
#include <gtest/gtest.h>

#include <stdexcept>

#include "program/record/raw_record.h"
#include "program/record/raw_results.h"

namespace stridescope {
namespace {

nlohmann::json race(unsigned block_a, char kind_a, unsigned block_b, char kind_b) {
  return {{"launch", 0},
          {"buffer", "total"},
          {"element", 0},
          {"first", {block_a, 0, 100, std::string(1, kind_a)}},
          {"second", {block_b, 0, 100, std::string(1, kind_b)}}};
}

TEST(RawResults, TheTwoSidesOfARaceComeInOneOrderAndOnePairOfLinesSaysOnce) {
  const std::map<std::uint64_t, int> lines{{100, 7}};
  nlohmann::json raw = {{"global_races", {race(1, 'r', 0, 'a'), race(0, 'r', 1, 'w')}}};
  const RawResults r = raw_results(raw_record_of(raw), lines);
  ASSERT_EQ(r.races.size(), 1u) << "one sentence per pair of lines";
  EXPECT_EQ(r.races[0].first.kind, 'a') << "sides ordered by (line, kind, block, thread)";
  // The same race met the other way round reads the same.
  const RawResults swapped =
      raw_results(raw_record_of(nlohmann::json{{"global_races", {race(0, 'a', 1, 'r')}}}), lines);
  EXPECT_EQ(race_sentence(swapped.races[0]),
            race_sentence(
                raw_results(raw_record_of(nlohmann::json{{"global_races", {race(1, 'r', 0, 'a')}}}),
                            lines)
                    .races[0]));
}

TEST(RawResults, AMalformedRecordIsOneErrorNotACrash) {
  const std::vector<nlohmann::json> bad = {
      {{"global_races", 5}},
      {{"global_races", {{{"launch", 0}}}}},
      {{"global_races", {race(0, 'x', 1, 'w')}}},
      {{"results", {{{"name", "out"}, {"values", {1, "two"}}}}}},
      {{"results", {{{"name", "out"}, {"values", {1}}, {"writers", {nlohmann::json::array()}}}}}},
      {{"results", {{{"name", "out"}, {"values", {1}}, {"writers", {{0, 0, 0, 9, 0}}}}}}},
      {{"unread", {{{"name", "in"}}}}},
  };
  for (const nlohmann::json& raw : bad)
    EXPECT_THROW(raw_record_of(raw), RawRecordError) << raw.dump();
}

}  // namespace
}  // namespace stridescope
