// Predict first, in every built-in lesson: walking its steps in order with
// predictions on, no number that answers a question still open is readable
// anywhere (every glyph the canvas draws, the heatmaps' colours, the live
// bars and the temperature curves, the text view, the numpy snippet); once
// every question is answered, the loop is whole again. The answer's numbers
// come from the session's complete trace; what is on screen is read back from
// the frame's draw lists.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "app/app.h"
#include "core/lesson/activity.h"
#include "core/load/builtin_lessons.h"
#include "core/logic/reads.h"
#include "core/text/number_text.h"
#include "support/headless.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

struct Cell {
  int matrix, row, col;
  bool operator<(const Cell& o) const {
    return std::tie(matrix, row, col) < std::tie(o.matrix, o.row, o.col);
  }
};

// The entries whose numbers answer prediction `p` (asked at `step`): its
// answer's regions, for a pick also the same slice of every variant (they
// order the keys alike), less a matrix an earlier step shows as its result
// (the lesson's content, not the answer).
std::set<Cell> answer_cells(const Trace& t, const Prediction& p, int step) {
  std::vector<Region> regions = answer_regions(p);
  if (p.kind == Prediction::Kind::Pick)
    for (int v = 0; v <= static_cast<int>(t.parts[p.pick.slice.matrix.part].variants.size()); ++v) {
      Region twin = region_of(p.pick.slice);
      twin.matrix.variant = v;
      if (t.find(twin.matrix)) regions.push_back(twin);
    }
  std::set<Cell> out;
  for (const Region& r : regions) {
    const int index = t.index_of(r.matrix);
    if (index < 0) continue;
    bool earlier = false;
    for (int s = 0; s < step; ++s)
      for (int i : t.steps[s].matrices) earlier = earlier || i == index;
    if (earlier) continue;
    const Matrix& v = t.matrices[index].value;
    for (int row = 0; row < v.rows(); ++row)
      for (int col = 0; col < v.cols(); ++col)
        if (r.contains(row, col)) out.insert({index, row, col});
  }
  return out;
}

// Text as read, whatever wrapped it: a number's U+2024 back to '.', line
// breaks and runs of spaces as one space.
std::string as_read(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\xE2\x80\xA4") == 0) {
      out += '.';
      i += 2;
    } else if (text[i] == '\n' || text[i] == ' ') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

// The numbers in a text: runs of digits, "." and minus signs.
std::set<std::string> numbers_in(const std::string& text) {
  std::set<std::string> out;
  std::string run;
  auto flush = [&] {
    if (run.find_first_of("0123456789") != std::string::npos) out.insert(run);
    run.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "−") == 0) {
      flush();
      run = "−";
      i += 2;
    } else if (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.') {
      run += text[i];
    } else {
      flush();
    }
  }
  flush();
  return out;
}

struct Walk {
  std::string lesson;
  ImVec2 size;
  bool touch;
};

}  // namespace

