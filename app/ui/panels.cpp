// Run settings, timeline, step facts and keyboard handling.
#include "ui/panels.h"

#include <algorithm>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "analysis/additions.h"
#include "analysis/lab_summary.h"
#include "analysis/precision.h"
#include "core/format.h"
#include "core/input.h"
#include "registry.h"
#include "ui/theme.h"

namespace stridescope {
namespace {

void fact_row(const char* name, const std::string& value, const ImVec4* color = nullptr) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(name);
  ImGui::TableSetColumnIndex(1);
  if (color) {
    ImGui::TextColored(*color, "%s", value.c_str());
  } else {
    ImGui::TextUnformatted(value.c_str());
  }
}

// A combo box over `choices`; true when the user picked another one.
bool choose_text(const char* label, std::span<const std::string_view> choices, std::string& value) {
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo(label, value.c_str())) {
    for (std::string_view choice : choices) {
      if (ImGui::Selectable(std::string(choice).c_str(), choice == value)) {
        changed = choice != value;
        value = std::string(choice);
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// A combo box over an enum's names; true when the user picked another value.
template <typename E>
bool choose_enum(const char* label, std::span<const EnumName<E>> choices, E& value) {
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo(label, std::string(name_of(value)).c_str())) {
    for (const EnumName<E>& choice : choices) {
      if (ImGui::Selectable(std::string(choice.name).c_str(), choice.value == value)) {
        changed = choice.value != value;
        value = choice.value;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// Powers of two from the variant's smallest block; odd sizes too where the variant teaches them.
std::vector<unsigned> block_choices(const VariantInfo* variant) {
  std::vector<unsigned> sizes;
  for (unsigned b = variant ? variant->launch.min_block : 2; b <= 1024; b *= 2) sizes.push_back(b);
  if (variant && variant->launch.any_block_size) {
    for (unsigned odd : {24u, 48u, 96u, 100u, 384u, 1000u}) sizes.push_back(odd);
    std::sort(sizes.begin(), sizes.end());
  }
  return sizes;
}

// A number field applied on Enter; true when it was.
bool edit_number(const char* label, std::uint64_t& value) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  std::uint64_t edited = value;
  if (!ImGui::InputScalar(label, ImGuiDataType_U64, &edited, nullptr, nullptr, "%llu",
                          ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  value = edited;
  return true;
}

std::string number(double v) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

// The hazard lab's summary of the run: what went wrong, where, and how far to trust the outcome.
void lab_section(const LabSummary& lab, const VariantInfo* variant, const Palette& p) {
  bool clean = lab.hazards == 0 && lab.divergent_barriers == 0 && lab.uninitialized.empty() &&
               (!lab.contributions.applicable ||
                (lab.contributions.lost.empty() && lab.contributions.doubled.empty()));
  bool broken = variant != nullptr && variant->broken_on_purpose();
  if (clean && !broken) {  // a correct run: one quiet line
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("Hazard lab: no races, no divergence, nothing lost");
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(clean ? p.warp_full : p.waiting, "Hazard lab: %s",
                     lab_summary_line(lab).c_str());
  if (variant != nullptr && variant->broken_on_purpose()) {
    ImGui::TextColored(p.warp_divergent, "Broken on purpose: %s",
                       std::string(variant->lesson.broken_on_purpose).c_str());
  }
  for (const HazardLines& h : lab.hazard_lines) {
    ImGui::BulletText("%s between line %d and line %d (%zu)", hazard_name(h.kind).c_str(),
                      h.first_line, h.second_line, h.count);
  }
  if (lab.timing_dependent()) {
    ImGui::TextDisabled(
        "The racing accesses ran in the emulator's order, thread after thread. On a GPU the "
        "order, and so the result, depends on timing: this is one possible outcome.");
  }
  ImGui::PopTextWrapPos();
  ImGui::Separator();
}

}  // namespace

void run_panel(Session& session, RunRequest& request, UiSettings& settings) {
  bool changed = false;
  const VariantInfo* current = find_variant(request.variant);
  ImGui::TextUnformatted("Variant");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##variant", current ? std::string(current->lesson.title).c_str() : "?")) {
    for (const VariantInfo& v : variant_catalog()) {
      if (ImGui::Selectable(std::string(v.lesson.title).c_str(), current == &v)) {
        request.variant = std::string(v.id);
        bool n_followed = request.n == request.block;
        if (v.gui.suggested_block != 0) {  // e.g. 96 for the odd-block bug
          request.block = v.gui.suggested_block;
        } else if (request.block < v.launch.min_block) {  // e.g. the tuned one needs whole warps
          request.block = v.launch.min_block;
        } else if (!v.launch.any_block_size && (request.block & (request.block - 1)) != 0) {
          request.block = 64;  // back to a power of two after the odd-block bug
        }
        if (n_followed) request.n = request.block;
        if (v.gui.suggested_type) request.element_type = *v.gui.suggested_type;
        request.second_stage.reset();  // the variant's own default
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo("block size", std::to_string(request.block).c_str())) {
    for (unsigned b : block_choices(current)) {
      if (ImGui::Selectable(std::to_string(b).c_str(), b == request.block)) {
        bool n_followed = request.n == request.block;
        request.block = b;
        if (n_followed) request.n = b;  // keep "one full block" when that is what was shown
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  changed |= edit_number("n", request.n);
  changed |= choose_enum("input", enum_names<InputPattern>(), request.input);
  if (request.input == InputPattern::Random) changed |= edit_number("seed", request.seed);
  changed |= choose_enum("type", enum_names<ElementType>(), request.element_type);
  if (current && !current->writes_grid_total() && current->launch.inputs == 1) {
    static constexpr EnumName<SecondStage> kStages[] = {{SecondStage::Host, "host"},
                                                        {SecondStage::Relaunch, "relaunch"}};
    SecondStage stage = request.second_stage.value_or(current->launch.second_stage);
    if (choose_enum("2nd stage", std::span<const EnumName<SecondStage>>(kStages), stage)) {
      request.second_stage = stage;
      changed = true;
    }
  } else if (current) {
    ImGui::TextDisabled("2nd stage: %s (in the kernel)",
                        std::string(name_of(current->launch.second_stage)).c_str());
  }
  if (session.device_name().empty()) {
    ImGui::TextDisabled("backend: CPU emulator (no CUDA device)");
  } else {
    static constexpr std::string_view kBackends[] = {"CPU emulator", "CUDA device"};
    std::string backend(session.using_device() ? kBackends[1] : kBackends[0]);
    if (choose_text("backend", kBackends, backend)) {
      session.use_device(backend == kBackends[1]);
      changed = true;
    }
    if (session.using_device()) ImGui::TextDisabled("%s", session.device_name().c_str());
  }
  if (changed) session.run(request);
  if (!session.error().empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette(settings.high_contrast).error, "%s", session.error().c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##trace_path", settings.trace_path, sizeof settings.trace_path);
  if (ImGui::Button("Open trace")) session.open(settings.trace_path);
  ImGui::SameLine();
  if (ImGui::Button("Save trace")) session.save(settings.trace_path);
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  ImGui::SliderFloat("text size", &settings.font_scale, 0.75f, 3.0f, "%.2fx");
  ImGui::Checkbox("high contrast", &settings.high_contrast);
}

void timeline_panel(Session& session, UiSettings& settings) {
  if (!session.has_trace()) return;
  Playback& play = session.playback();
  float button = ImGui::GetFrameHeight() * 2.2f;
  if (ImGui::Button("|<", ImVec2(button, 0))) play.first();
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(button, 0))) play.previous();
  ImGui::SameLine();
  if (ImGui::Button(play.playing() ? "Pause" : "Play", ImVec2(button * 1.6f, 0)))
    play.toggle_play();
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(button, 0))) play.next();
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(button, 0))) play.last();
  ImGui::SameLine();
  int step = static_cast<int>(play.step());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.62f);
  const Step& s = session.trace().blocks[0].steps[play.step()];
  std::string format = "step %d: " + printf_literal(s.label);  // the label is data: no directives
  if (ImGui::SliderInt("##step", &step, 0, static_cast<int>(play.step_count()) - 1,
                       format.c_str())) {
    play.seek(static_cast<std::size_t>(step));
  }
  ImGui::SameLine();
  float speed = play.speed();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::SliderFloat("steps/s", &speed, 0.25f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) {
    play.set_speed(speed);
  }
  ImGui::Checkbox("presenter view (F)", &settings.focus);
  ImGui::SameLine();
  ImGui::TextDisabled("keys: space play/pause   \u2190 \u2192 step   Home/End first/last");
}

void facts_panel(Session& session, bool high_contrast) {
  if (!session.has_trace()) return;
  const Palette& p = palette(high_contrast);
  const Trace& trace = session.trace();
  const StepFacts& f = session.facts();
  std::size_t steps = trace.blocks[0].steps.size();
  ImGui::Text("Step %zu / %zu: %s", f.index, steps - 1, f.label.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(f.narration.c_str());
  ImGui::PopTextWrapPos();
  lab_section(session.lab(), find_variant(trace.run.variant), p);
  ImGui::Spacing();
  unsigned block = trace.run.block_size;
  WorkDepth total = work_and_depth(trace.blocks[0], trace.word_size);
  if (ImGui::BeginTable("facts", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    fact_row("active threads",
             std::to_string(f.activity.active_threads) + " of " + std::to_string(block));
    std::string divergent = std::to_string(f.activity.divergent_warps) + " of " +
                            std::to_string(f.activity.warps.size());
    fact_row("divergent warps", divergent,
             f.activity.divergent_warps ? &p.warp_divergent : nullptr);
    fact_row("idle warps", std::to_string(f.activity.idle_warps) + " of " +
                               std::to_string(f.activity.warps.size()));
    std::string conflict = f.worst_conflict_degree > 1
                               ? std::to_string(f.worst_conflict_degree) + "-way (" +
                                     std::to_string(f.conflicts.load_conflicts) + " ld + " +
                                     std::to_string(f.conflicts.store_conflicts) + " st extra)"
                               : "none";
    fact_row("bank conflicts", conflict, f.worst_conflict_degree > 1 ? &p.conflict : nullptr);
    if (total.additions == 0) {
      fact_row("additions", "in registers");
    } else {
      fact_row("additions so far",
               std::to_string(f.additions_so_far) + " of " + std::to_string(total.additions));
    }
    std::string races = f.hazards.empty() ? "none"
                                          : std::to_string(f.hazards.size()) + " (" +
                                                hazard_name(f.hazards.front().kind) + " on s[" +
                                                std::to_string(f.hazards.front().word) + "])";
    fact_row("data races", races, f.hazards.empty() ? nullptr : &p.conflict);
    fact_row("s[0] now", number(f.first_word));
    fact_row("block sum",
             trace.divergence ? "none (the run stopped)" : number(trace.blocks[0].partial));
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::Separator();
  Precision precision_now = precision(trace.result, trace.reference, trace.run.element_type);
  ImGui::Text("Run: n = %llu, %u block(s) of %u, %s", static_cast<unsigned long long>(trace.run.n),
              trace.run.grid_size, block, std::string(name_of(trace.run.element_type)).c_str());
  if (trace.divergence) {
    ImGui::TextColored(p.waiting, "No result: the run stopped at a divergent barrier");
  } else {
    ImGui::Text("Result %s, reference %s", number(trace.result).c_str(),
                number(trace.reference).c_str());
  }
  if (precision_now.absolute != 0 && !trace.divergence) {
    ImGui::TextColored(p.warp_divergent, "error %.3g (%.3g relative, %.3g ulps)",
                       precision_now.absolute, precision_now.relative, precision_now.ulps);
  }
  if (total.additions > 0) {
    ImGui::Text("Work %u additions, depth %u", total.additions, total.depth);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("depth: the longest chain of additions that must happen one after another");
    }
  } else {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        "The additions happen in registers (warp shuffles): warp 0's registers are drawn below "
        "the shared memory at the steps where it shuffles.");
    ImGui::PopTextWrapPos();
  }
  if (const VariantInfo* v = find_variant(trace.run.variant)) {
    ImGui::Separator();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(std::string(v->lesson.teaches).c_str());
    ImGui::TextDisabled("%s", std::string(v->lesson.reference).c_str());
    ImGui::PopTextWrapPos();
  }
  if (!session.notice().empty()) ImGui::TextDisabled("%s", session.notice().c_str());
}

void handle_keys(Session& session, UiSettings& settings) {
  if (!session.has_trace() || ImGui::GetIO().WantTextInput) return;
  if (ImGui::IsKeyPressed('F', false)) settings.focus = !settings.focus;
  Playback& play = session.playback();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space))) play.toggle_play();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) play.next();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) play.previous();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) play.first();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End))) play.last();
}

}  // namespace stridescope
