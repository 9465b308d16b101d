// "Save GIF..." in the window: the command line it runs for what is shown (the trace on screen,
// a compare, a whole lesson, at the window's size and look), run here as the window runs it (the
// real stridescope under xvfb-run), its frames counted; a failing export's line comes back.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "trace/trace_json.h"
#include "ui/export/gif_export_job.h"

namespace stridescope {
namespace {

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

struct Window {  // what the Run panel sees of the app
  Session session;
  ProgramFile program{ProgramTracer{}};
  ExerciseSession exercise{ExerciseChecker{}};
  RunRequest request;
  UiSettings settings;
  Quiz quiz;
  AppContext ctx{.session = session,
                 .program = program,
                 .exercise = exercise,
                 .request = request,
                 .settings = settings,
                 .quiz = quiz,
                 .fonts = {},
                 .device_name = {},
                 .device_bench = {},
                 .select_view = {},
                 .lesson = {},
                 .run_panel_shows = {},
                 .canvas_word0 = {},
                 .frame_wishes = {}};
};

bool has(const std::vector<std::string>& argv, const std::vector<std::string>& run) {
  return std::search(argv.begin(), argv.end(), run.begin(), run.end()) != argv.end();
}

int gif_frames(const std::string& path) {
  int error = 0;
  GifFileType* file = DGifOpenFileName(path.c_str(), &error);
  if (file == nullptr || DGifSlurp(file) != GIF_OK) return -1;
  int frames = file->ImageCount;
  DGifCloseFile(file, &error);
  return frames;
}

TEST(GifExportJob, TheTraceOnScreenIsExportedAtTheWindowsSizeAndLook) {
  Window w;
  w.settings.presenter = true;
  ASSERT_TRUE(w.session.run(w.request));  // sequential, block 16: 6 steps
  const std::string trace = kTmp + "/gif_job.json", gif = kTmp + "/gif_job.gif";
  save_trace(w.session.trace(), trace);
  std::remove(gif.c_str());
  std::vector<std::string> argv = gif_export_command(w.ctx, kBinary, gif, trace, 640, 360, 1.5f);
  EXPECT_TRUE(has(argv, {"--trace", trace, "--view", "memory"}));
  EXPECT_TRUE(has(argv, {"--size", "640x360"}));
  EXPECT_TRUE(has(argv, {"--font-scale", std::to_string(1.5f)}));
  EXPECT_TRUE(has(argv, {"--presenter"}));
  argv.insert(argv.begin(), {"/usr/bin/xvfb-run", "-a"});  // a display, as the window has
  auto [status, output] = GifExportJob::run_to_end(argv);
  ASSERT_EQ(status, 0) << output;
  EXPECT_EQ(gif_frames(gif), 6 * 15 + 15) << output;  // 15 fps, 1 s a step, the last held 1 s
}

TEST(GifExportJob, ACompareAndALessonAreExportedWhole) {
  Window w;
  w.request.block = 32;
  w.request.n = 32;
  ASSERT_TRUE(w.session.run_compare(w.request, {"interleaved-divergent", "sequential"}));
  std::vector<std::string> argv = gif_export_command(w.ctx, kBinary, "c.gif", "", 800, 600, 1);
  EXPECT_TRUE(has(argv, {"--compare", "interleaved-divergent,sequential", "--block", "32", "--n",
                         "32", "--type", "int", "--input", "iota"}));
  w.ctx.lesson = LessonPlace{LessonId::HarrisLadder, 3};
  argv = gif_export_command(w.ctx, kBinary, "l.gif", "", 800, 600, 1);
  EXPECT_TRUE(has(argv, {"export", "--lesson", "harris-ladder"}));
  EXPECT_FALSE(has(argv, {"--compare"}));
}

TEST(GifExportJob, AFailingExportsLineComesBack) {
  auto [status, output] = GifExportJob::run_to_end(
      {kBinary, "export", "--trace", "/no/such/trace.json", "--out", kTmp + "/never.gif"});
  EXPECT_EQ(status, 2);
  EXPECT_NE(output.find("stridescope: error: "), std::string::npos) << output;
}

}  // namespace
}  // namespace stridescope
