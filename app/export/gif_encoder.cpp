// The GIF89a writer and its LZW compressor (gif_encoder.h), after the GIF89a specification
// (W3C, 1990): variable-width codes from 9 to 12 bits, least significant bit first; a clear code
// when the table is full; every code at the width a decoder reads it with.
#include "export/gif_encoder.h"

#include <unordered_map>
#include <utility>

namespace stridescope {
namespace {

constexpr int kClear = 256, kEnd = 257, kMaxCode = 4095;

// Codes packed least significant bit first, cut into sub-blocks of up to 255 bytes.
class CodeWriter {
 public:
  void put(int code, int width) {
    bits_ |= static_cast<std::uint32_t>(code) << count_;
    count_ += width;
    while (count_ >= 8) {
      byte(static_cast<char>(bits_ & 0xff));
      bits_ >>= 8;
      count_ -= 8;
    }
  }
  std::string finish() {
    if (count_ > 0) byte(static_cast<char>(bits_ & 0xff));
    flush_block();
    out_ += '\0';  // the block terminator
    return std::move(out_);
  }

 private:
  void byte(char c) {
    block_ += c;
    if (block_.size() == 255) flush_block();
  }
  void flush_block() {
    if (block_.empty()) return;
    out_ += static_cast<char>(block_.size());
    out_ += block_;
    block_.clear();
  }
  std::uint32_t bits_ = 0;
  int count_ = 0;
  std::string block_, out_;
};

}  // namespace

std::string gif_lzw_blocks(const std::vector<std::uint8_t>& indices) {
  CodeWriter out;
  int width = 9, last = kEnd;  // the last code given out
  // (prefix code << 8 | symbol) -> code; cleared with the table.
  std::unordered_map<std::uint32_t, int> table;
  table.reserve(8192);
  out.put(kClear, width);
  if (indices.empty()) {
    out.put(kEnd, width);
    return out.finish();
  }
  int prefix = indices[0];
  for (std::size_t i = 1; i < indices.size(); ++i) {
    const std::uint8_t symbol = indices[i];
    const std::uint32_t key = static_cast<std::uint32_t>(prefix) << 8 | symbol;
    if (auto found = table.find(key); found != table.end()) {
      prefix = found->second;
      continue;
    }
    out.put(prefix, width);
    table.emplace(key, ++last);
    if (last >= (1 << width)) ++width;  // a decoder widens its codes at the same code
    if (last == kMaxCode) {             // the table is full: start again
      out.put(kClear, width);
      table.clear();
      width = 9;
      last = kEnd;
    }
    prefix = symbol;
  }
  out.put(prefix, width);
  // A decoder adds one more entry on reading that last code, and widens its codes when that entry
  // fills the width: the end code comes at its width then.
  if (last + 1 == (1 << width) && width < 12) ++width;
  out.put(kEnd, width);
  return out.finish();
}

GifEncoder::GifEncoder(int width, int height) {
  bytes_ = "GIF89a";
  put16(width);
  put16(height);
  bytes_ += static_cast<char>(0x70);  // no global palette, 8 bits of colour resolution
  bytes_ += '\0';                     // background colour index
  bytes_ += '\0';                     // square pixels
  // NETSCAPE2.0: loop for ever.
  bytes_ += "\x21\xff\x0bNETSCAPE2.0";
  bytes_ += std::string("\x03\x01\x00\x00\x00", 5);
}

void GifEncoder::frame(const GifFrameBox& box, int delay_centiseconds, int transparent_index,
                       const std::array<Rgb, 256>& palette,
                       const std::vector<std::uint8_t>& indices) {
  // Graphic control: leave the frame in place, the delay, the transparent index.
  bytes_ += "\x21\xf9\x04";
  bytes_ += static_cast<char>(0x04 | 0x01);
  put16(delay_centiseconds);
  bytes_ += static_cast<char>(transparent_index);
  bytes_ += '\0';
  // The image: its box and a local palette of 256 entries.
  bytes_ += '\x2c';
  put16(box.left);
  put16(box.top);
  put16(box.width);
  put16(box.height);
  bytes_ += static_cast<char>(0x80 | 7);
  for (const Rgb& c : palette) {
    bytes_ += static_cast<char>(c.r);
    bytes_ += static_cast<char>(c.g);
    bytes_ += static_cast<char>(c.b);
  }
  bytes_ += '\x08';  // LZW minimum code size
  bytes_ += gif_lzw_blocks(indices);
}

void GifEncoder::finish() {
  bytes_ += '\x3b';
}

std::string GifEncoder::take_bytes() {
  return std::exchange(bytes_, std::string());
}

void GifEncoder::put16(int value) {
  bytes_ += static_cast<char>(value & 0xff);
  bytes_ += static_cast<char>((value >> 8) & 0xff);
}

}  // namespace stridescope
