// A matrix as a grid of coloured cells. One texel per cell of u_values:
// r = the value, g = flags (1 changed, 2 masked, 4 differs from its
// comparison, 8 a what-if override, 16 related to the cell pointed at, 32
// covered: an open prediction's answer, drawn as a flat grey that tells nothing).
// Texture row 0 is drawn at the top: ImGui shows v = 0 at the top edge.
// Colours stay light in the light theme and dark in the dark one, so the
// numbers drawn on top are readable in either.
uniform sampler2D u_values;
uniform vec2 u_cells;   // (cols, rows)
uniform vec2 u_size;    // target size in pixels
uniform vec2 u_range;   // (lo, hi)
uniform int u_kind;     // 0 diverging around 0, 1 sequential from lo to hi
uniform int u_dark;
uniform float u_grid;   // grid line width in pixels, 0 for none

in vec2 v_uv;
out vec4 frag_color;

vec3 diverging(float t) {  // t in [-1, 1]
  vec3 neg = u_dark == 1 ? vec3(0.20, 0.42, 0.78) : vec3(0.42, 0.62, 0.93);
  vec3 pos = u_dark == 1 ? vec3(0.80, 0.36, 0.20) : vec3(0.98, 0.58, 0.38);
  vec3 mid = u_dark == 1 ? vec3(0.16, 0.17, 0.19) : vec3(0.99, 0.99, 0.99);
  return t < 0.0 ? mix(mid, neg, -t) : mix(mid, pos, t);
}

vec3 sequential(float t) {  // t in [0, 1]
  vec3 low = u_dark == 1 ? vec3(0.16, 0.17, 0.19) : vec3(0.99, 0.99, 0.99);
  vec3 high = u_dark == 1 ? vec3(0.12, 0.52, 0.52) : vec3(0.36, 0.76, 0.70);
  return mix(low, high, sqrt(clamp(t, 0.0, 1.0)));
}

void main() {
  vec2 cell_f = v_uv * u_cells;
  ivec2 cell = ivec2(min(floor(cell_f), u_cells - 1.0));
  vec2 texel = texelFetch(u_values, cell, 0).rg;
  int flags = int(texel.g + 0.5);
  vec3 color;
  if (u_kind == 0) {
    float extent = max(abs(u_range.x), abs(u_range.y));
    color = diverging(extent > 0.0 ? clamp(texel.r / extent, -1.0, 1.0) : 0.0);
  } else {
    float span = u_range.y - u_range.x;
    color = sequential(span > 0.0 ? (texel.r - u_range.x) / span : 0.0);
  }
  vec2 px = v_uv * u_size;                   // pixel position in the target
  vec2 cell_px = u_size / u_cells;           // one cell in pixels
  vec2 in_cell = (cell_f - vec2(cell)) * cell_px;  // pixel position within the cell
  if ((flags & 32) != 0) {                   // covered: one flat grey, whatever the value
    color = u_dark == 1 ? vec3(0.24, 0.25, 0.28) : vec3(0.84, 0.85, 0.87);
  }
  if ((flags & 2) != 0) {                    // masked: diagonal hatching
    float stripe = mod(px.x + px.y, 8.0);
    color = u_dark == 1 ? vec3(0.12) : vec3(0.90);
    if (stripe < 2.0) color = u_dark == 1 ? vec3(0.30) : vec3(0.72);
  }
  float border = min(min(in_cell.x, in_cell.y), min(cell_px.x - in_cell.x, cell_px.y - in_cell.y));
  if ((flags & 16) != 0) {                   // related to the cell pointed at: a warm tint
    color = mix(color, u_dark == 1 ? vec3(0.55, 0.45, 0.10) : vec3(1.0, 0.86, 0.45), 0.55);
  }
  if ((flags & 4) != 0) {                    // differs from its comparison: an inner border
    if (border < 2.5) color = u_dark == 1 ? vec3(0.98, 0.84, 0.30) : vec3(0.85, 0.55, 0.0);
  }
  if ((flags & 8) != 0) {                    // a what-if override: a violet frame and corner
    float corner = min(cell_px.x, cell_px.y) * 0.28;
    if (border < 2.5 || in_cell.x + in_cell.y < corner)
      color = u_dark == 1 ? vec3(0.76, 0.60, 1.0) : vec3(0.45, 0.22, 0.75);
  }
  if ((flags & 1) != 0) {                    // changed: a corner triangle, top right
    float size = min(cell_px.x, cell_px.y) * 0.28;
    if (cell_px.x - in_cell.x + in_cell.y < size) color = u_dark == 1 ? vec3(1.0, 0.45, 0.70) : vec3(0.80, 0.10, 0.45);
  }
  if (u_grid > 0.0) {
    vec2 edge = min(in_cell, cell_px - in_cell);
    if (min(edge.x, edge.y) < u_grid * 0.5) color = mix(color, u_dark == 1 ? vec3(0.05) : vec3(0.78), 0.9);
  }
  frag_color = vec4(color, 1.0);
}
