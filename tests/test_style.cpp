// Code style the project keeps: no function over about 60 lines (scripts/function_lengths.py).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

namespace {

TEST(Style, NoFunctionIsLongerThanSixtyLines) {
  std::string command = "cd " + std::string(STRIDESCOPE_SOURCE_DIR) +
                        " && python3 scripts/function_lengths.py 60 app kernels 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) output += buffer.data();
  ASSERT_EQ(pclose(pipe), 0) << output;
  EXPECT_NE(output.find("0 functions over 60 lines"), std::string::npos) << output;
}

}  // namespace