TEST_CASE("no number that answers an open prediction is readable, in any lesson, at any size") {
  int checked = 0;  // answer numbers looked for: the walk must look for some
  for (const BuiltinLessonEntry& entry : builtin_lesson_index())
    for (const Walk& walk :
         {Walk{entry.id, ImVec2(1280, 800), false}, Walk{entry.id, ImVec2(800, 500), false},
          Walk{entry.id, ImVec2(390, 844), true}}) {
      app::StartParameters start;
      start.values = {{"lesson", walk.lesson}};
      test::HeadlessUi ui(start, walk.size);
      if (walk.touch) ui.app().apply(ui::request::SetTouch{true});
      const Session& session = ui.app().session();
      const Trace& t = session.trace();  // complete: the API's
      const Lesson& lesson = session.lesson();
      std::set<Cell> forbidden;  // this frame's
      std::vector<std::string> leaks;
      ui.heatmaps.on_draw = [&](const ui::HeatmapRequest& r) {
        for (const Cell& c : forbidden) {
          if (static_cast<uint32_t>(r.key) != t.matrices[c.matrix].key.packed()) continue;
          if (std::isfinite((*r.values)(c.row, c.col)))
            leaks.push_back("the colour of " + t.id_of(t.matrices[c.matrix].key));
        }
      };
      for (int step = 0; step < static_cast<int>(t.steps.size()); ++step) {
        CAPTURE(walk.lesson);
        CAPTURE(walk.size.x);
        CAPTURE(step);
        REQUIRE(ui.app().apply(ui::request::GoToStep{step}).empty());
        // Every open question's answer, and the numbers it prints as.
        forbidden.clear();
        for (int s = 0; s < static_cast<int>(t.steps.size()); ++s)
          for (const Prediction& p :
               lesson.parts[t.steps[s].part].steps[t.steps[s].part_step].predictions)
            if (!ui.app().slot().progress.answers.count(p.id))
              for (const Cell& c : answer_cells(t, p, s)) forbidden.insert(c);
        std::set<std::string> answer_texts, other_texts;
        for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
          const Matrix& v = t.matrices[i].value;
          for (int r = 0; r < v.rows(); ++r)
            for (int c = 0; c < v.cols(); ++c)
              for (int d = 0; d <= 8; ++d)
                (forbidden.count({i, r, c}) && d >= 2 ? answer_texts : other_texts)
                    .insert(number_text(v(r, c), d));
        }
        // A number another entry also prints as tells nothing of the answer,
        // nor do the temperature plot's axis labels.
        for (const char* tick : {"0.01", "0.1", "1", "10", "100"}) other_texts.insert(tick);
        for (const std::string& s : other_texts) answer_texts.erase(s);
        checked += static_cast<int>(answer_texts.size());
        leaks.clear();
        ui.frames(3);
        const std::set<std::string> drawn = numbers_in(ui.drawn_text());
        const std::set<std::string> text_view = numbers_in(ui.api().text_view_json());
        const std::set<std::string> snippet = numbers_in(ui.app().shown_numpy_snippet());
        // A sentence that reads an answer (a key by name, "to {largest
        // weights_h2[x0]} in head 2") is not readable as the numbers make it.
        const TraceStep& ts = t.steps[step];
        const StepSpec& spec = lesson.parts[ts.part].steps[ts.part_step];
        const std::string canvas = as_read(ui.drawn_text());
        std::string view_text;
        const nlohmann::json view = nlohmann::json::parse(ui.api().text_view_json());
        for (const auto& sentence : view["sentences"])
          view_text += as_read(sentence["text"].get<std::string>()) + "\n";
        for (size_t i = 0; i < spec.text.size(); ++i) {
          std::vector<Region> reads;
          add_reads(reads, spec.text[i].text);
          if (spec.text[i].when) add_reads(reads, *spec.text[i].when);
          bool answers = false;
          for (const Region& region : reads) {
            const int index = t.index_of(region.matrix);
            const Matrix& v = t.matrices[std::max(index, 0)].value;
            for (int r = 0; index >= 0 && r < v.rows(); ++r)
              for (int c = 0; c < v.cols(); ++c)
                answers = answers || (region.contains(r, c) && forbidden.count({index, r, c}));
          }
          if (!answers) continue;
          ++checked;
          const std::string told = as_read(ts.sentences[i].text);
          if (canvas.find(told) != std::string::npos) leaks.push_back("the canvas says " + told);
          if (view_text.find(told) != std::string::npos)
            leaks.push_back("the text view says " + told);
        }
        for (const std::string& a : answer_texts) {
          if (drawn.count(a)) leaks.push_back("the canvas shows " + a);
          if (text_view.count(a)) leaks.push_back("the text view shows " + a);
          if (snippet.count(a)) leaks.push_back("the numpy snippet shows " + a);
        }
        // The live bars and the temperature curves draw numbers as lengths.
        for (const Cell& c : forbidden) {
          const std::string bar = t.id_of(t.matrices[c.matrix].key) + ":" + std::to_string(c.row) +
                                  ":" + std::to_string(c.col);
          ui::ItemRect r;
          if (ui::find_item(bar, &r)) leaks.push_back("a live bar shows " + bar);
        }
        CHECK_MESSAGE(leaks.empty(), leaks.front());
      }
      // Every question answered (or skipped): nothing is covered any more.
      for (const Part& part : lesson.parts)
        for (const StepSpec& s : part.steps)
          for (const Prediction& p : s.predictions)
            ui.app().apply(ui::request::SkipPrediction{p.id});
      forbidden.clear();
      for (int step = 0; step < static_cast<int>(t.steps.size()); ++step) {
        ui.app().apply(ui::request::GoToStep{step});
        ui.frames(2);
        CHECK(ui.drawn_text().find("covered") == std::string::npos);
        ui::ItemRect r;
        CHECK_FALSE(ui::find_item("##live-covered", &r));
        CHECK_FALSE(ui::find_item("##temperature-covered", &r));
      }
    }
  CHECK(checked > 100);
}

