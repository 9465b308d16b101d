// The Exercises tab: the exercises with the learner's progress, the chosen one's statement, goals
// and hints (revealed one at a time), Start (writes the starter and opens it, traced and watched),
// Check (again on every save), and the result: what was checked, or each reason it failed, with
// a button that opens the failing case's trace at its step.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "core/browser.h"
#include "exercises/exercise.h"
#include "ui/panels/tab.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

// The statement as paragraphs: its lines (written for 100 columns) joined, blank lines kept, so
// the window wraps them at its own width.
std::string reflowed(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.empty()) {
      out += "\n\n";
    } else {
      if (!out.empty() && out.back() != '\n') out += ' ';
      out += line;
    }
    start = end + 1;
  }
  return out;
}

class ExercisesTab final : public Tab {
 public:
  View view() const override { return View::Exercises; }
  const char* label() const override { return "Exercises"; }

  void draw(AppContext& ctx) override {
    ExerciseSession& ex = ctx.exercise;
    if (ex.chosen().empty()) ex.choose(exercises().front().name);
    // Wide: the list beside the exercise; narrow (a projector's 1280x720 at text size 2): a
    // combo box above it.
    float longest = 0;
    for (const Exercise& e : exercises())
      longest = std::max(longest, ImGui::CalcTextSize(("[done] " + e.title).c_str()).x);
    const float avail = ImGui::GetContentRegionAvail().x;
    const float list_width =
        longest + ImGui::GetStyle().WindowPadding.x * 2 + ImGui::GetStyle().ScrollbarSize;
    combo_ = list_width > avail * 0.5f;
    if (!combo_) {
      ImGui::BeginChild("exercise list", ImVec2(list_width, 0), true);
      draw_list(ex);
      ImGui::EndChild();
      ImGui::SameLine();
    } else {
      draw_combo(ex);
    }
    ImGui::BeginChild("exercise", ImVec2(0, 0), false);
    if (const Exercise* e = find_exercise(ex.chosen())) draw_exercise(ctx, *e);
    ImGui::EndChild();
  }

 private:
  static std::string row_of(ExerciseSession& ex, const Exercise& e) {
    return std::string(ex.progress().done.count(e.name) ? "[done] " : "") + e.title;
  }

  static void draw_combo(ExerciseSession& ex) {
    const Exercise* chosen = find_exercise(ex.chosen());
    if (begin_combo_whole("##exercise", chosen ? row_of(ex, *chosen) : "", "another exercise")) {
      for (const Exercise& e : exercises())
        if (ImGui::Selectable((row_of(ex, e) + "##" + e.name).c_str(), ex.chosen() == e.name))
          ex.choose(e.name);
      ImGui::EndCombo();
    }
    ImGui::TextDisabled("%zu of %zu done", ex.progress().done.size(), exercises().size());
  }

  static void draw_list(ExerciseSession& ex) {
    const std::size_t done = ex.progress().done.size();
    ImGui::TextDisabled("%zu of %zu done", done, exercises().size());
    for (const Exercise& e : exercises())
      if (ImGui::Selectable((row_of(ex, e) + "##" + e.name).c_str(), ex.chosen() == e.name))
        ex.choose(e.name);
  }

  // The title, the buttons and the result first (what a learner looks for after a save), then the
  // statement, the hints and the solution.
  void draw_exercise(AppContext& ctx, const Exercise& e) {
    if (!combo_) ImGui::TextUnformatted(e.title.c_str());  // the combo box shows it
    draw_buttons(ctx, e);
    draw_result(ctx);
    ImGui::Separator();
    wrapped_text(reflowed(e.statement));
    ImGui::Spacing();
    draw_hints(ctx.exercise, e);
    if (show_solution_ == e.name) {
      ImGui::PushFont(ctx.fonts.mono);
      ImGui::TextUnformatted(e.solution.c_str());
      ImGui::PopFont();
    }
  }

