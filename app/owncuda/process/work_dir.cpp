// Work folders, their registry and the sweep of stale ones (see work_dir.h).
#include "owncuda/process/work_dir.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <regex>
#include <set>

#include "owncuda/own_program.h"
#include "owncuda/process/stop.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

// Never destroyed: a worker thread may still remove its folder while the window's exit runs the
// static destructors.
std::mutex& dirs_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::set<fs::path>& fresh_dirs() {
  static auto* dirs = new std::set<fs::path>;
  return *dirs;
}

fs::path make_fresh(const std::string& kind) {
  // stridescope is stopping (the window closed): no new folder it could leave behind.
  if (const int signal = stop_request(); signal != 0) throw Interrupted(signal);
  std::error_code error;
  const fs::path temp = fs::temp_directory_path(error);
  if (error) throw OwnProgramError("no folder for temporary files ($TMPDIR): " + error.message());
  static std::once_flag swept;
  std::call_once(swept, [&] { remove_stale_work_dirs(temp); });
  std::string pattern =
      (temp / ("stridescope-" + kind + "-" + std::to_string(getpid()) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    throw OwnProgramError("cannot make a temporary folder in " + temp.string() + ": " +
                          std::strerror(errno));
  return pattern;
}

fs::path make_chosen(const std::string& chosen) {
  std::error_code error;
  if (fs::exists(chosen, error) && !fs::is_directory(chosen, error))
    throw OwnProgramError(chosen + " is not a folder (--keep names the folder to build in)");
  fs::create_directories(chosen, error);
  if (error) throw OwnProgramError("cannot make the folder " + chosen + ": " + error.message());
  return chosen;
}

}  // namespace

WorkDir::WorkDir(const std::string& chosen, const std::string& kind)
    : dir_(chosen.empty() ? make_fresh(kind) : make_chosen(chosen)), keep_(!chosen.empty()) {
  if (keep_) return;
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  fresh_dirs().insert(dir_);
}

WorkDir::~WorkDir() {
  if (keep_) return;
  std::error_code ignored;
  fs::remove_all(dir_, ignored);
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  fresh_dirs().erase(dir_);
}

void remove_all_work_dirs() {
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  for (const fs::path& d : fresh_dirs()) {
    std::error_code ignored;
    fs::remove_all(d, ignored);
  }
  fresh_dirs().clear();
}

int remove_stale_work_dirs(const fs::path& temp) {
  static const std::regex name(R"(stridescope-[a-z]+-([0-9]+)-[A-Za-z0-9]{6})");
  int removed = 0;
  std::error_code error;
  for (fs::directory_iterator it(temp, error), end; !error && it != end; it.increment(error)) {
    std::smatch m;
    const std::string file = it->path().filename().string();
    if (!std::regex_match(file, m, name)) continue;
    const long pid = std::strtol(m[1].str().c_str(), nullptr, 10);
    if (pid <= 0 || pid == getpid() || kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue;
    std::error_code ignored;
    if (fs::remove_all(it->path(), ignored) > 0) ++removed;
  }
  return removed;
}

}  // namespace stridescope
