// Reading numpy's .npy and .npz files for `attention-cli lesson` (numpy_files.h).
#include "cli/numpy_files.h"

#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace attn::cli {

namespace {

// No array a lesson can take comes near this (at most 128 a side): a file
// declaring more is refused before its numbers are read.
constexpr size_t kMaxNumbers = size_t{1} << 20;
constexpr size_t kMaxMemberBytes = size_t{64} << 20;

uint64_t little(std::string_view b, size_t at, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + i]);
  return v;
}

double half_to_double(uint16_t h) {
  const int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// The header's dict, as numpy writes it: {'descr': '<f8', 'fortran_order':
// False, 'shape': (3, 4), }. Only what a real-number array needs is read.
struct Header {
  std::string descr;
  bool fortran = false;
  std::vector<size_t> shape;
};

std::string value_after(std::string_view dict, std::string_view key, std::string_view& value) {
  const size_t at = dict.find(key);
  if (at == std::string_view::npos) return "its header has no " + std::string(key);
  size_t i = at + key.size();
  while (i < dict.size() && (dict[i] == ' ' || dict[i] == ':')) ++i;
  value = dict.substr(i);
  return "";
}

std::string parse_header(std::string_view dict, Header& h) {
  std::string_view v;
  if (std::string e = value_after(dict, "'descr'", v); !e.empty()) return e;
  if (v.empty() || v[0] != '\'' || v.find('\'', 1) == std::string_view::npos)
    return "its dtype is not a simple one (a record or sub-array dtype)";
  h.descr = std::string(v.substr(1, v.find('\'', 1) - 1));
  if (std::string e = value_after(dict, "'fortran_order'", v); !e.empty()) return e;
  h.fortran = v.substr(0, 4) == "True";
  if (std::string e = value_after(dict, "'shape'", v); !e.empty()) return e;
  if (v.empty() || v[0] != '(') return "its header's shape is not a tuple";
  const size_t close = v.find(')');
  if (close == std::string_view::npos) return "its header's shape is not a tuple";
  for (size_t i = 1; i < close;) {
    while (i < close && (v[i] == ' ' || v[i] == ',')) ++i;
    if (i == close) break;
    size_t n = 0, digits = 0;
    for (; i < close && v[i] >= '0' && v[i] <= '9'; ++i, ++digits) {
      if (n > kMaxNumbers) return "it is far larger than a lesson takes (at most 128 a side)";
      n = n * 10 + static_cast<size_t>(v[i] - '0');
    }
    if (!digits) return "its header's shape is not a tuple of whole numbers";
    h.shape.push_back(n);
  }
  return "";
}

}  // namespace

std::string read_npy(std::string_view b, NpyArray& out) {
  if (b.size() < 10 || b.substr(0, 6) != "\x93NUMPY") return "not a .npy file";
  const int major = static_cast<unsigned char>(b[6]);
  if (major < 1 || major > 3)
    return "a .npy format this reader does not know (" + std::to_string(major) + ")";
  const int length_bytes = major == 1 ? 2 : 4;
  const size_t header_length = little(b, 8, length_bytes);
  const size_t data_at = 8 + length_bytes + header_length;
  if (data_at > b.size()) return "cut short: its header is incomplete";
  Header h;
  if (std::string e = parse_header(b.substr(8 + length_bytes, header_length), h); !e.empty())
    return e;
  size_t count = 1;
  for (size_t n : h.shape) {
    if (n != 0 && count > kMaxNumbers / n)
      return "it is far larger than a lesson takes (at most 128 a side)";
    count *= n;
  }
  if (count > kMaxNumbers) return "it is far larger than a lesson takes (at most 128 a side)";
  // '<f8': byte order ('<' little, '>' big, '|' or '=' one byte / this machine's), kind, size.
  const std::string& d = h.descr;
  const char order = d.empty() ? ' ' : d[0];
  const char kind = d.size() > 1 ? d[1] : ' ';
  const int size = d.size() > 2 ? std::atoi(d.c_str() + 2) : 0;
  const bool known_size = kind == 'f' ? (size == 2 || size == 4 || size == 8)
                                      : (size == 1 || size == 2 || size == 4 || size == 8);
  if (std::strchr("<>|=", order) == nullptr || std::strchr("fiu", kind) == nullptr || !known_size ||
      d.size() != 2 + std::to_string(size).size())
    return "dtype '" + d + "' is not real numbers (floats of 2, 4 or 8 bytes, or integers)";
  if (b.size() - data_at < count * static_cast<size_t>(size))
    return "cut short: " + std::to_string(count) + " numbers of " + std::to_string(size) +
           " bytes do not fit in what follows its header";
  out.shape = h.shape;
  out.values.assign(count, 0.0);
  const bool big = order == '>';
  for (size_t i = 0; i < count; ++i) {
    uint64_t raw = 0;
    const size_t at = data_at + i * static_cast<size_t>(size);
    for (int k = 0; k < size; ++k)
      raw |= uint64_t{static_cast<unsigned char>(b[at + (big ? size - 1 - k : k)])} << (8 * k);
    double v = 0;
    if (kind == 'f' && size == 8) {
      std::memcpy(&v, &raw, 8);
    } else if (kind == 'f' && size == 4) {
      float f;
      const uint32_t r32 = static_cast<uint32_t>(raw);
      std::memcpy(&f, &r32, 4);
      v = f;
    } else if (kind == 'f') {
      v = half_to_double(static_cast<uint16_t>(raw));
    } else if (kind == 'u') {
      v = static_cast<double>(raw);
    } else {  // two's complement of `size` bytes
      const int shift = 64 - 8 * size;
      v = static_cast<double>(static_cast<int64_t>(raw << shift) >> shift);
    }
    out.values[i] = v;
  }
  if (h.fortran && h.shape.size() > 1) {  // column-major: to C order
    std::vector<double> c_order(count);
    std::vector<size_t> index(h.shape.size(), 0);
    for (size_t f = 0; f < count; ++f) {
      size_t c = 0;
      for (size_t k = 0; k < h.shape.size(); ++k) c = c * h.shape[k] + index[k];
      c_order[c] = out.values[f];
      for (size_t k = 0; k < h.shape.size() && ++index[k] == h.shape[k]; ++k) index[k] = 0;
    }
    out.values = std::move(c_order);
  }
  return "";
}

