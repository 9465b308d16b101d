// Programs the app starts itself (core/spawn.h): output captured, stdin written, PATH searched,
// and no pipe of one child leaks into another.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "core/spawn.h"

namespace stridescope {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Spawn, OutputIsCapturedWithOrWithoutItsErrorsAndTheStatusKept) {
  const std::vector<std::string> argv = {"/bin/sh", "-c", "echo out; echo err >&2; exit 3"};
  const ChildOutput plain = run_for_output(argv, false);
  EXPECT_EQ(plain.text, "out\n");
  EXPECT_EQ(plain.status, 3);
  const ChildOutput both = run_for_output(argv, true);
  EXPECT_EQ(both.text, "out\nerr\n");
  EXPECT_EQ(run_for_output({"/bin/sh", "-c", "kill -9 $$"}, false).status, -1);  // a signal
  const ChildOutput missing = run_for_output({"/nonexistent/program"}, false);
  EXPECT_EQ(missing.status, -1);
  EXPECT_EQ(missing.text, "");
}

TEST(Spawn, AChildReadsWhatIsWrittenToItsStdinUntilItIsClosed) {
  const SpawnedChild cat = spawn_child({"/bin/sh", "-c", "wc -c"}, {true, true, false});
  ASSERT_GT(cat.pid, 0);
  const std::string data(100000, 'x');  // more than a pipe holds: written while it reads
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = ::write(cat.in, data.data() + written, data.size() - written);
    ASSERT_GT(n, 0) << errno;
    written += std::size_t(n);
  }
  ::close(cat.in);
  std::string out;
  char buffer[64];
  for (ssize_t n; (n = ::read(cat.out, buffer, sizeof buffer)) > 0;) out.append(buffer, n);
  ::close(cat.out);
  EXPECT_EQ(wait_child(cat.pid), 0);
  EXPECT_EQ(std::stoul(out), 100000u);
}

// ffmpeg sees the end of its frames only when every writer of its stdin is closed: a child started
// meanwhile (a file dialog) must not hold a copy.
TEST(Spawn, AChildInheritsNoPipeOfAnotherChild) {
  const SpawnedChild holder = spawn_child({"/bin/cat"}, {true, false, false});
  ASSERT_GT(holder.pid, 0);
  struct stat pipe_info {};
  ASSERT_EQ(::fstat(holder.in, &pipe_info), 0);
  const std::string pipe = "pipe:[" + std::to_string(pipe_info.st_ino) + "]";
  const ChildOutput fds = run_for_output({"/bin/sh", "-c", "ls -l /proc/$$/fd"}, false);
  ::close(holder.in);
  EXPECT_EQ(wait_child(holder.pid), 0);
  EXPECT_NE(fds.text.find("1 -> pipe:"), std::string::npos) << fds.text;  // its own stdout
  EXPECT_EQ(count(fds.text, pipe), 0u) << pipe << " in\n" << fds.text;
}

TEST(Spawn, PathIsSearchedInOrderForAnExecutableFile) {
  const std::optional<std::string> sh = find_on_path({"no-such-program-here", "sh"});
  ASSERT_TRUE(sh.has_value());
  EXPECT_EQ(sh->substr(sh->size() - 3), "/sh");
  EXPECT_FALSE(find_on_path({"no-such-program-here", ""}).has_value());
}

}  // namespace
}  // namespace stridescope
