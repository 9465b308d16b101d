// What every panel shares: the session (trace model, playback), the run settings being edited, the
// look, and the services the platform offers. Panels keep their own state; this holds the rest.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/bench/bench_report.h"
#include "catalog/request.h"
#include "model/lessons.h"
#include "ui/panels/view_id.h"
#include "ui/platform/theme.h"
#include "ui/state/exercise_session.h"
#include "ui/state/program_file.h"
#include "ui/state/quiz.h"
#include "ui/state/session.h"

namespace stridescope {

struct UiSettings {
  float font_scale = 1.0f;
  bool high_contrast = false;
  bool presenter = false;     // presenter view: the canvas across the whole window
  bool reset_layout = false;  // asked for the default placement of every window (key L, button)
  std::vector<std::string> recent_files;  // opened last, newest first (kept in the preferences)
  bool desktop_dialog = false;            // open and save with zenity/kdialog, not the built-in
  bool open_file = false;                 // asked for the Open browser (Ctrl+O)
};

// What a frame asks of the loop's pacing (ui/platform/frame_pacing.h), gathered afresh every frame:
// the window sleeps when nothing animates, until input or one of the checks says there is news.
struct FrameWishes {
  bool animate = false;                          // draw the next frame at once (it moves)
  std::vector<std::function<bool()>> wake_when;  // while asleep: a frame once one says true
};

struct AppContext {
  Session& session;
  ProgramFile& program;       // the CUDA program shown and watched, when one is open
  ExerciseSession& exercise;  // the exercise chosen in the Exercises tab, its file and check
  RunRequest& request;        // the run settings the Run panel edits
  UiSettings& settings;
  Quiz& quiz;  // predict the next step (key Q)
  Fonts fonts;
  std::string device_name;                    // CUDA device, empty when none
  std::function<BenchReport()> device_bench;  // live timings, set when a CUDA device is usable
  View start_view = View::Memory;             // the centre tab asked for at start (--view)
  std::optional<View> select_view;            // a centre tab to bring to the front this frame
  View shown_view = View::Memory;             // the centre tab shown last frame
  std::optional<LessonPlace> lesson;          // the lesson being stepped through, if any
  bool lesson_details_in_facts = false;  // the lesson bar is narrow: the facts say what changed
  bool capture = false;  // rendering a screenshot or a benchmark: no waiting, no saved state
  // Rendering `export` frames: the timeline shows the step, no buttons.
  bool exporting = false;
  // What the Run panel's controls showed last frame, in words, for the STRIDESCOPE_REPORT_WINDOWS
  // test hook: "catalog: variant sequential, block 16" or "program: matmul.cu, launch 3, ...".
  std::string run_panel_shows;
  // Where the Shared memory tab last drew word 0's cell (its centre, screen pixels), for the same
  // hook: a test points there.
  std::optional<ImVec2> canvas_word0;
  FrameWishes frame_wishes;

  const Palette& palette() const { return stridescope::palette(settings.high_contrast); }
};

}  // namespace stridescope
