// Golden images: the real app renders a fixed set of states (every centre tab, the presenter view,
// a hazard variant, a shuffle step, ...) at 1280x720; each is compared, 4x downsampled, with the
// reference in tests/golden/. STRIDESCOPE_UPDATE_GOLDEN=1 rewrites the references (after a
// deliberate visual change; say so in the commit).
#include <gtest/gtest.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kGolden = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/golden/";
constexpr int kWidth = 1280, kHeight = 720, kFactor = 4;

struct State {
  const char* name;
  const char* arguments;
};

constexpr State kStates[] = {
    {"memory_sequential", "--variant sequential --block 64 --n 64 --step 1"},
    // The browser build's page must look like this one too (tests/web/page_test.py).
    {"sequential_block32_step3", "--variant sequential --block 32 --n 32 --step 3"},
    {"memory_strided_contrast",
     "--variant interleaved-strided --block 256 --n 256 --step 3 --high-contrast --font-scale 1.5"},
    {"presenter_divergent",
     "--variant interleaved-divergent --block 64 --n 64 --step 2 --presenter"},
    {"hazard_race", "--variant bug-no-loop-sync --block 16 --n 16 --step 1"},
    {"hazard_divergence", "--variant bug-sync-in-branch --block 16 --n 16 --step 1"},
    {"hazard_lost", "--variant bug-odd-block --block 96 --n 96 --step 0"},
    {"shuffle_step", "--variant warp-shuffle --block 64 --n 64 --step 0"},
    {"grid_relaunch", "--variant repeated-launches --type double --block 16 --n 1000 --view grid"},
    {"timing_tab", "--view timing"},
    {"precision_tab", "--view precision"},
};

int run(const std::string& command) {
  int raw = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// RGB pixels averaged over kFactor x kFactor squares, 16 levels per channel.
std::vector<unsigned char> downsampled(const std::string& png, int& width, int& height) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (data == nullptr) return {};
  width = w / kFactor;
  height = h / kFactor;
  std::vector<unsigned char> out(static_cast<std::size_t>(width) * height * 3);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      for (int c = 0; c < 3; ++c) {
        int sum = 0;
        for (int dy = 0; dy < kFactor; ++dy) {
          for (int dx = 0; dx < kFactor; ++dx)
            sum += data[((y * kFactor + dy) * w + x * kFactor + dx) * 3 + c];
        }
        // 16 levels per channel: enough to see a moved panel or another colour, and small files.
        int level = sum / (kFactor * kFactor) / 16;
        out[(static_cast<std::size_t>(y) * width + x) * 3 + c] =
            static_cast<unsigned char>(level * 17);
      }
    }
  }
  stbi_image_free(data);
  return out;
}

TEST(Golden, FixedStatesLookLikeTheirReferenceImages) {
  bool update = std::getenv("STRIDESCOPE_UPDATE_GOLDEN") != nullptr;
  for (const State& state : kStates) {
    SCOPED_TRACE(state.name);
    std::string png = kTmp + "/golden_" + state.name + ".png";
    std::remove(png.c_str());
    ASSERT_EQ(run("xvfb-run -a -s '-screen 0 1920x1080x24' " + std::string(STRIDESCOPE_BINARY) +
                  " " + state.arguments + " --size " + std::to_string(kWidth) + "x" +
                  std::to_string(kHeight) + " --screenshot " + png),
              0);
    int w = 0, h = 0;
    std::vector<unsigned char> now = downsampled(png, w, h);
    ASSERT_EQ(w, kWidth / kFactor);
    std::string reference = kGolden + state.name + ".png";
    if (update) {
      ASSERT_NE(stbi_write_png(reference.c_str(), w, h, 3, now.data(), w * 3), 0);
      continue;
    }
    int rw = 0, rh = 0, channels = 0;
    unsigned char* ref = stbi_load(reference.c_str(), &rw, &rh, &channels, 3);
    ASSERT_NE(ref, nullptr) << "missing " << reference;
    ASSERT_EQ(rw, w);
    ASSERT_EQ(rh, h);
    // Anti-aliasing moves a few averaged pixels a little; a moved panel, a missing cell or another
    // colour moves many pixels a lot.
    std::size_t far = 0;
    double total = 0;
    for (std::size_t i = 0; i < now.size(); i += 3) {
      int worst = 0;
      for (int c = 0; c < 3; ++c) {
        int d = std::abs(static_cast<int>(now[i + c]) - ref[i + c]);
        worst = std::max(worst, d);
        total += d;
      }
      if (worst > 40) ++far;
    }
    stbi_image_free(ref);
    double pixels = static_cast<double>(now.size() / 3);
    std::string seen = kTmp + "/golden_" + state.name + "_now.png";  // to compare by eye
    stbi_write_png(seen.c_str(), w, h, 3, now.data(), w * 3);
    EXPECT_LT(far / pixels, 0.004) << far << " of " << pixels << " pixels differ by more than 40";
    EXPECT_LT(total / now.size(), 3.0) << "mean difference per channel";
  }
}

}  // namespace
