// Shared-memory words named as the kernel spells them (trace/array_names.h).
#include <gtest/gtest.h>

#include "trace/array_names.h"

namespace stridescope {
namespace {

const std::vector<SharedArray> kTiles = {{"As", 0, {16, 16}}, {"Bs", 256, {16, 16}}};

TEST(ArrayNames, ACatalogKernelsWordsAreElementsOfS) {
  EXPECT_EQ(word_name({}, 53), "s[53]");
  EXPECT_EQ(word_range_name({}, 32, 63), "s[32..63]");
  EXPECT_EQ(word_range_name({}, 7, 7), "s[7]");
  EXPECT_EQ(word_runs_name({}, {0, 1, 2, 3, 8, 10, 11}), "s[0..3], s[8], s[10..11]");
  EXPECT_EQ(word_runs_name({}, {0, 2, 4}, 2), "s[0], s[2], ...");
}

TEST(ArrayNames, AProgramsWordsAreElementsOfItsArraysRowMajor) {
  EXPECT_EQ(word_name(kTiles, 0), "As[0][0]");
  EXPECT_EQ(word_name(kTiles, 53), "As[3][5]");
  EXPECT_EQ(word_name(kTiles, 256 + 17), "Bs[1][1]");
  EXPECT_EQ(word_name({{"cache", 0, {6}}}, 7), "word 7 (between arrays)");
  EXPECT_EQ(word_name({{"t", 0, {2, 3, 4}}}, 23), "t[1][2][3]");
  EXPECT_EQ(word_name({{"s", 0, {4}}, {"block_total", 4, {1}}}, 4), "block_total")
      << "a scalar (one word) has no index";
}

TEST(ArrayNames, RangesNameWholeRowsOfA2DArrayWithAStar) {
  EXPECT_EQ(word_range_name(kTiles, 0, 31), "As[0..1][*]");
  EXPECT_EQ(word_range_name(kTiles, 256, 271), "Bs[0][0..15]");
  EXPECT_EQ(word_range_name(kTiles, 258, 260), "Bs[0][2..4]");
  EXPECT_EQ(word_range_name(kTiles, 8, 23), "As[0][8]..As[1][7]");
  EXPECT_EQ(word_range_name(kTiles, 240, 271), "As[15][0]..Bs[0][15]");
  EXPECT_EQ(word_range_name({{"cache", 0, {48}}}, 32, 47), "cache[32..47]");
  EXPECT_EQ(word_runs_name(kTiles, {0, 1, 300}), "As[0][0..1], Bs[2][12]");
}

// A double array among 4-byte arrays: element k is words 2k and 2k + 1, both named by it.
TEST(ArrayNames, BothHalvesOfADoubleAreNamedByItsElement) {
  const std::vector<SharedArray> arrays = {{"vals", 0, {8}, ElementType::Double, 2},
                                           {"count", 16, {8}, ElementType::Int},
                                           {"total", 24, {1}, ElementType::Double, 2}};
  EXPECT_EQ(word_name(arrays, 0), "vals[0]");
  EXPECT_EQ(word_name(arrays, 7), "vals[3]");
  EXPECT_EQ(word_name(arrays, 15), "vals[7]");
  EXPECT_EQ(word_name(arrays, 16), "count[0]");
  EXPECT_EQ(word_name(arrays, 25), "total");
  EXPECT_EQ(word_name(arrays, 26), "word 26 (between arrays)");
  EXPECT_EQ(word_range_name(arrays, 6, 7), "vals[3]");
  EXPECT_EQ(word_range_name(arrays, 0, 15), "vals[0..7]");
  EXPECT_EQ(word_runs_name(arrays, {2, 3, 4, 5, 16}), "vals[1..2], count[0]");
}

}  // namespace
}  // namespace stridescope
