// The canvas painted on the CPU (ui/canvas/canvas_raster.h): rounded cells, their rings and frames,
// triangles that share an edge, and glyphs sampled from an atlas.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ui/canvas/canvas_raster.h"

namespace stridescope {
namespace {

constexpr std::uint32_t kBackground = 0xff102030u;
constexpr std::uint32_t kRed = 0xff0000ffu;

std::uint32_t red_of(std::uint32_t c) {
  return c & 0xffu;
}

TEST(CanvasRaster, APlainCellFillsItsInsideAndRoundsItsCorners) {
  CanvasImage image;
  image.reset(40, 40, kBackground);
  paint_cell(image, {{5, 5, 30, 30}, kRed}, {});
  EXPECT_EQ(image.at(20, 20), kRed);
  EXPECT_EQ(image.at(5, 20), kRed);        // the middle of the left edge
  EXPECT_EQ(image.at(34, 20), kRed);       // and of the right edge
  EXPECT_EQ(image.at(5, 5), kBackground);  // a corner lies outside the rounded box
  EXPECT_EQ(image.at(34, 34), kBackground);
  EXPECT_EQ(image.at(4, 20), kBackground);  // outside the cell
  EXPECT_EQ(image.at(35, 20), kBackground);
}

TEST(CanvasRaster, PlainAndMarkedCellsCoverTheSamePixels) {
  // The plain cell's fast row spans and the marked cell's distance test keep the same pixels.
  for (float x : {3.1f, 3.3f, 3.7f, 3.9f}) {  // off the half pixels, where both are ties
    CanvasImage plain, dimmed;
    plain.reset(30, 30, kBackground);
    dimmed.reset(30, 30, kBackground);
    Rect r{x, 4.6f, 17.45f, 13.1f};
    paint_cell(plain, {r, kRed}, {});
    paint_cell(dimmed, {r, kRed, false, CellEmphasis::Dimmed}, {});
    for (int y = 0; y < 30; ++y) {
      for (int px = 0; px < 30; ++px) {
        EXPECT_EQ(plain.at(px, y) == kBackground, dimmed.at(px, y) == kBackground)
            << "x " << x << " pixel " << px << "," << y;
      }
    }
  }
}

TEST(CanvasRaster, AConflictRingFadesInAndAFrameTakesTheFocusColour) {
  CellStyle style{{1, 1, 0}, {0, 1, 0}, {0, 0, 0}, 0.0f};
  CanvasImage image;
  image.reset(40, 40, kBackground);
  paint_cell(image, {{0, 0, 40, 40}, kRed, true}, style);
  EXPECT_EQ(image.at(20, 2), kRed);  // t = 0: no ring yet
  style.t = 1;
  paint_cell(image, {{0, 0, 40, 40}, kRed, true}, style);
  EXPECT_EQ(image.at(20, 1), 0xff00ffffu);  // yellow ring along the edge
  EXPECT_EQ(image.at(20, 20), kRed);        // the inside keeps its colour
  paint_cell(image, {{0, 0, 40, 40}, kRed, false, CellEmphasis::Framed}, style);
  EXPECT_EQ(image.at(20, 1), 0xff00ff00u);  // green frame
  paint_cell(image, {{0, 0, 40, 40}, kRed, false, CellEmphasis::Dimmed}, style);
  EXPECT_LT(red_of(image.at(20, 20)), 255u * 0.4);  // dimmed towards black
}

TEST(CanvasRaster, TwoTrianglesOfAQuadBlendEachPixelOnce) {
  CanvasImage image;
  image.reset(20, 20, 0xff000000u);
  // A square from (2.5, 3) to (12.5, 13), split on its diagonal.
  std::vector<Point> quad = {{2.5f, 3}, {12.5f, 3},  {12.5f, 13},
                             {2.5f, 3}, {12.5f, 13}, {2.5f, 13}};
  float white[3] = {1, 1, 1};
  paint_triangles(image, quad, white, 0.5f);
  int covered = 0;
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 20; ++x) {
      std::uint32_t r = red_of(image.at(x, y));
      EXPECT_TRUE(r == 0 || r == 128) << x << "," << y << ": " << r;  // never blended twice
      covered += r == 128;
    }
  }
  EXPECT_EQ(covered, 100);  // 10 x 10: centres on the left edge in, on the right edge out
  EXPECT_EQ(red_of(image.at(2, 7)), 128u);
  EXPECT_EQ(red_of(image.at(12, 7)), 0u);
  EXPECT_EQ(red_of(image.at(7, 12)), 128u);
}

TEST(CanvasRaster, AGlyphBlendsItsCoverageInItsColour) {
  // A 4x4 atlas: the left half fully covered, the right half empty.
  std::vector<unsigned char> alpha = {255, 255, 0, 0, 255, 255, 0, 0,
                                      255, 255, 0, 0, 255, 255, 0, 0};
  GlyphAtlas atlas{alpha.data(), 4, 4};
  CanvasImage image;
  image.reset(16, 16, 0xff000000u);
  // The atlas drawn 2x: pixels 0..3 take the covered half, 4..7 the empty one.
  paint_ink(image, glyph_ink(16, 16, atlas, {{0, 0, 8, 8, 0, 0, 1, 1, 0xffffffffu}}));
  EXPECT_EQ(red_of(image.at(1, 2)), 255u);
  EXPECT_EQ(red_of(image.at(6, 2)), 0u);
  std::uint32_t edge = red_of(image.at(4, 2));  // bilinear: between the two halves
  EXPECT_GT(edge, 0u);
  EXPECT_LT(edge, 255u);
  EXPECT_EQ(image.at(10, 10), 0xff000000u);  // outside the quad
  // Half the opacity, half the ink.
  paint_ink(image, glyph_ink(16, 16, atlas, {{8, 8, 16, 16, 0, 0, 1, 1, 0x80ffffffu}}));
  EXPECT_NEAR(static_cast<double>(red_of(image.at(9, 9))), 128.0, 1.0);
}

}  // namespace
}  // namespace stridescope