TEST_CASE("the cat sat, step 1: \"The\"'s weights wait for step 4, another query's stand in") {
  app::StartParameters start;
  start.values = {{"lesson", "the-cat-sat"}};
  test::HeadlessUi ui(start);
  ui.frames(3);
  ui::ItemRect r;
  // The live panel follows "The" at first; its row answers step 4, so "cat"'s
  // bars stand in, said so, and "The" cannot be followed yet.
  CHECK_FALSE(ui::find_item("##live-covered", &r));
  CHECK(ui::find_item("##live-stand-in", &r));
  CHECK_FALSE(ui::find_item("weights:0:0", &r));
  CHECK(ui::find_item("weights:1:0", &r));
  CHECK(ui::find_item("##live-output", &r));
  const std::string text = ui.drawn_text();
  CHECK(text.find("the prediction at step 4") != std::string::npos);
  CHECK(text.find("Softmax output for \"cat\"") != std::string::npos);
  // Step 5 estimates output[The, 0]: "cat"'s output in that dimension mixes the
  // same values of V (2.39 beside 2.37), so it is "?" too, and says why.
  CHECK(as_read(text).find("output[cat] = [?, ") != std::string::npos);
  CHECK(ui::find_item("##live-output-covered-note", &r));
  CHECK(as_read(text).find("the prediction at step 5") != std::string::npos);
  REQUIRE(ui.click("##follow:0"));  // disabled: nothing changes
  ui.frames(2);
  CHECK_FALSE(ui::find_item("weights:0:0", &r));
  CHECK(ui.app().view().query == 0);
  REQUIRE(ui.click("##follow:2"));  // "sat" answers nothing either
  ui.frames(2);
  CHECK(ui::find_item("weights:2:0", &r));
  CHECK_FALSE(ui::find_item("##live-stand-in", &r));
  REQUIRE(ui.click("##follow:1"));
  ui.frames(2);
  // A drag on W_k (step 2) moves "cat"'s bars while "The"'s stay covered.
  REQUIRE(ui.app().apply(ui::request::GoToStep{1}).empty());
  ui.frames(2);
  const double before = ui.app().session().trace().find({0, Stage::weights, 0, 0})->value(1, 1);
  REQUIRE(ui.drag("##W_k:1:1", 60.0f));
  ui.frames(2);
  CHECK(ui.app().session().trace().find({0, Stage::weights, 0, 0})->value(1, 1) != before);
  CHECK(ui::find_item("weights:1:0", &r));
  // Step 4 answered: "The"'s bars come back.
  REQUIRE(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-the-attends", 1}).empty());
  REQUIRE(ui.click("##follow:0"));
  ui.frames(2);
  CHECK(ui::find_item("weights:0:0", &r));
  CHECK_FALSE(ui::find_item("##live-covered", &r));
  CHECK_FALSE(ui::find_item("##live-stand-in", &r));
}

TEST_CASE(
    "the cat sat at step 5 with step 4's question open: step 5's waits, and says where to go") {
  app::StartParameters start;
  start.values = {{"lesson", "the-cat-sat"}, {"step", "5"}};
  test::HeadlessUi ui(start);
  ui.frames(3);
  ui::ItemRect r;
  // output[The, 0] is mixed by "The"'s weights, which step 4's question covers:
  // no slider to guess with, the way back instead.
  CHECK_FALSE(ui::find_item("##estimate", &r));
  CHECK_FALSE(ui::find_item("##guess", &r));
  CHECK(ui::find_item("##skip-prediction", &r));
  CHECK(ui.drawn_text().find("First answer (or skip) the prediction at step 4") !=
        std::string::npos);
  CHECK(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-output-estimate", 2.4}) ==
        "the prediction \"cat-sat-output-estimate\" needs the prediction at step 4 answered (or "
        "skipped) first");
  REQUIRE(ui.click("##go-to-open-prediction"));
  ui.frames(2);
  CHECK(ui.app().view().step == 3);
  // Step 4 answered: step 5's question can be answered.
  REQUIRE(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-the-attends", 1}).empty());
  REQUIRE(ui.app().apply(ui::request::GoToStep{4}).empty());
  ui.frames(3);
  CHECK(ui::find_item("##estimate", &r));
  CHECK_FALSE(ui::find_item("##go-to-open-prediction", &r));
  CHECK(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-output-estimate", 2.4}).empty());
}

TEST_CASE(
    "a later step's sentence that reads a covered number: \"?\" on the canvas and in the text "
    "view alike") {
  // An instructor's lesson: step 2's text states the number step 1's open
  // question is about, and a sentence whose condition would give it away.
  const std::string lesson = R"({"id": "later-sentence", "title": "Later sentence",
    "tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]],
    "W_k": [[2, 0], [0, 1]], "W_v": [[1, 2], [3, 4]],
    "steps": [
      {"id": "scores", "title": "Scores", "show": ["scores"],
       "predict": [{"id": "a-picks", "ask": "Which key will \"a\" attend to most?",
                    "pick": {"largest": {"of": "weights", "query": "a"}},
                    "reveal": "It is \"{answer}\"."}]},
      {"id": "output", "title": "Output", "show": ["output"],
       "text": ["Here \"a\" gives its most weight, {max weights[a]:2}, to one key.",
                {"text": "Here \"a\" attends to itself most.",
                 "when": {"largest": {"of": "weights", "query": "a"}, "is": "a"}}]}]})";
  app::StartParameters start;
  test::HeadlessUi ui(start);
  ui.frames(2);
  REQUIRE(ui.api().add_lesson(lesson, "later-sentence.json") == "");
  REQUIRE(ui.app().apply(ui::request::GoToStep{1}).empty());
  ui.frames(3);
  const double most = ui.app().session().trace().find({0, Stage::weights, 0, 0})->value(0, 0);
  REQUIRE(number_text(most, 2) == "0.80");
  // The canvas writes a number's '.' as U+2024, which looks the same (ui/fonts.h).
  auto dots = [](std::string s) {
    for (size_t at; (at = s.find("\xE2\x80\xA4")) != std::string::npos;) s.replace(at, 3, ".");
    return s;
  };
  const std::string canvas = dots(ui.drawn_text());
  const std::string text_view = ui.api().text_view_json();
  for (const std::string& shown : {canvas, text_view}) {
    CHECK(shown.find("most weight, ?, to one key") != std::string::npos);
    CHECK(shown.find("0.80") == std::string::npos);
    CHECK(shown.find("attends to itself most") == std::string::npos);
  }
  // Answered: both say it.
  REQUIRE(ui.app().apply(ui::request::AnswerPrediction{"a-picks", 0}).empty());
  ui.frames(3);
  for (const std::string& shown : {dots(ui.drawn_text()), ui.api().text_view_json()}) {
    CHECK(shown.find("most weight, 0.80, to one key") != std::string::npos);
    CHECK(shown.find("attends to itself most") != std::string::npos);
  }
}
