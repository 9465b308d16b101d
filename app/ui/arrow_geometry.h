// The addition arrows' triangles, computed on the CPU: a curved band from a source cell to a
// target cell that grows with the transition, and its head. One plain vertex buffer draws them all
// (Mesa's software renderer pays per instance and per vertex-shader fetch, not per vertex).
#pragma once

#include <vector>

namespace stridescope {

struct Point {
  float x = 0, y = 0;
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

// Quads along an arrow of this length: one per `pixels_per_segment`, between 4 and 24.
int arrow_segments(float length, float pixels_per_segment = 10);

}  // namespace stridescope
