// Whether this build runs in a browser page (emscripten, scripts/web.sh): a page starts no
// processes, so nothing is compiled (a learner's .cu, an exercise's check) and no GPU is reached.
#pragma once

#include <filesystem>
#include <string>

namespace stridescope {

#if defined(__EMSCRIPTEN__)
inline constexpr bool kInBrowser = true;
#else
inline constexpr bool kInBrowser = false;
#endif

// A file as the user knows it: its path on the desktop; in the browser, where files live in the
// page's own folders (chosen ones in /uploads, saved ones in /downloads), only its name.
inline std::string shown_path(const std::string& path) {
  if (kInBrowser) return std::filesystem::path(path).filename().string();
  return path;
}

// `text` (a message naming `path`) with the path as the user knows it.
inline std::string with_shown_path(std::string text, const std::string& path) {
  const std::string shown = shown_path(path);
  if (path.empty() || shown == path) return text;
  for (std::size_t at = text.find(path); at != std::string::npos; at = text.find(path, at))
    text.replace(at, path.size(), shown), at += shown.size();
  return text;
}

// What the window says of a file it saved: written there, or (in the browser) offered as a
// download.
inline std::string saved_text(const std::string& path) {
  return kInBrowser ? shown_path(path) + " offered as a download" : "saved " + path;
}

}  // namespace stridescope
