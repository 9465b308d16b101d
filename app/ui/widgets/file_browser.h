// A file browser inside the app (an ImGui modal): folders and the files a filter keeps, a path
// field, the parent folder, Open/Save/Cancel. Keyboard: type a name or path and press Enter,
// Up/Down walk the list, Backspace in an empty field goes up a folder, Escape cancels.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/file_listing.h"

namespace stridescope {

enum class BrowseMode { Open, Save };

struct BrowseRequest {
  BrowseMode mode = BrowseMode::Open;
  std::string title;                    // "Open a trace or a program"
  std::vector<std::string> extensions;  // the files shown, e.g. {".json", ".cu"}
  std::string folder;                   // where it starts ("" = the current folder)
  std::string name;                     // Save: the suggested file name
};

class FileBrowser {
 public:
  void open(BrowseRequest request);
  bool is_open() const { return open_; }
  // Draws the browser while it is open; the chosen path, once, when the user accepts.
  std::optional<std::string> draw();

 private:
  void go_to(const std::string& folder);
  std::optional<std::string> accept(const std::string& typed);
  void draw_list(std::optional<std::string>& chosen);
  void move_selection(int by);
  void select(int index);

  BrowseRequest request_;
  FolderListing listing_;
  char field_[1024] = "";
  std::optional<std::string> refill_;  // the path field's next text (a click, an arrow key)
  std::string message_;
  int selected_ = -1;
  bool open_ = false, just_opened_ = false, focus_field_ = false;
};

}  // namespace stridescope
