// The source panel: the kernel file that was compiled, with the current step's lines highlighted.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/ranges.h"
#include "registry.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace stridescope {
namespace {

struct Mark {
  ImVec4 color;
  std::string text;
};

// This step's hazard-lab findings by source line: races (both lines of each pair) and the
// barrier where threads wait when the run stopped.
std::map<int, Mark> lab_marks(const Trace& trace, const Step& step, const StepFacts& facts,
                              const Palette& p) {
  std::map<int, Mark> marks;
  for (const Hazard& h : facts.hazards) {
    ImVec4 color = h.kind == HazardKind::ReadAfterWrite   ? p.race_read_after_write
                   : h.kind == HazardKind::WriteAfterRead ? p.race_write_after_read
                                                          : p.race_write_after_write;
    std::string text = "race: " + hazard_name(h.kind) + " (threads " +
                       std::to_string(h.first.thread) + ", " + std::to_string(h.second.thread) +
                       " on s[" + std::to_string(h.word) + "])";
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

}  // namespace

void source_panel(Session& session, ImFont* mono, bool high_contrast) {
  if (!session.has_trace()) return;
  const Trace& trace = session.trace();
  const VariantInfo* variant = find_variant(trace.run.variant);
  if (variant == nullptr) {
    ImGui::TextWrapped("No source: variant '%s' is not in this build's catalog.",
                       trace.run.variant.c_str());
    return;
  }
  std::string_view text = kernel_text(*variant);
  const Step& step = trace.blocks[0].steps[session.playback().step()];
  std::set<int> access_lines;
  for (const Access& a : step.accesses) access_lines.insert(a.line);
  const Palette& p = palette(high_contrast);
  std::map<int, Mark> marks = lab_marks(trace, step, session.facts(), p);
  ImGui::TextDisabled("kernels/%s", std::string(variant->source_file).c_str());
  ImGui::BeginChild("source", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(mono);
  static std::size_t last_step = SIZE_MAX;
  static std::string last_variant;
  bool scroll = last_step != session.playback().step() || last_variant != trace.run.variant;
  last_step = session.playback().step();
  last_variant = trace.run.variant;
  int line_number = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    ImVec2 at = ImGui::GetCursorScreenPos();
    float height = ImGui::GetTextLineHeightWithSpacing();
    bool current = line_number == step.line;
    bool accessed = access_lines.count(line_number) > 0;
    auto mark = marks.find(line_number);
    if (current || accessed) {
      ImVec4 bg = current ? p.source_current : p.source_access;
      ImGui::GetWindowDrawList()->AddRectFilled(
          at, ImVec2(at.x + ImGui::GetWindowWidth() + ImGui::GetScrollX(), at.y + height),
          ImGui::ColorConvertFloat4ToU32(bg));
      if (current && scroll) ImGui::SetScrollHereY(0.4f);
    }
    if (mark != marks.end()) {  // a hazard-lab finding on this line: a bar in its colour
      ImGui::GetWindowDrawList()->AddRectFilled(
          at, ImVec2(at.x + ImGui::GetFontSize() * 0.4f, at.y + height),
          ImGui::ColorConvertFloat4ToU32(mark->second.color));
    }
    ImGui::TextDisabled("%3d", line_number);
    ImGui::SameLine();
    ImGui::TextUnformatted(line.c_str());
    if (mark != marks.end()) {  // the finding itself, on a line of its own under the code
      ImGui::TextColored(mark->second.color, "    ^ %s", mark->second.text.c_str());
    }
    ++line_number;
    if (end == text.size()) break;
    start = end + 1;
  }
  ImGui::PopFont();
  ImGui::EndChild();
}

}  // namespace stridescope
