// Export tests: the real app under xvfb-run writes an animated GIF (decoded here with giflib) or
// an MP4 (checked with ffprobe, skipped without ffmpeg); bad options fail with one line.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include "../run_command.h"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "export/gif_writer.h"
#include "model/lessons.h"
#include "ui/state/session.h"

namespace {

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kXvfb = "xvfb-run -a -s '-screen 0 1920x1080x24' ";

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

int lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// The frames as a viewer shows them: each one drawn over the last, transparent pixels kept.
struct Gif {
  int width = 0, height = 0;
  std::vector<std::vector<unsigned char>> frames;  // RGB
  std::vector<int> delays;                         // hundredths of a second
};

Gif decode_gif(const std::string& path) {
  Gif gif;
  int error = 0;
  GifFileType* file = DGifOpenFileName(path.c_str(), &error);
  if (file == nullptr) {
    ADD_FAILURE() << "giflib cannot open " << path << ": " << GifErrorString(error);
    return gif;
  }
  if (DGifSlurp(file) != GIF_OK) {
    ADD_FAILURE() << "giflib cannot decode " << path << ": " << GifErrorString(file->Error);
    DGifCloseFile(file, &error);
    return gif;
  }
  gif.width = file->SWidth;
  gif.height = file->SHeight;
  std::vector<unsigned char> canvas(static_cast<std::size_t>(gif.width) * gif.height * 3, 0);
  for (int i = 0; i < file->ImageCount; ++i) {
    const SavedImage& image = file->SavedImages[i];
    GraphicsControlBlock control{};
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    DGifSavedExtensionToGCB(file, i, &control);
    gif.delays.push_back(control.DelayTime);
    const ColorMapObject* map =
        image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : file->SColorMap;
    const GifImageDesc& d = image.ImageDesc;
    for (int y = 0; y < d.Height; ++y) {
      for (int x = 0; x < d.Width; ++x) {
        int index = image.RasterBits[y * d.Width + x];
        if (index == control.TransparentColor || map == nullptr) continue;
        std::size_t at = (static_cast<std::size_t>(d.Top + y) * gif.width + d.Left + x) * 3;
        canvas[at] = map->Colors[index].Red;
        canvas[at + 1] = map->Colors[index].Green;
        canvas[at + 2] = map->Colors[index].Blue;
      }
    }
    gif.frames.push_back(canvas);
  }
  DGifCloseFile(file, &error);
  return gif;
}

std::size_t step_count(const std::string& run_options) {
  std::string trace = kTmp + "/export_steps.json";
  Outcome o = run(kBinary + " trace " + run_options + " --out " + trace);
  EXPECT_EQ(o.status, 0) << o.output;
  std::ifstream in(trace);
  nlohmann::json json = nlohmann::json::parse(in, nullptr, false);
  return json.is_discarded() ? 0 : json["blocks"][0]["steps"].size();
}

TEST(Export, GifHasEveryStepWithItsTransitionAndHoldsTheLast) {
  const std::string run_options = "--variant sequential --block 16 --n 16";
  const std::string gif_path = kTmp + "/export_sequential.gif";
  std::remove(gif_path.c_str());
  // 5 fps, 0.4 s a step: 2 frames per step (the transition lasts 0.32 s: the first is between
  // steps, the second settled), then 5 held frames (1 s) at the end.
  Outcome o = run(kXvfb + kBinary + " export " + run_options +
                  " --format gif --size 480x270 --presenter --fps 5 --seconds-per-step 0.4 --out " +
                  gif_path);
  ASSERT_EQ(o.status, 0) << o.output;
  std::size_t steps = step_count(run_options);
  ASSERT_GE(steps, 3u);
  constexpr std::size_t kPerStep = 2, kHeld = 5;
  Gif gif = decode_gif(gif_path);
  EXPECT_EQ(gif.width, 480);
  EXPECT_EQ(gif.height, 270);
  ASSERT_EQ(gif.frames.size(), steps * kPerStep + kHeld) << o.output;
  for (std::size_t s = 0; s + 1 < steps; ++s) {  // each step's settled frame differs from the next
    EXPECT_NE(gif.frames[s * kPerStep + 1], gif.frames[(s + 1) * kPerStep + 1]) << "step " << s;
  }
  // A frame between steps is neither the step before nor the step after: a transition.
  const auto& between = gif.frames[kPerStep];
  EXPECT_NE(between, gif.frames[kPerStep - 1]);
  EXPECT_NE(between, gif.frames[2 * kPerStep - 1]);
  // The held frames repeat the last step.
  EXPECT_EQ(gif.frames.back(), gif.frames[steps * kPerStep - 1]);
  int total = 0;
  for (int d : gif.delays) total += d;
  EXPECT_EQ(total, static_cast<int>(gif.frames.size()) * 100 / 5);
}

// Pixels of ImGui's button colour on the dark theme (35, 70, 110) in the bottom fifth of a frame,
// where the timeline's Play, quiz and Reset controls are in the window.
int button_pixels_at_the_bottom(const Gif& gif, std::size_t frame) {
  int count = 0;
  for (int y = gif.height * 4 / 5; y < gif.height; ++y) {
    for (int x = 0; x < gif.width; ++x) {
      const unsigned char* c =
          &gif.frames[frame][(static_cast<std::size_t>(y) * gif.width + x) * 3];
      count += std::abs(c[0] - 35) <= 4 && std::abs(c[1] - 70) <= 4 && std::abs(c[2] - 110) <= 4;
    }
  }
  return count;
}

// Steps of the runs a lesson opens, as the window runs them.
std::size_t lesson_steps(stridescope::LessonId id, std::size_t& runs) {
  const stridescope::LessonPlan& lesson = stridescope::lesson_of(id);
  runs = lesson.steps.size();
  std::size_t steps = 0;
  for (const stridescope::LessonStep& step : lesson.steps) {
    stridescope::Session session;
    EXPECT_TRUE(session.run(stridescope::lesson_request(step)));
    steps += session.playback().step_count();
  }
  return steps;
}

// A compare's panes step by step (its aligned rows), then a lesson's every run in order, each run's
// last step held: counted by frames; the frames show no Play, quiz or Reset controls.
TEST(Export, ACompareAndAWholeLessonExportEveryStepOfEveryRun) {
  const std::string compare = kTmp + "/export_compare.gif", lesson = kTmp + "/export_lesson.gif";
  std::remove(compare.c_str());
  std::remove(lesson.c_str());
  const std::string look = " --size 640x360 --fps 4 --seconds-per-step 0.5 --out ";  // 2 a step
  Outcome o = run(kXvfb + kBinary +
                  " export --compare interleaved-divergent,interleaved-strided,sequential "
                  "--block 32 --n 32" +
                  look + compare);
  ASSERT_EQ(o.status, 0) << o.output;
  stridescope::RunRequest request;
  request.block = 32;
  request.n = 32;
  stridescope::Session panes;
  ASSERT_TRUE(
      panes.run_compare(request, {"interleaved-divergent", "interleaved-strided", "sequential"}));
  std::size_t rows = panes.playback().step_count();
  ASSERT_GE(rows, 5u);
  Gif gif = decode_gif(compare);
  EXPECT_EQ(gif.frames.size(), rows * 2 + 4) << o.output;
  EXPECT_EQ(button_pixels_at_the_bottom(gif, 0), 0) << "a Play button in an exported frame";
  o = run(kXvfb + kBinary + " export --lesson cuda-by-example-5 --presenter" + look + lesson);
  ASSERT_EQ(o.status, 0) << o.output;
  std::size_t runs = 0;
  std::size_t steps = lesson_steps(stridescope::LessonId::CudaByExample5, runs);
  ASSERT_EQ(runs, 2u);
  gif = decode_gif(lesson);
  EXPECT_EQ(gif.frames.size(), steps * 2 + runs * 4) << o.output;
  EXPECT_EQ(button_pixels_at_the_bottom(gif, gif.frames.size() - 1), 0);
}

// A viewer cannot scroll a GIF: at a projector's 1280x720 and text size 2 a whole lesson's Step
// facts fit every frame (the panel draws smaller text where a step needs it; an export has no Run
// panel), in the normal and the presenter view, and so do a racy variant's at text size 1 (a
// long hazard list and race note); where even half the text size cannot fit them (640x360), the
// export says so in a warning and still writes the file.
TEST(Export, ALessonsFactsFitEveryFrameAtAProjectorsSizeOrTheExportSaysSo) {
  const std::string gif = kTmp + "/export_fit.gif";
  const std::string look = " export --lesson harris-ladder --fps 1 --seconds-per-step 1 --out ";
  for (const std::string view : {"", " --presenter"}) {
    Outcome o = run(kXvfb + kBinary + look + gif + " --size 1280x720 --font-scale 2" + view);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_EQ(o.output.find("warning"), std::string::npos) << view << "\n" << o.output;
  }
  Outcome racy =
      run(kXvfb + kBinary + " export --variant bug-warp-tail-unsafe --block 64 --n 128 " +
          "--fps 1 --seconds-per-step 1 --out " + gif + " --size 1280x720");
  ASSERT_EQ(racy.status, 0) << racy.output;
  EXPECT_EQ(racy.output.find("warning"), std::string::npos) << racy.output;
  Outcome o = run(kXvfb + kBinary + look + gif + " --size 640x360 --font-scale 2");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("stridescope: warning: the Step facts panel's text is cut in some "
                          "frames, even at 50% of the text size"),
            std::string::npos)
      << o.output;
}

