// The desktop's own file dialog, when zenity or kdialog is on PATH: run as a child process on a
// worker thread, so the frame loop never waits for it. The built-in browser is the default.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/widgets/file_browser.h"

namespace stridescope {

std::string desktop_dialog_tool();  // the zenity or kdialog found on PATH, "" for none
// The dialog's command line for `request` (tool: a path ending in zenity or kdialog).
std::vector<std::string> desktop_dialog_command(const std::string& tool,
                                                const BrowseRequest& request);

class DesktopDialog {
 public:
  bool start(const BrowseRequest& request);  // false when no dialog tool is on PATH
  bool running() const { return job_ != nullptr; }
  bool closed() const;  // the dialog has closed: take() has its answer
  // Once the dialog has closed: the chosen file, or "" when the user cancelled.
  std::optional<std::string> take();

 private:
  struct Job;
  std::shared_ptr<Job> job_;
};

}  // namespace stridescope
