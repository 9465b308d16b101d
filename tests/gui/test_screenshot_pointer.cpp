// Screenshots never depend on the pointer: with it over a cell, a button, the depth row (which has
// a tooltip) or the timeline, --screenshot writes the same pixels as with no pointer at all.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <sys/wait.h>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const std::string kTmp = STRIDESCOPE_TEST_TMP;

std::vector<unsigned char> screenshot(const std::string& pointer, const std::string& png) {
  std::remove(png.c_str());
  std::string env = pointer.empty() ? "" : "STRIDESCOPE_CAPTURE_POINTER=" + pointer + " ";
  std::string command = env +
                        "xvfb-run -a -s '-screen 0 1920x1080x24' " STRIDESCOPE_BINARY
                        " --variant sequential --block 32 --n 32 --step 1 --size 1600x900"
                        " --screenshot " +
                        png + " >/dev/null 2>&1";
  int raw = std::system(command.c_str());
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << command;
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (data == nullptr) return {};
  std::vector<unsigned char> rgb(data, data + static_cast<std::size_t>(w) * h * 3);
  stbi_image_free(data);
  return rgb;
}

TEST(Screenshot, ThePointerLeavesNoTooltipAndNoHover) {
  std::vector<unsigned char> plain = screenshot("", kTmp + "/pointer_none.png");
  ASSERT_EQ(plain.size(), 1600u * 900 * 3);
  // Window coordinates in the normal layout at 1600x900 (when written): a cell of s[], the
  // Run panel's buttons, the facts panel's depth line (its tooltip explains depth), the timeline.
  for (const char* pointer : {"440,356", "254,308", "100,830", "520,809"}) {
    std::vector<unsigned char> hovered =
        screenshot(pointer, kTmp + "/pointer_" + std::string(pointer) + ".png");
    EXPECT_TRUE(hovered == plain) << "the pointer at " << pointer << " changed the screenshot";
  }
}

}  // namespace
