// Cells, lanes and arrows painted on the CPU (see canvas_raster.h): pixel centres, as OpenGL
// samples them; colours rounded to 8 bits as a framebuffer stores them.
#include "ui/canvas/canvas_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace stridescope {
namespace {

struct Rgb {
  float r = 0, g = 0, b = 0;
};

Rgb unpack(std::uint32_t c) {
  return {static_cast<float>(c & 0xffu) / 255.0f, static_cast<float>((c >> 8) & 0xffu) / 255.0f,
          static_cast<float>((c >> 16) & 0xffu) / 255.0f};
}

std::uint32_t to_byte(float v) {
  return static_cast<std::uint32_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f);
}

std::uint32_t pack(Rgb c) {
  return to_byte(c.r) | to_byte(c.g) << 8 | to_byte(c.b) << 16 | 0xff000000u;
}

Rgb mix(Rgb a, const float b[3], float t) {
  return {a.r + (b[0] - a.r) * t, a.g + (b[1] - a.g) * t, a.b + (b[2] - a.b) * t};
}

float smoothstep(float e0, float e1, float x) {
  float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

// The first and one past the last pixel whose centre lies in [from, from + length).
std::pair<int, int> covered(float from, float length, int limit) {
  int first = static_cast<int>(std::ceil(from - 0.5f));
  int end = static_cast<int>(std::ceil(from + length - 0.5f));
  return {std::max(first, 0), std::min(end, limit)};
}

// Signed distance from a rounded box of half size (hx, hy) and corner radius r, centred at 0.
float rounded_box(float px, float py, float hx, float hy, float r) {
  float qx = std::abs(px) - hx + r, qy = std::abs(py) - hy + r;
  float outside = std::hypot(std::max(qx, 0.0f), std::max(qy, 0.0f));
  return outside + std::min(std::max(qx, qy), 0.0f) - r;
}

// The rounded fill alone: rows of pixels, each row's span found from its two ends (the inside
// of a rounded box is convex and symmetric).
void paint_plain(CanvasImage& image, const CellPaint& cell, float radius) {
  const Rect& r = cell.rect;
  float inner_x = r.w * 0.5f - radius, inner_y = r.h * 0.5f - radius, edge = radius - 0.5f;
  auto inside = [&](float dx, float dy) {
    float qx = std::abs(dx) - inner_x, qy = std::abs(dy) - inner_y;
    float mx = std::max(qx, 0.0f), my = std::max(qy, 0.0f);
    return mx * mx + my * my <= edge * edge && std::max(qx, qy) <= edge;
  };
  auto [x0, x1] = covered(r.x, r.w, image.width);
  auto [y0, y1] = covered(r.y, r.h, image.height);
  float cx = r.x + r.w * 0.5f, cy = r.y + r.h * 0.5f;
  std::uint32_t color = cell.color | 0xff000000u;
  int middle_a = 0, middle_b = -1;  // the span of the rows between the corners, once known
  bool middle_known = false;
  for (int y = y0; y < y1; ++y) {
    float dy = static_cast<float>(y) + 0.5f - cy;
    // Between the corners (and with a radius of half a pixel or more) a row's span depends on x
    // alone: every such row has the first one's.
    bool middle = edge >= 0 && std::abs(dy) - inner_y <= 0;
    int a = x0, b = x1 - 1;
    if (middle && middle_known) {
      a = middle_a;
      b = middle_b;
    } else {
      while (a <= b && !inside(static_cast<float>(a) + 0.5f - cx, dy)) ++a;
      while (b >= a && !inside(static_cast<float>(b) + 0.5f - cx, dy)) --b;
      if (middle) {
        middle_a = a;
        middle_b = b;
        middle_known = true;
      }
    }
    if (a > b) continue;
    auto row = image.pixels.begin() + static_cast<std::ptrdiff_t>(y) * image.width;
    std::fill(row + a, row + b + 1, color);
  }
}

// The smallest whole number at or above v (|v| well inside int's range), without a libm call.
int ceil_int(float v) {
  v = std::clamp(v, -1e6f, 1e6f);
  int i = static_cast<int>(v);  // towards zero
  return i + (static_cast<float>(i) < v ? 1 : 0);
}

// Snapped to 1/256 pixel, as a rasteriser snaps vertices.
Point snapped(Point p) {
  auto snap = [](float v) {
    v = std::clamp(v, -1e6f, 1e6f) * 256.0f;
    return static_cast<float>(static_cast<int>(v + (v >= 0 ? 0.5f : -0.5f))) / 256.0f;
  };
  return {snap(p.x), snap(p.y)};
}

// A triangle's edge from its upper end `top`: where it crosses a row. The two triangles that
// share an edge work out the very same number, so the pixel on it is one's (its left side) and
// not the other's (its right side).
struct Crossing {
  Point top;
  float slope = 0;  // x per y
  Crossing(Point upper, Point lower)
      : top(upper), slope(lower.y > upper.y ? (lower.x - upper.x) / (lower.y - upper.y) : 0) {}
  float at(float y) const { return top.x + (y - top.y) * slope; }
};

// The first pixel whose centre is at or right of x (centres at i + 0.5).
int first_pixel_from(float x) {
  return ceil_int(x - 0.5f);
}

// The atlas's coverage (0..1) at texture coordinates (u, v): bilinear, clamped to the edge.
float coverage(const GlyphAtlas& atlas, float u, float v) {
  float x = u * static_cast<float>(atlas.width) - 0.5f;
  float y = v * static_cast<float>(atlas.height) - 0.5f;
  int ix = static_cast<int>(x + 1.0f) - 1, iy = static_cast<int>(y + 1.0f) - 1;  // floor: x > -1
  float wx = x - static_cast<float>(ix), wy = y - static_cast<float>(iy);
  auto texel = [&](int tx, int ty) {
    tx = std::clamp(tx, 0, atlas.width - 1);
    ty = std::clamp(ty, 0, atlas.height - 1);
    return static_cast<float>(atlas.alpha[static_cast<std::size_t>(ty) * atlas.width + tx]);
  };
  float top = texel(ix, iy) * (1 - wx) + texel(ix + 1, iy) * wx;
  float bottom = texel(ix, iy + 1) * (1 - wx) + texel(ix + 1, iy + 1) * wx;
  return (top * (1 - wy) + bottom * wy) / 255.0f;
}

}  // namespace

