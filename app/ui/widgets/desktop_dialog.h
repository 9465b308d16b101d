// The desktop's own file dialog, when zenity or kdialog is on PATH: run as a child process on a
// worker thread, so the frame loop never waits for it. The built-in browser is the default. In the
// browser build (desktop_dialog_web.cpp) the page's own chooser and downloads are the only dialog.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/browser.h"
#include "ui/widgets/file_browser.h"

namespace stridescope {

std::string desktop_dialog_tool();  // the zenity or kdialog found on PATH, "" for none

// A page has no files to browse but those it is given: its dialog is the only one.
inline constexpr bool kDialogOnly = kInBrowser;
// Where the browser build's Save puts a file: the page offers each one written there as a download.
inline constexpr const char* kBrowserDownloads = "/downloads";
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
