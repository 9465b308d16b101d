// What a file browser shows of one folder: its sub-folders and the files with the wanted
// extensions, sorted; the parent of a folder; an unreadable folder as a message, never a throw.
#pragma once

#include <string>
#include <vector>

namespace stridescope {

struct ListedEntry {
  std::string name;  // the file or folder name, without its folder
  bool folder = false;
};

struct FolderListing {
  std::string folder;                // absolute, without a trailing '/' (except "/")
  std::vector<ListedEntry> entries;  // folders first, then files, each by name (case folded)
  std::string error;                 // why the folder could not be read ("" when it could)
};

// `extensions` such as {".json", ".cu"} (empty: every file); hidden entries (".x") are left out.
FolderListing list_folder(const std::string& folder, const std::vector<std::string>& extensions);
// The folder above `folder` ("/" stays "/"); a relative path is made absolute first.
std::string parent_folder(const std::string& folder);
// True when `name` ends with one of `extensions`, case folded (empty list: always).
bool has_extension(const std::string& name, const std::vector<std::string>& extensions);
// `name` inside `folder` ("/" + name for the root).
std::string join_path(const std::string& folder, const std::string& name);

}  // namespace stridescope
