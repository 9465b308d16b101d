// The GIF89a format, written byte by byte: the screen, the loop-for-ever extension, frames of
// 8-bit palette indices (each with its delay, transparent index and own 256-colour palette),
// LZW-compressed, and the trailer. No library: the browser build has none (giflib's decoder checks
// it in the tests).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "export/gif_palette.h"

namespace stridescope {

struct GifFrameBox {
  int left = 0, top = 0, width = 0, height = 0;
};

class GifEncoder {
 public:
  // The header, the logical screen (no global palette) and the NETSCAPE2.0 loop for ever.
  GifEncoder(int width, int height);
  // One frame: `indices` holds box.width * box.height palette indices, top row first.
  void frame(const GifFrameBox& box, int delay_centiseconds, int transparent_index,
             const std::array<Rgb, 256>& palette, const std::vector<std::uint8_t>& indices);
  // The trailer; after it, bytes() is a whole file.
  void finish();
  // The bytes written so far; take_bytes() hands them over and forgets them (a file writer
  // streams them out frame by frame).
  const std::string& bytes() const { return bytes_; }
  std::string take_bytes();

 private:
  void put16(int value);
  std::string bytes_;
};

// The LZW code stream of `indices` with 8-bit symbols, in GIF's 255-byte sub-blocks and their
// end (what follows a frame's minimum code size byte).
std::string gif_lzw_blocks(const std::vector<std::uint8_t>& indices);

}  // namespace stridescope
