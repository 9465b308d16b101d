// The MP4 export: ffmpeg reads rgb24 frames on its standard input and encodes H.264 (yuv420p, the
// size padded to even numbers, as players need).
#include "export/ffmpeg_writer.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace stridescope {

std::optional<std::string> find_program(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    struct stat info {};
    if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    start = end + 1;
  }
  return std::nullopt;
}

FfmpegWriter::FfmpegWriter(std::string ffmpeg, std::string path, int fps)
    : ffmpeg_(std::move(ffmpeg)), path_(std::move(path)), fps_(fps) {}

FfmpegWriter::~FfmpegWriter() {
  if (pipe_ >= 0) ::close(pipe_);
  if (child_ > 0) {
    int ignored = 0;
    ::waitpid(child_, &ignored, 0);
  }
}

void FfmpegWriter::start(int width, int height) {
  width_ = width;
  height_ = height;
  std::string size = std::to_string(width) + "x" + std::to_string(height);
  std::string rate = std::to_string(fps_);
  std::vector<std::string> args = {ffmpeg_,
                                   "-hide_banner",
                                   "-loglevel",
                                   "error",
                                   "-y",
                                   "-f",
                                   "rawvideo",
                                   "-pix_fmt",
                                   "rgb24",
                                   "-s",
                                   size,
                                   "-r",
                                   rate,
                                   "-i",
                                   "-",
                                   "-vf",
                                   "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                   "-pix_fmt",
                                   "yuv420p",
                                   "-movflags",
                                   "+faststart",
                                   path_};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int fds[2];
  if (::pipe(fds) != 0) throw ExportError(std::string("cannot start ffmpeg: ") + strerror(errno));
  std::signal(SIGPIPE, SIG_IGN);  // ffmpeg quitting early shows as a write error instead
  child_ = ::fork();
  if (child_ < 0) throw ExportError(std::string("cannot start ffmpeg: ") + strerror(errno));
  if (child_ == 0) {
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[0]);
  pipe_ = fds[1];
}

void FfmpegWriter::add(const RgbFrame& frame) {
  if (pipe_ < 0) start(frame.width, frame.height);
  if (frame.width != width_ || frame.height != height_) {
    throw ExportError("frame size changed during the export");
  }
  const unsigned char* data = frame.rgb.data();
  std::size_t left = frame.rgb.size();
  while (left > 0) {
    ssize_t wrote = ::write(pipe_, data, left);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) throw ExportError("ffmpeg stopped reading frames (see its message above)");
    data += wrote;
    left -= static_cast<std::size_t>(wrote);
  }
}

void FfmpegWriter::finish() {
  if (pipe_ < 0) throw ExportError("no frames to encode");
  ::close(pipe_);
  pipe_ = -1;
  int status = 0;
  ::waitpid(child_, &status, 0);
  child_ = -1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw ExportError("ffmpeg could not write " + path_ + " (status " +
                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
  }
}

}  // namespace stridescope
