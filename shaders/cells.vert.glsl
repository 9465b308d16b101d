// Memory canvas cells: one instanced quad per shared-memory word or thread lane.
#version 330 core
layout(location = 0) in vec4 a_rect;        // x, y (top-left), width, height in canvas pixels
layout(location = 1) in vec4 a_color_from;  // fill at the previous step
layout(location = 2) in vec4 a_color_to;    // fill at this step
layout(location = 3) in vec2 a_flags;       // x: bank conflict ring; y: 1 framed, -1 dimmed
uniform vec2 u_canvas_size;
uniform float u_t;  // animation progress, 0 = previous step, 1 = this step
out vec2 v_local;
flat out vec2 v_size;
out vec4 v_color;
flat out vec2 v_flags;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_rect.xy + corner * a_rect.zw;
  v_local = corner * a_rect.zw;
  v_size = a_rect.zw;
  v_color = mix(a_color_from, a_color_to, smoothstep(0.0, 1.0, u_t));
  v_flags = a_flags;
  gl_Position = vec4(p.x / u_canvas_size.x * 2.0 - 1.0, 1.0 - p.y / u_canvas_size.y * 2.0, 0.0, 1.0);
}
