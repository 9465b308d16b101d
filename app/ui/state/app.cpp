// The per-frame app: loads what is shown at start, lays the panels out from their layout data,
// handles the keys, keeps the preferences.
#include "ui/state/app.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "trace/trace_json.h"
#include "ui/panels/layout_table.h"
#include "ui/panels/lesson_bar.h"
#include "ui/panels/panel_list.h"
#include "ui/panels/program_controls.h"
#include "ui/panels/quiz_controls.h"
#include "ui/state/panel_columns.h"
#include "ui/state/preferences.h"
#include "ui/widgets/widgets.h"

namespace stridescope {

App::App(const GuiOptions& options)
    : options_(options),
      program_(options.program_tracer),
      exercise_(options.exercise_checker),
      request_(options.request),
      context_{.session = session_,
               .program = program_,
               .exercise = exercise_,
               .request = request_,
               .settings = settings_,
               .quiz = quiz_,
               .fonts = {},
               .device_name = options.device_name,
               .device_bench = options.device_bench,
               .start_view = options.view,
               .select_view = options.view,
               .shown_view = options.view,
               .lesson = options.lesson ? std::optional<LessonPlace>(LessonPlace{*options.lesson})
                                        : std::nullopt,
               .capture = !options.screenshot_path.empty() || options.benchmark_frames > 0,
               .exporting = options.exporting,
               .run_panel_shows = {},
               .canvas_word0 = {},
               .frame_wishes = {}},
      panels_(make_panels()),
      placed_(panels_.size()) {
  session_.set_device(options.device_name, options.device_tracer);
  preferences_path_ = config_directory() + "/preferences.json";
  Preferences prefs = context_.capture ? Preferences{} : load_preferences(preferences_path_);
  // The presenter's settings (text size, contrast, presenter view) come from the command line
  // only: the next person to open the app gets the defaults (README, "Preferences").
  settings_.font_scale = options.font_scale.value_or(1.0f);
  settings_.high_contrast = options.high_contrast.value_or(false);
  settings_.presenter = options.presenter;
  built_contrast_ = !settings_.high_contrast;
  session_.playback().set_speed(prefs.speed);
  settings_.recent_files = prefs.recent;
  // Windows the user moved, as fractions of the display they were moved on: placed on this
  // display by the same fractions, so a layout saved on another screen is scaled, never reused.
  for (std::size_t i = 0; i < panels_.size(); ++i) {
    for (const SavedPlacement& saved : prefs.layout) {
      if (saved.title == panels_[i]->title()) placed_[i].user = saved.where;
    }
  }
}

App::~App() = default;

namespace {
// "gpu.json (GPU: NVIDIA H200)", "emu.json (emulator)": a compared trace's pane title.
std::string trace_label(const std::string& path, const Trace& trace) {
  const std::string name = std::filesystem::path(path).filename().string();
  const std::string device = trace.run.device.substr(0, trace.run.device.find(" ("));
  return name + (trace.run.backend == Backend::Cuda       ? " (GPU: " + device + ")"
                 : trace.run.backend == Backend::Emulator ? " (emulator)"
                                                          : " (recorded)");
}
}  // namespace

bool App::load() {
  if (!options_.compare_trace_paths.empty()) {  // --compare-traces: side by side
    std::vector<std::pair<std::string, Trace>> traces;
    try {
      for (const std::string& path : options_.compare_trace_paths) {
        Trace t = load_trace(path);
        traces.emplace_back(trace_label(path, t), std::move(t));
      }
    } catch (const std::exception& e) {
      error_ = e.what();
      return false;
    }
    if (!session_.compare_traces(std::move(traces))) {
      error_ = session_.error();
      return false;
    }
    if (context_.capture) std::printf("compare: %s\n", session_.compare_note().c_str());
    return true;
  }
  bool loaded = options_.trace_path         ? session_.open(*options_.trace_path)
                : !options_.compare.empty() ? session_.run_compare(request_, options_.compare)
                                            : session_.run(request_);
  if (!loaded) {
    error_ = session_.error();
    return false;
  }
  if (options_.trace_path) {  // the Run panel starts from the opened run's settings
    request_ = request_of(session_.trace());
  }
  if (options_.exercise) {  // --exercise NAME [--exercise-file FILE]: the tab, and the file checked
    exercise_.choose(*options_.exercise);
    if (options_.exercise_file) exercise_.use_file(*options_.exercise_file, program_);
    return true;
  }
  if (options_.program_path) {  // the catalog's run stays on screen until the program's arrives
    program_.open(*options_.program_path, options_.step.value_or(0), options_.program_choice);
    return true;
  }
  if (options_.step) {
    std::size_t steps = session_.playback().step_count();
    if (*options_.step >= steps) {
      error_ = "--step " + std::to_string(*options_.step) + " does not exist: the " +
               (session_.comparing() ? "compare" : "trace") + " has steps 0.." +
               std::to_string(steps - 1);
      return false;
    }
    session_.playback().seek(*options_.step);
  }
  return !options_.quiz || start_quiz();
}

bool App::start_quiz() {
  set_quiz(context_, true);
  session_.begin_frame();
  quiz_.follow(session_);
  const PredictionMarks& marks = options_.quiz_marks;
  if (marks.empty()) return true;
  const Trace& trace = session_.trace();
  std::string step = std::to_string(session_.playback().step());
  if (quiz_.phase() != QuizPhase::Predicting) {
    error_ = "--quiz-marks: step " + step + " is the last, there is no next step to predict";
  } else if (!marks.words.empty() && *marks.words.rbegin() >= trace.shared_words) {
    error_ = "--quiz-marks: word " + std::to_string(*marks.words.rbegin()) +
             " does not exist: shared memory has words 0.." +
             std::to_string(trace.shared_words - 1);
  } else if (!marks.threads.empty() && *marks.threads.rbegin() >= trace.run.block_size) {
    error_ = "--quiz-marks: thread " + std::to_string(*marks.threads.rbegin()) +
             " does not exist: the block has threads 0.." +
             std::to_string(trace.run.block_size - 1);
  }
  if (!error_.empty()) return false;
  quiz_.set_marks(marks);
  return true;
}

void App::start(PlatformWindow& window) {
  rebuild_fonts_if_needed(window);
  for (auto& panel : panels_) {
    panel->start(context_);
    ++started_;
  }
}

void App::stop() {
  for (; started_ > 0; --started_) panels_[started_ - 1]->stop();
  report_windows();
  report_quiz();
  if (!context_.capture) {
    Preferences prefs{
        .speed = session_.playback().speed(), .layout = {}, .recent = settings_.recent_files};
    for (std::size_t i = 0; i < panels_.size(); ++i) {
      if (placed_[i].user) prefs.layout.push_back({panels_[i]->title(), *placed_[i].user});
    }
    save_preferences(prefs, preferences_path_);
  }
}

// Test hook: with STRIDESCOPE_REPORT_WINDOWS set, each shown window's last rectangle and how far
// its contents scroll, one line per window: `window "<title>" x y w h scroll_x scroll_y`, then
// ` collapsed` where it shows its title bar only; the Run
// panel's controls, `run panel: <what they showed>`; in a lesson, `lesson <name> step <k> variant
// <id> trace-step <s>` (k and s from 0).
void App::report_windows() const {
  if (std::getenv("STRIDESCOPE_REPORT_WINDOWS") == nullptr) return;
  if (context_.lesson && session_.has_trace()) {
    std::printf("lesson %s step %zu variant %s trace-step %zu\n",
                std::string(name_of(context_.lesson->id)).c_str(), context_.lesson->step,
                session_.trace().run.variant.c_str(), session_.playback().step());
  }
  if (!context_.run_panel_shows.empty())
    std::printf("run panel: %s\n", context_.run_panel_shows.c_str());
  if (context_.canvas_word0)
    std::printf("canvas word 0 %.0f %.0f\n", context_.canvas_word0->x, context_.canvas_word0->y);
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) std::printf("popup open\n");
  if (program_.is_open()) {  // what the Run panel says of the trace on screen
    ProgramStanding standing = program_standing(program_, session_);
    std::printf("run panel status: %s%s\n", standing.status.c_str(),
                standing.shown.empty() ? "" : ("; " + standing.shown).c_str());
  }
  for (std::size_t i = 0; i < panels_.size(); ++i) {
    const Placed& p = placed_[i];
    if (!p.shown) continue;
    std::printf("window \"%s\" %.0f %.0f %.0f %.0f %.0f %.0f%s\n", panels_[i]->title(), p.seen.x,
                p.seen.y, p.seen.w, p.seen.h, p.scroll_max_x, p.scroll_max_y,
                p.collapsed ? " collapsed" : "");
  }
}

