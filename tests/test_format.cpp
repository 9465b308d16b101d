// Formatting: data never acts as a printf directive.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/format.h"

namespace stridescope {
namespace {

TEST(Format, PrintfLiteralShowsDataExactlyAndReadsNoArguments) {
  for (std::string data : {"%s%s%s", "%n", "%x %p %d", "100%", "%", "%%", "stride = 64", ""}) {
    std::string format = "step %d: " + printf_literal(data);
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format.c_str(), 3);
    EXPECT_EQ(std::string(buffer), "step 3: " + data) << data;
  }
  EXPECT_EQ(printf_literal("%s%n"), "%%s%%n");
}

TEST(Format, TinyValuesFitTheSmallestCells) {
  EXPECT_EQ(tiny_value_text(2016), "2k");
  EXPECT_EQ(tiny_value_text(33792), "34k");
  EXPECT_EQ(tiny_value_text(999999), "1M");  // not "1000k"
  EXPECT_EQ(tiny_value_text(1.04154e12), "1T");
  EXPECT_EQ(tiny_value_text(-4500), "-5k");
  EXPECT_EQ(tiny_value_text(120), "120");
  EXPECT_EQ(tiny_value_text(12.7), "13");
  EXPECT_EQ(tiny_value_text(12), "12");
  EXPECT_EQ(tiny_value_text(0.25), "0.25");
}

TEST(Format, ExponentFormIsShortForAnySize) {
  EXPECT_EQ(exponent_value_text(10104), "1.0e4");
  EXPECT_EQ(exponent_value_text(-99999), "-1.0e5");
  EXPECT_EQ(exponent_value_text(0.25), "2.5e-1");
  EXPECT_EQ(exponent_value_text(0), "0");
  EXPECT_EQ(compact_value_text(123456), "1.2e5");
}

}  // namespace
}  // namespace stridescope
