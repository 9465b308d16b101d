// Memory canvas arrows: a curved band from the source cell to the target cell, grown by u_t.
#version 330 core
layout(location = 0) in vec2 a_from;  // source cell centre, canvas pixels
layout(location = 1) in vec2 a_to;    // target cell centre
uniform vec2 u_canvas_size;
uniform float u_t;
uniform float u_width;
uniform float u_head;   // head length in pixels
uniform int u_segments;
uniform int u_draw_head;  // 0: the band (triangle strip), 1: the head (one triangle)
vec2 control_point() {
  vec2 d = a_to - a_from;
  vec2 normal = normalize(vec2(d.y, -d.x) + vec2(1e-5));
  if (normal.y > 0.0) normal = -normal;  // arcs bulge upwards
  return (a_from + a_to) * 0.5 + normal * length(d) * 0.3;
}
vec2 curve(float s) {
  vec2 c = control_point();
  return mix(mix(a_from, c, s), mix(c, a_to, s), s);
}
vec2 tangent(float s) {
  vec2 c = control_point();
  return normalize(2.0 * (1.0 - s) * (c - a_from) + 2.0 * s * (a_to - c) + vec2(1e-5));
}
void main() {
  float reach = clamp(u_t * 1.25, 0.0, 1.0);
  // Stop the band where the head starts.
  float head_fraction = min(0.45, u_head / max(length(a_to - a_from), 1.0));
  vec2 p;
  if (u_draw_head == 0) {
    int i = gl_VertexID / 2;
    float side = (gl_VertexID % 2 == 0) ? -1.0 : 1.0;
    float s = reach * (1.0 - head_fraction) * float(i) / float(u_segments);
    vec2 t = tangent(s);
    p = curve(s) + vec2(-t.y, t.x) * side * u_width * 0.5;
  } else {
    float s_tip = reach;
    float s_base = max(0.0, reach - head_fraction);
    vec2 tip = curve(s_tip);
    vec2 t = tangent(s_base);
    vec2 base = curve(s_base);
    vec2 n = vec2(-t.y, t.x) * u_head * 0.45;
    p = gl_VertexID == 0 ? tip : (gl_VertexID == 1 ? base + n : base - n);
  }
  gl_Position = vec4(p.x / u_canvas_size.x * 2.0 - 1.0, 1.0 - p.y / u_canvas_size.y * 2.0, 0.0, 1.0);
}
