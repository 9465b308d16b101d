// Test hook: the canvas cells named in STRIDESCOPE_TEST_CLICKS, read once.
#include "ui/canvas/test_clicks.h"

#include <cstdlib>
#include <sstream>
#include <string>

namespace stridescope {

std::vector<CanvasFocus> take_test_clicks() {
  static bool taken = false;
  std::vector<CanvasFocus> clicks;
  const char* list = std::getenv("STRIDESCOPE_TEST_CLICKS");
  if (taken || list == nullptr) return clicks;
  taken = true;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    std::size_t colon = item.find(':');
    if (colon == std::string::npos) continue;
    std::string kind = item.substr(0, colon);
    unsigned index = static_cast<unsigned>(std::strtoul(item.c_str() + colon + 1, nullptr, 10));
    if (kind == "word") clicks.push_back({CanvasFocus::Kind::Word, index});
    if (kind == "thread") clicks.push_back({CanvasFocus::Kind::Thread, index});
    if (kind == "warp") clicks.push_back({CanvasFocus::Kind::Warp, index});
    if (kind == "row") clicks.push_back({CanvasFocus::Kind::Row, index});
  }
  return clicks;
}

}  // namespace stridescope
