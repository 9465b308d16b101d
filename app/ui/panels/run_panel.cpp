// The Run panel: variant, block size, n, input, type, second stage and backend; re-runs when a
// setting changes (for an open program: its launch, block and schedule, program_controls.h). Also
// opens traces and programs (a browser, a Recent list), saves traces and PNGs, and sets the text
// size and theme.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "catalog/request.h"
#include "core/browser.h"
#include "core/format.h"
#include "core/input.h"
#include "model/file_listing.h"
#include "model/recent_files.h"
#include "registry.h"
#include "ui/export/export_png_request.h"
#include "ui/export/gif_export_job.h"
#include "ui/panels/lesson_bar.h"
#include "ui/panels/panel.h"
#include "ui/panels/program_controls.h"
#include "ui/widgets/desktop_dialog.h"
#include "ui/widgets/file_browser.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

// The sizes the menu offers: powers of two, and odd sizes where the variant teaches them.
std::vector<unsigned> block_choices(const VariantInfo* variant) {
  std::vector<unsigned> sizes;
  for (unsigned b :
       {2u, 4u, 8u, 16u, 24u, 32u, 48u, 64u, 96u, 100u, 128u, 256u, 384u, 512u, 1000u, 1024u}) {
    if (variant == nullptr ? (b & (b - 1)) == 0 : block_supported(*variant, b)) sizes.push_back(b);
  }
  return sizes;
}

// The request after picking variant `v`: its suggested block and type, a block size it accepts.
void adopt_variant(RunRequest& request, const VariantInfo& v) {
  request.variant = std::string(v.id);
  bool n_followed = request.n == request.block;
  if (v.gui.suggested_block != 0) {  // e.g. 96 for the odd-block bug
    request.block = v.gui.suggested_block;
  } else if (request.block < v.launch.min_block) {  // e.g. the tuned one needs whole warps
    request.block = v.launch.min_block;
  } else if (!block_supported(v, request.block)) {
    request.block = 64;  // back to a power of two after the odd-block bug
  }
  if (n_followed) request.n = request.block;
  if (v.gui.suggested_type) request.element_type = *v.gui.suggested_type;
  request.second_stage.reset();  // the variant's own default
}

