// Filling a lesson's live text from the numbers on screen (render_text.h).
#include "core/logic/render_text.h"

#include <cmath>

#include "core/lesson/lesson.h"
#include "core/logic/cover.h"
#include "core/logic/reads.h"
#include "core/text/number_text.h"
#include "core/text/numpy_format.h"
#include "core/text/translation.h"
#include "core/trace/trace.h"

namespace attn {

namespace {

// The labels along a slice: the keys of a query, or a row's column labels.
const std::vector<std::string>* slice_labels(const SliceSpec& s, const Trace& t) {
  const TraceMatrix* m = t.find(s.matrix);
  if (!m) return nullptr;
  return s.column ? &m->rows : &m->cols;
}

const PartState* part_state(const Filling& f, int part) {
  const std::vector<PartState>& parts = f.numbers.state.parts;
  return part >= 0 && part < static_cast<int>(parts.size()) ? &parts[part] : nullptr;
}

// Joins the items one at a time, the last with "and" or "or".
std::string spoken_list(const std::vector<std::string>& items, bool alternatives) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i == 0)
      out = items[i];
    else if (i + 1 < items.size())
      // TRANSLATORS: joins the next item of a list, not the last, to the items before it. A
      // list is joined one item at a time: {list} is the items so far ("cat", or "cat, sat"),
      // {item} the next ("sat"). The last one is joined with "{list} and {item}" or "{list} or
      // {item}": "The, cat and sat", "Q, K or the temperature".
      out = trf("{list}, {item}", {{"list", out}, {"item", items[i]}});
    else if (alternatives)
      // TRANSLATORS: joins the last item of a list of alternatives (any of them will do) to the
      // items before it: {list} is one or more items ("Q", or "Q, K"), {item} the last ("the
      // temperature"), as in "You may change Q, K or the temperature".
      out = trf("{list} or {item}", {{"list", out}, {"item", items[i]}});
    else
      // TRANSLATORS: joins the last item of a list to the items before it: {list} is one or more
      // items ("cat", or "The, cat"), {item} the last ("sat"): words of the input that tie
      // for the largest weight, as in "The, cat and sat".
      out = trf("{list} and {item}", {{"list", out}, {"item", items[i]}});
  }
  return out;
}

}  // namespace

std::string and_list(const std::vector<std::string>& items) { return spoken_list(items, false); }
std::string or_list(const std::vector<std::string>& items) { return spoken_list(items, true); }

std::string render_text(const LiveText& text, const Filling& f) {
  std::string out;
  const Trace& t = f.numbers.now;
  for (const Piece& p : text) {
    if (f.cover && p.fill != Fill::Literal) {
      std::vector<Region> reads;
      add_reads(reads, p);
      if (f.cover->touches(t, reads)) {
        out += "?";
        continue;
      }
    }
    switch (p.fill) {
      case Fill::Literal:
        out += p.text;
        break;
      case Fill::Number: {
        const double v = measure(p.measure, f.numbers);
        if (std::isnan(v))
          out += "—";
        else if (p.percent)
          out += number_text(v * 100.0, p.digits < 0 ? 0 : p.digits) + "%";
        else
          out += number_text(v, p.digits < 0 ? f.digits : p.digits);
        break;
      }
      case Fill::Largest:
      case Fill::Smallest: {
        // Every key that shares the largest value: "t0, t1 and t2".
        const std::vector<int> at = all_largest_at(p.slice, t, p.fill == Fill::Smallest);
        const std::vector<std::string>* labels = slice_labels(p.slice, t);
        if (at.empty() || !labels) {
          out += "—";
          break;
        }
        std::vector<std::string> keys;
        for (int i : at) keys.push_back((*labels)[i]);
        out += and_list(keys);
        break;
      }
      case Fill::Row: {
        const std::vector<double> v = slice_values(p.slice, t);
        out += "[";
        for (size_t i = 0; i < v.size(); ++i)
          out += (i ? ", " : "") + number_text(v[i], p.digits < 0 ? f.digits : p.digits);
        out += "]";
        break;
      }
      case Fill::Scale: {
        const PartState* s = part_state(f, p.measure.part);
        if (!s) break;
        out += s->options.scaling.mode == ScaleMode::SqrtDk ? " / √d_k"
               : s->options.scaling.mode == ScaleMode::None ? ""
                                                            : " / T";
        break;
      }
      case Fill::Mask: {
        const PartState* s = part_state(f, p.measure.part);
        if (s && s->options.causal) out += " + mask";
        break;
      }
      case Fill::Divisor: {
        const double v = measure(p.measure, f.numbers);
        out += std::isnan(v) ? "—" : format_round_trip(round_significant(v, 4));
        break;
      }
      case Fill::Picked:
        out += f.picked;
        break;
      case Fill::Answer:
        out += f.answer;
        break;
    }
  }
  return with_values_spoken(std::move(out));
}

}  // namespace attn
