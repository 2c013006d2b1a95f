// Predictions, challenges and saved work in the app: answered by clicks on
// the canvas, solved by dragging, kept across a restart (the shells hand the
// saved work back at start), and never in the way in explore mode.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "app/app.h"
#include "core/load/builtin_lessons.h"
#include "support/headless.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

app::StartParameters parameters(std::vector<std::pair<std::string, std::string>> values) {
  app::StartParameters p;
  p.values = std::move(values);
  return p;
}
nlohmann::json json_of(const std::string& s) { return nlohmann::json::parse(s); }
bool shown(const char* item) {
  ui::ItemRect r;
  return ui::find_item(item, &r);
}

// Skips every question on the steps before `step` (an index).
void settle_questions_before(test::HeadlessUi& ui, int step) {
  const Session& session = ui.app().session();
  for (int s = 0; s < step; ++s) {
    const TraceStep& ts = session.trace().steps[s];
    for (const Prediction& p : session.lesson().parts[ts.part].steps[ts.part_step].predictions)
      REQUIRE(ui.app().apply(ui::request::SkipPrediction{p.id}).empty());
  }
}

}  // namespace

TEST_CASE("a prediction covers the step's result until a click on an option answers it") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  CHECK(shown("##option:0"));
  CHECK_FALSE(shown("##weights:0:0"));  // the softmax output is covered...
  CHECK_FALSE(shown("weights:0:0"));    // ...in the step and in the live panel
  CHECK(shown("##scaled:0:0"));         // what it is computed from is not

  REQUIRE(ui.click("##option:2"));  // "sat": not the answer
  ui.frames(2);
  const nlohmann::json progress = json_of(ui.api().progress_json());
  CHECK(progress["answered"] == 1);
  CHECK(progress["right"] == 0);
  CHECK(shown("##weights:0:0"));
  CHECK(shown("weights:0:0"));
  CHECK_FALSE(shown("##option:0"));
  // The answer is kept, and judged: a second answer to the same question is refused.
  CHECK_FALSE(ui.app().apply(ui::request::AnswerPrediction{"cat-sat-the-attends", 1}).empty());
}

TEST_CASE("the live result shows no more than the step while its prediction is open") {
  // Asked which key "Batman" matches best (the largest score): the weights
  // would rank the keys the same way, so the live panel keeps them covered.
  test::HeadlessUi ui(parameters({{"lesson", "i-am-batman"}, {"step", "4"}}));
  ui.frames(3);
  CHECK(shown("##option:0"));
  CHECK_FALSE(shown("weights:0:0"));
  CHECK_FALSE(shown("##live-output"));
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  CHECK(shown("weights:0:0"));
  CHECK(shown("##live-output"));
}

TEST_CASE("an operand computed from a covered result is covered with it") {
  // Which input x0 attends to most in head 2: the step shows head 2's scores,
  // weights and context, and beside them its scaled scores, which rank the
  // keys as the weights do.
  test::HeadlessUi ui(parameters({{"lesson", "udl-multihead"}, {"step", "5"}}));
  ui.frames(3);
  CHECK(shown("##option:0"));
  CHECK(shown("##Q:0:0"));
  CHECK_FALSE(shown("##scaled_h2:0:0"));
  // The live panel covers head 2's weights, and can still show head 1's.
  CHECK_FALSE(shown("weights_h2:0:0"));
  REQUIRE(ui.click("1##live-head"));
  ui.frames(2);
  CHECK(shown("weights_h1:0:0"));
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  CHECK(shown("##scaled_h2:0:0"));
}

TEST_CASE("a prediction covers what its answer is read from, not the whole step") {
  // Which key the query of "likes" matches best: the scores are covered, the
  // Q and Kᵀ they are computed from stay beside the question.
  test::HeadlessUi scores(parameters({{"lesson", "she-likes-coffee"}, {"step", "5"}}));
  scores.frames(3);
  CHECK(shown("##option:0"));
  CHECK_FALSE(shown("##scores:0:0"));
  CHECK(shown("##Q:0:0"));
  CHECK(shown("##K_T:0:0"));
  REQUIRE(scores.click("##skip-prediction"));
  scores.frames(2);
  CHECK(shown("##scores:0:0"));
  // Will "Your answer" equal the true values: the outputs answer it, not the
  // attention matrix it was computed from.
  test::HeadlessUi outputs(parameters({{"lesson", "udl-multihead"}, {"step", "8"}}));
  outputs.frames(3);
  // An earlier question still open covers the outputs too: this one waits for it
  // (cover_test, predict_first_test); settled, it is asked.
  CHECK(shown("##go-to-open-prediction"));
  settle_questions_before(outputs, 7);
  outputs.frames(2);
  CHECK(shown("##option:0"));
  CHECK_FALSE(shown("##output:0:0"));
  CHECK_FALSE(shown("##output@your_answer:0:0"));
  CHECK(shown("##weights_h1:0:0"));
  // "Your answer"'s own attention and heads would tell it (a transpose, other numbers).
  CHECK_FALSE(shown("##weights_h1@your_answer:0:0"));
  CHECK_FALSE(shown("##concat@your_answer:0:0"));
  REQUIRE(outputs.click("##skip-prediction"));
  outputs.frames(2);
  CHECK(shown("##output:0:0"));
  CHECK(shown("##output@your_answer:0:0"));
  CHECK(shown("##weights_h1@your_answer:0:0"));
  CHECK(shown("##concat@your_answer:0:0"));
}