bool choose_variant(RunRequest& request, const VariantInfo* current) {
  bool changed = false;
  ImGui::TextUnformatted("Variant");
  if (begin_combo_whole("##variant", current ? std::string(current->lesson.title) : "?",
                        "another variant")) {
    for (const VariantInfo& v : variant_catalog()) {
      if (ImGui::Selectable(std::string(v.lesson.title).c_str(), current == &v)) {
        adopt_variant(request, v);
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The lesson combo: none, or a lesson, opened at its first run.
void choose_lesson(AppContext& ctx) {
  std::string current = ctx.lesson ? std::string(lesson_of(ctx.lesson->id).title) : "none";
  if (!begin_combo_whole("##lesson", "Lesson: " + current, "another lesson")) return;
  if (ImGui::Selectable("none", !ctx.lesson)) ctx.lesson.reset();
  for (const auto& entry : EnumTable<LessonId>::names) {
    const LessonPlan& lesson = lesson_of(entry.value);
    if (ImGui::Selectable(std::string(lesson.title).c_str(),
                          ctx.lesson && ctx.lesson->id == entry.value)) {
      open_lesson_step(ctx, entry.value, 0);
    }
  }
  ImGui::EndCombo();
}

bool choose_block(RunRequest& request, const VariantInfo* current) {
  bool changed = false;
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
  return changed;
}

bool choose_second_stage(RunRequest& request, const VariantInfo* current) {
  if (current == nullptr) return false;
  if (!can_relaunch(*current)) {
    ImGui::TextDisabled("2nd stage: %s (in the kernel)",
                        std::string(name_of(current->launch.second_stage)).c_str());
    return false;
  }
  SecondStage stage = request.second_stage.value_or(current->launch.second_stage);
  if (!choose_enum("2nd stage", choosable_second_stages(), stage)) {
    return false;
  }
  request.second_stage = stage;
  return true;
}

bool choose_backend(Session& session) {
  if (session.device_name().empty()) {
    wrapped_text("backend: CPU emulator (no CUDA device)", dim());
    return false;
  }
  static constexpr EnumName<Backend> kBackends[] = {{Backend::Emulator, "CPU emulator"},
                                                    {Backend::Cuda, "CUDA device"}};
  Backend backend = session.using_device() ? Backend::Cuda : Backend::Emulator;
  bool changed = choose_enum("backend", std::span<const EnumName<Backend>>(kBackends), backend);
  if (changed) session.use_device(backend == Backend::Cuda);
  if (session.using_device()) ImGui::TextDisabled("%s", session.device_name().c_str());
  return changed;
}

class RunPanel final : public Panel {
 public:
  const char* title() const override { return "Run"; }
  void draw(AppContext& ctx) override {
    if (ctx.program.is_open()) {  // the program's own settings, not the catalog's
      if (draw_program_controls(ctx)) {
        ctx.program.close();
        ctx.session.run(ctx.request);  // back to the catalog's run
      }
    } else {
      draw_catalog_controls(ctx);
    }
    draw_files(ctx);
    ImGui::Separator();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::SliderFloat("text size", &ctx.settings.font_scale, 0.75f, 3.0f, "%.2fx");
    ImGui::Checkbox("high contrast", &ctx.settings.high_contrast);
    choose_lesson(ctx);
  }

 private:
  // Variant, block size, n, input, type, second stage, backend: a change runs the catalog again.
  void draw_catalog_controls(AppContext& ctx) {
    RunRequest& request = ctx.request;
    const VariantInfo* current = find_variant(request.variant);
    bool changed = choose_variant(request, current);
    current = find_variant(request.variant);
    changed |= choose_block(request, current);
    if (request.input == InputPattern::Custom) {
      ImGui::TextDisabled("n = %zu (one per value)", request.values.size());
    } else {
      changed |= edit_number("n", request.n);
    }
    InputPattern before = request.input;
    changed |= choose_enum("input", enum_names<InputPattern>(), request.input);
    if (request.input == InputPattern::Custom && before != InputPattern::Custom) {
      if (request.values.empty()) request.values = {3, 1, 4, 2};  // a tutorial's four values
      request.n = request.values.size();
      sync_values_text(request);
    }
    if (request.input == InputPattern::Random) changed |= edit_number("seed", request.seed);
    if (request.input == InputPattern::Custom) changed |= edit_values(ctx);
    changed |= choose_enum("type", enum_names<ElementType>(), request.element_type);
    changed |= choose_second_stage(request, current);
    changed |= choose_backend(ctx.session);
    ctx.run_panel_shows = "catalog: variant " + request.variant + ", block " +
                          std::to_string(request.block) + ", n " + std::to_string(request.n);
    if (changed) {
      ctx.lesson.reset();  // a run of one's own ends the lesson
      ctx.session.run(request);
    }
    if (!ctx.session.error().empty()) {
      wrapped_text(ctx.session.error(), ctx.palette().error);
    }
  }

  void draw_files(AppContext& ctx) {
    Session& session = ctx.session;
    ImGui::Separator();
    bool ctrl_o = std::exchange(ctx.settings.open_file, false);
    if (ImGui::Button("Open...") || ctrl_o) browse(ctx, Purpose::Open);
    beside_if_it_fits("Save trace...");
    if (ImGui::Button("Save trace...") && session.has_trace()) browse(ctx, Purpose::SaveTrace);
    beside_if_it_fits("Save PNG...");
    // The view as it stands once the step's transition is over, without hover or tooltip.
    if (ImGui::Button("Save PNG...") && session.has_trace()) browse(ctx, Purpose::SavePng);
    // Every step of what is shown (the run, the compare, the whole lesson) as an animation.
    beside_if_it_fits("Save GIF...");
    ImGui::BeginDisabled(gif_.running());
    if (ImGui::Button("Save GIF...") && session.has_trace()) browse(ctx, Purpose::SaveGif);
    ImGui::EndDisabled();
    if (!dialog_tool_.empty() && !kDialogOnly) {
      ImGui::Checkbox(("use " + dialog_tool_ + "'s dialog").c_str(), &ctx.settings.desktop_dialog);
    }
    draw_recent(ctx);
    if (std::optional<std::string> chosen = desktop_.take(); chosen && !chosen->empty())
      use(ctx, *chosen);
    if (desktop_.running())  // the window may sleep meanwhile: it wakes when the dialog closes
      ctx.frame_wishes.wake_when.push_back([this] { return desktop_.closed(); });
    draw_program_status(ctx);
    draw_gif_status(ctx);
    if (!file_message_.empty()) wrapped_text(file_message_, ctx.palette().error);
    if (!view_png_status().empty() && !view_png_saving()) {
      wrapped_text(view_png_status(), view_png_ok() ? dim() : ctx.palette().error);
    }
  }

  // The built-in browser's modal, after every window (Panel::draw_popups says why).
  void draw_popups(AppContext& ctx) override {
    if (std::optional<std::string> chosen = browser_.draw()) use(ctx, *chosen);
  }

  // The GIF being written by its child process, then what it said.
  void draw_gif_status(AppContext& ctx) {
    if (gif_.running()) {
      ctx.frame_wishes.wake_when.push_back([this] { return gif_.finished(); });
      if (std::optional<std::pair<std::string, bool>> done = gif_.take()) {
        gif_message_ = done->first;
        gif_ok_ = done->second;
      } else {
        wrapped_text(kInBrowser ? "Saving the GIF (it renders in a page of its own)..."
                                : "Saving the GIF (it renders in a window of its own)...",
                     ctx.palette().text_dim);
      }
    }
    if (!gif_message_.empty() && !gif_.running())
      wrapped_text(gif_message_, gif_ok_ ? ctx.palette().text_dim : ctx.palette().error);
  }

  enum class Purpose { Open, SaveTrace, SavePng, SaveGif };

  // The built-in browser, or the desktop's dialog when the user chose it (it runs beside us).
  void browse(AppContext& ctx, Purpose purpose) {
    purpose_ = purpose;
    file_message_.clear();
    BrowseRequest request;
    request.mode = purpose == Purpose::Open ? BrowseMode::Open : BrowseMode::Save;
    request.title = purpose == Purpose::Open        ? "Open a trace (.json) or a program (.cu)"
                    : purpose == Purpose::SaveTrace ? "Save the trace as (.json)"
                    : purpose == Purpose::SaveGif   ? "Save every step as an animated GIF"
                                                    : "Save the view as a PNG image";
    request.extensions = purpose == Purpose::Open        ? std::vector<std::string>{".json", ".cu"}
                         : purpose == Purpose::SaveTrace ? std::vector<std::string>{".json"}
                         : purpose == Purpose::SaveGif   ? std::vector<std::string>{".gif"}
                                                         : std::vector<std::string>{".png"};
    if (!ctx.settings.recent_files.empty())
      request.folder = parent_folder(ctx.settings.recent_files.front());
    std::string variant = ctx.session.has_trace() ? ctx.session.trace().run.variant : "trace";
    std::replace(variant.begin(), variant.end(), ':', '-');
    if (purpose == Purpose::SaveTrace) request.name = variant + ".json";
    if (purpose == Purpose::SavePng)
      request.name = view_png_name(variant, ctx.session.shown_step());
    if (purpose == Purpose::SaveGif)
      request.name =
          "stridescope-" + (ctx.lesson ? std::string(name_of(ctx.lesson->id)) : variant) + ".gif";
    if ((ctx.settings.desktop_dialog || kDialogOnly) && desktop_.start(request)) return;
    if (kDialogOnly) return;  // never the built-in browser over the page's own files
    browser_.open(std::move(request));
  }

  void use(AppContext& ctx, const std::string& path) {
    if (purpose_ == Purpose::Open) open_file(ctx, path);
    if (purpose_ == Purpose::SaveTrace) ctx.session.save(path);
    if (purpose_ == Purpose::SavePng) request_view_png(path);
    if (purpose_ == Purpose::SaveGif) {
      ImVec2 size = ImGui::GetIO().DisplaySize;
      gif_message_.clear();
      if (!gif_.start(ctx, path, static_cast<int>(size.x), static_cast<int>(size.y))) {
        gif_message_ = "cannot export " + shown_path(path);
        gif_ok_ = false;
      }
    }
  }

  // A trace is shown at once; a program is traced in the background and watched.
  void open_file(AppContext& ctx, const std::string& given) {
    std::string path = std::filesystem::absolute(given).lexically_normal().string();
    std::vector<std::string>& recent = ctx.settings.recent_files;
    file_message_.clear();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      file_message_ = shown_path(path) + " is gone: removed from Recent";
      recent = forget_file(recent, path);
      return;
    }
    if (has_extension(path, {".cu"}) && kInBrowser) {
      file_message_ =
          "A CUDA program is compiled with clang, which a browser cannot run: on the "
          "desktop, stridescope " +
          std::filesystem::path(path).filename().string() +
          " opens it (scripts/run.sh in StrideScope's folder).";
    } else if (has_extension(path, {".cu"})) {
      ctx.program.open(path);
    } else if (has_extension(path, {".json"})) {
      if (!ctx.session.open(path)) return;  // the session's error says why
      ctx.program.close();
      ctx.request = request_of(ctx.session.trace());  // the panel shows the opened run's settings
      sync_values_text(ctx.request);
    } else {
      file_message_ = "Open takes a trace (.json) or a CUDA program (.cu)";
      return;
    }
    recent = remember_file(recent, path);
  }

  void draw_recent(AppContext& ctx) {
    std::vector<std::string>& recent = ctx.settings.recent_files;
    if (recent.empty()) return;
    ImGui::SetNextItemWidth(-1);
    if (!ImGui::BeginCombo("##recent", "Recent files")) return;
    std::optional<std::string> picked;
    for (const std::string& file : recent) {
      std::error_code ec;
      bool there = std::filesystem::is_regular_file(file, ec);
      std::string label = there ? shown_path(file) : shown_path(file) + " (missing)";
      if (!there) ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette().text_dim);
      if (ImGui::Selectable(label.c_str())) picked = file;
      if (!there) ImGui::PopStyleColor();
    }
    ImGui::EndCombo();
    if (picked) open_file(ctx, *picked);
  }

  // The program's state: being traced, or its first compile error (its output is above).
  void draw_program_status(AppContext& ctx) {
    const ProgramFile& program = ctx.program;
    if (!program.is_open()) return;
    std::string name = std::filesystem::path(program.path()).filename().string();
    if (program.tracing()) {
      ImGui::TextColored(ctx.palette().text_dim, "Tracing %s...", name.c_str());
    } else if (!program.error().empty()) {
      wrapped_text(program.error(), ctx.palette().error);
      if (std::string shown = program_standing(program, ctx.session).shown; !shown.empty())
        wrapped_text("(" + shown + ")", ctx.palette().text_dim);
    }
    wrapped_text("Watching " + name + ": saving it traces it again.", ctx.palette().text_dim);
  }

  // The custom input's values as "3,1,4,2", applied on Enter; a bad list is shown, not run.
  bool edit_values(AppContext& ctx) {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    if (!ImGui::InputText("values", values_text_, sizeof values_text_,
                          ImGuiInputTextFlags_EnterReturnsTrue)) {
      if (!values_error_.empty())
        ImGui::TextColored(ctx.palette().error, "%s", values_error_.c_str());
      return false;
    }
    try {
      ctx.request.values = parse_value_list(values_text_);
      ctx.request.n = ctx.request.values.size();
      values_error_.clear();
      return true;
    } catch (const std::invalid_argument& e) {
      values_error_ = e.what();
      return false;
    }
  }

  void sync_values_text(const RunRequest& request) {
    std::string text;
    for (double v : request.values) text += (text.empty() ? "" : ",") + value_text(v);
    std::snprintf(values_text_, sizeof values_text_, "%s", text.c_str());
    values_error_.clear();
  }

  FileBrowser browser_;
  DesktopDialog desktop_;
  GifExportJob gif_;
  std::string gif_message_;
  bool gif_ok_ = false;
  std::string dialog_tool_ = std::filesystem::path(desktop_dialog_tool()).filename().string();
  Purpose purpose_ = Purpose::Open;
  std::string file_message_;
  char values_text_[1024] = "3,1,4,2";
  std::string values_error_;
};

}  // namespace

std::unique_ptr<Panel> make_run_panel() {
  return std::make_unique<RunPanel>();
}

}  // namespace stridescope
