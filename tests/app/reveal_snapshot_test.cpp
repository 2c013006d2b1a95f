// A reveal is one snapshot. In every built-in lesson, each prediction is
// answered (rightly in one walk, wrongly in the other) at the notebook's
// numbers or at edited ones; then the numbers are edited again (random edits,
// and every challenge's solution). Each reveal the learner reads, and the
// question's ask above it (the text view's, which the canvas draws from the
// same view), must still be what the numbers it was answered on say, rebuilt
// here from the state the test kept; "When you answered:" stands before
// both once the numbers differ; every sum it prints adds up to its terms; and its
// verdict agrees with the answer it names.
#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>

#include "app/app.h"
#include "core/learning/activity_view.h"
#include "core/load/builtin_lessons.h"
#include "core/logic/answers.h"
#include "core/logic/build_trace.h"
#include "core/logic/render_text.h"
#include "support/headless.h"

using namespace attn;

namespace {

Evaluation evaluation_of(const Session& s) {
  return {s.trace(), s.notebook(), s.state(), s.defaults()};
}

// A few numbers of the lesson's inputs moved, as a learner's drags would.
void edit_at_random(test::HeadlessUi& ui, std::mt19937& rng, int edits) {
  for (int i = 0; i < edits; ++i) {
    const Trace& t = ui.app().session().trace();
    std::vector<const TraceMatrix*> inputs;
    for (const TraceMatrix& m : t.matrices)
      if (m.editable) inputs.push_back(&m);
    const TraceMatrix& m = *inputs[rng() % inputs.size()];
    const int r = static_cast<int>(rng() % m.value.rows()),
              c = static_cast<int>(rng() % m.value.cols());
    std::normal_distribution<double> step(0.0, 0.6);
    ui.app().apply(ui::request::EditCell{m.key, r, c, m.value(r, c) + step(rng)});
  }
}

// The learner's answer: the right one, or a wrong one.
double answer_for(const Prediction& p, const Evaluation& e, bool right) {
  if (p.kind == Prediction::Kind::Estimate) {
    const double truth = measure(p.estimate.measure, e);
    const double off = 2 * p.estimate.within + 0.01;
    double guess = right ? truth : (truth + off <= p.estimate.max ? truth + off : truth - off);
    guess = std::clamp(guess, p.estimate.min, p.estimate.max);
    return std::round(guess * 100.0) / 100.0;  // as the slider keeps it
  }
  const int best = right_option(p, e);
  const int options = static_cast<int>(prediction_options(p, e.now).size());
  if (right) return best;
  for (int o = 0; o < options; ++o)
    if (!is_right(p, e, o)) return o;
  return best;  // every option right (a tie): no wrong answer to give
}

// A number as the page writes it, back to a double ("−0.52" has a real minus).
double number_of(std::string text) {
  if (text.rfind("−", 0) == 0) text.replace(0, 3, "-");
  return std::stod(text);
}
int decimals_of(const std::string& text) {
  const size_t dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

// "A ≈ w×v + w×v + …": the sum of the terms, within what rounding each
// printed number allows, is A. Counts the sums it checked.
int sums_checked = 0;
void check_sums(const std::string& sentence) {
  static const std::regex sum(
      R"(((?:−|-)?\d+(?:\.\d+)?) ≈ ((?:(?:−|-)?\d+(?:\.\d+)?×(?:−|-)?\d+(?:\.\d+)?(?: \+ )?)+))");
  static const std::regex term(R"(((?:−|-)?\d+(?:\.\d+)?)×((?:−|-)?\d+(?:\.\d+)?))");
  for (std::sregex_iterator m(sentence.begin(), sentence.end(), sum), end; m != end; ++m) {
    const std::string total = (*m)[1], terms = (*m)[2];
    double sum_of_terms = 0.0, slack = 0.5 * std::pow(10.0, -decimals_of(total));
    for (std::sregex_iterator t(terms.begin(), terms.end(), term); t != end; ++t) {
      const std::string a = (*t)[1], b = (*t)[2];
      const double x = number_of(a), y = number_of(b);
      sum_of_terms += x * y;
      const double ea = 0.5 * std::pow(10.0, -decimals_of(a)),
                   eb = 0.5 * std::pow(10.0, -decimals_of(b));
      slack += std::fabs(x) * eb + std::fabs(y) * ea + ea * eb;
    }
    INFO(sentence);
    CHECK(std::fabs(number_of(total) - sum_of_terms) <= slack + 1e-12);
    ++sums_checked;
  }
}

// Text as plain as the canvas's and the page's can both be: no spaces (the
// canvas wraps where it must), and wrappable()'s look-alike dots and commas
// as what they stand for.
std::string unwrapped(std::string text) {
  for (const auto& [look_alike, plain] :
       {std::pair{"\u2024", "."}, {"\u201A", ","}, {"\u00A0", " "}, {"\u3000", " "}})
    for (size_t at = text.find(look_alike); at != std::string::npos; at = text.find(look_alike))
      text.replace(at, std::string_view(look_alike).size(), plain);
  std::erase_if(text, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
  return text;
}

struct Answered {
  const Prediction* prediction;
  int step;
  double picked;
  LessonState state;  // the numbers it was answered on
};

void walk(const std::string& id, bool right, unsigned seed) {
  app::StartParameters start;
  start.values = {{"lesson", id}};
  test::HeadlessUi ui(start);
  ui.frames(2);
  std::mt19937 rng(seed);
  const Lesson& lesson = ui.app().session().lesson();
  std::vector<Answered> answered;
  const int steps = static_cast<int>(ui.app().session().trace().steps.size());
  for (int step = 0; step < steps; ++step) {
    REQUIRE(ui.app().apply(ui::request::GoToStep{step}).empty());
    const TraceStep& ts = ui.app().session().trace().steps[step];
    for (const Prediction& p : lesson.parts[ts.part].steps[ts.part_step].predictions) {
      if (answered.size() % 2) edit_at_random(ui, rng, 3);  // every other one on edited numbers
      const Session& s = ui.app().session();
      const double picked = answer_for(p, evaluation_of(s), right);
      answered.push_back({&p, step, picked, s.state()});
      REQUIRE(ui.app().apply(ui::request::AnswerPrediction{p.id, picked}).empty());
    }
  }
  std::vector<LessonState> later;  // the numbers the reveals are read at
  for (const Part& part : lesson.parts)
    for (const StepSpec& spec : part.steps)
      for (const Challenge& c : spec.challenges)
        if (c.solution) later.push_back(*c.solution);
  for (int round = 0; round < 3 || later.size(); ++round) {
    if (!later.empty()) {
      ui.app().apply(ui::request::RestoreState{later.back()});
      later.pop_back();
    } else {
      edit_at_random(ui, rng, 4);
    }
    const Session& s = ui.app().session();
    for (const Answered& a : answered) {
      const Prediction& p = *a.prediction;
      INFO(id << ", " << p.id << (right ? ", right" : ", wrong") << ", round " << round);
      REQUIRE(ui.app().apply(ui::request::GoToStep{a.step}).empty());
      ui.frames(1);
      const nlohmann::json view = nlohmann::json::parse(ui.api().text_view_json());
      // This step's answers, in its predictions' order.
      const TraceStep& ts = s.trace().steps[a.step];
      int at = 0;
      for (const Prediction& q : lesson.parts[ts.part].steps[ts.part_step].predictions) {
        if (&q == &p) break;
        ++at;
      }
      const nlohmann::json& shown = view["answers"].at(static_cast<size_t>(at));
      // The numbers it was answered on, built again from the state kept.
      const Trace then_trace = build_trace(lesson, a.state, &s.notebook(), &s.defaults());
      const Evaluation then{then_trace, s.notebook(), a.state, s.defaults()};
      const int digits = std::min(ts.precision, 3);
      const std::string picked = picked_text(p, then_trace, a.picked);
      const std::string answer = answer_text(p, then, digits);
      Filling fill{then, digits, picked, answer};
      std::vector<std::string> expected;
      for (const TextBlock& b : p.reveal)
        if (!b.when || holds(*b.when, then)) expected.push_back(render_text(b.text, fill));
      CHECK(shown["reveal"].get<std::vector<std::string>>() == expected);
      // The question above it quotes the same numbers.
      CHECK(shown["ask"] == render_text(p.ask, Filling{then, digits, "", ""}));
      CHECK(shown["numbers"] == (s.state() == a.state ? "" : "When you answered:"));
      for (const std::string& sentence : expected) check_sums(sentence);
      // The verdict agrees with the answer it names.
      const bool verdict = shown["right"].get<bool>();
      CHECK(verdict == is_right(p, then, a.picked));
      if (p.kind != Prediction::Kind::Estimate)
        CHECK((answer.find(picked) != std::string::npos) == verdict);
      // How the numbers now answer it is a line of its own, and true.
      const std::string now = answer_key(p, evaluation_of(s));
      const bool differs = now != answer_key(p, then);
      CHECK(shown["answerChanged"].get<std::string>().empty() == !differs);
    }
  }
}

}  // namespace

TEST_CASE(
    "every reveal of every built-in lesson is the snapshot of the numbers it was answered on") {
  unsigned seed = 1;
  for (const auto& lesson : builtin_lessons())
    for (const bool right : {true, false}) walk(lesson->id, right, seed++);
  CHECK(sums_checked > 0);  // the cat sat's estimate prints one
}

TEST_CASE("an answered question's ask quotes the numbers it was answered on, as its reveal does") {
  app::StartParameters start;
  start.values = {{"lesson", "the-cat-sat"}, {"step", "5"}};  // "output": the estimate
  test::HeadlessUi ui(start);
  ui.frames(2);
  REQUIRE(ui.app().apply(ui::request::SkipPrediction{"cat-sat-the-attends"}).empty());
  ui.frames(2);
  // The ask the learner answered, V's and the weights' numbers in it.
  const std::string asked =
      nlohmann::json::parse(ui.api().text_view_json())["prediction"]["ask"].get<std::string>();
  REQUIRE(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-output-estimate", 1.0}).empty());
  // X["The", 0] moved: V and the weights with it.
  REQUIRE(ui.app().apply(ui::request::EditCell{{0, Stage::X}, 0, 0, 2.5}).empty());
  ui.frames(3);
  const Session& s = ui.app().session();
  const Prediction& p = s.lesson().parts[0].steps[4].predictions[0];
  const std::string today = render_text(p.ask, Filling{evaluation_of(s), 3, "", ""});
  REQUIRE(today != asked);
  const nlohmann::json answer = nlohmann::json::parse(ui.api().text_view_json())["answers"].at(0);
  CHECK(answer["numbers"] == "When you answered:");
  CHECK(answer["ask"] == asked);
  const std::string drawn = unwrapped(ui.drawn_text());
  CHECK(drawn.find(unwrapped(asked)) != std::string::npos);
  CHECK(drawn.find(unwrapped(today)) == std::string::npos);
  // Said before the question, whose numbers are the answer's too, not between it and the reveal.
  CHECK(drawn.find(unwrapped("When you answered:")) < drawn.find(unwrapped(asked)));
}
