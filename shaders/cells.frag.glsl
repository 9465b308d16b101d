// Memory canvas cells: rounded fill, a thread band along the bottom, a red ring on conflicts.
#version 330 core
in vec2 v_local;
in vec4 v_color;
flat in vec2 v_flags;
uniform float u_cell;
uniform float u_t;
uniform vec4 u_band_on;
uniform vec4 u_band_off;
uniform vec4 u_conflict;
out vec4 frag_color;
float rounded_box(vec2 p, vec2 half_size, float r) {
  vec2 q = abs(p) - half_size + vec2(r);
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
void main() {
  float half_cell = u_cell * 0.5;
  float radius = u_cell * 0.14;
  float d = rounded_box(v_local - vec2(half_cell), vec2(half_cell), radius);
  float aa = 1.0;
  float inside = 1.0 - smoothstep(-aa, 0.0, d);
  vec4 color = v_color;
  float band_top = u_cell * 0.80;
  if (v_local.y > band_top && u_cell >= 10.0) {
    color = v_flags.x > 0.5 ? u_band_on : u_band_off;
  }
  if (v_flags.y > 0.5) {
    float ring = max(2.0, u_cell * 0.08);
    float on_ring = smoothstep(-ring - aa, -ring, d);
    color = mix(color, u_conflict, on_ring * smoothstep(0.0, 0.6, u_t));
  }
  if (inside < 0.5) discard;
  frag_color = vec4(color.rgb, 1.0);
}
