// Predict first's rule: what each open question covers, and what waits for it (predict_first.h).
#include "core/learning/predict_first.h"

#include <algorithm>
#include <limits>

#include "core/lesson/activity.h"
#include "core/logic/answers.h"
#include "core/logic/build_trace.h"
#include "core/logic/reads.h"
#include "core/trace/dependencies.h"

namespace attn {

namespace {

void cover_whole(Cover& cover, const Trace& t, int index, int step) {
  const Matrix& v = t.matrices[index].value;
  for (int r = 0; r < v.rows(); ++r)
    for (int c = 0; c < v.cols(); ++c) cover.cover(index, r, c, step);
}

// On the question's own step: the step's result, whole matrices.
void cover_own_step(Cover& cover, const Trace& t, int step, const Prediction& open) {
  const std::vector<MatrixKey> reads = answer_reads(open);
  std::vector<MatrixKey> sources = reads;
  for (int r : t.steps[step].matrices) {
    if (t.matrices[r].editable) continue;  // an input the step shows beside: not its result
    const MatrixKey& result = t.matrices[r].key;
    MatrixKey plain = result;
    plain.variant = 0;
    bool answers = reads.empty()  // a question on no matrix (none in the built-in lessons)
                   || (plain != result && follows_from(t, plain, reads));
    for (const MatrixKey& read : reads) answers = answers || ranks_like(result, read);
    if (answers) sources.push_back(result);
  }
  for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
    const MatrixKey& key = t.matrices[i].key;
    // A variant's own computation tells its answer too ("Your answer"'s
    // attention and heads beside a question on its output), though not the
    // plain matrices it is a variant of.
    bool covered = follows_from(t, key, sources);
    for (const MatrixKey& read : reads)
      covered = covered ||
                (read.variant != 0 && key.variant == read.variant && follows_from(t, read, {key}));
    if (covered) cover_whole(cover, t, i, step);
  }
}

// Whether a step before `step` shows matrix `index` as its result.
bool shown_before(const Trace& t, int index, int step) {
  for (int s = 0; s < step && s < static_cast<int>(t.steps.size()); ++s)
    for (int i : t.steps[s].matrices)
      if (i == index) return true;
  return false;
}

// On every other step: the entries the answer is read from.
void cover_answer(Cover& cover, const Trace& t, int step, const Prediction& p) {
  std::vector<Region> regions = answer_regions(p);
  if (p.kind == Prediction::Kind::Pick) {  // the same slice of every variant orders the keys alike
    const MatrixKey read = p.pick.slice.matrix;
    const int variants = static_cast<int>(t.parts[read.part].variants.size());
    for (int v = 0; v <= variants; ++v) {
      Region twin = region_of(p.pick.slice);
      twin.matrix.variant = v;
      if (v != read.variant && t.find(twin.matrix)) regions.push_back(twin);
    }
  }
  // An estimate of one entry of a weighted sum (an output, a head's output):
  // every token's entry in that dimension mixes the same values, so each is
  // close to the answer (the cat sat: output[cat, 0] = 2.39 beside step 5's
  // output[The, 0] = 2.37, within its 0.15). The whole dimension is covered.
  if (p.kind == Prediction::Kind::Estimate && p.estimate.measure.kind == MeasureKind::Value) {
    const CellSpec& cell = p.estimate.measure.cell;
    const Stage stage = cell.matrix.stage;
    if (const TraceMatrix* m = t.find(cell.matrix);
        m && (stage == Stage::output || stage == Stage::context || stage == Stage::concat)) {
      Region dimension;
      dimension.shape = Region::Shape::Slice;
      dimension.matrix = cell.matrix;
      dimension.column = is_token_axis(m->row_kind);  // tokens down the rows: a column
      dimension.index = dimension.column ? cell.col : cell.row;
      regions.push_back(dimension);
    }
  }
  for (const Region& region : regions) {
    const int index = t.index_of(region.matrix);
    if (index < 0 || shown_before(t, index, step)) continue;
    const Matrix& v = t.matrices[index].value;
    for (int r = 0; r < v.rows(); ++r)
      for (int c = 0; c < v.cols(); ++c)
        if (region.contains(r, c)) cover.cover(index, r, c, step);
  }
}

// A KV cache's step computes again what the whole attention holds: the new
// token's scores and weights over the cache are its row of the part's scores
// and weights (the mask hides only what the cache lacks). What covers one
// covers its twin, so that the live panel's bars for that token, or the
// whole-attention step, do not answer a question the cache's step asks.
bool cover_cache_twins(Cover& cover, const Trace& t) {
  bool changed = false;
  for (int from = 0; from < static_cast<int>(t.matrices.size()); ++from) {
    const TraceMatrix& m = t.matrices[from];
    const Stage whole = m.key.stage == Stage::weights_t  ? Stage::weights
                        : m.key.stage == Stage::scores_t ? Stage::scores
                                                         : m.key.stage;
    if (whole == m.key.stage || !cover.any(from)) continue;
    MatrixKey twin_key = m.key;
    twin_key.stage = whole;
    const int to = t.index_of(twin_key);
    const std::vector<int>& order = t.parts[m.key.part].order;
    const int step = static_cast<int>(m.value.size()) - 1;  // the cache holds step + 1 keys
    if (to < 0 || step >= static_cast<int>(order.size())) continue;
    const TraceMatrix& twin = t.matrices[to];
    for (int r = 0; r < m.value.rows(); ++r)
      for (int c = 0; c < m.value.cols(); ++c) {
        if (!cover.at(from, r, c)) continue;
        const int key = order[static_cast<size_t>(m.value.rows() == 1 ? c : r)];
        for (int tr = 0; tr < twin.value.rows(); ++tr)
          for (int tc = 0; tc < twin.value.cols(); ++tc)
            if (query_key(twin, tr, tc) == std::pair{order[static_cast<size_t>(step)], key})
              changed = cover.cover(to, tr, tc, cover.asked_at(from, r, c)) || changed;
      }
  }
  return changed;
}

// Every entry computed from a covered one is covered too, for the same
// question. The trace lists a part's matrices in pipeline order, so one pass
// would do; a second confirms nothing moved.
bool cover_what_follows(Cover& cover, const Trace& t) {
  const int n = static_cast<int>(t.matrices.size());
  bool any = false;
  for (int pass = 0; pass < n; ++pass) {
    bool changed = false;
    for (int to = 0; to < n; ++to) {
      const TraceMatrix& m = t.matrices[to];
      for (const MatrixKey& k : operands_of(t, m.key)) {
        const int from = t.index_of(k);
        if (!cover.any(from)) continue;
        const TraceMatrix& f = t.matrices[from];
        std::vector<std::pair<int, int>> covered;
        for (int r = 0; r < f.value.rows(); ++r)
          for (int c = 0; c < f.value.cols(); ++c)
            if (cover.at(from, r, c)) covered.emplace_back(r, c);
        for (int r = 0; r < m.value.rows(); ++r)
          for (int c = 0; c < m.value.cols(); ++c) {
            if (cover.at(to, r, c)) continue;
            for (const auto& [fr, fc] : covered)
              if (feeds(t, f, fr, fc, m, r, c)) {
                changed = cover.cover(to, r, c, cover.asked_at(from, fr, fc)) || changed;
                break;
              }
          }
      }
    }
    any = any || changed;
    if (!changed) break;
  }
  return any;
}

// What follows from the covered entries, and their twins, until neither
// covers more: a cache's scores covered because they follow from a covered
// q_t cover the whole attention's row too, and what follows from that.
void cover_around(Cover& cover, const Trace& t) {
  cover_cache_twins(cover, t);
  cover_what_follows(cover, t);
  while (cover_cache_twins(cover, t)) cover_what_follows(cover, t);  // each round covers more: it ends
}

}  // namespace

