// The built-in lessons' written arithmetic adds up as printed. A sentence
// such as "it is 2.276 = 0.02×0.82 + 0.45×2.56 + 0.52×2.09" is read back
// from what the learner sees (each step's sentences, each prediction's
// reveal), at the notebook's numbers and after edits: with "=", the printed
// terms must sum to the printed result at its decimals; with "≈", within
// what rounding the printed numbers can explain.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <regex>
#include <tuple>

#include "core/learning/activity_view.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/activity.h"
#include "core/load/builtin_lessons.h"
#include "core/logic/answers.h"
#include "core/logic/judge.h"

using namespace attn;

namespace {

// A number or a list of numbers as printed, and half a unit of its last digit.
struct Printed {
  std::vector<double> values;
  std::vector<double> half_units;
};

Printed parse_factor(const std::string& text) {
  Printed p;
  static const std::regex number(R"(-?\d+(?:\.(\d+))?)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it) {
    p.values.push_back(std::stod(it->str()));
    p.half_units.push_back(0.5 * std::pow(10.0, -static_cast<int>((*it)[1].length())));
  }
  return p;
}

// "×" "−" "≈" as single characters the regular expression can match.
std::string ascii(std::string s) {
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"×", "*"}, {"−", "-"}, {"≈", "~"}}) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at))
      s.replace(at, from.size(), to);
  }
  return s;
}

struct Claim {
  std::string text;
  bool approximate;
  Printed result;
  std::vector<std::pair<Printed, Printed>> terms;
};

std::vector<Claim> claims_in(const std::string& sentence) {
  static const std::string num = R"(-?\d+(?:\.\d+)?)";
  static const std::string vec = R"(\[)" + num + R"((?:, )" + num + R"()*\])";
  static const std::string fact = "(?:" + vec + "|" + num + ")";
  static const std::string term = fact + R"(\*)" + fact;
  static const std::string sum = term + R"((?: \+ )" + term + ")+";
  static const std::regex result_first("(" + fact + ") (=|~) (" + sum + ")");
  static const std::regex result_last("(" + sum + ") (=|~) (" + fact + ")");
  static const std::regex one_term("(" + fact + R"()\*()" + fact + ")");
  std::vector<Claim> out;
  const std::string s = ascii(sentence);
  auto add = [&](const std::string& whole, const std::string& result, const std::string& sign,
                 const std::string& terms) {
    Claim c{whole, sign == "~", parse_factor(result), {}};
    for (auto it = std::sregex_iterator(terms.begin(), terms.end(), one_term);
         it != std::sregex_iterator(); ++it)
      c.terms.emplace_back(parse_factor((*it)[1].str()), parse_factor((*it)[2].str()));
    out.push_back(std::move(c));
  };
  for (auto it = std::sregex_iterator(s.begin(), s.end(), result_first);
       it != std::sregex_iterator(); ++it)
    add(it->str(), (*it)[1].str(), (*it)[2].str(), (*it)[3].str());
  for (auto it = std::sregex_iterator(s.begin(), s.end(), result_last);
       it != std::sregex_iterator(); ++it)
    add(it->str(), (*it)[3].str(), (*it)[2].str(), (*it)[1].str());
  return out;
}

// Whether the claim holds as printed; `why` says how it fails.
bool adds_up(const Claim& c, std::string& why) {
  const size_t n = c.result.values.size();
  for (size_t i = 0; i < n; ++i) {
    double sum = 0.0, slack = 0.0;
    for (const auto& [a, b] : c.terms) {
      // A number times a list: the number multiplies each entry.
      const size_t ia = a.values.size() == 1 ? 0 : i, ib = b.values.size() == 1 ? 0 : i;
      if (ia >= a.values.size() || ib >= b.values.size()) {
        why = "the lists do not match";
        return false;
      }
      const double x = a.values[ia], y = b.values[ib], dx = a.half_units[ia], dy = b.half_units[ib];
      sum += x * y;
      slack += std::fabs(x) * dy + std::fabs(y) * dx + dx * dy;
    }
    const double r = c.result.values[i], dr = c.result.half_units[i];
    const double allowed = c.approximate ? slack + dr : dr;  // "=": rounds to the printed result
    if (std::fabs(sum - r) > allowed + 1e-9) {
      why = "the printed terms sum to " + std::to_string(sum) + ", not " + std::to_string(r);
      return false;
    }
  }
  return true;
}

// What the learner reads with these numbers: every sentence, every reveal.
std::vector<std::string> readable(const Session& s) {
  std::vector<std::string> out;
  const Evaluation e{s.trace(), s.notebook(), s.state(), s.defaults()};
  for (const TraceStep& step : s.trace().steps) {
    for (const TraceSentence& x : step.sentences) out.push_back(x.text);
    for (const Prediction& p : s.lesson().parts[step.part].steps[step.part_step].predictions) {
      const PredictionAnswer given{false, 0.0, false, answer_key(p, e), s.state()};
      for (const std::string& r : view_prediction(p, e, &given, 3).reveal) out.push_back(r);
    }
  }
  return out;
}

}  // namespace

TEST_CASE(
    "the claim reader: the reported sum of 0.02×0.82 + 0.45×2.56 + 0.52×2.09 fails as \"=\"") {
  const std::vector<Claim> c = claims_in("it is 2.276 = 0.02×0.82 + 0.45×2.56 + 0.52×2.09.");
  REQUIRE(c.size() == 1);
  std::string why;
  CHECK_FALSE(adds_up(c[0], why));  // 2.255
  CHECK(adds_up(claims_in("it is 2.276 ≈ 0.02×0.82 + 0.45×2.56 + 0.52×2.09.")[0], why));
  CHECK(adds_up(claims_in("[1, 2]*2 + 0.5*[2, 2] = [3, 5]")[0], why));
}

TEST_CASE(
    "every sum a lesson writes adds up as printed, at the notebook's numbers and after edits") {
  int claims = 0;
  std::mt19937 random(7);
  std::uniform_int_distribution<int> thousandths(-3000, 3000);
  for (const BuiltinLessonEntry& entry : builtin_lesson_index()) {
    Session s(find_builtin_lesson(entry.id));
    for (int round = 0; round < 4; ++round) {
      for (const std::string& text : readable(s)) {
        for (const Claim& c : claims_in(text)) {
          std::string why;
          CHECK_MESSAGE(adds_up(c, why), entry.id << ": " << c.text << ": " << why);

          ++claims;
        }
      }
      // Edits as a learner makes them: a few inputs dragged to new values.
      std::vector<std::tuple<MatrixKey, int, int>> inputs;  // an edit recomputes the trace
      for (const TraceMatrix& m : s.trace().matrices)
        if (m.editable && m.key.stage != Stage::weights)
          inputs.emplace_back(m.key, m.value.rows(), m.value.cols());
      for (const auto& [key, rows, cols] : inputs) {
        const int r = static_cast<int>(random() % rows), c = static_cast<int>(random() % cols);
        (void)s.set_value(key, r, c, thousandths(random) / 1000.0);
      }
    }
  }
  CHECK(claims >= 12);  // the reader found the lessons' sums
}
