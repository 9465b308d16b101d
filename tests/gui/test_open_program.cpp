// Opening a CUDA program in the GUI (--open FILE.cu): the real app under xvfb-run traces it in the
// background, shows it, and shows a compile error without dying; bad --open input is one error.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";

using stridescope::test_support::have_clang_tools;

Outcome run_app(const std::string& arguments) {
  return run("xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " " + arguments);
}

// Pixels within 14 of the palette's error colour (ui/platform/theme.cpp: 1.0, 0.35, 0.35).
int error_pixels(const std::string& png) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (!data) return -1;
  int count = 0;
  for (long i = 0; i < static_cast<long>(w) * h * 3; i += 3) {
    if (std::abs(data[i] - 255) <= 14 && std::abs(data[i + 1] - 89) <= 14 &&
        std::abs(data[i + 2] - 89) <= 14)
      ++count;
  }
  stbi_image_free(data);
  return count;
}

TEST(GuiOpen, AProgramIsTracedInTheBackgroundAndItsTraceShown) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  Outcome cli = run(kBinary + " run " + kSum4);
  ASSERT_EQ(cli.status, 0) << cli.output;
  std::size_t at = cli.output.find("traced ");
  ASSERT_NE(at, std::string::npos) << cli.output;
  std::string steps = cli.output.substr(at + 7, cli.output.find(' ', at + 7) - at - 7);
  std::string png = kTmp + "/gui_open_sum4.png";
  std::remove(png.c_str());
  Outcome o = run_app("--open " + kSum4 + " --step 1 --size 1280x720 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("program: traced sum4.cu: " + steps + " steps"), std::string::npos)
      << o.output;
  EXPECT_TRUE(std::filesystem::exists(png));
  EXPECT_LT(error_pixels(png), 40);  // no error shown
}

TEST(GuiOpen, ACompileErrorIsShownOnItsLineAndTheAppCarriesOn) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  std::string broken = kTmp + "/gui_broken.cu", png = kTmp + "/gui_broken.png";
  std::ofstream(broken) << "#include <cstdio>\n"
                           "__global__ void k(int* out) {\n"
                           "  undeclared_thing = 1;\n"
                           "}\n"
                           "int main() { k<<<1, 4>>>(nullptr); return 0; }\n";
  std::remove(png.c_str());
  Outcome o = run("STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " +
                  kBinary + " --open " + broken + " --size 1280x720 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;  // no crash: the catalog's trace stays, the error is shown
  // The Run panel does not call the file traced, and says whose steps the timeline still shows
  // (the views say the file was not traced).
  EXPECT_NE(o.output.find("run panel status: not traced (the error is below); no trace of this "
                          "file is shown: the timeline steps through the catalog's sequential\n"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("program: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("gui_broken.cu:3:3: error: use of undeclared identifier"),
            std::string::npos)
      << o.output;
  EXPECT_GT(error_pixels(png), 150) << "the error line in red, in the Run and Source panels";
}

TEST(GuiOpen, ATraceFileOpensLikeTrace) {
  std::string trace = kTmp + "/gui_open_trace.json", png = kTmp + "/gui_open_trace.png";
  ASSERT_EQ(run(kBinary + " trace --variant sequential --block 8 --n 8 --out " + trace).status, 0);
  std::remove(png.c_str());
  Outcome o = run_app("--open " + trace + " --step 3 --size 1280x720 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("step 3"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("program:"), std::string::npos) << o.output;  // no program traced
  Outcome past = run_app("--open " + trace + " --step 99 --screenshot " + png);
  EXPECT_EQ(past.status, 2);
  EXPECT_NE(past.output.find("--step 99 does not exist"), std::string::npos) << past.output;
}

TEST(GuiOpen, BadOpenArgumentsAreOneErrorLine) {
  Outcome wrong = run(kBinary + " --open notes.txt");
  EXPECT_EQ(wrong.status, 2);
  EXPECT_EQ(wrong.output,
            "stridescope: error: --open takes a trace (.json) or a CUDA program (.cu), not "
            "notes.txt\n");
  Outcome missing = run(kBinary + " --open /no/such/prog.cu");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.output, "stridescope: error: --open: no such file: /no/such/prog.cu\n");
  Outcome both = run(kBinary + " --open " + kSum4 + " --variant tree");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.output.find("--open opens a file: leave out --variant"), std::string::npos)
      << both.output;
}

}  // namespace
