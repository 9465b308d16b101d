// The MP4 export: ffmpeg reads rgb24 frames on its standard input and encodes H.264 (yuv420p, the
// size padded to even numbers, as players need).
#include "export/ffmpeg_writer.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/spawn.h"

namespace stridescope {

FfmpegWriter::FfmpegWriter(std::string ffmpeg, std::string path, int fps)
    : ffmpeg_(std::move(ffmpeg)), path_(std::move(path)), fps_(fps) {}

FfmpegWriter::~FfmpegWriter() {
  if (pipe_ >= 0) ::close(pipe_);
  if (child_ > 0) wait_child(child_);
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
  std::signal(SIGPIPE, SIG_IGN);  // ffmpeg quitting early shows as a write error instead
  const SpawnedChild child = spawn_child(args, {true, false, false});
  if (child.pid < 0) throw ExportError(std::string("cannot start ffmpeg: ") + strerror(errno));
  child_ = child.pid;
  pipe_ = child.in;
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
  const int status = wait_child(child_);
  child_ = -1;
  if (status != 0)
    throw ExportError("ffmpeg could not write " + path_ + " (status " + std::to_string(status) +
                      ")");
}

}  // namespace stridescope
