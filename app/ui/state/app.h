// The per-frame app: the session, the settings and the panels of ui/panels/panels.def, drawn once
// per frame into the platform window. run_gui (ui/gui.cpp) owns the loop around it.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ui/gui_options.h"
#include "ui/panels/panel.h"
#include "ui/panels/panel_list.h"
#include "ui/platform/platform_window.h"
#include "ui/state/app_context.h"
#include "ui/state/window_layout.h"

namespace stridescope {

class App {
 public:
  explicit App(const GuiOptions& options);
  ~App();
  // The trace to show at start (a file or a run) and its step; false with error() set if either
  // is bad.
  bool load();
  const std::string& error() const { return error_; }

  void start(PlatformWindow& window);  // with the GL context: fonts, panels' GL state
  void frame(PlatformWindow& window, double seconds, bool settle);  // one frame's ImGui calls
  void stop();  // before the GL context goes: stops the started panels, saves preferences

  // For the loop's pacing: the last frame moves (draw the next at once), or, while the window
  // sleeps, background work has news (a trace arrived, the file changed, a dialog closed).
  bool animating() const;
  bool wake_due() const;

  // A lesson's runs (0 outside a lesson), and its run `index` opened at its first step (the export
  // of a whole lesson walks them).
  std::size_t lesson_runs() const;
  void open_lesson_run(std::size_t index);

  // An export's viewer cannot scroll. Its frames are drawn in one of three ways: plain (warm-up
  // frames); measuring, where every frame notes the most each panel's lines overflow its room, and
  // when the measuring ends a panel that overflowed draws its text smaller by that much, one that
  // has room to spare larger again (down to kLeastExportTextScale of the text size and to
  // kLeastExportTextPixels, up to the text size); counting, where a panel
  // still cut is noted. Returns (measuring ended) whether a scale changed.
  enum class ExportFrames { Plain, Measuring, Counting };
  bool export_frames(ExportFrames how);
  void reset_export_fit();  // every panel back to the text size, its overflow forgotten
  static constexpr float kLeastExportTextScale = 0.5f;
  static constexpr float kLeastExportTextPixels = 11;  // and no text smaller than this
  // The panels a counted frame showed with lines cut off, each with its text scale.
  std::vector<std::pair<std::string, float>> export_cut_panels() const;

  Session& session() { return session_; }
  // A capture waits for the program's tracing and the exercise's check.
  bool tracing_program() const { return program_.tracing() || exercise_.checking(); }
  const Palette& palette() const { return context_.palette(); }

 private:
  // A panel's window: where the user moved it, what the App last set, what ImGui showed.
  struct Placed {
    std::optional<Placement> user;      // moved by the user: fractions of the display
    std::optional<WindowRect> applied;  // last set (none: set it next frame)
    WindowRect seen;                    // last frame's window
    float scroll_max_x = 0, scroll_max_y = 0;
    float content_height = 0;  // last frame's contents, title bar and padding included
    bool shown = false;
    bool collapsed = false;       // last frame's window showed only its title bar
    float export_text_scale = 1;  // of an export's panel (measure_export_fit)
    float most_overflow = 0;      // contents over room, the most while measuring
    float least_export_scale = kLeastExportTextScale;  // kLeastExportTextPixels at its text size
    bool cut_in_export = false;        // an export's frame after the fit still scrolled
    bool closed_by_accordion = false;  // opened again wherever it is drawn outside the compact view
  };

  void rebuild_fonts_if_needed(PlatformWindow& window);
  void handle_keys(PlatformWindow& window);
  void draw_panels();
  std::vector<std::optional<WindowRect>> default_rects(LayoutMode mode) const;
  bool study_in_front() const;
  std::size_t open_in(const std::vector<std::size_t>& column) const;
  struct CollapseWishes {
    std::vector<bool> collapsed;     // shows only its title bar this frame
    std::vector<bool> by_accordion;  // because the compact view's accordion closed it
  };
  CollapseWishes collapse_wishes(LayoutMode mode,
                                 const std::vector<std::optional<WindowRect>>& rects) const;
  void draw_panel_window(std::size_t i, int flags, bool applied, bool presenter);
  void note_export_fit(Placed& p) const;
  void follow_collapses(LayoutMode mode, const std::vector<std::optional<WindowRect>>& rects);
  void reset_layout();
  bool start_quiz();  // --quiz, --quiz-marks: false with error_ set when a mark does not exist
  void report_windows() const;  // test hook: STRIDESCOPE_REPORT_WINDOWS
  void report_quiz() const;     // a capture with the quiz on: its score

  GuiOptions options_;
  Session session_;
  ProgramFile program_;
  ExerciseSession exercise_;
  RunRequest request_;
  UiSettings settings_;
  Quiz quiz_;
  AppContext context_;
  std::vector<std::unique_ptr<Panel>> panels_;
  std::string preferences_path_, error_;
  float built_scale_ = -1;
  bool built_contrast_ = false;
  std::vector<Placed> placed_;  // one per panel
  // The compact view's column is an accordion (ui/state/panel_columns.h): this panel is open.
  static constexpr std::size_t kFactsPanel = panel_index("facts_panel");
  std::size_t accordion_open_ = kFactsPanel;
  // Every panel open next frame: at start (ImGui's ini may hold the accordion's closes of the last
  // session) and after Reset layout.
  bool reopen_all_ = true;
  ExportFrames export_frames_ = ExportFrames::Plain;
  std::size_t started_ = 0;  // panels started (stop() stops just those)
};

}  // namespace stridescope
