// Preferences file: JSON in the config directory; a damaged file is ignored, never fatal.
#include "ui/preferences.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace stridescope {

std::string config_directory() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/stridescope";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/stridescope";
  return ".stridescope";
}

Preferences load_preferences(const std::string& path) {
  Preferences p;
  std::ifstream in(path);
  if (!in) return p;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object()) return p;
  if (j.contains("font_scale") && j["font_scale"].is_number()) {
    p.font_scale = std::clamp(j["font_scale"].get<float>(), 0.5f, 4.0f);
  }
  if (j.contains("high_contrast") && j["high_contrast"].is_boolean())
    p.high_contrast = j["high_contrast"];
  if (j.contains("speed") && j["speed"].is_number())
    p.speed = std::clamp(j["speed"].get<float>(), 0.1f, 20.0f);
  return p;
}

void save_preferences(const Preferences& p, const std::string& path) {
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  std::ofstream out(path);
  out << nlohmann::json{{"font_scale", p.font_scale},
                        {"high_contrast", p.high_contrast},
                        {"speed", p.speed}}
             .dump(2);
}

}  // namespace stridescope
