// The Source panel: the kernel file that was compiled (or the user's own program), the current
// step's lines highlighted, the hazard lab's findings and clang's errors marked on their lines.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/format.h"
#include "model/clang_diagnostics.h"
#include "registry.h"
#include "ui/panels/panel.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

struct Mark {
  ImVec4 color;
  std::string text;
};

// This step's hazard-lab findings by source line: races (both lines of each pair) and the
// barrier where threads wait when the run stopped.
std::map<int, Mark> lab_marks(const TraceModel& model, const Step& step, const StepFacts& facts,
                              const Palette& p) {
  const Trace& trace = model.trace();
  std::map<int, Mark> marks;
  for (const Hazard& h : facts.hazards) {
    ImVec4 color = h.kind == HazardKind::ReadAfterWrite   ? p.race_read_after_write
                   : h.kind == HazardKind::WriteAfterRead ? p.race_write_after_read
                                                          : p.race_write_after_write;
    std::string text = "race: " + hazard_name(h.kind) + " (threads " +
                       std::to_string(h.first.thread) + ", " + std::to_string(h.second.thread) +
                       " on " + shared_word_name(model.words(), h.word) + ")";
    marks.emplace(h.first.line, Mark{color, text});
    marks.emplace(h.second.line, Mark{color, text});
  }
  if (step.kind == StepKind::Divergence && trace.divergence) {
    for (const BarrierWaiters& w : trace.divergence->waiting) {
      std::vector<unsigned> threads(w.threads.begin(), w.threads.end());
      marks[w.line] = Mark{p.waiting, "threads " + format_ranges(threads) + " wait here"};
    }
  }
  return marks;
}

// One source line: its background (current line, touched line), a bar for a finding, its number.
void source_line(int number, std::string_view line, int current, const std::set<int>& accessed,
                 const Mark* mark, const Palette& p, int scroll_to) {
  ImVec2 at = ImGui::GetCursorScreenPos();
  float height = ImGui::GetTextLineHeightWithSpacing();
  bool is_current = number == current;
  if (is_current || accessed.count(number) > 0) {
    ImVec4 bg = is_current ? p.source_current : p.source_access;
    ImGui::GetWindowDrawList()->AddRectFilled(
        at, ImVec2(at.x + ImGui::GetWindowWidth() + ImGui::GetScrollX(), at.y + height),
        ImGui::ColorConvertFloat4ToU32(bg));
  }
  if (number == scroll_to) ImGui::SetScrollHereY(0.4f);
  if (mark != nullptr) {  // a hazard-lab finding on this line: a bar in its colour
    ImGui::GetWindowDrawList()->AddRectFilled(
        at, ImVec2(at.x + ImGui::GetFontSize() * 0.4f, at.y + height),
        ImGui::ColorConvertFloat4ToU32(mark->color));
  }
  ImGui::TextDisabled("%3d", number);
  ImGui::SameLine();
  ImGui::TextUnformatted(line.data(), line.data() + line.size());
  if (mark != nullptr) {  // the finding itself, on a line of its own under the code
    ImGui::TextColored(mark->color, "    ^ %s", mark->text.c_str());
  }
}

class SourcePanel final : public Panel {
 public:
  const char* title() const override { return "Source"; }
  void draw(AppContext& ctx) override {
    if (ctx.program.is_open()) {
      draw_program(ctx);
      return;
    }
    if (!ctx.session.has_trace()) return;
    const TraceModel& model = ctx.session.model();
    const VariantInfo* variant = model.variant();
    if (variant == nullptr) {
      ImGui::TextWrapped("No source: variant '%s' is not in this build's catalog.",
                         model.trace().run.variant.c_str());
      return;
    }
    const Step& step = model.step(ctx.session.shown_step());
    std::map<int, Mark> marks = lab_marks(model, step, ctx.session.facts(), ctx.palette());
    path_text("kernels/" + std::string(variant->source_file));
    draw_lines(ctx, kernel_text(*variant), step, marks, scroll_wanted(ctx, 0) ? step.line : 0);
  }

 private:
  // The user's program as last read: the step's lines when its trace is shown, clang's
  // diagnostics under the lines they name (scrolled to the first one).
  void draw_program(AppContext& ctx) {
    const ProgramFile& program = ctx.program;
    std::map<int, Mark> marks;
    int first_error = 0;
    for (const Diagnostic& d : program.diagnostics()) {
      if (!names_file(d.file, program.path()) || d.line <= 0) continue;
      bool error = d.severity == "error" || d.severity == "fatal error";
      if (error && first_error == 0) first_error = d.line;
      Mark& mark = marks[d.line];
      mark.color = error ? ctx.palette().error : ctx.palette().text_dim;
      Diagnostic here = d;  // the file is the one shown: line:col: error: message
      std::string text = here.text().substr(here.file.size() + 1);
      mark.text += (mark.text.empty() ? "" : "\n      ") + text;
    }
    path_text(program.path());
    static const Step none{};
    bool shown = program.shown_in(ctx.session);
    const Step& step = shown ? ctx.session.model().step(ctx.session.shown_step()) : none;
    if (shown) {
      std::map<int, Mark> lab =
          lab_marks(ctx.session.model(), step, ctx.session.facts(), ctx.palette());
      marks.insert(lab.begin(), lab.end());  // clang's marks first: there is no trace then
      // The exercise check's failure shown (Exercises tab): its line, with its sentence.
      if (ctx.exercise.marked_line() > 0 && ctx.exercise.file() == program.path())
        marks.insert_or_assign(ctx.exercise.marked_line(),
                               Mark{ctx.palette().error, ctx.exercise.marked_text()});
    }
    bool scroll = scroll_wanted(ctx, program.diagnostics().size());
    draw_lines(ctx, program.text(), step, marks,
               !scroll       ? 0
               : first_error ? first_error
                             : step.line);
  }

  // Scroll to the current line when the step, the trace or the errors change, not while the user
  // reads.
  bool scroll_wanted(const AppContext& ctx, std::size_t diagnostics) {
    std::size_t step = ctx.session.shown_step(), generation = ctx.session.generation();
    bool changed =
        shown_step_ != step || shown_generation_ != generation || shown_diagnostics_ != diagnostics;
    shown_step_ = step;
    shown_generation_ = generation;
    shown_diagnostics_ = diagnostics;
    return changed;
  }

  void draw_lines(AppContext& ctx, std::string_view text, const Step& step,
                  const std::map<int, Mark>& marks, int scroll_to) {
    std::set<int> accessed;
    for (const Access& a : step.accesses) accessed.insert(a.line);
    ImGui::BeginChild("source", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(ctx.fonts.mono);
    int number = 1;
    for (std::size_t start = 0; start <= text.size(); ++number) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      auto mark = marks.find(number);
      source_line(number, text.substr(start, end - start), step.line, accessed,
                  mark == marks.end() ? nullptr : &mark->second, ctx.palette(), scroll_to);
      if (end == text.size()) break;
      start = end + 1;
    }
    ImGui::PopFont();
    ImGui::EndChild();
  }

  std::size_t shown_step_ = SIZE_MAX;
  std::size_t shown_generation_ = SIZE_MAX;
  std::size_t shown_diagnostics_ = SIZE_MAX;
};

}  // namespace

std::unique_ptr<Panel> make_source_panel() {
  return std::make_unique<SourcePanel>();
}

}  // namespace stridescope
