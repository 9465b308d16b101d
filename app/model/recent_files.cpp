// The recent-files list: move to front, no duplicates, bounded.
#include "model/recent_files.h"

#include <algorithm>

namespace stridescope {

std::vector<std::string> forget_file(std::vector<std::string> recent, const std::string& path) {
  recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
  return recent;
}

std::vector<std::string> remember_file(std::vector<std::string> recent, const std::string& path,
                                       std::size_t limit) {
  recent = forget_file(std::move(recent), path);
  recent.insert(recent.begin(), path);
  if (recent.size() > limit) recent.resize(limit);
  return recent;
}

}  // namespace stridescope
