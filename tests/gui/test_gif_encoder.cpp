// Our GIF encoder (export/gif_encoder.h), read back by giflib's decoder (a reader written by
// others): every frame's box, delay, transparent index, palette and pixels as written, for data
// that stays in 9-bit codes, grows to 12 bits and fills the code table again and again; and by a
// strict reader of the code stream, to its end code, for every length up to 1200 and more.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "export/gif_encoder.h"

namespace stridescope {
namespace {

Rgb rgb(int r, int g, int b) {
  return {static_cast<unsigned char>(r), static_cast<unsigned char>(g),
          static_cast<unsigned char>(b)};
}

struct Frame {
  GifFrameBox box;
  int delay = 0, transparent = 0;
  std::array<Rgb, 256> palette{};
  std::vector<std::uint8_t> indices;
};

struct Reader {
  const std::string* bytes;
  std::size_t at = 0;
};

int read_bytes(GifFileType* gif, GifByteType* into, int length) {
  auto* r = static_cast<Reader*>(gif->UserData);
  const int n = static_cast<int>(std::min<std::size_t>(length, r->bytes->size() - r->at));
  std::memcpy(into, r->bytes->data() + r->at, n);
  r->at += n;
  return n;
}

// Writes the frames, decodes the file with giflib and compares everything it holds.
void expect_read_back(int width, int height, const std::vector<Frame>& frames) {
  GifEncoder encoder(width, height);
  for (const Frame& f : frames) encoder.frame(f.box, f.delay, f.transparent, f.palette, f.indices);
  encoder.finish();
  const std::string bytes = encoder.bytes();
  Reader reader{&bytes};
  int error = 0;
  GifFileType* gif = DGifOpen(&reader, read_bytes, &error);
  ASSERT_NE(gif, nullptr) << GifErrorString(error);
  ASSERT_EQ(DGifSlurp(gif), GIF_OK) << GifErrorString(gif->Error);
  EXPECT_EQ(gif->SWidth, width);
  EXPECT_EQ(gif->SHeight, height);
  ASSERT_EQ(gif->ImageCount, static_cast<int>(frames.size()));
  for (std::size_t i = 0; i < frames.size(); ++i) {
    SCOPED_TRACE("frame " + std::to_string(i));
    const SavedImage& image = gif->SavedImages[i];
    const Frame& f = frames[i];
    EXPECT_EQ(image.ImageDesc.Left, f.box.left);
    EXPECT_EQ(image.ImageDesc.Top, f.box.top);
    ASSERT_EQ(image.ImageDesc.Width, f.box.width);
    ASSERT_EQ(image.ImageDesc.Height, f.box.height);
    ASSERT_NE(image.ImageDesc.ColorMap, nullptr);
    ASSERT_EQ(image.ImageDesc.ColorMap->ColorCount, 256);
    for (int c = 0; c < 256; ++c) {
      const GifColorType& got = image.ImageDesc.ColorMap->Colors[c];
      EXPECT_EQ(rgb(got.Red, got.Green, got.Blue), f.palette[c]) << "colour " << c;
    }
    GraphicsControlBlock control{};
    ASSERT_EQ(DGifSavedExtensionToGCB(gif, static_cast<int>(i), &control), GIF_OK);
    EXPECT_EQ(control.DelayTime, f.delay);
    EXPECT_EQ(control.TransparentColor, f.transparent);
    EXPECT_EQ(control.DisposalMode, DISPOSE_DO_NOT);
    const std::vector<std::uint8_t> pixels(image.RasterBits, image.RasterBits + f.indices.size());
    EXPECT_EQ(pixels, f.indices);
  }
  bool loops = false;  // NETSCAPE2.0 with a loop count of 0: for ever
  for (int e = 0; e < gif->SavedImages[0].ExtensionBlockCount; ++e) {
    const ExtensionBlock& block = gif->SavedImages[0].ExtensionBlocks[e];
    if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
        std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0)
      loops = true;
  }
  EXPECT_TRUE(loops);
  DGifCloseFile(gif, &error);
}

// A strict LZW reader: every code at the width the GIF89a specification gives it, up to the end
// code, nothing undefined on the way (giflib stops reading once it has every pixel, so a wrong
// code after the last one would pass it). Returns the pixels, or why it stopped.
std::string strict_read(const std::string& blocks, std::vector<std::uint8_t>& pixels) {
  std::string data;
  for (std::size_t at = 0; at < blocks.size() && blocks[at] != 0;) {
    const std::size_t length = static_cast<unsigned char>(blocks[at]);
    data += blocks.substr(at + 1, length);
    at += length + 1;
  }
  std::vector<std::vector<std::uint8_t>> table(4096);
  for (int c = 0; c < 256; ++c) table[c] = {static_cast<std::uint8_t>(c)};
  std::size_t bit = 0;
  int width = 9, next = 258, previous = -1;
  for (;;) {
    if (bit + width > data.size() * 8) return "the data ends before the end code";
    int code = 0;
    for (int i = 0; i < width; ++i, ++bit) code |= ((data[bit / 8] >> (bit % 8)) & 1) << i;
    if (code == 256) {
      width = 9, next = 258, previous = -1;
      continue;
    }
    if (code == 257) return "";
    std::vector<std::uint8_t> string;
    if (code < 256 || (code > 257 && code < next)) {
      string = table[code];
    } else if (code == next && previous >= 0) {
      string = table[previous];
      string.push_back(table[previous][0]);
    } else {
      return "code " + std::to_string(code) + " at width " + std::to_string(width) + " after " +
             std::to_string(pixels.size()) + " pixels";
    }
    pixels.insert(pixels.end(), string.begin(), string.end());
    if (previous >= 0 && next < 4096) {
      table[next] = table[previous];
      table[next].push_back(string[0]);
      if (++next == (1 << width) && width < 12) ++width;
    }
    previous = code;
  }
}

Frame whole(int width, int height, std::vector<std::uint8_t> indices) {
  Frame f;
  f.box = {0, 0, width, height};
  f.indices = std::move(indices);
  for (int c = 0; c < 256; ++c) f.palette[c] = rgb(c, 255 - c, c / 2);
  return f;
}

TEST(GifEncoder, GiflibReadsBackRandomPixelsThatRefillTheCodeTable) {
  std::mt19937 random(7);
  std::vector<std::uint8_t> noise(320 * 200);
  for (auto& v : noise) v = static_cast<std::uint8_t>(random());
  std::vector<std::uint8_t> few(320 * 200);  // 4 colours: long strings, codes up to 12 bits
  for (auto& v : few) v = static_cast<std::uint8_t>(random() % 4);
  expect_read_back(320, 200, {whole(320, 200, noise), whole(320, 200, few)});
}

TEST(GifEncoder, GiflibReadsBackOneColourGradientsAndEveryLengthUpTo600) {
  expect_read_back(640, 480, {whole(640, 480, std::vector<std::uint8_t>(640 * 480, 9))});
  std::vector<std::uint8_t> gradient(256 * 64);
  for (std::size_t i = 0; i < gradient.size(); ++i)
    gradient[i] = static_cast<std::uint8_t>(i % 256);
  expect_read_back(256, 64, {whole(256, 64, gradient)});
  std::mt19937 random(11);
  for (int length = 1; length <= 600; length += 7) {
    SCOPED_TRACE("length " + std::to_string(length));
    std::vector<std::uint8_t> row(length);
    for (auto& v : row) v = static_cast<std::uint8_t>(random() % (length % 5 == 0 ? 2 : 256));
    expect_read_back(length, 1, {whole(length, 1, row)});
  }
}

TEST(GifEncoder, AStrictReaderReadsEveryCodeUpToTheEndCode) {
  std::mt19937 random(3);
  // Every length to 1200, and those around where 256 random colours fill 10, 11 and 12-bit codes
  // and the whole table (about 767, 1791 and 3839 pixels), then long runs that refill it.
  std::vector<std::size_t> lengths;
  for (std::size_t n = 1; n <= 1200; ++n) lengths.push_back(n);
  for (std::size_t centre : {1791, 3839})
    for (std::size_t n = centre - 24; n <= centre + 24; ++n) lengths.push_back(n);
  for (std::size_t n : {std::size_t{20000}, std::size_t{65536}}) lengths.push_back(n);
  for (int colours : {256, 3}) {
    for (std::size_t n : lengths) {
      std::vector<std::uint8_t> indices(n);
      for (auto& v : indices) v = static_cast<std::uint8_t>(random() % colours);
      std::vector<std::uint8_t> pixels;
      const std::string why = strict_read(gif_lzw_blocks(indices), pixels);
      ASSERT_EQ(why, "") << n << " pixels of " << colours << " colours";
      ASSERT_EQ(pixels, indices) << n << " pixels of " << colours << " colours";
    }
  }
}

TEST(GifEncoder, EachFrameKeepsItsBoxDelayTransparentIndexAndPalette) {
  Frame first = whole(40, 30, std::vector<std::uint8_t>(40 * 30, 3));
  first.delay = 7;
  first.transparent = 255;
  Frame second;
  second.box = {5, 6, 10, 4};
  second.delay = 6;
  second.transparent = 17;
  second.indices.assign(40, 17);
  second.indices[12] = 200;
  for (int c = 0; c < 256; ++c) second.palette[c] = rgb(255 - c, c, 3);
  expect_read_back(40, 30, {first, second});
}

}  // namespace
}  // namespace stridescope
