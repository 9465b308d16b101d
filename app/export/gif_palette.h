// One GIF frame's palette: fixed colours (the theme's, greys) first, then the frame's most frequent
// other colours; every pixel maps to its nearest entry. No dithering.
#pragma once

#include <cstdint>
#include <vector>

namespace stridescope {

struct Rgb {
  unsigned char r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

class FramePalette {
 public:
  // `pixels`: the RGB bytes to be drawn (a whole frame, or just the pixels that changed).
  FramePalette(const std::vector<Rgb>& fixed, const std::vector<unsigned char>& pixels,
               int size = 255);
  const std::vector<Rgb>& colors() const { return colors_; }
  int index_of(const unsigned char* pixel);  // the nearest entry to an RGB pixel

 private:
  std::vector<Rgb> colors_;
  std::vector<std::int16_t> nearest_;  // per 6-bit-per-channel bucket; -1: not yet looked up
};

}  // namespace stridescope
