// Tests of core/load/lesson_translations.h: a lesson's texts in other languages.
#include "core/load/lesson_translations.h"

#include <doctest/doctest.h>

#include "core/load/lesson_loader.h"

using namespace attn;

namespace {
const char* kLesson = R"({"id": "t", "title": "Cats", "source": "Notebook 9",
  "tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
  "W_v": [[1, 0], [0, 1]],
  "steps": [{"title": "One",
             "text": ["Here {max weights[a]:2} wins.",
                      {"text": "Scaled.", "when": {"scale": "sqrt_dk"}}],
             "show": ["X"]}],
  "translations": {"es": {"/title": "Gatos", "/steps/0/text/0": "Aquí gana {max weights[a]:2}.",
                          "/steps/0/text/1/text": "Escalado."}}})";
}  // namespace

TEST_CASE("is_translatable: texts a learner reads, not ids, names, tokens or conditions") {
  for (const char* yes : {"/title", "/source", "/steps/0/title", "/steps/0/text", "/steps/0/text/1",
                          "/steps/0/text/1/text", "/parts/0/steps/2/predict/0/ask",
                          "/steps/1/predict/0/choices/2/text", "/steps/1/predict/0/reveal/0",
                          "/steps/1/challenges/0/hints/1", "/steps/1/challenges/0/task",
                          "/random/0/label", "/variants/1/label"})
    CHECK_MESSAGE(is_translatable(Pointer(yes)), yes);
  for (const char* no : {"", "/id", "/tokens/0", "/steps/0/id", "/steps/0/formula" /* no prose */,
                         "/steps/0/show/0", "/names/weights", "/steps/0/text/1/when/scale",
                         "/steps/1/challenges/0/goal/is", "/random/0/draws/0/name"})
    CHECK_MESSAGE(!is_translatable(Pointer(no)), no);
  // A matrix's name is text when it is prose, not when it is the notebook's code.
  for (const char* prose : {"Value Matrix", "X′ (True values)", "Output", "head output",
                            "weights (head 1), as the notebook arranges them"}) {
    CHECK_MESSAGE(is_translatable(Pointer("/names/weights"), prose), prose);
    CHECK_MESSAGE(is_translatable(Pointer("/parts/1/names/V"), prose), prose);
  }
  for (const char* code : {"W_q", "Ω_q", "QKᵀ", "Q·Kᵀ", "X′", "scaled_scores", "attention",
                           "output", "softmax(QKᵀ/√d_k)", "Q_test·K_testᵀ"})
    CHECK_MESSAGE(!is_translatable(Pointer("/names/weights"), code), code);
  CHECK_FALSE(is_translatable(Pointer("/names"), "Value Matrix"));
}

TEST_CASE(
    "is_prose_formula: a formula is text when words stand in it as prose, not when it is code") {
  for (const char* prose :
       {"X: 3 tokens × 2 dimensions", "scores = Q·Kᵀ, shape (3, 3)",
        "attention_weights = softmax(scaled_scores{mask}) per row",
        "word_embeddings: she, likes, coffee → 4 numbers each", "Kᵀ: rows become columns",
        "Q·Kᵀ, same as np.matmul(Q, K.T)", "weights: given, as if from softmax(QKᵀ / √d_k)",
        "Output_i = Σ(k=1 to seq_length) Attention_ik × Value_k",
        "Ω_q1, Ω_k1: (H_D, D)    … head 2 …    Ω_c: (D, D)"}) {
    CHECK_MESSAGE(is_prose_formula(prose), std::string(prose));
    CHECK_MESSAGE(is_translatable(Pointer("/steps/0/formula"), prose), std::string(prose));
  }
  for (const char* code :
       {"output = attention_weights·V", "scores = Q·Kᵀ{scale}", "X.shape = (3, 4)",
        "X = np.vstack([she, likes, coffee])", "weights = exp(s − max) / Σ exp(s − max)",
        "X = np.random.normal(size=(D, N)): D = 8, N = 6",
        "weights = softmax_cols((Q_hᵀ·K_h / √H_D)ᵀ)ᵀ;  V_h @ weights",
        "Output[Me] = {weights[Me, against]:2} × V[against]", "Q @ K.T  =  np.matmul(Q, K.T)",
        "concat_heads = np.vstack((head1_output, head2_output))", "W_q, W_k, W_v: 2 × 2", ""}) {
    CHECK_MESSAGE(!is_prose_formula(code), std::string(code));
    CHECK_MESSAGE(!is_translatable(Pointer("/parts/1/steps/0/formula"), code), std::string(code));
  }
}

TEST_CASE("a lesson file's translations: checked by the loader, listed, and put in place") {
  REQUIRE(load_lesson(kLesson).ok());
  const json file = json::parse(kLesson);
  const TextTranslations es = file_translations(file, "es");
  CHECK(es.size() == 3);
  CHECK(file_translations(file, "ko").empty());
  const LoadResult translated = load_lesson_document(with_translations(file, es));
  REQUIRE(translated.ok());
  CHECK(translated.lesson->title == "Gatos");
  CHECK(translated.lesson->source == "Notebook 9");  // not translated: stays
  const auto texts = translatable_texts(json::parse(kLesson));
  CHECK(texts.size() == 5);  // source, the step's title and two texts, the title
  // Only texts are replaced, never an id or a token, whatever the map says.
  const LoadResult forced = load_lesson_document(
      with_translations(file, {{"/id", "x"}, {"/tokens/0", "z"}, {"/~2", "?"}}));
  REQUIRE(forced.ok());
  CHECK(forced.lesson->id == "t");
}