TEST_CASE(
    "the temperature plot hides while a prediction covers the weights, another query stands in for "
    "one covered") {
  // How "am" spreads its attention: the curves of its weights would tell.
  test::HeadlessUi spreads(parameters({{"lesson", "i-am-batman"}, {"step", "6"}}));
  spreads.frames(3);
  CHECK_FALSE(shown("##temperature-plot"));
  REQUIRE(spreads.click("##skip-prediction"));
  spreads.frames(2);
  CHECK(shown("##temperature-plot"));
  // About what an output will be: its weights are shown, and so are their
  // curves, once step 4's question on those weights is settled.
  test::HeadlessUi output(parameters({{"lesson", "the-cat-sat"}, {"step", "5"}}));
  output.frames(3);
  CHECK(shown("##go-to-open-prediction"));  // the question waits for step 4's
  // "The"'s curves would answer step 4: "cat"'s stand in, and say so.
  CHECK(shown("##temperature-plot"));
  CHECK(shown("##temperature-stand-in"));
  CHECK(output.drawn_text().find("The weights for \"cat\"") != std::string::npos);
  REQUIRE(output.app().apply(ui::request::SkipPrediction{"cat-sat-the-attends"}).empty());
  output.frames(2);
  CHECK(shown("##temperature-plot"));
  CHECK_FALSE(shown("##temperature-stand-in"));
  CHECK(output.drawn_text().find("The weights for \"The\"") != std::string::npos);
}

TEST_CASE("a skipped prediction uncovers the step and counts as not answered") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  CHECK(shown("##weights:0:0"));
  CHECK(json_of(ui.api().progress_json())["answered"] == 0);
}

TEST_CASE("an estimate: the slider, then the guess, judged within its tolerance") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "5"}}));
  REQUIRE(ui.app().apply(ui::request::SkipPrediction{"cat-sat-the-attends"}).empty());
  ui.frames(3);
  CHECK(shown("##estimate"));
  CHECK_FALSE(shown("##output:0:0"));     // the step's result is covered, in the step...
  CHECK(shown("##live-output-covered"));  // ...and in the live panel's output row
  CHECK_FALSE(shown("##live-output"));
  CHECK(shown("weights:0:0"));  // not the softmax it is computed from, live or in the step
  CHECK(shown("##weights:0:0"));
  // output[The, 0] is 2.37; the slider starts mid-range at 1.5: not close enough.
  REQUIRE(ui.click("##guess"));
  ui.frames(2);
  const nlohmann::json p = json_of(ui.api().progress_json());
  CHECK(p["answered"] == 1);
  CHECK(p["right"] == 0);
  CHECK(shown("##output:0:0"));
  CHECK(shown("##live-output"));
}

TEST_CASE("with the estimate's slider pressed last, the arrows move the guess, not the step") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "5"}}));
  REQUIRE(ui.app().apply(ui::request::SkipPrediction{"cat-sat-the-attends"}).empty());
  ui.frames(3);
  REQUIRE(ui.click("##estimate"));
  const int step = ui.app().reported().step;
  ui.key(ImGuiKey_End);  // the slider's end (3), not the last step
  ui.key(ImGuiKey_LeftArrow);
  ui.key(ImGuiKey_LeftArrow);
  CHECK(ui.app().reported().step == step);
  REQUIRE(ui.click("##guess"));
  ui.frames(2);
  const auto& answers = ui.app().reported().progress.answers;
  REQUIRE(answers.count("cat-sat-output-estimate"));
  CHECK(answers.at("cat-sat-output-estimate").picked == doctest::Approx(2.98));
  // Answered, the slider is gone: the arrows walk the steps again.
  ui.key(ImGuiKey_LeftArrow);
  CHECK(ui.app().reported().step == step - 1);
}

