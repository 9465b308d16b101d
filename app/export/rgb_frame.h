// A rendered frame as RGB bytes, and where exported frames go (a GIF file, an ffmpeg pipe).
#pragma once

#include <stdexcept>
#include <vector>

namespace stridescope {

struct RgbFrame {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;  // width * height * 3 bytes, top row first
};

// An export that cannot go on (a file that cannot be written, ffmpeg that failed): one line.
class ExportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Receives the frames in order; finish() completes the file. Both throw ExportError.
class FrameSink {
 public:
  virtual ~FrameSink() = default;
  virtual void add(const RgbFrame& frame) = 0;
  virtual void finish() = 0;
};

}  // namespace stridescope
