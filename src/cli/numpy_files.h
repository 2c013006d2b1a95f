// numpy's own file formats, read for `attention-cli lesson`: .npy (a magic
// string, a header that is a Python dict literal naming the dtype, the order
// and the shape, then the array's bytes: numpy/lib/format.py, versions 1.0 to
// 3.0) and .npz (a zip of .npy files, stored or deflated, as np.savez and
// np.savez_compressed write them, zip64 fields included; inflated and
// CRC-checked with zlib). Real numbers only: floats of 2, 4 or 8 bytes and
// integers, in either byte order, as float64.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::cli {

struct NpyArray {
  std::vector<size_t> shape;   // () for a scalar
  std::vector<double> values;  // in C order
};

// One .npy file's bytes: "" and the array, or why not ("not a .npy file",
// "dtype '<c16' is not real numbers (floats or integers)").
std::string read_npy(std::string_view bytes, NpyArray& out);

// An .npz file's members: "" and [name without ".npy", its bytes], in the
// zip's order, or why not.
std::string read_npz(std::string_view bytes,
                     std::vector<std::pair<std::string, std::string>>& members);

}  // namespace attn::cli
