// A learner's progress through the exercises, kept in the user's data folder
// ($XDG_DATA_HOME/stridescope/exercises.json, or ~/.local/share/stridescope/): which exercises
// passed, and how many hints of each were revealed.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace stridescope {

struct ExerciseProgress {
  std::set<std::string> done;
  std::map<std::string, unsigned> hints_seen;
};

// The file (STRIDESCOPE_DATA_DIR overrides the folder, for tests); empty when no folder is known.
std::filesystem::path progress_file();
// What the file holds; a missing or unreadable file is no progress (never an error).
ExerciseProgress load_progress();
// Writes it (creating the folder; the old file stays whole if the writing fails); false if it
// cannot, with the reason in `*error` when given.
bool save_progress(const ExerciseProgress& progress, std::string* error = nullptr);

}  // namespace stridescope
