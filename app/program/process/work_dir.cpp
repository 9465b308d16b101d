// Work folders, their registry and the sweep of stale ones (see work_dir.h).
#include "program/process/work_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>

#include "program/own_program_error.h"
#include "program/process/stop.h"

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

// The folders this process holds locked, each with how many of its WorkDirs use it (a GPU run
// makes one for a kept folder, and its run another in the same folder).
std::map<fs::path, std::pair<int, int>>& held_locks() {
  static auto* held = new std::map<fs::path, std::pair<int, int>>;  // path -> {fd, users}
  return *held;
}

// `dir` opened and locked (flock) without waiting: its descriptor, or -1 with errno (EWOULDBLOCK:
// someone holds it). A link is not followed where `follow` is false (the sweep).
int lock_folder(const fs::path& dir, bool follow) {
  const int fd =
      ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  const int error = errno;
  ::close(fd);
  errno = error;
  return -1;
}

// Holds `dir` locked for one more WorkDir of this process; throws OwnProgramError when another
// process holds it.
int hold(const fs::path& dir, bool kept) {
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  auto& [fd, users] = held_locks()[dir];
  if (users++ > 0) return fd;
  fd = lock_folder(dir, true);
  if (fd >= 0) return fd;
  const int error = errno;
  if (error != EWOULDBLOCK) return -1;  // a file system without locks (some NFS): run unlocked
  held_locks().erase(dir);
  if (kept)
    throw OwnProgramError("the folder " + dir.string() +
                          " is in use by another stridescope run; wait for it to end, or --keep "
                          "another folder");
  throw OwnProgramError("the fresh folder " + dir.string() + " is locked by another process");
}

// The name a folder is held under: one for every path to it.
fs::path key_of(const fs::path& dir) {
  std::error_code error;
  const fs::path real = fs::canonical(dir, error);
  return error ? fs::absolute(dir).lexically_normal() : real;
}

void release(const fs::path& dir) {
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  const auto it = held_locks().find(dir);
  if (it == held_locks().end() || --it->second.second > 0) return;
  ::close(it->second.first);
  held_locks().erase(it);
}

// Removes `dir` and what is in it; when that fails, says so on stderr, with the reason (`swept`:
// a folder an earlier stridescope left, not this run's).
bool remove_folder(const fs::path& dir, bool swept = false) {
  std::error_code error;
  fs::remove_all(dir, error);
  if (!error) return true;
  give_back(dir);
  error.clear();
  fs::remove_all(dir, error);
  if (!error) return true;
  std::cerr << "stridescope: warning: cannot remove "
            << (swept ? "the stale folder " : "the run's folder ") << dir.string() << ": "
            << error.message() << (swept ? "" : " (the program made it undeletable?)") << "\n";
  return false;
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

void give_back(const fs::path& dir, int depth) {
  std::error_code ignored;
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ignored);
  if (depth > 256) return;
  for (fs::directory_iterator it(dir, ignored), end; !ignored && it != end; it.increment(ignored))
    if (it->is_directory(ignored) && !it->is_symlink(ignored)) give_back(it->path(), depth + 1);
}

WorkDir::WorkDir(const std::string& chosen, const std::string& kind)
    : dir_(chosen.empty() ? make_fresh(kind) : make_chosen(chosen)), keep_(!chosen.empty()) {
  try {
    key_ = key_of(dir_);
    lock_ = hold(key_, keep_);
  } catch (...) {
    if (!keep_) remove_folder(dir_);
    throw;
  }
  if (keep_) return;
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  fresh_dirs().insert(dir_);
}

WorkDir::~WorkDir() {
  if (!keep_) {
    // Under the registry's lock, as the window's exit removes what is left: one of the two
    // removes the folder whole (the other finds it gone: no second warning), and the exit waits
    // for a removal under way instead of cutting it short.
    const std::lock_guard<std::mutex> lock(dirs_mutex());
    remove_folder(dir_);
    fresh_dirs().erase(dir_);
  }
  release(key_);
}

void remove_all_work_dirs() {
  const std::lock_guard<std::mutex> lock(dirs_mutex());
  for (const fs::path& d : fresh_dirs()) remove_folder(d);
  fresh_dirs().clear();
}

int remove_stale_work_dirs(const fs::path& temp) {
  static const std::regex name(R"(stridescope-[a-z]+-[0-9]+-[A-Za-z0-9]{6})");
  const auto a_minute_ago = fs::file_time_type::clock::now() - std::chrono::minutes(1);
  int removed = 0;
  std::error_code error;
  for (fs::directory_iterator it(temp, error), end; !error && it != end; it.increment(error)) {
    std::error_code ignored;
    const std::string file = it->path().filename().string();
    if (!std::regex_match(file, name) || it->is_symlink(ignored) ||
        fs::last_write_time(it->path(), ignored) > a_minute_ago || ignored)
      continue;
    const int fd = lock_folder(it->path(), false);  // held: its stridescope is alive
    if (fd < 0) continue;
    if (remove_folder(it->path(), true)) ++removed;
    ::close(fd);
  }
  return removed;
}

std::string full_disk_note(const fs::path& dir) {
  struct statvfs info {};
  if (::statvfs(dir.c_str(), &info) != 0) return "";
  const std::uint64_t left = std::uint64_t(info.f_bavail) * info.f_frsize;
  if (left >= (1ull << 20)) return "";
  return "the disk holding " + dir.string() + " is full (" + std::to_string(left >> 10) +
         " KiB left): the program's output and its record were cut; free some space, or set "
         "TMPDIR to a folder on another disk";
}

}  // namespace stridescope