// A capture with the quiz on (a prepared guess revealed for a slide) prints the score it shows:
// `quiz: step 3 revealed, this step 4/7, run 4/7`, or
// `quiz: predicting step 3 (marked: 2 words, 0 threads), run 0/0`.
void App::report_quiz() const {
  if (!context_.capture || !quiz_.on()) return;
  const PredictionScore& run = quiz_.run_score().total();
  std::string step = std::to_string(quiz_.shown_step());
  std::string where;
  switch (quiz_.phase()) {
    case QuizPhase::Revealed:
      where = "step " + step + " revealed, this step " +
              std::to_string(quiz_.judgement().score.points) + "/" +
              std::to_string(quiz_.judgement().score.out_of) +
              (quiz_.unmarked_reveal() ? " not counted (nothing marked)" : "");
      break;
    case QuizPhase::Predicting:
      where = "predicting step " + std::to_string(quiz_.shown_step() + 1) +
              " (marked: " + std::to_string(quiz_.marks().words.size()) + " words, " +
              std::to_string(quiz_.marks().threads.size()) + " threads)";
      break;
    case QuizPhase::Finished:
      where = "step " + step + " is the last";
      break;
    case QuizPhase::Off:
    case QuizPhase::Paused:
      where = "paused";
      break;
  }
  std::printf("quiz: %s, run %u/%u\n", where.c_str(), run.points, run.out_of);
}

