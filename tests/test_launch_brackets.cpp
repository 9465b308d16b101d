// A launch written with spaces in its brackets (`k << <g, b >> > (a)`, as clang-format leaves it)
// is joined before clang reads it, as nvcc reads it; nothing else that looks alike changes, and
// offsets stay.
#include <gtest/gtest.h>

#include <string>

#include "program/read/launch_brackets.h"

namespace stridescope {
namespace {

TEST(LaunchBrackets, ASpacedLaunchIsJoinedAndKeepsItsLength) {
  const std::string spaced = "sum_reduction << <GRID_SIZE, TB_SIZE >> > (a, b);";
  const std::string joined = launch_brackets_joined(spaced);
  EXPECT_EQ(joined, "sum_reduction <<< GRID_SIZE, TB_SIZE >>>  (a, b);");
  EXPECT_EQ(joined.size(), spaced.size());
  EXPECT_EQ(launch_brackets_joined("k<float> <<\n<1, n >> 1 >>\t> (p);"),
            "k<float> <<<\n1, n >> 1 >>>\t (p);");  // a shift inside the configuration stays
  EXPECT_EQ(launch_brackets_joined("sum << <1'024, 256 >> >(a);"),
            "sum <<< 1'024, 256 >>> (a);");  // a digit separator is no character literal
}

TEST(LaunchBrackets, WhatOnlyLooksLikeOneIsLeftAsItIs) {
  for (const char* same : {"k<<<1, 4>>>(d);", "std::vector<std::vector<std::vector<int>> > v;",
                           "// k << <1, 4 >> > (d);\n", "const char* s = \"k << <1, 4 >> > (d)\";",
                           "return operator<< <int>(out, x);", "x = a << b >> c;"})
    EXPECT_EQ(launch_brackets_joined(same), same) << same;
}

}  // namespace
}  // namespace stridescope
