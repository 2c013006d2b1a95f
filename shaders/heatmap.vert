// One triangle covering the target; no vertex buffers (gl_VertexID).
// The #version line is prepended at run time: GLSL ES 3.00 or GLSL 330.
out vec2 v_uv;

void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_uv = p;
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
