// "Copy as numpy": every lesson's snippet, with an edited input, run under
// Debian's python3-numpy, prints the same weights and output as the trace.
#include "core/numpy_snippet.h"

#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/builtin_lessons.h"
#include "core/session.h"

using namespace attn;

namespace {
// Runs a Python program and returns what it printed.
std::string run_python(const std::string& program) {
  // Debian's interpreter, where python3-numpy installs (scripts/deps.sh).
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("attention_snippet_" + std::to_string(getpid()) + ".py"))
                               .string();
  std::ofstream(path) << program;
  FILE* pipe = popen(("/usr/bin/python3 " + path + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  std::remove(path.c_str());
  INFO(out);
  REQUIRE(status == 0);
  return out;
}

std::vector<double> numbers(const std::string& text) {
  std::vector<double> out;
  std::istringstream in(text);
  double v;
  while (in >> v) out.push_back(v);
  return out;
}
}  // namespace

TEST_CASE("the snippet reproduces every lesson part, edits included") {
  for (const auto& shared : builtin_lessons()) {
    const Lesson& lesson = *shared;
    Session s(shared);
    // Edit the first entry of the first input, as a learner would.
    for (const TraceMatrix& m : s.trace().matrices)
      if (m.editable) {
        REQUIRE(s.set_value(m.key, 0, 0, m.value(0, 0) + 0.25) == "");
        break;
      }
    for (int p = 0; p < static_cast<int>(lesson.parts.size()); ++p) {
      INFO(lesson.id << " part " << p);
      std::string program = numpy_snippet(lesson, s.state(), p);
      // Print every number at full precision, one per line, for comparison.
      program +=
          "\nimport sys\nfor a in (all_weights if 'all_weights' in dir() else []) + ([output] if "
          "'output' in dir() else []):\n"
          "    sys.stdout.write('\\n'.join(repr(float(x)) for x in np.asarray(a).ravel()) + "
          "'\\n')\n";
      program.replace(program.find("np.set_printoptions"), 0,
                      "import builtins; print = lambda *a, **k: None\n");
      const std::vector<double> got = numbers(run_python(program));
      std::vector<double> expected;
      for (const TraceMatrix& m : s.trace().matrices) {
        if (m.key.part != p || m.key.variant) continue;
        if (m.key.stage == Stage::weights && !m.editable)
          expected.insert(expected.end(), m.value.data(), m.value.data() + m.value.size());
      }
      if (const TraceMatrix* out = s.trace().find({p, Stage::output, 0, 0}))
        expected.insert(expected.end(), out->value.data(), out->value.data() + out->value.size());
      REQUIRE(got.size() == expected.size());
      for (size_t i = 0; i < got.size(); ++i)
        CHECK(got[i] == doctest::Approx(expected[i]).epsilon(1e-12).scale(1e-12));
    }
  }
}