TEST_CASE("a challenge taken on follows the learner to the step where they change numbers") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:cat-sat-make-sat-win"));
  CHECK(ui.app().view().challenge == "cat-sat-make-sat-win");
  ui.api().set_step(1);  // W_k is on step 2
  ui.frames(3);
  CHECK(shown("##put-down:cat-sat-make-sat-win"));  // still in view
  REQUIRE(ui.click("##hint:cat-sat-make-sat-win"));
  // Drag W_k[0, 0] up, a stretch at a time, until "sat" wins (bounded).
  for (int i = 0; i < 30 && json_of(ui.api().progress_json())["solved"] == 0; ++i)
    REQUIRE(ui.drag("##W_k:0:0", 60.0f));
  const nlohmann::json p = json_of(ui.api().progress_json());
  CHECK(p["solved"] == 1);
  // Only W_k[0, 0] changed: within the rules.
  const nlohmann::json state = json_of(ui.api().state_json());
  CHECK(state["changes"].get<std::string>().find("W_k") != std::string::npos);
  CHECK(state["changes"].get<std::string>().find("W_q") == std::string::npos);
}

TEST_CASE(
    "a solved challenge that later edits undo says so, not \"solved\", and offers the way back") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:cat-sat-make-sat-win"));
  REQUIRE(ui.api().set_value("W_k", 0, 0, 1.0).empty());  // "sat" wins
  ui.frames(2);
  CHECK(ui.drawn_text().find("Challenge solved") != std::string::npos);
  CHECK(json_of(ui.api().progress_json())["solved"] == 1);
  // Undone: W_q changed too (against the rules) and W_k back.
  REQUIRE(ui.api().set_value("W_q", 0, 0, 2.0).empty());
  REQUIRE(ui.api().set_value("W_k", 0, 0, 0.0202184).empty());
  ui.frames(2);
  const std::string text = ui.drawn_text();
  // One state: not solved now (the toast "Challenge solved!" from before may still fade).
  CHECK(std::regex_search(text, std::regex("Challenge solved($|[^!])")) == false);
  CHECK(text.find("Challenge (solved before)") != std::string::npos);
  CHECK(text.find("Back to the notebook's value") != std::string::npos);  // how to undo W_q
  CHECK(json_of(ui.api().progress_json())["solved"] == 1);                // progress keeps it
  // The numbers it was solved with come back with one click.
  REQUIRE(ui.click("##back-to-solution:cat-sat-make-sat-win"));
  ui.frames(2);
  CHECK(ui.drawn_text().find("Challenge solved") != std::string::npos);
  const nlohmann::json state = json_of(ui.api().state_json());
  CHECK(state["changes"].get<std::string>().find("W_q") == std::string::npos);
}

TEST_CASE("a challenge whose rules are broken shows no progress toward its goal, only the rule") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:cat-sat-make-sat-win"));
  ui.frames(2);
  CHECK(ui.drawn_text().find("% of the way") != std::string::npos);  // within the rules: the bar
  // An attention weight edited where only W_k may change: "sat" wins, against the rules.
  REQUIRE(ui.api().set_value("weights", 0, 2, 0.9).empty());
  ui.frames(3);
  const std::string text = ui.drawn_text();  // (a wrap point, not '.', between 0 and 56)
  CHECK(text.find("This challenge allows only") != std::string::npos);
  // Was "100% of the way" beside it, on the card and in the live panel.
  CHECK(text.find("% of the way") == std::string::npos);
  CHECK(text.find("Challenge: outside its rules") != std::string::npos);  // the live panel
  CHECK(text.find("Challenge solved") == std::string::npos);
}

TEST_CASE(
    "one number back to the notebook's, on its own: from its box, or Delete on the keyboard") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "2"}}));
  ui.frames(2);
  REQUIRE(ui.api().set_value("W_k", 0, 0, 1.0).empty());
  REQUIRE(ui.api().set_value("W_k", 1, 1, 0.5).empty());
  ui.frames(2);
  // A tap on W_k[0, 0] opens its box, which offers the notebook's value.
  REQUIRE(ui.click("##W_k:0:0"));
  ui.frames(2);
  REQUIRE(ui.click("##back-to-notebook"));
  ui.frames(2);
  const Trace& t = ui.app().session().trace();
  const TraceMatrix* w_k = t.find({0, Stage::W_k, 0, 0});
  CHECK(w_k->value(0, 0) == doctest::Approx(0.0202184).epsilon(1e-6));
  CHECK(w_k->value(1, 1) == 0.5);  // the other change stays
  // From the keyboard: the cell with the focus, Delete.
  REQUIRE(ui.app().apply(ui::request::FocusCell{{{0, Stage::W_k, 0, 0}, 1, 1}}).empty());
  ui.frames(1);
  ui.key(ImGuiKey_Delete);
  ui.frames(2);
  CHECK(ui.app().session().is_default());
}

