// Memory canvas arrows: triangles computed on the CPU (ui/arrow_geometry.h), in canvas pixels.
#version 330 core
layout(location = 0) in vec2 a_position;
uniform vec2 u_canvas_size;
void main() {
  gl_Position = vec4(a_position.x / u_canvas_size.x * 2.0 - 1.0,
                     1.0 - a_position.y / u_canvas_size.y * 2.0, 0.0, 1.0);
}
