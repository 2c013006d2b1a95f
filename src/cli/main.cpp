// attention-cli: the attention core without a window.
//   attention-cli list                          built-in lesson ids, one per line
//   attention-cli trace LESSON [--format json|text] [--cache-step T]
//                                               with a KV cache, also every step t
//   attention-cli texts LESSON                  its translatable texts, as JSON
//                                               [[pointer, text], ...] (scripts/catalogs.py)
//   attention-cli lesson ARRAYS... --tokens A,B  a lesson file from numpy's .npy/.npz files
// LESSON is a built-in id or a path to a lesson file. Bad input exits with
// status 2 and one line on stderr naming the file, the JSON path and the reason.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "cli/numpy_files.h"
#include "core/lesson/inputs.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_format.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_translations.h"
#include "core/logic/build_trace.h"
#include "core/text/numpy_format.h"
#include "core/trace/cache_trace.h"
#include "core/trace/trace.h"
#include "core/trace/trace_json.h"

namespace {

constexpr int kBadInput = 2;

const char* kSynopsis =
    "Usage: attention-cli list\n"
    "  or:  attention-cli trace LESSON [--format json|text] [--cache-step T]\n"
    "  or:  attention-cli texts LESSON\n"
    "  or:  attention-cli format\n"
    "  or:  attention-cli lesson ARRAYS... --tokens NAMES [OPTIONS]\n";
const std::string kUsage =
    std::string(kSynopsis) + "Try 'attention-cli --help' for more information.\n";

// --help, after the usage; help2man makes the manual page of it ("Options:"
// starts its OPTIONS section, other "Name:" lines start subsections).
const char* kHelp =
    "Prints Attention Lab's lessons without a window: every step of self-attention\n"
    "(X -> Q, K, V -> Q.K^T -> /sqrt(d_k) -> softmax -> weights x V) with its numbers.\n"
    "\n"
    "LESSON is a built-in lesson id (see list) or the path of a lesson file (JSON).\n"
    "\n"
    "Commands:\n"
    "  list             print the built-in lessons' ids, one per line\n"
    "  trace LESSON     print every step of LESSON at its default settings: its\n"
    "                   matrices and their numbers, as JSON or as text; a lesson\n"
    "                   generating with a KV cache also every step t = 0 ... N-1:\n"
    "                   q_t, the cache's K and V, the weights row (per head), the\n"
    "                   output row\n"
    "  texts LESSON     print LESSON's translatable texts as JSON: [[pointer, text], ...]\n"
    "  format           print the lesson format's rules as JSON: limits, words, every\n"
    "                   input's shape by layout, which inputs go together\n"
    "  lesson ARRAYS... print a lesson file made of numpy arrays: an .npz (np.savez,\n"
    "                   np.savez_compressed) or .npy files (np.save), each array named\n"
    "                   as the lesson's input it is (X, W_q, W_k, W_v, b_q, b_k, b_v,\n"
    "                   W_o, or Q, K, V, or weights and V; P, positions; memory, the\n"
    "                   memory's X; an .npy by its file's name),\n"
    "                   checked as any lesson file is\n"
    "\n"
    "Options:\n"
    "  --format FORMAT  how trace prints: json (the default), or text with the\n"
    "                   arrays as numpy prints them\n"
    "  --tokens NAMES   lesson: the tokens' names, comma-separated (The,cat,sat)\n"
    "  --title TEXT     lesson: its title (default: the first file's name)\n"
    "  --id ID          lesson: its id (default: made from the first file's name)\n"
    "  --layout LAYOUT  lesson: rows (the default), rows_transposed_weights or columns\n"
    "  --heads N        lesson: attention heads (default 1)\n"
    "  --scale SCALE    lesson: sqrt_dk (the default), none, or a number to divide by\n"
    "  --causal         lesson: each token attends only to itself and earlier ones\n"
    "  --positions WORD lesson: sinusoidal (an array P gives them instead)\n"
    "  --rope           lesson: rotary positions on each head's queries and keys\n"
    "  --first-position N  lesson: the first token's position (default 0)\n"
    "  --memory-tokens NAMES  lesson: the memory's tokens (an array memory gives its\n"
    "                   X: cross-attention), comma-separated\n"
    "  --kv-cache       lesson: generating with a KV cache (with --causal)\n"
    "  --cache-step N   lesson: the step of generating shown (default 0); trace: that\n"
    "                   step of generating alone, and the lesson's steps at it\n"
    "  -h, --help       show this help and exit\n"
    "  --version        show the version and exit\n"
    "\n"
    "Exit status:\n"
    "  0 on success; 2 on bad input, with one line on stderr naming the file, the\n"
    "  place in it (a JSON pointer) and the reason.\n";

int bad_input(const std::string& message) {
  std::fprintf(stderr, "attention-cli: %s\n", message.c_str());
  return kBadInput;
}

// Reads a lesson file, refusing anything over the size limit before reading it.
std::optional<std::string> read_file(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) return error = path + ": no such file", std::nullopt;
  if (fs::is_directory(path, ec))
    return error = path + ": is a directory, not a lesson file", std::nullopt;
  const auto size = fs::file_size(path, ec);
  if (ec) return error = path + ": cannot read (" + ec.message() + ")", std::nullopt;
  if (size > attn::Limits::kMaxFileBytes)
    return error = path + ": file is " + std::to_string(size) + " bytes, the limit is " +
                   std::to_string(attn::Limits::kMaxFileBytes),
           std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return error = path + ": cannot open", std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The precision a lesson prints a part's cache at: that of the first step showing q_t.
int cache_precision(const attn::Trace& trace, int part, bool& suppress) {
  for (const attn::TraceStep& step : trace.steps)
    for (int i : step.matrices)
      if (trace.matrices[i].key.part == part && trace.matrices[i].key.stage == attn::Stage::q_t)
        return suppress = step.suppress, step.precision;
  return 8;
}

void print_text(const attn::Trace& trace, const std::vector<attn::CacheTraceStep>& cache) {
  std::printf("%s\n", trace.title.c_str());
  if (!trace.source.empty()) std::printf("%s\n", trace.source.c_str());
  for (const attn::TraceStep& step : trace.steps) {
    std::printf("\n## %s\n", step.title.c_str());
    if (!step.formula.empty()) std::printf("%s\n", step.formula.c_str());
    if (!step.text.empty()) std::printf("%s\n", step.text.c_str());
    for (int i : step.matrices) {
      const attn::TraceMatrix& m = trace.matrices[i];
      attn::PrintOptions options;
      options.precision = step.precision;
      options.suppress = step.suppress;
      std::printf("\n%s (%d, %d):\n%s\n", m.label.c_str(), m.value.rows(), m.value.cols(),
                  attn::format_array(m.value, options).c_str());
    }
  }
  // Generating with a KV cache: every step t (or the one asked for).
  int part = -1;
  attn::PrintOptions options;
  for (const attn::CacheTraceStep& step : cache) {
    if (step.part != part) {
      part = step.part;
      options.precision = cache_precision(trace, part, options.suppress);
      const std::string& id = trace.parts[static_cast<size_t>(part)].id;
      std::printf("\n## Generating with the KV cache, step by step%s%s\n", id.empty() ? "" : ": ",
                  id.c_str());
    }
    std::printf("\n### t = %d: %s\n", step.t, step.token.c_str());
    for (const attn::TraceMatrix& m : step.matrices)
      std::printf("\n%s (%d, %d):\n%s\n", m.label.c_str(), m.value.rows(), m.value.cols(),
                  attn::format_array(m.value, options).c_str());
  }
}

int trace_command(int argc, char** argv) {
  std::string lesson_arg, format = "json", cache_step;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
      format = argv[++i];
    } else if (std::strncmp(argv[i], "--format=", 9) == 0) {
      format = argv[i] + 9;
    } else if (std::strcmp(argv[i], "--cache-step") == 0) {
      if (i + 1 >= argc) return bad_input(std::string("--cache-step needs a value\n") + kUsage);
      cache_step = argv[++i];
    } else if (std::strncmp(argv[i], "--cache-step=", 13) == 0) {
      cache_step = argv[i] + 13;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      return bad_input(std::string("unknown option ") + argv[i] + "\n" + kUsage);
    } else if (lesson_arg.empty()) {
      lesson_arg = argv[i];
    } else {
      return bad_input(std::string("unexpected argument ") + argv[i] + "\n" + kUsage);
    }
  }
  if (lesson_arg.empty()) return bad_input(std::string("trace needs a LESSON\n") + kUsage);
  if (format != "json" && format != "text")
    return bad_input("unknown format \"" + format + "\" (use json or text)");

  std::shared_ptr<const attn::Lesson> lesson = attn::find_builtin_lesson(lesson_arg);
  if (!lesson) {
    const bool looks_like_path =
        lesson_arg.find('/') != std::string::npos || lesson_arg.find(".json") != std::string::npos;
    std::string error;
    if (!looks_like_path && !std::filesystem::exists(lesson_arg))
      return bad_input("unknown lesson \"" + lesson_arg +
                       "\": not a built-in id (see `attention-cli list`) and no such file");
    const std::optional<std::string> text = read_file(lesson_arg, error);
    if (!text) return bad_input(error);
    attn::LoadResult result = attn::load_lesson(*text);
    if (!result.ok()) return bad_input(result.error.message(lesson_arg));
    lesson = std::make_shared<const attn::Lesson>(std::move(*result.lesson));
  }
  attn::LessonState state = attn::default_state(*lesson);
  int only_step = -1;  // every step of generating
  if (!cache_step.empty()) {
    // The parts generating with a cache show step T, and only T is printed.
    int tokens = 0;
    for (const attn::Part& part : lesson->parts)
      if (part.sequence.kv_cache) tokens = static_cast<int>(part.tokens.size());
    if (tokens == 0)
      return bad_input("--cache-step: lesson \"" + lesson->id +
                       "\" does not generate with a KV cache (no \"kv_cache\": true)");
    const bool digits = cache_step.find_first_not_of("0123456789") == std::string::npos;
    only_step = digits && cache_step.size() < 4 ? std::stoi(cache_step) : tokens;
    if (only_step >= tokens)
      return bad_input("--cache-step \"" + cache_step + "\": a step from 0 to " +
                       std::to_string(tokens - 1));
    for (size_t p = 0; p < lesson->parts.size(); ++p)
      if (lesson->parts[p].sequence.kv_cache)
        state.parts[p].options.cache_step =
            std::min(only_step, static_cast<int>(lesson->parts[p].tokens.size()) - 1);
  }
  const attn::Trace trace = attn::build_trace(*lesson, state);
  const std::vector<attn::CacheTraceStep> cache = attn::cache_trace(*lesson, state, only_step);
  if (format == "text")
    print_text(trace, cache);
  else
    std::printf("%s\n", attn::trace_to_json(trace, -1, &cache).c_str());
  return 0;
}

