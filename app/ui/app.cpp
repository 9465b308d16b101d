// The per-frame app: loads what is shown at start, lays the panels out from their layout data,
// handles the keys, keeps the preferences.
#include "ui/app.h"

#include "ui/panel_list.h"
#include "ui/preferences.h"
#include "ui/widgets.h"

namespace stridescope {

App::App(const GuiOptions& options)
    : options_(options),
      request_(options.request),
      context_{.session = session_,
               .request = request_,
               .settings = settings_,
               .fonts = {},
               .device_name = options.device_name,
               .device_bench = options.device_bench,
               .start_view = options.view,
               .select_view = options.view,
               .capture = !options.screenshot_path.empty() || options.benchmark_frames > 0},
      panels_(make_panels()) {
  session_.set_device(options.device_name, options.device_tracer);
  preferences_path_ = config_directory() + "/preferences.json";
  Preferences prefs = context_.capture ? Preferences{} : load_preferences(preferences_path_);
  settings_.font_scale = options.font_scale.value_or(prefs.font_scale);
  settings_.high_contrast = options.high_contrast.value_or(prefs.high_contrast);
  settings_.presenter = options.presenter;
  was_presenter_ = settings_.presenter;
  built_contrast_ = !settings_.high_contrast;
  session_.playback().set_speed(prefs.speed);
}

App::~App() = default;

bool App::load() {
  bool loaded = options_.trace_path ? session_.open(*options_.trace_path) : session_.run(request_);
  if (!loaded) {
    error_ = session_.error();
    return false;
  }
  if (options_.trace_path) {  // the Run panel starts from the opened run's settings
    request_ = request_of(session_.trace());
  }
  if (options_.step) {
    std::size_t steps = session_.model().step_count();
    if (*options_.step >= steps) {
      error_ = "--step " + std::to_string(*options_.step) +
               " does not exist: the trace has steps 0.." + std::to_string(steps - 1);
      return false;
    }
    session_.playback().seek(*options_.step);
  }
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
  if (!context_.capture) {
    save_preferences({settings_.font_scale, settings_.high_contrast, session_.playback().speed()},
                     preferences_path_);
  }
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
  window.begin_frame();
  handle_keys();
  session_.begin_frame();
  draw_panels();
}

// Space, left/right, Home/End, F for the presenter view (ignored while a text field has focus).
void App::handle_keys() {
  if (!session_.has_trace() || ImGui::GetIO().WantTextInput) return;
  if (ImGui::IsKeyPressed('F', false)) settings_.presenter = !settings_.presenter;
  Playback& play = session_.playback();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space))) play.toggle_play();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) play.next();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) play.previous();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) play.first();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End))) play.last();
}

// Each panel where its layout puts it in this view: the presenter view's places are fixed; the
// normal view's are a default the user may move (ImGui's ini file remembers), re-applied when the
// view changes and in captures.
void App::draw_panels() {
  bool presenter = settings_.presenter;
  bool relayout = context_.capture || presenter != was_presenter_;
  was_presenter_ = presenter;
  for (auto& panel : panels_) {
    PanelLayout layout = panel->layout();
    const std::optional<Placement>& where = presenter ? layout.presenter : layout.normal;
    if (!where) continue;
    place_next_window(*where, presenter || relayout);
    ImGui::Begin(panel->title());
    panel->draw(context_);
    ImGui::End();
  }
}

}  // namespace stridescope