void CanvasImage::reset(int w, int h, std::uint32_t background) {
  width = std::max(w, 0);
  height = std::max(h, 0);
  pixels.assign(static_cast<std::size_t>(width) * height, background | 0xff000000u);
}

void paint_cell(CanvasImage& image, const CellPaint& cell, const CellStyle& style) {
  const Rect& r = cell.rect;
  float side = std::min(r.w, r.h), radius = side * 0.14f;
  if (!cell.conflict && cell.emphasis == CellEmphasis::Plain)
    return paint_plain(image, cell, radius);
  auto [x0, x1] = covered(r.x, r.w, image.width);
  auto [y0, y1] = covered(r.y, r.h, image.height);
  Rgb fill = unpack(cell.color);
  float frame =
      cell.emphasis == CellEmphasis::Framed && side >= 8.0f ? std::max(2.0f, side * 0.10f) : 0.0f;
  float ring = std::max(2.0f, side * 0.08f), fade = smoothstep(0.0f, 0.6f, style.t);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      float d = rounded_box(static_cast<float>(x) + 0.5f - r.x - r.w * 0.5f,
                            static_cast<float>(y) + 0.5f - r.y - r.h * 0.5f, r.w * 0.5f, r.h * 0.5f,
                            radius);
      if (d > -0.5f) continue;
      Rgb c = fill;
      float framing = smoothstep(-frame - 1.0f, -frame, d);
      if (frame > 0) c = mix(c, style.focus, framing);
      if (cell.conflict) {
        float on_ring = smoothstep(-frame - ring - 1.0f, -frame - ring, d) *
                        (1.0f - (frame >= 0.5f ? framing : 0.0f));
        c = mix(c, style.conflict, on_ring * fade);
      }
      if (cell.emphasis == CellEmphasis::Dimmed) c = mix(c, style.dim, 0.62f);
      image.pixels[static_cast<std::size_t>(y) * image.width + x] = pack(c);
    }
  }
}