// The writer alone: flat colours (the theme's cells) come back exactly, a frame that repeats the
// last one still counts, and only changed pixels are redrawn.
TEST(Export, GifWriterKeepsFlatColoursAndEveryFrame) {
  const std::string path = kTmp + "/export_writer.gif";
  const stridescope::Rgb orange{255, 184, 51}, blue{84, 153, 250}, grey{61, 69, 82};
  auto flat = [](stridescope::Rgb left, stridescope::Rgb right) {
    stridescope::RgbFrame f{8, 4, {}};
    for (int y = 0; y < 4; ++y) {
      for (int x = 0; x < 8; ++x) {
        stridescope::Rgb c = x < 4 ? left : right;
        f.rgb.insert(f.rgb.end(), {c.r, c.g, c.b});
      }
    }
    return f;
  };
  {
    stridescope::GifWriter writer(path, 10, {orange, blue, grey});
    writer.add(flat(orange, blue));
    writer.add(flat(orange, grey));
    writer.add(flat(orange, grey));
    writer.finish();
  }
  Gif gif = decode_gif(path);
  ASSERT_EQ(gif.frames.size(), 3u);
  EXPECT_EQ(gif.frames[0], flat(orange, blue).rgb);
  EXPECT_EQ(gif.frames[1], flat(orange, grey).rgb);
  EXPECT_EQ(gif.frames[2], gif.frames[1]);
  EXPECT_EQ(gif.delays, (std::vector<int>{10, 10, 10}));
}

