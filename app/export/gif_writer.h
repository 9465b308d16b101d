// Writes frames as an animated, looping GIF (export/gif_encoder.h): each frame draws only the
// pixels that changed (the rest transparent), quantized to its own 255-colour palette.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "export/gif_encoder.h"
#include "export/gif_palette.h"
#include "export/rgb_frame.h"

namespace stridescope {

class GifWriter final : public FrameSink {
 public:
  // `fixed`: colours every frame's palette starts with. Throws ExportError if `path` cannot be
  // opened for writing.
  GifWriter(const std::string& path, int fps, std::vector<Rgb> fixed);
  ~GifWriter() override;
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  void add(const RgbFrame& frame) override;
  void finish() override;

 private:
  struct Changes {
    std::vector<unsigned char> changed;            // per pixel: 1 if it differs from the last frame
    std::vector<unsigned char> rgb;                // the changed pixels' colours
    int left = 0, top = 0, right = 0, bottom = 0;  // the box around them (right, bottom excluded)
  };
  void start(int width, int height);
  Changes changes(const RgbFrame& frame) const;
  std::vector<std::uint8_t> indices(const RgbFrame& frame, const Changes& changes,
                                    FramePalette& palette);
  void flush();
  int delay_centiseconds() const;  // the next frame's, so that the delays add up to the fps

  std::FILE* file_ = nullptr;
  std::unique_ptr<GifEncoder> encoder_;
  std::string path_;
  int fps_;
  std::vector<Rgb> fixed_;
  int width_ = 0, height_ = 0, frames_ = 0;
  std::vector<unsigned char> source_;  // the previous frame as rendered
  std::vector<unsigned char> shown_;   // what a decoder shows after the frames so far
};

}  // namespace stridescope
