// The addition arrows' triangles (see arrow_geometry.h).
#include "ui/canvas/arrow_geometry.h"

#include <algorithm>
#include <cmath>

namespace stridescope {
namespace {

Point operator+(Point a, Point b) {
  return {a.x + b.x, a.y + b.y};
}
Point operator-(Point a, Point b) {
  return {a.x - b.x, a.y - b.y};
}
Point operator*(Point a, float k) {
  return {a.x * k, a.y * k};
}
float length(Point a) {
  return std::hypot(a.x, a.y);
}
Point normalized(Point a) {
  float l = length(a);
  return l > 0 ? a * (1.0f / l) : Point{1, 0};
}
Point perpendicular(Point a) {
  return {-a.y, a.x};
}

// A quadratic Bezier curve whose control point lifts the middle.
struct Curve {
  Point from, control, to;
  Curve(Point a, Point b) : from(a), to(b) {
    Point d = b - a;
    // Arcs bulge upwards; a vertical arrow to the right (the epsilon breaks the tie).
    Point normal = normalized(Point{d.y + 1e-5f, -d.x + 1e-5f});
    if (normal.y > 0) normal = normal * -1.0f;
    control = (a + b) * 0.5f + normal * (length(d) * 0.3f);
  }
  Point at(float s) const {
    Point p = from + (control - from) * s, q = control + (to - control) * s;
    return p + (q - p) * s;
  }
  Point tangent(float s) const {
    return normalized((control - from) * (2 * (1 - s)) + (to - control) * (2 * s));
  }
};

}  // namespace

void add_arrow_triangles(std::vector<Point>& triangles, Point from, Point to, float t,
                         const ArrowStyle& style) {
  Curve curve(from, to);
  int segments = std::max(1, style.segments);
  float reach = std::clamp(t * 1.25f, 0.0f, 1.0f);
  // The band stops where the head starts.
  float head_fraction = std::min(0.45f, style.head / std::max(length(to - from), 1.0f));
  auto edge = [&](int i, float side) {
    float s = reach * (1 - head_fraction) * static_cast<float>(i) / static_cast<float>(segments);
    return curve.at(s) + perpendicular(curve.tangent(s)) * (side * style.width * 0.5f);
  };
  for (int i = 0; i < segments; ++i) {
    Point a = edge(i, -1), b = edge(i, 1), c = edge(i + 1, -1), d = edge(i + 1, 1);
    triangles.insert(triangles.end(), {a, b, c, c, b, d});
  }
  float s_base = std::max(0.0f, reach - head_fraction);
  Point base = curve.at(s_base);
  Point n = perpendicular(curve.tangent(s_base)) * (style.head * 0.45f);
  triangles.insert(triangles.end(), {curve.at(reach), base + n, base - n});
}

int arrow_segments(float length, std::size_t arrows) {
  constexpr std::size_t kFrameSegments = 4096;
  const int cap = static_cast<int>(
      std::clamp<std::size_t>(kFrameSegments / std::max<std::size_t>(arrows, 1), 4, 24));
  return std::clamp(static_cast<int>(length / 10), 4, cap);
}

}  // namespace stridescope
