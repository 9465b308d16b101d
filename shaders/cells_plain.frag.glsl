// Memory canvas cells without a ring, a frame or dimming (most of them): the rounded fill alone.
// The pixels kept are those of cells.frag.glsl's rounded box (distance below -0.5), tested
// without a square root: outside the inner box by m, a pixel stays if |m| <= radius - 0.5.
#version 330 core
in vec2 v_centred;
flat in vec2 v_inner;
flat in float v_edge;
flat in vec4 v_cell;
out vec4 frag_color;
void main() {
  vec2 q = abs(v_centred) - v_inner;
  vec2 m = max(q, 0.0);
  if (dot(m, m) > v_edge * v_edge || max(q.x, q.y) > v_edge) discard;
  frag_color = vec4(v_cell.rgb, 1.0);
}
