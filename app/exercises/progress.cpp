// The exercises' progress file (see progress.h).
#include "exercises/progress.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/files.h"

namespace stridescope {

namespace fs = std::filesystem;

fs::path progress_file() {
  if (const char* d = std::getenv("STRIDESCOPE_DATA_DIR"); d && *d)
    return fs::path(d) / "exercises.json";
  if (const char* d = std::getenv("XDG_DATA_HOME"); d && *d)
    return fs::path(d) / "stridescope" / "exercises.json";
  if (const char* d = std::getenv("HOME"); d && *d)
    return fs::path(d) / ".local" / "share" / "stridescope" / "exercises.json";
  return {};
}

ExerciseProgress load_progress() {
  ExerciseProgress p;
  const fs::path file = progress_file();
  if (file.empty()) return p;
  std::ifstream in(file);
  if (!in) return p;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object()) return p;
  if (const auto done = j.find("done"); done != j.end() && done->is_array())
    for (const nlohmann::json& name : *done)
      if (name.is_string()) p.done.insert(name.get<std::string>());
  if (const auto hints = j.find("hints_seen"); hints != j.end() && hints->is_object())
    for (const auto& [name, count] : hints->items())
      if (count.is_number_unsigned()) p.hints_seen[name] = std::min(count.get<unsigned>(), 3u);
  return p;
}

bool save_progress(const ExerciseProgress& progress, std::string* error) {
  const fs::path file = progress_file();
  if (file.empty()) {
    if (error) *error = "no folder for it (set HOME or XDG_DATA_HOME)";
    return false;
  }
  std::error_code ignored;
  fs::create_directories(file.parent_path(), ignored);
  nlohmann::json j;
  j["done"] = progress.done;
  j["hints_seen"] = progress.hints_seen;
  try {
    replace_file(file.string(), j.dump(2) + "\n");
  } catch (const FileError& e) {
    if (error) *error = e.what();
    return false;
  }
  return true;
}

}  // namespace stridescope