void App::rebuild_fonts_if_needed(PlatformWindow& window) {
  if (settings_.font_scale == built_scale_ && settings_.high_contrast == built_contrast_) return;
  context_.fonts = load_fonts(settings_.font_scale);
  window.upload_fonts();
  apply_style(settings_.high_contrast, settings_.font_scale);
  built_scale_ = settings_.font_scale;
  built_contrast_ = settings_.high_contrast;
}

void App::frame(PlatformWindow& window, double seconds, bool settle) {
  rebuild_fonts_if_needed(window);
  if (settle) {
    session_.playback().settle();
  } else {
    session_.playback().advance_time(seconds);
  }
  context_.frame_wishes = {};
  window.begin_frame();
  handle_keys(window);
  if (std::optional<ProgramOutcome> outcome = program_.poll(session_); outcome && context_.capture)
    std::printf("program: %s\n", outcome->line.c_str());  // what a capture run shows, in words
  const bool was_checking = exercise_.checking();
  exercise_.poll();
  if (was_checking && !exercise_.checking() && exercise_.result()) {
    const CheckResult& r = *exercise_.result();
    if (context_.capture)
      std::printf("exercise: %s %s\n", exercise_.chosen().c_str(),
                  !r.error.empty() ? "not checked"
                  : r.passed()     ? "passed"
                                   : "failed");
    if (options_.show_failure && exercise_.show_failure(0, program_, session_))
      context_.select_view = View::Memory;  // --show-failure: the first failure, at its step
  }
  session_.begin_frame();
  quiz_.follow(session_);
  draw_panels();
}

// Every key pressed since the last frame, however briefly (ui/platform/key_queue.h): Space, ←/→ and
// PageUp/PageDown (a clicker; in a lesson they also turn to the next or previous run at a trace's
// ends), Home/End, F for the presenter view, L to reset the layout, Q for the quiz, whose reveal
// takes → and Enter, Ctrl+O to open a file. Ignored while a text field has focus or a popup (the
// file browser) is open.
void App::handle_keys(PlatformWindow& window) {
  std::vector<KeyCommand> commands = window.keys().take_commands();
  if (ImGui::GetIO().WantTextInput) return;
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;  // the file browser's keys
  for (KeyCommand command : commands) {
    if (command == KeyCommand::ResetLayout) reset_layout();
    if (command == KeyCommand::OpenFile) settings_.open_file = true;  // the Run panel opens it
    if (command == KeyCommand::TogglePresenter) settings_.presenter = !settings_.presenter;
    if (!session_.has_trace()) continue;
    if (command == KeyCommand::ToggleQuiz && !session_.comparing()) set_quiz(context_, !quiz_.on());
    bool forward = command == KeyCommand::Next || command == KeyCommand::Reveal;
    if (forward && quiz_forward(context_)) continue;
    if (!turn_lesson_page(context_, command)) play_command(command, session_.playback());
  }
}

