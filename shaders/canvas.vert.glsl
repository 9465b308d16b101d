// The memory canvas's image (ui/canvas/canvas_raster.h) over the whole viewport: four vertices, no buffer.
out vec2 v_texel;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));  // 0 or 1, top row first
  v_texel = corner;
  gl_Position = vec4(corner.x * 2.0 - 1.0, 1.0 - corner.y * 2.0, 0.0, 1.0);
}