TEST_CASE("a challenge taken on waits while another step's prediction is open") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}));
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:cat-sat-make-sat-win"));
  ui.frames(2);
  CHECK(shown("##live-challenge"));
  ui.api().set_step(4);  // step 5 asks about the output first
  ui.frames(3);
  CHECK(shown("##estimate"));
  CHECK_FALSE(shown("##put-down:cat-sat-make-sat-win"));
  CHECK_FALSE(shown("##live-challenge"));
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  CHECK(shown("##put-down:cat-sat-make-sat-win"));
  CHECK(shown("##live-challenge"));
}

TEST_CASE("saved work comes back at start: numbers, step, answers, hints, solved") {
  std::string saved;
  {
    test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}}));
    app::App& app = ui.app();
    app::Api& api = ui.api();
    ui.frames(2);
    REQUIRE(api.set_value("W_k", 0, 0, 1.0).empty());  // solves the challenge, if taken on
    REQUIRE(api.set_step(3).empty());
    REQUIRE(app.apply(ui::request::AnswerPrediction{"cat-sat-the-attends", 2}).empty());
    REQUIRE(app.apply(ui::request::ShowHint{"cat-sat-make-sat-win"}).empty());
    const nlohmann::json work = json_of(api.saved_work_json());
    CHECK(work["lesson"] == "the-cat-sat");
    saved = work["work"].get<std::string>();
  }
  app::StartParameters p;
  p.saved_work = {{"the-cat-sat", saved}};
  p.last_lesson = "the-cat-sat";
  test::HeadlessUi ui(p);
  app::App& app = ui.app();
  app::Api& api = ui.api();
  CHECK(app.session().lesson().id == "the-cat-sat");
  CHECK(app.view().step == 3);
  CHECK(app.session().trace().find({0, Stage::W_k, 0, 0})->value(0, 0) == 1.0);
  const nlohmann::json progress = json_of(api.progress_json());
  CHECK(progress["answered"] == 1);
  CHECK(progress["visited"] == 2);
  CHECK(app.view().notices.empty());
}

TEST_CASE(
    "a link's own step wins over saved work made under another link; the same link does not") {
  SavedWork w;
  w.step = 3;
  w.opened = "1";
  const std::string saved = encode_saved(*find_builtin_lesson("the-cat-sat"), w);
  for (const auto& [step, expected] : {std::pair{"1", 3}, std::pair{"2", 1}}) {
    app::StartParameters p = parameters({{"lesson", "the-cat-sat"}, {"step", step}});
    p.saved_work = {{"the-cat-sat", saved}};
    test::HeadlessUi ui(p);
    CHECK(ui.app().view().step == expected);
  }
}

TEST_CASE("saved work that cannot be read: a notice, and the lesson from the start") {
  for (const char* junk : {"{\"v\": 1, \"lesson\"", "[]", "{\"v\": 9}", "\xff\xfe"}) {
    app::StartParameters p;
    p.saved_work = {{"i-am-batman", junk}};
    p.last_lesson = "i-am-batman";
    test::HeadlessUi ui(p);
    ui.frames(2);
    CHECK(ui.app().session().lesson().id == "i-am-batman");
    CHECK(ui.app().session().is_default());
    REQUIRE(ui.app().view().notices.size() == 1);
    CHECK(ui.app().view().notices[0].find("could not be read") != std::string::npos);
  }
}

TEST_CASE("explore mode: no predictions, no challenges, every result shown") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}, {"mode", "explore"}}));
  ui.frames(3);
  CHECK_FALSE(shown("##option:0"));
  CHECK_FALSE(shown("##take:cat-sat-make-sat-win"));
  CHECK(shown("##weights:0:0"));
  CHECK(ui.app().view().explore);
}

TEST_CASE("lock=1: predictions and challenges stay on, with no switch, whatever asks") {
  test::HeadlessUi ui(
      parameters({{"lesson", "the-cat-sat"}, {"step", "4"}, {"lock", "1"}, {"mode", "explore"}}));
  ui.frames(3);
  CHECK(ui.app().view().locked);
  CHECK_FALSE(ui.app().view().explore);
  CHECK(ui.app().view().notices ==
        std::vector<std::string>{
            "mode=explore is ignored: lock=1 keeps predictions and challenges on."});
  CHECK(shown("##option:0"));
  CHECK_FALSE(shown("##learn"));  // Settings has no switch
  CHECK_FALSE(ui.app().apply(ui::request::SetExplore{true}).empty());
  CHECK_FALSE(ui.app().view().explore);
  CHECK(json_of(ui.api().state_json())["locked"] == true);
  // Without the lock the switch is there.
  test::HeadlessUi open(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}, {"lock", "0"}}));
  open.frames(3);
  CHECK(shown("##learn"));
  CHECK(open.app().apply(ui::request::SetExplore{true}).empty());
  CHECK(open.app().view().explore);
}

