// The browser's file dialogs, in place of zenity's (desktop_dialog.h): Open asks the page to show
// its file chooser (index.html copies the chosen file into /uploads and names it here); Save names
// a file in /downloads, which the page offers as a download once the app has written it.
#include "ui/widgets/desktop_dialog.h"

#include <emscripten.h>

#include <filesystem>
#include <memory>

namespace stridescope {
namespace {

// The Open dialog waiting for the page (one at a time, as a modal dialog is).
std::shared_ptr<std::optional<std::string>> waiting_open;

}  // namespace

struct DesktopDialog::Job {
  std::shared_ptr<std::optional<std::string>> answer =
      std::make_shared<std::optional<std::string>>();
};

std::string desktop_dialog_tool() {
  return "browser";
}

std::vector<std::string> desktop_dialog_command(const std::string&, const BrowseRequest&) {
  return {};
}

bool DesktopDialog::start(const BrowseRequest& request) {
  job_ = std::make_shared<Job>();  // a chooser the browser never answered is given up
  if (request.mode == BrowseMode::Save) {
    std::filesystem::create_directories(kBrowserDownloads);
    *job_->answer = std::string(kBrowserDownloads) + "/" + request.name;
    return true;
  }
  waiting_open = job_->answer;
  std::string accept;
  for (const std::string& extension : request.extensions)
    accept += (accept.empty() ? "" : ",") + extension;
  EM_ASM({ stridescope_choose_file(UTF8ToString($0)); }, accept.c_str());
  return true;
}

bool DesktopDialog::closed() const {
  return job_ && job_->answer->has_value();
}

std::optional<std::string> DesktopDialog::take() {
  if (!closed()) return std::nullopt;
  std::optional<std::string> chosen = std::move(*job_->answer);
  job_.reset();
  return chosen;
}

}  // namespace stridescope

// The page's file chooser closed: `path` is the chosen file's copy in /uploads, "" if cancelled.
extern "C" EMSCRIPTEN_KEEPALIVE void stridescope_web_file_chosen(const char* path) {
  if (stridescope::waiting_open) *stridescope::waiting_open = std::string(path);
  stridescope::waiting_open.reset();
}
