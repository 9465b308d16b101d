// Memory canvas cells: one quad (four vertices, two triangles) per shared-memory word or thread lane.
#version 330 core
layout(location = 0) in vec2 a_position;  // canvas pixels
layout(location = 1) in vec2 a_local;     // from the cell's top-left corner
layout(location = 2) in vec2 a_size;      // of the cell
layout(location = 3) in vec4 a_cell;      // colour now (rgb), flags (alpha: see memory_canvas.h)
uniform vec2 u_canvas_size;
out vec2 v_local;
flat out vec2 v_size;
flat out vec4 v_cell;
// For cells_plain.frag.glsl: the rounded box's numbers, worked out once per cell, not per pixel.
out vec2 v_centred;      // from the cell's centre
flat out vec2 v_inner;   // half the size less the corner radius
flat out float v_edge;   // the corner radius less half a pixel
void main() {
  v_local = a_local;
  v_size = a_size;
  v_cell = a_cell;
  float radius = min(a_size.x, a_size.y) * 0.14;
  v_centred = a_local - a_size * 0.5;
  v_inner = a_size * 0.5 - vec2(radius);
  v_edge = radius - 0.5;
  gl_Position = vec4(a_position.x / u_canvas_size.x * 2.0 - 1.0,
                     1.0 - a_position.y / u_canvas_size.y * 2.0, 0.0, 1.0);
}
