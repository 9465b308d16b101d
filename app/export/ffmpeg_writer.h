// Writes frames as an MP4 by piping raw RGB to the ffmpeg program (Debian package ffmpeg).
#pragma once

#include <sys/types.h>
#include <optional>
#include <string>

#include "export/rgb_frame.h"

namespace stridescope {

class FfmpegWriter final : public FrameSink {
 public:
  // `ffmpeg`: the program's path. ffmpeg starts with the first frame (its size is ffmpeg's input).
  FfmpegWriter(std::string ffmpeg, std::string path, int fps);
  ~FfmpegWriter() override;
  FfmpegWriter(const FfmpegWriter&) = delete;
  FfmpegWriter& operator=(const FfmpegWriter&) = delete;

  void add(const RgbFrame& frame) override;
  void finish() override;  // waits for ffmpeg; throws ExportError if it failed

 private:
  void start(int width, int height);
  std::string ffmpeg_, path_;
  int fps_;
  int width_ = 0, height_ = 0;
  int pipe_ = -1;
  pid_t child_ = -1;
};

}  // namespace stridescope
