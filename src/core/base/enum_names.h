// One table per enum that a lesson file, a link or the API spells as a word:
// the loader, the state links, the snippets and the JSON all read the same
// table, so a word is written down once.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace attn {

template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

// A table, or the first entries of one (std::span): the helpers take either.
template <class E>
using EnumNames = std::span<const EnumName<E>>;

template <class E>
constexpr std::string_view name_of(EnumNames<E> table, E value) {
  for (const EnumName<E>& e : table)
    if (e.value == value) return e.name;
  return {};
}
template <class E, size_t N>
constexpr std::string_view name_of(const EnumName<E> (&table)[N], E value) {
  return name_of(EnumNames<E>(table), value);
}

template <class E>
constexpr std::optional<E> parse_name(EnumNames<E> table, std::string_view name) {
  for (const EnumName<E>& e : table)
    if (e.name == name) return e.value;
  return std::nullopt;
}
template <class E, size_t N>
constexpr std::optional<E> parse_name(const EnumName<E> (&table)[N], std::string_view name) {
  return parse_name(EnumNames<E>(table), name);
}

// "\"a\", \"b\" or \"c\"": the words a message offers, and a last
// alternative that is not a word ("\"a\", \"b\" or a number").
template <class E>
std::string quoted_names(EnumNames<E> table, std::string_view otherwise = {}) {
  const size_t n = table.size() + (otherwise.empty() ? 0 : 1);
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    if (i) out += i + 1 == n ? " or " : ", ";
    out += i < table.size() ? "\"" + std::string(table[i].name) + "\"" : std::string(otherwise);
  }
  return out;
}
template <class E, size_t N>
std::string quoted_names(const EnumName<E> (&table)[N], std::string_view otherwise = {}) {
  return quoted_names(EnumNames<E>(table), otherwise);
}

}  // namespace attn
