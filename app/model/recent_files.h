// The "Recent" list of the Run panel: the files opened last, newest first, each once.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace stridescope {

constexpr std::size_t kRecentFiles = 8;

// `recent` with `path` moved (or added) to the front, at most `limit` entries.
std::vector<std::string> remember_file(std::vector<std::string> recent, const std::string& path,
                                       std::size_t limit = kRecentFiles);
// `recent` without `path`.
std::vector<std::string> forget_file(std::vector<std::string> recent, const std::string& path);

}  // namespace stridescope
