// Preferences file: JSON in the config directory; a damaged file is ignored, never fatal.
#include "ui/state/preferences.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "model/recent_files.h"

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
  // Files of earlier versions also hold font_scale and high_contrast: no longer read.
  if (j.contains("speed") && j["speed"].is_number())
    p.speed = std::clamp(j["speed"].get<float>(), 0.1f, 20.0f);
  if (j.contains("layout") && j["layout"].is_object()) {
    for (const auto& [title, v] : j["layout"].items()) {
      if (!v.is_array() || v.size() != 4) continue;
      bool numbers = true;
      for (const auto& x : v) numbers &= x.is_number();
      if (!numbers) continue;
      // Fractions of the display; a window at least a twentieth of it, starting on it.
      Placement where{
          std::clamp(v[0].get<float>(), 0.0f, 0.95f), std::clamp(v[1].get<float>(), 0.0f, 0.95f),
          std::clamp(v[2].get<float>(), 0.05f, 1.0f), std::clamp(v[3].get<float>(), 0.05f, 1.0f)};
      p.layout.push_back({title, where});
    }
  }
  if (j.contains("recent") && j["recent"].is_array()) {
    for (const auto& file : j["recent"]) {
      if (file.is_string() && p.recent.size() < kRecentFiles) p.recent.push_back(file);
    }
  }
  return p;
}

void save_preferences(const Preferences& p, const std::string& path) {
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  nlohmann::json layout = nlohmann::json::object();
  for (const SavedPlacement& s : p.layout)
    layout[s.title] = {s.where.x, s.where.y, s.where.w, s.where.h};
  replace_file(
      path, nlohmann::json{{"speed", p.speed}, {"layout", layout}, {"recent", p.recent}}.dump(2));
}

}  // namespace stridescope
