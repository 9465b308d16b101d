// What type each shared word of a trace holds (trace/word_types.h): a program's float and int
// arrays each in their own, a double array in 4-byte words as bits (or, two words an element,
// as doubles), the run's type elsewhere.
#include <gtest/gtest.h>

#include "trace/word_types.h"

namespace stridescope {
namespace {

Trace mixed() {
  Trace t;
  t.run.element_type = ElementType::Float;
  t.word_size = 4;
  t.shared_words = 16;
  t.arrays = {{"s", 0, {2, 4}, ElementType::Float},
              {"count", 8, {1}, ElementType::Int},
              {"d", 10, {4}, ElementType::Double},
              {"pairs", 14, {2}}};
  return t;
}

TEST(WordTypes, EachWordHoldsItsArraysDeclaredType) {
  const Trace t = mixed();
  EXPECT_EQ(word_type(t, 0), ElementType::Float);
  EXPECT_EQ(word_type(t, 7), ElementType::Float);
  EXPECT_EQ(word_type(t, 8), ElementType::Int);
  EXPECT_EQ(word_type(t, 9), ElementType::Float);   // between arrays: the run's
  EXPECT_EQ(word_type(t, 10), ElementType::Int);    // a double's half: its bits
  EXPECT_EQ(word_type(t, 14), ElementType::Float);  // an array of no known type: the run's
}

TEST(WordTypes, ADoubleArrayInEightByteWordsIsDouble) {
  Trace t;
  t.run.element_type = ElementType::Double;
  t.word_size = 8;
  t.shared_words = 4;
  t.arrays = {{"d", 0, {4}, ElementType::Double}};
  EXPECT_EQ(word_type(t, 3), ElementType::Double);
}

// A double array among 4-byte arrays, two words an element (element_words): both halves are
// Double, the high one said once.
TEST(WordTypes, BothHalvesOfATwoWordDoubleAreDoubleAndTheHighOneIsKnown) {
  Trace t = mixed();
  t.arrays[2].element_words = 2;
  t.arrays[2].dims = {2};
  for (std::uint32_t w = 10; w < 14; ++w) EXPECT_EQ(word_type(t, w), ElementType::Double) << w;
  EXPECT_FALSE(is_high_half(t, 10));
  EXPECT_TRUE(is_high_half(t, 11));
  EXPECT_TRUE(is_high_half(t, 13));
  EXPECT_FALSE(is_high_half(t, 8));
  EXPECT_FALSE(double_halves_at_word0(t));
  t.arrays = {{"d", 0, {2}, ElementType::Double, 2}};
  EXPECT_TRUE(double_halves_at_word0(t));
}

TEST(WordTypes, TheSentenceNamesEveryDeclaredTypeOnce) {
  EXPECT_EQ(shared_types_text(mixed()), "float, int and double");
  Trace t = mixed();
  t.arrays.resize(2);
  EXPECT_EQ(shared_types_text(t), "float and int");
  t.arrays.clear();
  EXPECT_EQ(shared_types_text(t), "float");
}

}  // namespace
}  // namespace stridescope
