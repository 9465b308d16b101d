// User preferences kept between runs (the window layout lives in ImGui's own ini file).
#pragma once

#include <string>

namespace stridescope {

struct Preferences {
  float font_scale = 1.0f;
  bool high_contrast = false;
  float speed = 1.0f;
};

Preferences load_preferences(const std::string& path);  // a missing or damaged file: defaults
void save_preferences(const Preferences& preferences, const std::string& path);
std::string config_directory();  // $XDG_CONFIG_HOME/stridescope or ~/.config/stridescope

}  // namespace stridescope