TEST_CASE("start over: the notebook's numbers, no answers, no progress") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}}));
  app::App& app = ui.app();
  app::Api& api = ui.api();
  REQUIRE(api.set_value("X", 0, 0, 2.0).empty());
  REQUIRE(api.set_step(3).empty());
  REQUIRE(app.apply(ui::request::SkipPrediction{"cat-sat-the-attends"}).empty());
  REQUIRE(app.apply(ui::request::StartOver{}).empty());
  CHECK(app.session().is_default());
  CHECK(app.view().step == 0);
  const nlohmann::json progress = json_of(api.progress_json());
  CHECK(progress["visited"] == 1);
  CHECK(progress["answered"] == 0);
  CHECK(json_of(api.saved_work_json())["work"].is_null());
}

TEST_CASE("the step a learner opens on counts as seen, with nothing else done") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}}));
  CHECK(json_of(ui.api().progress_json())["visited"] == 1);
  test::HeadlessUi at_three(parameters({{"lesson", "the-cat-sat"}, {"step", "3"}}));
  CHECK(json_of(at_three.api().progress_json())["visited"] == 1);
}

TEST_CASE("in a small embed, answering scrolls the verdict into view, the result under it") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}}), ImVec2(800, 500));
  ui.frames(3);
  REQUIRE(ui.click("##option:1"));  // "cat"
  ui.frames(3);
  // The verdict is read first: it is in view (drawn glyphs are those on
  // screen), and the step's result follows under it, not scrolled past.
  const std::string text = ui.drawn_text();  // (a wrap point, not '.', between 0 and 56)
  CHECK(text.find("Right.") != std::string::npos);
  ui::ItemRect r;
  REQUIRE(ui::find_item("##weights:0:0", &r));
  CHECK(r.y0 >= 88.0f);  // under the step bar
  CHECK(r.y0 <= 800.0f);
}

TEST_CASE("udl-multihead's last question, answered right: its answer in words, no machine echo") {
  test::HeadlessUi ui(parameters({{"lesson", "udl-multihead"}, {"step", "8"}}));
  ui.frames(3);
  settle_questions_before(ui, 7);
  ui.frames(2);
  REQUIRE(ui.click("##option:1"));  // "No, different numbers": the right answer
  ui.frames(3);
  const std::string text = ui.drawn_text();  // (a wrap point, not '.', between 0 and 56)
  CHECK(text.find("Right.") != std::string::npos);
  // Not 'You picked "No, different numbers": it is "No, different numbers"'.
  CHECK(text.find("You picked") == std::string::npos);
  CHECK(text.find("it is \"") == std::string::npos);
  // "Your answer" is the notebook's code's, not the learner's: said beside it.
  CHECK(std::regex_search(text, std::regex("Your\\s+answer\\s+\\(the\\s+notebook's\\s+code\\)")));
}

TEST_CASE(
    "a step's first answer reveals its own numbers while the step's second question is open") {
  // cross-attention step 4 asks about "cat", then "sat": the weights stay
  // covered for the second, but the first's reveal names its own number.
  test::HeadlessUi ui(parameters({{"lesson", "cross-attention"}, {"step", "4"}}));
  ui.frames(2);
  settle_questions_before(ui, 3);
  REQUIRE(ui.app().apply(ui::request::AnswerPrediction{"ca-cat", 0}).empty());
  ui.frames(3);
  const std::string text = ui.drawn_text();  // (a wrap point, not '.', between 0 and 56)
  CHECK(std::regex_search(text, std::regex("\"cat\" gives \"chat\" 0[^ ]+[0-9]{2}\\.")));
  CHECK(text.find("\"chat\" ?") == std::string::npos);
  CHECK_FALSE(shown("##weights:1:1"));  // the step's result: still covered for "sat"
  // The text view says the same.
  const std::string view = ui.api().text_view_json();
  CHECK(view.find("\\\"cat\\\" gives \\\"chat\\\" ?") == std::string::npos);
  CHECK(view.find("\\\"cat\\\" gives \\\"chat\\\" 0.") != std::string::npos);
}