std::size_t App::lesson_runs() const {
  return context_.lesson ? lesson_of(context_.lesson->id).steps.size() : 0;
}

void App::open_lesson_run(std::size_t index) {
  if (context_.lesson) open_lesson_step(context_, context_.lesson->id, index);
}

bool App::animating() const {
  const Playback& play = session_.playback();
  return play.playing() || play.transition() < 1.0f || context_.frame_wishes.animate;
}

bool App::wake_due() const {
  if (program_.has_news() || exercise_.has_news()) return true;
  for (const std::function<bool()>& check : context_.frame_wishes.wake_when)
    if (check()) return true;
  return false;
}

void App::reset_export_fit() {
  for (Placed& p : placed_) {
    p.export_text_scale = 1;
    p.most_overflow = 0;
  }
}

bool App::export_frames(ExportFrames how) {
  const bool measured = export_frames_ == ExportFrames::Measuring;
  export_frames_ = how;
  bool changed = false;
  for (Placed& p : placed_) {
    if (how == ExportFrames::Measuring) p.most_overflow = 0;
    if (!measured || how == ExportFrames::Measuring || p.most_overflow <= 0) continue;
    // Scaled by the overflow measured at this scale, 2% to spare (a smaller text wraps a little
    // differently); grown back only with 10% of the room to spare, so the scale settles.
    if (p.most_overflow <= 1.01f && (p.export_text_scale >= 1 || p.most_overflow > 0.9f)) continue;
    float scale = std::clamp(p.export_text_scale * 0.98f / p.most_overflow,
                             std::min(1.0f, p.least_export_scale), 1.0f);
    changed = changed || std::fabs(scale - p.export_text_scale) > 0.01f;
    p.export_text_scale = scale;
  }
  return changed;
}

// This frame's lines against the room for them (the title bar and the paddings do not shrink):
// while measuring, the most; after, whether they still did not fit.
void App::note_export_fit(Placed& p) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  float chrome = ImGui::GetCursorStartPos().y + style.WindowPadding.y;
  float room = ImGui::GetWindowHeight() - chrome;
  if (room <= 0) return;
  float overflow = (p.content_height - chrome) / room;
  const float text_pixels = ImGui::GetFontSize() / ImGui::GetCurrentWindow()->FontWindowScale;
  p.least_export_scale = std::max(kLeastExportTextScale, kLeastExportTextPixels / text_pixels);
  if (export_frames_ == ExportFrames::Measuring)
    p.most_overflow = std::max(p.most_overflow, overflow);
  if (export_frames_ == ExportFrames::Counting && overflow > 1.01f) p.cut_in_export = true;
}

std::vector<std::pair<std::string, float>> App::export_cut_panels() const {
  std::vector<std::pair<std::string, float>> cut;
  for (std::size_t i = 0; i < panels_.size(); ++i)
    if (placed_[i].cut_in_export)
      cut.emplace_back(panels_[i]->title(), placed_[i].export_text_scale);
  return cut;
}

void App::reset_layout() {
  for (Placed& p : placed_) {
    p.user.reset();
    p.applied.reset();
  }
  accordion_open_ = kFactsPanel;
  reopen_all_ = true;
}

// The Timing or Precision tab in front. The tab asked for counts already: ImGui selects it a
// frame later, and the layout would flip for that frame.
bool App::study_in_front() const {
  const View view = context_.select_view.value_or(context_.shown_view);
  return view == View::Timing || view == View::Precision;
}

