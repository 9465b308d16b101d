// The memory canvas's cells, lanes, arrows and text painted on the CPU into one RGBA image, which
// the GPU then copies to the screen. Pure functions: the same picture as per-pixel GL shaders gave,
// at a fraction of the cost with Mesa's software renderer (which pays for every pixel of every
// shape).
#pragma once

#include <cstdint>
#include <vector>

#include "ui/canvas/arrow_geometry.h"
#include "ui/canvas/canvas_layout.h"

namespace stridescope {

// Pixels top row first, each 0xAABBGGRR (R, G, B, A in memory, as OpenGL's GL_RGBA reads it).
struct CanvasImage {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;
  void reset(int w, int h, std::uint32_t background);
  std::uint32_t at(int x, int y) const { return pixels[std::size_t(y) * width + x]; }
};

// How a cell is drawn beyond its fill.
enum class CellEmphasis : std::uint8_t { Dimmed, Plain, Framed };

struct CellPaint {
  Rect rect;              // image pixels
  std::uint32_t color;    // the fill, 0xAABBGGRR (alpha ignored)
  bool conflict = false;  // the bank-conflict ring
  CellEmphasis emphasis = CellEmphasis::Plain;
  bool operator==(const CellPaint&) const = default;
};

struct CellStyle {  // colours as 0..1 RGB
  float conflict[3]{}, focus[3]{}, dim[3]{};
  float t = 1;  // the transition's progress: the conflict ring fades in
};

// A rounded box: the pixels whose centres lie inside it (0.5 px in from its edge); a framed cell
// gets the focus colour round its edge, a conflict a ring inside that, a dimmed cell fades towards
// the background.
void paint_cell(CanvasImage& image, const CellPaint& cell, const CellStyle& style);

// Triangles (three points each) in one colour blended over the image by `alpha`: the pixels whose
// centres they cover, each triangle on its own (where two overlap, both blend).
void paint_triangles(CanvasImage& image, const std::vector<Point>& triangles, const float rgb[3],
                     float alpha);

// A font atlas's coverage, one byte a texel (ImGui's TexPixelsAlpha8).
struct GlyphAtlas {
  const unsigned char* alpha = nullptr;
  int width = 0, height = 0;
};

// A glyph as ImGui lays it out: a screen-aligned quad (image pixels) and its atlas rectangle.
struct GlyphQuad {
  float x0, y0, x1, y1;  // top left, bottom right
  float u0, v0, u1, v1;
  std::uint32_t color;  // 0xAABBGGRR; alpha scales the glyph's coverage
};

// Where glyphs ink an image `width` x `height`: each pixel's share of its glyph's colour, the atlas
// sampled bilinearly at the pixel's centre (as OpenGL samples ImGui's font texture), in drawing
// order. Worked out once for text that stays put; blended over changing cells every frame.
struct InkedPixel {
  std::uint32_t index;  // y x width + x
  std::uint32_t color;  // 0xAABBGGRR, alpha unused
  std::uint32_t share;  // 0..256
};
std::vector<InkedPixel> glyph_ink(int width, int height, const GlyphAtlas& atlas,
                                  const std::vector<GlyphQuad>& quads);
void paint_ink(CanvasImage& image, const std::vector<InkedPixel>& ink);

inline bool operator==(const GlyphQuad& a, const GlyphQuad& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1 && a.u0 == b.u0 &&
         a.v0 == b.v0 && a.u1 == b.u1 && a.v1 == b.v1 && a.color == b.color;
}

}  // namespace stridescope