  void draw_buttons(AppContext& ctx, const Exercise& e) {
    ExerciseSession& ex = ctx.exercise;
    if (kInBrowser) {  // a check compiles the learner's file with clang: the desktop's command does
      wrapped_text(
          "A browser cannot compile your kernel. On the desktop: stridescope exercise "
          "start " +
              e.name + " writes the file, and stridescope exercise check " + e.name + " " + e.name +
              ".cu checks it (or Start and Check here, in the "
              "desktop app).",
          ctx.palette().text_dim);
      if (ImGui::Button(show_solution_ == e.name ? "Hide the solution" : "Solution"))
        show_solution_ = show_solution_ == e.name ? "" : e.name;
      return;
    }
    if (ImGui::Button(ex.file().empty() ? "Start" : "Open again")) {
      if (ex.start(ctx.program)) ctx.select_view = View::Memory;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Writes %s.cu into %s (never over your file) and opens it: edit it in "
          "your editor, each save is traced and checked again",
          e.name.c_str(), exercise_folder().string().c_str());
    ImGui::SameLine();
    ImGui::BeginDisabled(ex.file().empty());
    if (ImGui::Button(ex.checking() ? "Checking..." : "Check")) ex.check();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(show_solution_ == e.name ? "Hide the solution" : "Solution"))
      show_solution_ = show_solution_ == e.name ? "" : e.name;
    if (!ex.file().empty()) {
      ImGui::TextDisabled("%s", std::filesystem::path(ex.file()).filename().string().c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ex.file().c_str());
    }
    if (!ex.error().empty()) wrapped_text(ex.error(), ctx.palette().error);
  }

  static void draw_hints(ExerciseSession& ex, const Exercise& e) {
    unsigned& seen = ex.progress().hints_seen[e.name];
    for (unsigned k = 0; k < seen && k < e.hints.size(); ++k)
      wrapped_text("Hint " + std::to_string(k + 1) + ": " + e.hints[k]);
    if (seen < e.hints.size()) {
      const std::string label =
          "Hint " + std::to_string(seen + 1) + " of " + std::to_string(e.hints.size());
      if (ImGui::SmallButton(label.c_str())) {
        ++seen;
        ex.save_progress_now();
      }
    }
  }

  static void draw_result(AppContext& ctx) {
    ExerciseSession& ex = ctx.exercise;
    if (ex.checking()) {
      // No running seconds: a window asleep until the result would show a stale figure.
      ImGui::TextUnformatted(
          ("Checking " + std::filesystem::path(ex.file()).filename().string() + "...").c_str());
      return;
    }
    const std::optional<CheckResult>& r = ex.result();
    if (!r) {
      if (!kInBrowser)
        ImGui::TextDisabled("Start the exercise, write the kernel, save: it is checked each time.");
      return;
    }
    if (!r->error.empty()) {
      ImGui::TextColored(ctx.palette().error, "Not checked: it does not compile");
      wrapped_text(r->error, ctx.palette().error);
      return;
    }
    char timing[96];
    std::snprintf(timing, sizeof timing, " (%u runs, %.1f s)", r->runs, r->total_s);
    if (r->passed()) {
      ImGui::TextColored(ctx.palette().timing_cub, "Passed%s", timing);
      for (const std::string& line : r->checked) wrapped_text("  " + line);
      return;
    }
    ImGui::TextColored(ctx.palette().error, "Failed%s", timing);
    for (std::size_t k = 0; k < r->failures.size(); ++k) {
      const CheckFailure& f = r->failures[k];
      wrapped_text(f.sentence);
      if (!f.trace) continue;
      const std::string label =
          "Show step " + std::to_string(f.step) + "##failure" + std::to_string(k);
      if (ImGui::SmallButton(label.c_str()) && ex.show_failure(k, ctx.program, ctx.session))
        ctx.select_view = View::Memory;
    }
  }

  std::string show_solution_;
  bool combo_ = false;  // the list as a combo box (a narrow window)
};

}  // namespace

std::unique_ptr<Tab> make_exercises_tab() {
  return std::make_unique<ExercisesTab>();
}

}  // namespace stridescope
