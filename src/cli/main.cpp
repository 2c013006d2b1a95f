// attention-cli: the attention core without a window.
//   attention-cli list                          built-in lesson ids, one per line
//   attention-cli trace LESSON [--format json|text]
//   attention-cli texts LESSON                  its translatable texts, as JSON
//                                               [[pointer, text], ...] (scripts/catalogs.py)
// LESSON is a built-in id or a path to a lesson file. Bad input exits with
// status 2 and one line on stderr naming the file, the JSON path and the reason.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "core/builtin_lessons.h"
#include "core/lesson_loader.h"
#include "core/lesson_translations.h"
#include "core/numpy_format.h"
#include "core/trace.h"
#include "core/trace_json.h"

namespace {

constexpr int kBadInput = 2;

const char* kSynopsis =
    "Usage: attention-cli list\n"
    "  or:  attention-cli trace LESSON [--format json|text]\n"
    "  or:  attention-cli texts LESSON\n";
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
    "                   matrices and their numbers, as JSON or as text\n"
    "  texts LESSON     print LESSON's translatable texts as JSON: [[pointer, text], ...]\n"
    "\n"
    "Options:\n"
    "  --format FORMAT  how trace prints: json (the default), or text with the\n"
    "                   arrays as numpy prints them\n"
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

void print_text(const attn::Trace& trace) {
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
}

int trace_command(int argc, char** argv) {
  std::string lesson_arg, format = "json";
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
      format = argv[++i];
    } else if (std::strncmp(argv[i], "--format=", 9) == 0) {
      format = argv[i] + 9;
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
  const attn::Trace trace = attn::build_trace(*lesson, attn::default_state(*lesson));
  if (format == "text")
    print_text(trace);
  else
    std::printf("%s\n", attn::trace_to_json(trace).c_str());
  return 0;
}

// The texts a translation of the lesson replaces (core/lesson_translations.h).
int texts_command(int argc, char** argv) {
  if (argc != 3) return bad_input(std::string("texts needs one LESSON\n") + kUsage);
  const std::string lesson_arg = argv[2];
  std::optional<std::string> text;
  if (const std::string_view file = attn::builtin_lesson_file(lesson_arg); !file.empty())
    text = std::string(file);
  std::string error;
  if (!text) text = read_file(lesson_arg, error);
  if (!text) return bad_input(error);
  const attn::LoadResult result = attn::load_lesson(*text);
  if (!result.ok()) return bad_input(result.error.message(lesson_arg));
  const attn::json doc = attn::json::parse(*text, nullptr, false);
  std::printf("%s\n", attn::json(attn::translatable_texts(doc)).dump(1).c_str());
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
  if (command == "trace") return trace_command(argc, argv);
  if (command == "texts") return texts_command(argc, argv);
  return bad_input("unknown command \"" + command + "\"\n" + kUsage);
}