void paint_triangles(CanvasImage& image, const std::vector<Point>& triangles, const float rgb[3],
                     float alpha) {
  // In 8-bit steps: out = (in x keep + add) / 256 per channel.
  auto keep = static_cast<std::uint32_t>(std::lround((1.0f - alpha) * 256.0f));
  std::uint32_t add[3];
  for (int c = 0; c < 3; ++c)
    add[c] = static_cast<std::uint32_t>(
                 std::lround(std::clamp(rgb[c], 0.0f, 1.0f) * alpha * 255.0f * 256.0f)) +
             128;
  for (std::size_t i = 0; i + 2 < triangles.size(); i += 3) {
    Point v[3] = {snapped(triangles[i]), snapped(triangles[i + 1]), snapped(triangles[i + 2])};
    if (v[1].y < v[0].y) std::swap(v[0], v[1]);  // top to bottom
    if (v[2].y < v[1].y) std::swap(v[1], v[2]);
    if (v[1].y < v[0].y) std::swap(v[0], v[1]);
    if (v[0].y == v[2].y) continue;
    Crossing long_edge(v[0], v[2]), upper(v[0], v[1]), lower(v[1], v[2]);
    int row_end = std::min(first_pixel_from(v[2].y), image.height);
    for (int y = std::max(first_pixel_from(v[0].y), 0); y < row_end; ++y) {
      float cy = static_cast<float>(y) + 0.5f;
      float long_x = long_edge.at(cy);
      float short_x = cy < v[1].y ? upper.at(cy) : lower.at(cy);
      int from = std::max(first_pixel_from(std::min(long_x, short_x)), 0);
      int to = std::min(first_pixel_from(std::max(long_x, short_x)), image.width);
      std::uint32_t* row = image.pixels.data() + static_cast<std::size_t>(y) * image.width;
      for (int x = from; x < to; ++x) {
        std::uint32_t p = row[x];
        std::uint32_t r = ((p & 0xffu) * keep + add[0]) >> 8;
        std::uint32_t g = (((p >> 8) & 0xffu) * keep + add[1]) >> 8;
        std::uint32_t b = (((p >> 16) & 0xffu) * keep + add[2]) >> 8;
        row[x] = r | g << 8 | b << 16 | 0xff000000u;
      }
    }
  }
}

std::vector<InkedPixel> glyph_ink(int width, int height, const GlyphAtlas& atlas,
                                  const std::vector<GlyphQuad>& quads) {
  std::vector<InkedPixel> ink;
  if (atlas.alpha == nullptr || atlas.width <= 0 || atlas.height <= 0) return ink;
  for (const GlyphQuad& q : quads) {
    if (q.x1 <= q.x0 || q.y1 <= q.y0) continue;
    float opacity = static_cast<float>(q.color >> 24) / 255.0f;
    auto [x0, x1] = covered(q.x0, q.x1 - q.x0, width);
    auto [y0, y1] = covered(q.y0, q.y1 - q.y0, height);
    float du = (q.u1 - q.u0) / (q.x1 - q.x0), dv = (q.v1 - q.v0) / (q.y1 - q.y0);
    for (int y = y0; y < y1; ++y) {
      float v = q.v0 + (static_cast<float>(y) + 0.5f - q.y0) * dv;
      for (int x = x0; x < x1; ++x) {
        float a = opacity * coverage(atlas, q.u0 + (static_cast<float>(x) + 0.5f - q.x0) * du, v);
        auto share = static_cast<std::uint32_t>(std::lround(a * 256.0f));
        if (share == 0) continue;
        ink.push_back({static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(width) +
                           static_cast<std::uint32_t>(x),
                       q.color, share});
      }
    }
  }
  return ink;
}

void paint_ink(CanvasImage& image, const std::vector<InkedPixel>& ink) {
  for (const InkedPixel& i : ink) {
    if (i.index >= image.pixels.size()) continue;
    std::uint32_t& p = image.pixels[i.index];
    // Red and blue in one multiply, green in another: (under x (256 - share) + over x share) / 256.
    std::uint32_t keep = 256 - i.share;
    std::uint32_t rb = ((p & 0xff00ffu) * keep + (i.color & 0xff00ffu) * i.share + 0x800080u) >> 8;
    std::uint32_t g = ((p & 0xff00u) * keep + (i.color & 0xff00u) * i.share + 0x8000u) >> 8;
    p = (rb & 0xff00ffu) | (g & 0xff00u) | 0xff000000u;
  }
}

}  // namespace stridescope
