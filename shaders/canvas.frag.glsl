// The memory canvas's image, one texel a pixel (Mesa's software renderer copies it as a blit).
in vec2 v_texel;
uniform sampler2D u_image;
out vec4 frag_color;
void main() { frag_color = texture(u_image, v_texel); }
