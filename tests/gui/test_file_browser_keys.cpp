// The file browser takes a quick key press: Down and Enter pressed and released within one frame
// (a clicker, a touch screen, VNC, a fast hand) pick and open a file. ImGui 1.86 reads a key's
// state once a frame, so such a tap used to be lost (the README promises every press counts). The
// real app under xvfb-run, driven by STRIDESCOPE_TEST_KEYS taps at given frames.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

TEST(FileBrowserKeys, AQuickDownAndEnterOpenTheFile) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(kTmp) / "quick_enter";
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string trace = (folder / "strided.json").string();  // the folder's only entry
  ASSERT_EQ(
      run(kBinary + " trace --variant interleaved-strided --block 8 --n 8 --out " + trace).status,
      0);
  // Frame 4: Ctrl+O opens the browser on the current folder; 5: Down picks the file; 6: Enter
  // opens it. Each a tap within its frame.
  Outcome o = run("cd " + folder.string() +
                  " && xvfb-run -a -s '-screen 0 1280x720x24' sh -c 'XDG_CONFIG_HOME=" + kTmp +
                  "/quick_enter_config STRIDESCOPE_REPORT_WINDOWS=1 "
                  "STRIDESCOPE_TEST_KEYS=Ctrl+O@4,Down@5,Enter@6 timeout --preserve-status -s "
                  "INT 5 " +
                  kBinary + " --size 1280x720; echo exit $?'");
  EXPECT_NE(o.output.find("exit 0\n"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("popup open"), std::string::npos) << "the browser is still open\n"
                                                            << o.output;
  EXPECT_NE(o.output.find("run panel: catalog: variant interleaved-strided, block 8, n 8\n"),
            std::string::npos)
      << "the trace was not opened\n"
      << o.output;
}

}  // namespace
