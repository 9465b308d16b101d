// Every error is one line (core/error_line.h): the prefix, the message with its line breaks made
// spaces, one newline.
#include <gtest/gtest.h>

#include "core/error_line.h"

namespace stridescope {
namespace {

TEST(ErrorLine, IsThePrefixTheMessageAndOneNewline) {
  EXPECT_EQ(error_line("n = 0 is empty"), "stridescope: error: n = 0 is empty\n");
}

TEST(ErrorLine, AMessageOfSeveralLinesStaysOneLine) {
  EXPECT_EQ(error_line("bad file:\n  line 3\r\n"), "stridescope: error: bad file:   line 3\n");
  EXPECT_EQ(error_line(""), "stridescope: error: \n");
}

}  // namespace
}  // namespace stridescope
