// A work folder for one build or run of a user's program: the one named (--keep, kept), or a fresh
// one under $TMPDIR, removed when it goes, when stridescope is stopped, and at the next start if a
// stridescope that was killed (SIGKILL, a power cut) left it.
#pragma once

#include <filesystem>
#include <string>

namespace stridescope {

// A folder is locked (flock) while its WorkDir lives: a kept folder (--keep) in use by another run
// is refused, and the sweep knows a live folder from a stale one by its lock, which holds across
// PID namespaces (a stridescope in a container sharing $TMPDIR) where a pid does not.
class WorkDir {
 public:
  // `kind` names the fresh folder: $TMPDIR/stridescope-KIND-PID-XXXXXX. Throws OwnProgramError
  // when it cannot be made (a --keep that is a file or in use by another run, a full or read-only
  // $TMPDIR).
  WorkDir(const std::string& chosen, const std::string& kind);
  ~WorkDir();  // a fresh folder that cannot be removed is said on stderr, once, with its path
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  const std::filesystem::path& path() const { return dir_; }
  bool kept() const { return keep_; }

 private:
  std::filesystem::path dir_;
  bool keep_;
  std::filesystem::path key_;  // the folder's real path: the lock's name
  int lock_ = -1;              // the folder, open and locked
};

// Gives the owner back every permission on `dir` and the folders in it, which a program may have
// made read-only (as a user who is not root: `chmod 0500`), so that stridescope can write its
// files there after the program and remove the folder.
void give_back(const std::filesystem::path& dir, int depth = 0);

// Removes every fresh work folder still there (the window's exit, after stop_all_children).
void remove_all_work_dirs();

// Removes $TMPDIR/stridescope-*-*-* folders that no one holds locked and that are older than a
// minute (a folder is locked the moment after it is made). Returns how many. Done once, with the
// first WorkDir of a process.
int remove_stale_work_dirs(const std::filesystem::path& temp);

// "" unless the file system holding `dir` is full (under 1 MiB left for us): then a sentence
// saying so, for a run whose output or record may have been cut by it.
std::string full_disk_note(const std::filesystem::path& dir);

}  // namespace stridescope