// The panels' default rectangles in `mode` for this display and text size: each panel's rows of
// ui/panels/layout_table.cpp for what is shown.
std::vector<std::optional<WindowRect>> App::default_rects(LayoutMode mode) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  float chrome = ImGui::GetFrameHeight() + 2 * style.WindowPadding.y;  // title bar and padding
  Shown shown{.program_open = program_.is_open(),
              .comparing = session_.comparing(),
              .study_tab = study_in_front(),
              .exporting = context_.exporting};
  std::vector<std::optional<Placement>> places;
  std::vector<float> min_heights;
  for (std::size_t i = 0; i < panels_.size(); ++i) {
    PanelLayout layout = panel_layout(kPanelNames[i], shown);
    places.push_back(placement_in(layout, mode));
    float least = layout.min_lines > 0
                      ? chrome + layout.min_lines * ImGui::GetTextLineHeightWithSpacing()
                      : 0.0f;
    if (layout.fit_content) least = std::max(least, std::ceil(placed_[i].content_height));
    min_heights.push_back(least);
  }
  ImVec2 display = ImGui::GetIO().DisplaySize;
  return resolve_layout(places, min_heights, display.x, display.y);
}

namespace {

// The columns of the compact view's accordion: those of panels the layout table lets it close.
std::vector<std::vector<std::size_t>> accordion_columns(
    const std::vector<std::optional<WindowRect>>& rects) {
  std::vector<std::vector<std::size_t>> columns = panel_columns(rects);
  std::erase_if(columns, [](const std::vector<std::size_t>& column) {
    return std::any_of(column.begin(), column.end(),
                       [](std::size_t i) { return !in_accordion(kPanelNames[i]); });
  });
  return columns;
}

}  // namespace

// The accordion's open panel in `column`: the one it holds open, or the column's first.
std::size_t App::open_in(const std::vector<std::size_t>& column) const {
  return std::find(column.begin(), column.end(), accordion_open_) != column.end() ? accordion_open_
                                                                                  : column.front();
}

// Which panels show only their title bar this frame: those the user collapsed (none at start or
// after Reset layout, and none the accordion closed), except that in the compact view's accordion
// all but its open panel are, and in the presenter views none (they have no title bars).
App::CollapseWishes App::collapse_wishes(
    LayoutMode mode, const std::vector<std::optional<WindowRect>>& rects) const {
  CollapseWishes wishes{std::vector<bool>(panels_.size(), false),
                        std::vector<bool>(panels_.size(), false)};
  if (mode == LayoutMode::Presenter || mode == LayoutMode::CompactPresenter) return wishes;
  for (std::size_t i = 0; i < panels_.size(); ++i)
    wishes.collapsed[i] = placed_[i].collapsed && !reopen_all_ && !placed_[i].closed_by_accordion;
  if (mode != LayoutMode::Compact) return wishes;
  for (const std::vector<std::size_t>& column : accordion_columns(rects)) {
    const std::size_t open = open_in(column);
    for (std::size_t i : column) wishes.collapsed[i] = wishes.by_accordion[i] = i != open;
  }
  return wishes;
}

// After the panels are drawn: a panel the user opened in the compact view's column becomes its
// open one (the others close next frame); the open one closed hands over to its neighbour.
void App::follow_collapses(LayoutMode mode, const std::vector<std::optional<WindowRect>>& rects) {
  if (mode == LayoutMode::Compact) {
    std::vector<bool> now(panels_.size());
    for (std::size_t i = 0; i < panels_.size(); ++i) now[i] = placed_[i].collapsed;
    for (const std::vector<std::size_t>& column : accordion_columns(rects)) {
      const std::size_t open = open_in(column);
      const std::size_t next = accordion_open(column, open, now);
      if (next != open) accordion_open_ = next;
    }
  }
  reopen_all_ = false;
}

namespace {

bool moved(const WindowRect& a, const WindowRect& b) {
  return std::fabs(a.x - b.x) > 1 || std::fabs(a.y - b.y) > 1 || std::fabs(a.w - b.w) > 1 ||
         std::fabs(a.h - b.h) > 1;
}

WindowRect current_window() {
  ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  return {pos.x, pos.y, size.x, size.y};
}

}  // namespace

