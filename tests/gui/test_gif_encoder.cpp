// Our GIF encoder (export/gif_encoder.h), read back by giflib's decoder (a reader written by
// others): every frame's box, delay, transparent index, palette and pixels as written, for data
// that stays in 9-bit codes, grows to 12 bits and fills the code table again and again.
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
