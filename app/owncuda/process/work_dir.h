// A work folder for one build or run of a user's program: the one named (--keep, kept), or a fresh
// one under $TMPDIR, removed when it goes, when stridescope is stopped, and at the next start if a
// stridescope that was killed (SIGKILL, a power cut) left it.
#pragma once

#include <filesystem>
#include <string>

namespace stridescope {

class WorkDir {
 public:
  // `kind` names the fresh folder: $TMPDIR/stridescope-KIND-PID-XXXXXX. Throws OwnProgramError
  // when it cannot be made (a --keep that is a file, a full or read-only $TMPDIR).
  WorkDir(const std::string& chosen, const std::string& kind);
  ~WorkDir();
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  const std::filesystem::path& path() const { return dir_; }
  bool kept() const { return keep_; }

 private:
  std::filesystem::path dir_;
  bool keep_;
};

// Removes every fresh work folder still there (the window's exit, after stop_all_children).
void remove_all_work_dirs();

// Removes $TMPDIR/stridescope-*-PID-* folders whose stridescope (PID) is no longer running.
// Returns how many. Done once, with the first WorkDir of a process.
int remove_stale_work_dirs(const std::filesystem::path& temp);

}  // namespace stridescope
