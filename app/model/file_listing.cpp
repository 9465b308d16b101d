// A folder's listing for the file browser: std::filesystem with error codes, so an unreadable
// folder or a vanishing entry becomes a message instead of an exception.
#include "model/file_listing.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace stridescope {
namespace fs = std::filesystem;
namespace {

std::string folded(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string normal_folder(const std::string& folder) {
  std::error_code ec;
  fs::path path = fs::absolute(folder.empty() ? fs::path(".") : fs::path(folder), ec);
  std::string text = path.lexically_normal().string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text.empty() ? "/" : text;
}

}  // namespace

bool has_extension(const std::string& name, const std::vector<std::string>& extensions) {
  if (extensions.empty()) return true;
  std::string lower = folded(name);
  return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& ext) {
    std::string e = folded(ext);
    return lower.size() > e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0;
  });
}

std::string join_path(const std::string& folder, const std::string& name) {
  return folder == "/" ? "/" + name : folder + "/" + name;
}

std::string parent_folder(const std::string& folder) {
  std::string normal = normal_folder(folder);
  if (normal == "/") return normal;
  std::size_t slash = normal.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : normal.substr(0, slash);
}

FolderListing list_folder(const std::string& folder, const std::vector<std::string>& extensions) {
  FolderListing listing;
  listing.folder = normal_folder(folder);
  std::error_code ec;
  fs::directory_iterator it(listing.folder, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    listing.error = "cannot read " + listing.folder + ": " + ec.message();
    return listing;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    bool folder_entry = it->is_directory(type_ec);  // follows links; a broken one is a file
    if (!folder_entry && !has_extension(name, extensions)) continue;
    listing.entries.push_back({name, folder_entry});
  }
  if (ec) listing.error = "stopped reading " + listing.folder + ": " + ec.message();
  std::sort(listing.entries.begin(), listing.entries.end(),
            [](const ListedEntry& a, const ListedEntry& b) {
              if (a.folder != b.folder) return a.folder;
              std::string fa = folded(a.name), fb = folded(b.name);
              return fa != fb ? fa < fb : a.name < b.name;
            });
  return listing;
}

}  // namespace stridescope