// The texts a translation of the lesson replaces (core/load/lesson_translations.h).
int texts_command(int argc, char** argv) {
  if (argc != 3) return bad_input(std::string("texts needs one LESSON\n") + kUsage);
  const std::string lesson_arg = argv[2];
  std::optional<std::string> text;
  if (const std::string_view file = attn::builtin_lesson_file(lesson_arg); !file.empty())
    text = std::string(file);
  std::string error;
  if (!text) text = read_file(lesson_arg, error);
  if (!text) return bad_input(error);
  const attn::LessonFile file = attn::read_lesson_file(*text);
  if (!file.document) return bad_input(file.error.message(lesson_arg));
  const attn::LoadResult result = attn::load_lesson_document(*file.document);
  if (!result.ok()) return bad_input(result.error.message(lesson_arg));
  std::printf("%s\n", attn::json(attn::translatable_texts(*file.document)).dump(1).c_str());
  return 0;
}

// A number as the lesson file writes it: the shortest decimal that reads back
// as the same double; NaN and infinities as JavaScript spells them, which the
// loader refuses with its own message and the place.
std::string json_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return attn::format_round_trip(v);
}

// An array as JSON: a scalar, a flat list (a bias), or nested rows.
void write_array(std::string& out, const attn::cli::NpyArray& a, size_t dim, size_t& at) {
  if (dim == a.shape.size()) {
    out += json_number(a.values[at++]);
    return;
  }
  out += '[';
  for (size_t i = 0; i < a.shape[dim]; ++i) {
    if (i) out += dim + 1 == a.shape.size() ? ", " : ",\n    ";
    write_array(out, a, dim + 1, at);
  }
  out += ']';
}

