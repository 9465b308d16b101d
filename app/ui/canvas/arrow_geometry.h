// The addition arrows' triangles, computed on the CPU: a curved band from a source cell to a
// target cell that grows with the transition, and its head. One plain vertex buffer draws them all
// (Mesa's software renderer pays per instance and per vertex-shader fetch, not per vertex).
#pragma once

#include <cstddef>
#include <vector>

namespace stridescope {

struct Point {
  float x = 0, y = 0;
  bool operator==(const Point&) const = default;
};

struct ArrowStyle {
  float width = 2;    // of the band, pixels
  float head = 8;     // head length, pixels
  int segments = 24;  // quads along the band
};

// Appends one arrow's triangles (three points each: `segments` quads as two triangles, then the
// head) from `from` to `to`, drawn `t` of the way (0..1; the whole arrow from t = 0.8). The band
// arcs upwards (towards smaller y), out by 0.3 of the distance at its middle.
void add_arrow_triangles(std::vector<Point>& triangles, Point from, Point to, float t,
                         const ArrowStyle& style);

// Quads along an arrow of this length when the step draws `arrows` of them: one per 10 pixels,
// between 4 and 24, and at most 4096 / arrows (512 arrows get 8 each): the frame's triangles stay
// bounded, since the software renderer pays for each one, and a dense fan shows no corners.
int arrow_segments(float length, std::size_t arrows);

}  // namespace stridescope
