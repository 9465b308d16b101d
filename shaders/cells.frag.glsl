// Memory canvas cells with a conflict ring, the focus frame or dimmed (cells_plain.frag.glsl: the rest).
#version 330 core
in vec2 v_local;
flat in vec2 v_size;
flat in vec4 v_cell;
uniform float u_t;
uniform vec4 u_conflict;
uniform vec4 u_focus;
uniform vec4 u_dim;  // what dimmed cells fade towards (the canvas background)
out vec4 frag_color;
float rounded_box(vec2 p, vec2 half_size, float r) {
  vec2 q = abs(p) - half_size + vec2(r);
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
void main() {
  float side = min(v_size.x, v_size.y);
  float radius = side * 0.14;
  float d = rounded_box(v_local - v_size * 0.5, v_size * 0.5, radius);
  float aa = 1.0;
  if (d > -0.5 * aa) discard;
  int flags = int(v_cell.a * 255.0 + 0.5);
  bool conflict = (flags & 1) == 1;
  int emphasis = flags >> 1;  // 2: framed (the focus), 1: plain, 0: dimmed
  vec4 color = vec4(v_cell.rgb, 1.0);
  float frame = 0.0;
  if (emphasis == 2 && side >= 8.0) {  // the focus: an outer frame, the conflict ring inside it
    frame = max(2.0, side * 0.10);
    color = mix(color, u_focus, smoothstep(-frame - aa, -frame, d));
  }
  if (conflict) {
    float ring = max(2.0, side * 0.08);
    float on_ring = smoothstep(-frame - ring - aa, -frame - ring, d) *
                    (1.0 - smoothstep(-frame - aa, -frame, d) * step(0.5, frame));
    color = mix(color, u_conflict, on_ring * smoothstep(0.0, 0.6, u_t));
  }
  if (emphasis == 0) color = mix(color, u_dim, 0.62);
  frag_color = vec4(color.rgb, 1.0);
}