Cover cover_open_predictions(const Lesson& lesson, const Trace& trace,
                             const LessonProgress& progress, int step) {
  Cover cover(trace);
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    const TraceStep& ts = trace.steps[s];
    bool first_open = true;
    for (const Prediction& p : lesson.parts[ts.part].steps[ts.part_step].predictions) {
      if (progress.answers.count(p.id)) continue;
      if (s == step && first_open) cover_own_step(cover, trace, s, p);
      cover_answer(cover, trace, s, p);
      first_open = false;
    }
  }
  cover_around(cover, trace);
  return cover;
}

Cover cover_open_answers(const Lesson& lesson, const Trace& trace, const LessonProgress& progress) {
  Cover cover(trace);
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    const TraceStep& ts = trace.steps[s];
    for (const Prediction& p : lesson.parts[ts.part].steps[ts.part_step].predictions)
      if (!progress.answers.count(p.id)) cover_answer(cover, trace, s, p);
  }
  cover_around(cover, trace);
  return cover;
}

int waits_for(const Lesson& lesson, const Trace& trace, const LessonProgress& progress,
              const Prediction& p) {
  Cover earlier(trace);
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    const TraceStep& ts = trace.steps[s];
    const std::vector<Prediction>& here = lesson.parts[ts.part].steps[ts.part_step].predictions;
    if (std::any_of(here.begin(), here.end(), [&](const Prediction& q) { return &q == &p; })) break;
    for (const Prediction& q : here)
      if (!progress.answers.count(q.id)) cover_answer(earlier, trace, s, q);
  }
  cover_around(earlier, trace);
  std::vector<Region> reads = answer_regions(p);
  add_reads(reads, p.ask);
  return earlier.touches(trace, reads) ? earlier.asked_at(trace, reads) : -1;
}

Trace veiled(const Lesson& lesson, const Evaluation& numbers, const Cover& cover) {
  Trace out = numbers.now;
  if (cover.empty()) return out;
  for (int i = 0; i < static_cast<int>(out.matrices.size()); ++i) {
    if (!cover.any(i)) continue;
    Matrix& v = out.matrices[i].value;
    for (int r = 0; r < v.rows(); ++r)
      for (int c = 0; c < v.cols(); ++c)
        if (cover.at(i, r, c)) v(r, c) = std::numeric_limits<double>::quiet_NaN();
  }
  for (TraceStep& step : out.steps) {
    const StepSpec& spec = lesson.parts[step.part].steps[step.part_step];
    std::vector<Region> reads;
    add_reads(reads, spec.formula);
    for (const TextBlock& b : spec.text) {
      add_reads(reads, b.text);
      if (b.when) add_reads(reads, *b.when);
    }
    if (cover.touches(numbers.now, reads)) fill_step_text(spec, numbers, &cover, step);
  }
  return out;
}

}  // namespace attn
