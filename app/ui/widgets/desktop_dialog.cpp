// zenity/kdialog as a child: posix_spawn with its stdout in a pipe, read to the end on a detached
// thread; the chosen path is its first line.
#include "ui/widgets/desktop_dialog.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <thread>

#include "core/spawn.h"
#include "model/file_listing.h"

namespace stridescope {

struct DesktopDialog::Job {
  std::mutex mutex;
  bool done = false;
  std::string chosen;
};

namespace {

std::string patterns(const std::vector<std::string>& extensions) {
  std::string text;
  for (const std::string& e : extensions) text += (text.empty() ? "*" : " *") + e;
  return text.empty() ? "*" : text;
}

// Runs `argv` and returns the first line it printed ("" if it failed or printed nothing).
std::string first_line_of(const std::vector<std::string>& argv) {
  const ChildOutput child = run_for_output(argv, false);
  if (child.status != 0) return "";
  return child.text.substr(0, child.text.find('\n'));
}

}  // namespace

std::string desktop_dialog_tool() {
  return find_on_path({"zenity", "kdialog"}).value_or("");
}

std::vector<std::string> desktop_dialog_command(const std::string& tool,
                                                const BrowseRequest& request) {
  bool save = request.mode == BrowseMode::Save;
  std::string folder =
      request.folder.empty() ? std::filesystem::current_path().string() : request.folder;
  std::string start = save ? join_path(folder, request.name) : folder + "/";
  if (std::filesystem::path(tool).filename() == "kdialog") {
    return {tool,          "--title",
            request.title, save ? "--getsavefilename" : "--getopenfilename",
            start,         patterns(request.extensions)};
  }
  std::vector<std::string> command = {tool, "--file-selection", "--title=" + request.title,
                                      "--filename=" + start,
                                      "--file-filter=" + patterns(request.extensions)};
  if (save) {
    command.push_back("--save");
    command.push_back("--confirm-overwrite");
  }
  return command;
}

bool DesktopDialog::start(const BrowseRequest& request) {
  std::string tool = desktop_dialog_tool();
  if (tool.empty() || job_) return false;
  auto job = std::make_shared<Job>();
  job_ = job;
  std::thread([job, command = desktop_dialog_command(tool, request)] {
    std::string chosen = first_line_of(command);
    std::lock_guard<std::mutex> lock(job->mutex);
    job->chosen = std::move(chosen);
    job->done = true;
  }).detach();
  return true;
}

bool DesktopDialog::closed() const {
  std::shared_ptr<Job> job = job_;
  if (!job) return false;
  std::lock_guard<std::mutex> lock(job->mutex);
  return job->done;
}

std::optional<std::string> DesktopDialog::take() {
  std::shared_ptr<Job> job = job_;  // kept alive while its mutex is held
  if (!job) return std::nullopt;
  std::lock_guard<std::mutex> lock(job->mutex);
  if (!job->done) return std::nullopt;
  job_.reset();
  return std::move(job->chosen);
}

}  // namespace stridescope