// Panel i's window, begun with `flags` where draw_panels placed it (`applied`: this frame); notes
// what ImGui showed: its rectangle, scroll, collapsed state, and a move or resize by the user.
void App::draw_panel_window(std::size_t i, int flags, bool applied, bool presenter) {
  Placed& p = placed_[i];
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::Begin(panels_[i]->title(), nullptr, flags);
  if (context_.exporting) ImGui::SetWindowFontScale(p.export_text_scale);
  panels_[i]->draw(context_);
  p.content_height = ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y;
  if (context_.exporting && !p.collapsed) note_export_fit(p);
  if (context_.exporting) ImGui::SetWindowFontScale(1);  // the title bar at the text size
  p.seen = current_window();
  p.scroll_max_x = ImGui::GetScrollMaxX();
  p.scroll_max_y = ImGui::GetScrollMaxY();
  // ImGui opens a collapsed window on its arrow or a double-click; a click anywhere on its title
  // bar opens it here too (an arrow click is ImGui's own toggle, not counted twice).
  const bool title_click = ImGui::IsWindowCollapsed() && ImGui::IsWindowHovered() &&
                           ImGui::IsMouseReleased(0) &&
                           ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16 &&
                           !ImGui::GetCurrentWindow()->WantCollapseToggle;
  const bool collapsed = ImGui::IsWindowCollapsed() && !title_click;
  const bool toggled = p.collapsed != collapsed;
  p.collapsed = collapsed;
  if (toggled) p.applied.reset();  // opened or closed: its place is set again next frame
  if (!applied && !toggled && !presenter && !p.collapsed && moved(p.seen, *p.applied)) {
    p.user = to_fractions(p.seen, display.x, display.y);  // the user moved or resized it
    p.applied = p.seen;
  }
  ImGui::End();
}

// Each panel where its layout puts it in this view, for this display and text size, set again
// whenever that changes (a resize, another text size, the view switched): the presenter view's
// places are fixed; in the normal view a window the user moved keeps its fractions of the display
// (kept in the preferences) until "reset layout".
void App::draw_panels() {
  bool presenter = settings_.presenter;
  ImVec2 display = ImGui::GetIO().DisplaySize;
  LayoutMode mode = layout_mode(presenter, display.x, ImGui::GetFontSize());
  presenter = mode == LayoutMode::Presenter || mode == LayoutMode::CompactPresenter;
  std::vector<std::optional<WindowRect>> rects = default_rects(mode);
  const CollapseWishes wishes = collapse_wishes(mode, rects);
  share_column_room(rects, wishes.collapsed, ImGui::GetFrameHeight());
  for (std::size_t i = 0; i < panels_.size(); ++i) {
    Placed& p = placed_[i];
    p.shown = rects[i].has_value();
    if (!p.shown) {
      p.applied.reset();
      continue;
    }
    // Set every frame (a click on the arrow still toggles it: ImGui applies that after this).
    ImGui::SetNextWindowCollapsed(wishes.collapsed[i], ImGuiCond_Always);
    p.closed_by_accordion = wishes.by_accordion[i];
    WindowRect target = *rects[i];
    if (!presenter && p.user) {
      target = clamp_inside(to_pixels(*p.user, display.x, display.y), display.x, display.y,
                            ImGui::GetFrameHeight() * 3);
    }
    bool apply = !p.applied || moved(*p.applied, target);
    if (apply) {
      context_.frame_wishes.animate = true;  // ImGui shows the new place next frame
      ImGui::SetNextWindowPos(ImVec2(target.x, target.y), ImGuiCond_Always);
      ImGui::SetNextWindowSize(ImVec2(target.w, target.h), ImGuiCond_Always);
      p.applied = target;
    }
    // The presenter view's windows stay put, without title bars: more room for the canvas.
    ImGuiWindowFlags flags = presenter
                                 ? ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar
                                 : ImGuiWindowFlags_None;
    draw_panel_window(i, flags, apply, presenter);
  }
  follow_collapses(mode, rects);
  for (auto& panel : panels_) panel->draw_popups(context_);  // last: see Panel::draw_popups
  if (settings_.reset_layout) {
    settings_.reset_layout = false;
    reset_layout();
  }
  settings_.open_file = false;  // Ctrl+O where the Run panel is not shown (presenter view)
}

}  // namespace stridescope