TEST(Export, Mp4HasTheSameFrameCountWhenFfmpegIsInstalled) {
  if (run("command -v ffmpeg && command -v ffprobe").status != 0) {
    GTEST_SKIP() << "ffmpeg is not installed (Debian package ffmpeg)";
  }
  const std::string run_options = "--variant sequential --block 16 --n 16";
  const std::string mp4 = kTmp + "/export_sequential.mp4";
  std::remove(mp4.c_str());
  Outcome o =
      run(kXvfb + kBinary + " export " + run_options +
          " --format mp4 --size 480x270 --presenter --fps 5 --seconds-per-step 0.4 --out " + mp4);
  ASSERT_EQ(o.status, 0) << o.output;
  Outcome probe =
      run("ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames "
          "-of csv=p=0 " +
          mp4);
  ASSERT_EQ(probe.status, 0) << probe.output;
  EXPECT_EQ(std::stoul(probe.output), step_count(run_options) * 2 + 5);
}

// Without ffmpeg here, a stand-in on PATH shows what the app pipes to it: raw RGB, every frame.
TEST(Export, Mp4PipesEveryFrameToFfmpeg) {
  const std::string dir = kTmp + "/fake_ffmpeg", raw = kTmp + "/export_piped.mp4";
  ASSERT_EQ(run("mkdir -p " + dir).status, 0);
  {
    std::ofstream script(dir + "/ffmpeg");
    script << "#!/bin/sh\nfor a; do out=$a; done\ncat > \"$out\"\n";  // the last argument
  }
  ASSERT_EQ(run("chmod +x " + dir + "/ffmpeg").status, 0);
  std::remove(raw.c_str());
  const std::string run_options = "--variant sequential --block 16 --n 16";
  Outcome o = run("PATH=" + dir + ":$PATH " + kXvfb + kBinary + " export " + run_options +
                  " --format mp4 --size 480x270 --presenter --fps 5 --seconds-per-step 0.4 "
                  "--out " +
                  raw);
  ASSERT_EQ(o.status, 0) << o.output;
  std::ifstream in(raw, std::ios::binary | std::ios::ate);
  EXPECT_EQ(static_cast<std::size_t>(in.tellg()),
            (step_count(run_options) * 2 + 5) * 480 * 270 * 3);
}

TEST(Export, Mp4WithoutFfmpegNamesThePackage) {
  Outcome o = run("env PATH=/nonexistent " + kBinary + " export --format mp4 --out " + kTmp +
                  "/export_never.mp4");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: MP4 export needs the ffmpeg program (Debian package ffmpeg); GIF "
            "export works without it\n");
}

TEST(Export, BadOptionsFailWithOneLine) {
  const std::string out = " --out " + kTmp + "/export_never.gif";
  for (const std::string& args :
       {"--fps 0" + out, "--fps 51" + out, "--format avi" + out, "--seconds-per-step 0" + out,
        "--size 10x10" + out, std::string("--out /nonexistent-dir/run.gif")}) {
    Outcome o = run(kBinary + " export " + args);
    EXPECT_EQ(o.status, 2) << args << ": " << o.output;
    EXPECT_EQ(lines(o.output), 1) << args << ": " << o.output;
    EXPECT_EQ(o.output.rfind("stridescope: error: ", 0), 0u) << args << ": " << o.output;
  }
}

TEST(Export, WithoutADisplaySaysSoInOneLine) {
  Outcome o = run("env -u DISPLAY -u WAYLAND_DISPLAY " + kBinary + " export --out " + kTmp +
                  "/export_never.gif");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(lines(o.output), 1) << o.output;
  EXPECT_NE(o.output.find("needs a display"), std::string::npos) << o.output;
}

}  // namespace
