// The overflow analysis: a true result an int (or float) cannot hold, named with its wrap-around.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "analysis/overflow.h"

namespace stridescope {
namespace {

TEST(Overflow, AnIntSumPastTwoToTheThirtyOneWrapsAndIsNamed) {
  // 0 + 1 + ... + 99999 = 4999950000; 32-bit additions give 4999950000 - 2^32 = 704982704.
  auto o = overflow(704982704, 4999950000.0, ElementType::Int, Operator::Sum);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->wrapped, 704982704);
  EXPECT_TRUE(o->explains);
  EXPECT_NE(o->sentence.find("int overflow"), std::string::npos) << o->sentence;
  EXPECT_NE(o->sentence.find("4999950000 wraps to 704982704"), std::string::npos) << o->sentence;
  EXPECT_NE(o->sentence.find("--type double"), std::string::npos);
}

TEST(Overflow, AResultWrappingDoesNotExplainIsSaidToBeWrongAsWell) {
  auto o = overflow(5, 4999950000.0, ElementType::Int, Operator::Sum);
  ASSERT_TRUE(o.has_value());
  EXPECT_FALSE(o->explains);
  EXPECT_NE(o->sentence.find("something else went wrong"), std::string::npos) << o->sentence;
}

TEST(Overflow, TheEdgesOfTheIntRangeFitAndOneBeyondDoesNot) {
  EXPECT_FALSE(overflow(2147483647, 2147483647.0, ElementType::Int, Operator::Sum));
  EXPECT_FALSE(overflow(-2147483648.0, -2147483648.0, ElementType::Int, Operator::Sum));
  auto above = overflow(-2147483648.0, 2147483648.0, ElementType::Int, Operator::Sum);
  ASSERT_TRUE(above.has_value());
  EXPECT_TRUE(above->explains);
  auto below = overflow(2147483647, -2147483649.0, ElementType::Int, Operator::Dot);
  ASSERT_TRUE(below.has_value());
  EXPECT_TRUE(below->explains);
  EXPECT_NE(below->sentence.find("true dot product"), std::string::npos) << below->sentence;
}

TEST(Overflow, WrappingIsModuloTwoToTheThirtyTwoInBothDirections) {
  EXPECT_EQ(wrap_to_int32(4294967296.0 * 3 + 5), 5);
  EXPECT_EQ(wrap_to_int32(-4294967296.0 * 2 - 1), -1);
  EXPECT_EQ(wrap_to_int32(3000000000.0), 3000000000.0 - 4294967296.0);
}

TEST(Overflow, MaxMinAndDoubleNeverOverflowFloatDoesPastItsLargest) {
  EXPECT_FALSE(overflow(1, 1e12, ElementType::Int, Operator::Max));
  EXPECT_FALSE(overflow(1, -1e12, ElementType::Int, Operator::Min));
  EXPECT_FALSE(overflow(1e300, 1e300, ElementType::Double, Operator::Sum));
  EXPECT_FALSE(overflow(1e38, 1e38, ElementType::Float, Operator::Sum));
  auto f = overflow(INFINITY, 1e39, ElementType::Float, Operator::Sum);
  ASSERT_TRUE(f.has_value());
  EXPECT_TRUE(f->explains);
  EXPECT_NE(f->sentence.find("float overflow"), std::string::npos);
}

}  // namespace
}  // namespace stridescope