// Names, comma-separated: "The,cat,sat".
attn::json split(const std::string& text) {
  attn::json names = attn::json::array();
  for (size_t start = 0;;) {
    const size_t comma = text.find(',', start);
    names.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

// Where the lesson file writes an array named as an input: its name, or the
// input's own key ("P" at "positions", "memory" at "memory/X").
std::string key_of(const std::string& name) {
  for (const attn::EnumName<attn::Stage>& s : attn::kStageNames)
    if (name == s.name && attn::input_spec(s.value)) return std::string(attn::input_key(s.value));
  return name;
}

// A lesson file from numpy's files (cli/numpy_files.h): the arrays under
// their names, the options as the lesson's keys; the loader then checks it
// as it checks any lesson file, and its one-line error names the file.
int lesson_command(int argc, char** argv) {
  std::vector<std::string> files;
  std::vector<std::pair<std::string, attn::json>> settings;  // in the file's order
  std::string tokens, title, id;
  bool have_tokens = false;
  attn::json memory_tokens;  // the memory's, with an array "memory"
  bool have_memory_tokens = false;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    if (arg == "--tokens" || arg == "--title" || arg == "--id" || arg == "--layout" ||
        arg == "--heads" || arg == "--scale" || arg == "--positions" || arg == "--first-position" ||
        arg == "--memory-tokens" || arg == "--cache-step") {
      const std::optional<std::string> v = value();
      if (!v) return bad_input(arg + " needs a value\n" + kUsage);
      if (arg == "--tokens") tokens = *v, have_tokens = true;
      if (arg == "--title") title = *v;
      if (arg == "--id") id = *v;
      // A number where it reads as one: the loader says what it expected otherwise.
      const attn::json number = attn::json::parse(*v, nullptr, false);
      const attn::json given = number.is_number() ? number : attn::json(*v);
      if (arg == "--layout") settings.emplace_back("layout", given);
      if (arg == "--heads") settings.emplace_back("heads", given);
      if (arg == "--scale") settings.emplace_back("scale", given);
      if (arg == "--positions") settings.emplace_back("positions", given);
      if (arg == "--first-position") settings.emplace_back("first_position", given);
      if (arg == "--cache-step") settings.emplace_back("cache_step", given);
      if (arg == "--memory-tokens") memory_tokens = split(*v), have_memory_tokens = true;
    } else if (arg == "--causal") {
      settings.emplace_back("causal", true);
    } else if (arg == "--rope") {
      settings.emplace_back("rope", true);
    } else if (arg == "--kv-cache") {
      settings.emplace_back("kv_cache", true);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return bad_input("unknown option " + arg + "\n" + kUsage);
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) return bad_input(std::string("lesson needs .npz or .npy files\n") + kUsage);
  if (!have_tokens)
    return bad_input(
        "lesson needs --tokens, the tokens' names, comma-separated: --tokens The,cat,sat");

  // The arrays, by name, and the file each came from.
  std::vector<std::pair<std::string, attn::cli::NpyArray>> arrays;
  std::map<std::string, std::string> file_of;
  const std::set<std::string> own_keys = {
      "id",     "title",     "tokens", "layout",         "heads",    "scale",      "causal",
      "source", "positions", "rope",   "first_position", "kv_cache", "cache_step", "train"};
  for (const std::string& path : files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return bad_input(path + ": no such file");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream read;
    read << in.rdbuf();
    const std::string bytes = read.str();
    std::vector<std::pair<std::string, std::string>> members;
    const bool npz = path.size() > 4 && path.substr(path.size() - 4) == ".npz";
    if (npz) {
      if (std::string e = attn::cli::read_npz(bytes, members); !e.empty())
        return bad_input(path + ": " + e);
    } else {
      members.emplace_back(std::filesystem::path(path).stem().string(), bytes);
    }
    for (auto& [name, npy] : members) {
      const std::string where = npz ? path + ": " + name : path;
      if (own_keys.count(name) || file_of.count(name))
        return bad_input(where + ": " +
                         (file_of.count(name)
                              ? "\"" + name + "\" is given twice (also in " + file_of[name] + ")"
                              : "\"" + name +
                                    "\" is not an input (X, W_q, W_k, W_v, b_q, "
                                    "b_k, b_v, W_o, Q, K, V, weights, P, memory)"));
      attn::cli::NpyArray a;
      if (std::string e = attn::cli::read_npy(npy, a); !e.empty())
        return bad_input(where + ": " + e);
      file_of[name] = path;
      arrays.emplace_back(name, std::move(a));
    }
  }
  std::string stem = std::filesystem::path(files[0]).stem().string();
  if (id.empty()) {
    for (char c : stem) {
      const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      id += ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9') || l == '_') ? l : '-';
    }
    id = id.substr(0, attn::Limits::kMaxIdChars);
    if (id.empty()) id = "arrays";
  }
  const attn::json names = split(tokens);
  auto dump = [](const attn::json& j) {
    return j.dump(-1, ' ', false, attn::json::error_handler_t::replace);
  };
  std::string text =
      "{\n  \"id\": " + dump(id) + ",\n  \"title\": " +
      dump(title.empty() ? std::filesystem::path(files[0]).filename().string() : title) +
      ",\n  \"tokens\": " + dump(names);
  for (const auto& [key, value] : settings) text += ",\n  \"" + key + "\": " + dump(value);
  std::map<std::string, std::string> file_of_key;  // by the key it is written at
  std::string memory;  // {"tokens": ..., "X": ...}, written after the rest
  for (const auto& [name, a] : arrays) {
    const std::string key = key_of(name);
    file_of_key[key.substr(0, key.find('/'))] = file_of[name];
    std::string array;
    size_t at = 0;
    write_array(array, a, 0, at);
    for (const auto& setting : settings)
      if (setting.first == key)
        return bad_input(file_of[name] + ": " + name + " gives the " + key + ": no --" + key +
                         " with it");
    if (key == "memory/X" && !have_memory_tokens)
      return bad_input(file_of[name] +
                       ": the memory (cross-attention) needs --memory-tokens, its tokens' names, "
                       "comma-separated");
    if (key == "memory/X")
      memory = "{\"tokens\": " + dump(memory_tokens) + ", \"X\": " + array + "}";
    else
      text += ",\n  " + dump(key) + ": " + array;
  }
  if (!memory.empty())
    text += ",\n  \"memory\": " + memory;
  else if (have_memory_tokens)
    text += ",\n  \"memory\": {\"tokens\": " + dump(memory_tokens) + "}";
  text += "\n}\n";
  const attn::LoadResult result = attn::load_lesson(text);
  if (!result.ok()) {
    // The file the failing array came from.
    std::string source = files[0];
    const std::string& path = result.error.path;
    const std::string first =
        path.empty() ? "" : path.substr(1, path.find('/', 1) - 1);  // "": the lesson as a whole
    if (file_of_key.count(first)) source = file_of_key[first];
    return bad_input(result.error.message(source));
  }
  std::fputs(text.c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return bad_input(std::string("missing command\n") + kUsage);
  const std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(kSynopsis, stdout);
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (command == "--version") {
    std::printf("attention-cli (Attention Lab) %s\n", ATTN_VERSION);
    return 0;
  }
  if (command == "list") {
    if (argc > 2) return bad_input(std::string("list takes no arguments\n") + kUsage);
    for (const auto& l : attn::builtin_lessons()) std::printf("%s\n", l->id.c_str());
    return 0;
  }
  if (command == "format") {
    if (argc > 2) return bad_input(std::string("format takes no arguments\n") + kUsage);
    std::fputs(attn::lesson_format_json().c_str(), stdout);
    return 0;
  }
  if (command == "trace") return trace_command(argc, argv);
  if (command == "texts") return texts_command(argc, argv);
  if (command == "lesson") return lesson_command(argc, argv);
  return bad_input("unknown command \"" + command + "\"\n" + kUsage);
}