std::string read_npz(std::string_view b,
                     std::vector<std::pair<std::string, std::string>>& members) {
  // The end of central directory record: its signature, up to 64 KiB of comment from the end.
  size_t end = std::string_view::npos;
  for (size_t i = b.size() >= 22 ? b.size() - 22 : 0; b.size() >= 22; --i) {
    if (little(b, i, 4) == 0x06054b50) {
      end = i;
      break;
    }
    if (i == 0 || b.size() - i > 22 + 65535) break;
  }
  if (end == std::string_view::npos) return "not an .npz file (no zip directory)";
  uint64_t entries = little(b, end + 10, 2), directory = little(b, end + 16, 4);
  if (directory == 0xffffffff && end >= 20 && little(b, end - 20, 4) == 0x07064b50) {
    const uint64_t locator = little(b, end - 12, 8);  // the zip64 end record
    if (locator + 56 > b.size() || little(b, locator, 4) != 0x06064b50)
      return "damaged: its zip64 directory is not where it says";
    entries = little(b, locator + 32, 8);
    directory = little(b, locator + 48, 8);
  }
  size_t at = directory;
  for (uint64_t e = 0; e < entries; ++e) {
    if (at + 46 > b.size() || little(b, at, 4) != 0x02014b50)
      return "damaged: its zip directory is cut short";
    const int method = static_cast<int>(little(b, at + 10, 2));
    const uint32_t crc = static_cast<uint32_t>(little(b, at + 16, 4));
    uint64_t packed = little(b, at + 20, 4), size = little(b, at + 24, 4);
    const size_t name_length = little(b, at + 28, 2), extra_length = little(b, at + 30, 2),
                 comment_length = little(b, at + 32, 2);
    uint64_t local = little(b, at + 42, 4);
    if (at + 46 + name_length + extra_length > b.size())
      return "damaged: its zip directory is cut short";
    std::string name(b.substr(at + 46, name_length));
    // zip64: the sizes and offset that read 0xffffffff are in the extra field 0x0001, in this
    // order.
    for (size_t x = at + 46 + name_length; x + 4 <= at + 46 + name_length + extra_length;) {
      const size_t id = little(b, x, 2), length = little(b, x + 2, 2);
      size_t y = x + 4;
      if (id == 1) {
        for (uint64_t* field : {&size, &packed, &local})
          if (*field == 0xffffffff && y + 8 <= x + 4 + length) *field = little(b, y, 8), y += 8;
      }
      x += 4 + length;
    }
    at += 46 + name_length + extra_length + comment_length;
    if (name.size() < 4 || name.substr(name.size() - 4) != ".npy")
      continue;  // numpy writes only .npy
    name.resize(name.size() - 4);
    if (size > kMaxMemberBytes) return name + ": far larger than a lesson takes";
    if (local + 30 > b.size() || little(b, local, 4) != 0x04034b50)
      return "damaged: " + name + "'s entry is not where the zip directory says";
    const size_t data = local + 30 + little(b, local + 26, 2) + little(b, local + 28, 2);
    if (data > b.size() || b.size() - data < packed) return "cut short in " + name;
    std::string bytes;
    if (method == 0) {
      bytes = std::string(b.substr(data, packed));
    } else if (method == 8) {  // deflate, raw (no zlib header)
      bytes.resize(size);
      z_stream z{};
      if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return "zlib could not start";
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(b.data() + data));
      z.avail_in = static_cast<uInt>(packed);
      z.next_out = reinterpret_cast<Bytef*>(bytes.data());
      z.avail_out = static_cast<uInt>(size);
      const int status = inflate(&z, Z_FINISH);
      const bool whole = status == Z_STREAM_END && z.total_out == size;
      inflateEnd(&z);
      if (!whole)
        return "damaged: " + name + " does not inflate to its " + std::to_string(size) + " bytes";
    } else {
      return name + " is compressed with method " + std::to_string(method) +
             "; numpy writes stored or deflated members";
    }
    if (crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())) !=
        crc)
      return "damaged: " + name + "'s CRC-32 does not match";
    members.emplace_back(std::move(name), std::move(bytes));
  }
  return "";
}

}  // namespace attn::cli
