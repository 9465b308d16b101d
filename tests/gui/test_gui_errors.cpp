// The window's bad input (issue 26): no display, a screenshot or an export that cannot be written,
// a launch the program does not make: exit status 2, one "stridescope: error:" line on stderr, no
// half-written file; preferences that cannot be saved keep the old file whole.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "../run_command.h"
#include "core/files.h"
#include "ui/state/preferences.h"

namespace {

using stridescope::test_support::have_clang_tools;
using stridescope::test_support::read_text;
using stridescope::test_support::run_split;
using stridescope::test_support::Split;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
const std::string kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY ";
const std::string kXvfb = "xvfb-run -a -s '-screen 0 1920x1080x24' ";

// `command` (a shell line) under Xvfb; its own stderr and status, apart from xvfb-run's (which, on
// a loaded machine, at times adds "problem while cleaning up temporary directory" and status 5).
Split in_xvfb(const std::string& command) {
  const std::string script = kTmp + "/gui_errors.sh", err = kTmp + "/gui_errors.err",
                    status = kTmp + "/gui_errors.status";
  std::remove(err.c_str());
  std::remove(status.c_str());
  std::ofstream(script) << command << " 2>" << err << "\necho $? >" << status << "\n";
  Split s = run_split(kXvfb + "bash " + script);
  s.err = read_text(err);
  const std::string code = read_text(status);
  s.status = code.empty() ? -1 : std::stoi(code);
  return s;
}

// Under Xvfb, the app with a file-size limit of 8 KiB (SIGXFSZ ignored): a write past it fails as
// on a full disk, on a regular file that would be left half-written.
Split in_xvfb_with_8k_files(const std::string& arguments) {
  return in_xvfb("(trap '' XFSZ; ulimit -f 8; exec " + kBinary + " " + arguments + ")");
}

TEST(GuiErrors, WithoutADisplayTheWindowSaysSoInOneLine) {
  const std::string png = kTmp + "/gui_errors_no_display.png";
  for (const std::string& arguments : {std::string("--block 16"), "--screenshot " + png}) {
    const Split s = run_split(kNoDisplay + kBinary + " " + arguments);
    EXPECT_TRUE(s.one_error_line()) << arguments << ": " << s.said();
    EXPECT_NE(s.err.find("cannot open a window (no display? try xvfb-run)"), std::string::npos)
        << s.said();
    EXPECT_NE(s.err.find("DISPLAY"), std::string::npos) << "GLFW's reason, in the line";
  }
  EXPECT_FALSE(std::filesystem::exists(png));
  const Split bad = run_split("DISPLAY=:4242 " + kBinary + " --screenshot " + png);  // no server
  EXPECT_TRUE(bad.one_error_line()) << bad.said();
  EXPECT_FALSE(std::filesystem::exists(png));
  const Split gif =
      run_split(kNoDisplay + kBinary + " export --block 16 --out " + kTmp + "/no_display.gif");
  EXPECT_TRUE(gif.one_error_line()) << gif.said();
  EXPECT_FALSE(std::filesystem::exists(kTmp + "/no_display.gif"));
}

TEST(GuiErrors, AScreenshotThatCannotBeWrittenIsOneErrorLine) {
  const Split full = in_xvfb(kBinary + " --block 16 --screenshot /dev/full");
  EXPECT_TRUE(full.one_error_line()) << full.said();
  EXPECT_NE(full.err.find("cannot write /dev/full: No space left on device"), std::string::npos)
      << full.said();
  const Split folder = in_xvfb(kBinary + " --block 16 --screenshot " + kTmp);
  EXPECT_TRUE(folder.one_error_line()) << folder.said();
  EXPECT_NE(folder.err.find("Is a directory"), std::string::npos) << folder.said();
  const std::string png = kTmp + "/gui_errors_8k.png";
  std::remove(png.c_str());
  const Split limited = in_xvfb_with_8k_files("--block 1024 --screenshot " + png);
  EXPECT_TRUE(limited.one_error_line()) << limited.said();
  EXPECT_NE(limited.err.find("File too large"), std::string::npos) << limited.said();
  EXPECT_FALSE(std::filesystem::exists(png)) << "no half-written PNG";
}

TEST(GuiErrors, AnExportThatCannotBeWrittenLeavesNoHalfFile) {
  const Split full = in_xvfb(kBinary + " export --block 16 --size 320x240 --out /dev/full");
  EXPECT_TRUE(full.one_error_line()) << full.said();
  EXPECT_NE(full.err.find("cannot write /dev/full"), std::string::npos) << full.said();
  const std::string gif = kTmp + "/gui_errors_8k.gif";
  std::remove(gif.c_str());
  const Split limited = in_xvfb_with_8k_files("export --block 64 --size 640x360 --out " + gif);
  EXPECT_TRUE(limited.one_error_line()) << limited.said();
  EXPECT_NE(limited.err.find("cannot write " + gif), std::string::npos) << limited.said();
  EXPECT_FALSE(std::filesystem::exists(gif)) << "no half-written GIF";
}

// The window's --open FILE.cu --launch 99 in a capture: what `stridescope run` says, status 2.
TEST(GuiErrors, ALaunchTheProgramDoesNotMakeStopsACapture) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string png = kTmp + "/gui_errors_launch.png";
  std::remove(png.c_str());
  const Split window = in_xvfb(kBinary + " --open " + kSum4 + " --launch 99 --screenshot " + png);
  EXPECT_TRUE(window.one_error_line()) << window.said();
  EXPECT_FALSE(std::filesystem::exists(png));
  const Split cli = run_split(kBinary + " run " + kSum4 + " --launch 99");
  EXPECT_TRUE(cli.one_error_line()) << cli.said();
  EXPECT_EQ(window.err_lines(), cli.err_lines());  // the same words
}

TEST(GuiErrors, PreferencesThatCannotBeSavedKeepTheOldFileWhole) {
  const std::string path = kTmp + "/gui_errors_prefs.json";
  std::filesystem::remove_all(path + ".tmp");
  stridescope::Preferences p;
  p.speed = 2.5f;
  stridescope::save_preferences(p, path);
  const std::string saved = read_text(path);
  EXPECT_NE(saved.find("2.5"), std::string::npos) << saved;
  std::filesystem::create_directory(path + ".tmp");  // the new file cannot be written
  p.speed = 4;
  EXPECT_THROW(stridescope::save_preferences(p, path), stridescope::FileError);
  EXPECT_EQ(read_text(path), saved);
  std::filesystem::remove_all(path + ".tmp");
  EXPECT_THROW(stridescope::save_preferences(p, "/dev/full/prefs.json"), stridescope::FileError);
}

}  // namespace
