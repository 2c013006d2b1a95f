// The learner's changes as a link's JSON text: encoding and decoding (state_link.h).
#include "core/lesson/state_link.h"
#include "core/text/json_document.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace attn {

using json = nlohmann::json;

json state_json(const Lesson& lesson, const LessonState& state) {
  const LessonState defaults = default_state(lesson);
  json parts = json::array();
  for (size_t p = 0; p < state.parts.size(); ++p) {
    const PartState& now = state.parts[p];
    const Part& part = lesson.parts[p];
    // Inputs as they would be after the seeds alone: edits are what differs from that.
    PartState drawn = defaults.parts[p];
    for (size_t g = 0; g < part.random.size(); ++g)
      if (now.seeds[g] != drawn.seeds[g]) redraw(part, static_cast<int>(g), now.seeds[g], drawn);
    json entry{{"part", p}};
    if (now.seeds != defaults.parts[p].seeds) entry["seeds"] = now.seeds;
    const Scaling& s = now.options.scaling;
    if (!(s == part.options.scaling)) {
      if (s.mode == ScaleMode::Divide)
        entry["scale"] = s.divisor;
      else
        entry["scale"] = name_of(kScaleWords, s.mode);
    }
    if (now.options.causal != part.options.causal) entry["causal"] = now.options.causal;
    if (now.options.first_position != part.options.first_position)
      entry["first"] = now.options.first_position;
    if (now.options.order != part.options.order) entry["order"] = now.options.order;
    if (now.options.cache_step != part.options.cache_step) entry["t"] = now.options.cache_step;
    if (now.options.lr != part.options.lr) entry["lr"] = now.options.lr;
    json set = json::array();
    for (const auto& [stage, m] : now.inputs) {
      const Matrix& before = drawn.inputs.at(stage);
      for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
          if (m(r, c) != before(r, c))
            set.push_back(json::array({stage_name(stage), r, c, m(r, c)}));
    }
    if (!set.empty()) entry["set"] = std::move(set);
    json overrides = json::array();
    for (const Override& o : now.overrides)
      overrides.push_back(json::array({stage_name(o.stage), o.head, o.row, o.col, o.value}));
    if (!overrides.empty()) entry["override"] = std::move(overrides);
    if (entry.size() > 1) parts.push_back(std::move(entry));
  }
  if (parts.empty()) return nullptr;
  return json{{"v", 1}, {"parts", std::move(parts)}};
}

std::string encode_state(const Lesson& lesson, const LessonState& state) {
  const json doc = state_json(lesson, state);
  return doc.is_null() ? "" : doc.dump();
}

DecodedState decode_state(const Lesson& lesson, std::string_view text) {
  if (text.empty()) return {default_state(lesson), ""};
  if (text.size() > 64 * 1024) return {std::nullopt, "the link's state is too long"};
  const json doc = parse_or_discard(text);
  if (doc.is_discarded()) return {std::nullopt, "the link's state is not readable"};
  return decode_state_json(lesson, doc);
}

DecodedState decode_state_json(const Lesson& lesson, const json& doc, std::string_view where) {
  DecodedState out;
  const std::string w(where);  // "the link", or "the solution" (a challenge's)
  auto refuse = [&](std::string why) {
    out.error = std::move(why);
    out.state.reset();
    return out;
  };
  if (doc.is_null()) return {default_state(lesson), ""};
  if (!doc.is_object()) return refuse(w + "'s state is not readable");
  if (doc.value("v", 0) != 1 || !doc.contains("parts") || !doc["parts"].is_array())
    return refuse(w + "'s state is from another version");
  LessonState state = default_state(lesson);
  for (const json& entry : doc["parts"]) {
    if (!entry.is_object() || !entry.contains("part") || !entry["part"].is_number_unsigned())
      return refuse(w + "'s state names no part");
    const size_t p = entry["part"].get<size_t>();
    if (p >= lesson.parts.size()) return refuse(w + "'s state is for another lesson");
    const Part& part = lesson.parts[p];
    PartState& ps = state.parts[p];
    if (entry.contains("seeds")) {
      const json& seeds = entry["seeds"];
      if (!seeds.is_array() || seeds.size() != part.random.size())
        return refuse(w + "'s seeds do not fit this lesson");
      for (size_t g = 0; g < seeds.size(); ++g) {
        if (!seeds[g].is_number_unsigned() || seeds[g].get<uint64_t>() > 0xFFFFFFFFu)
          return refuse("a seed in " + w + " is not a whole number from 0 to 4294967295");
        redraw(part, static_cast<int>(g), seeds[g].get<uint32_t>(), ps);
      }
    }
    if (entry.contains("scale")) {
      const json& s = entry["scale"];
      const std::optional<ScaleMode> word =
          s.is_string() ? parse_name(kScaleWords, s.get_ref<const std::string&>()) : std::nullopt;
      if (word)
        ps.options.scaling = {*word, 1.0};
      else if (s.is_number() && std::isfinite(s.get<double>()))
        ps.options.scaling = {ScaleMode::Divide, std::clamp(s.get<double>(), Limits::kMinDivisor,
                                                            Limits::kMaxDivisor)};
      else
        return refuse(w + "'s scale is not " + quoted_names(kScaleWords, "a number"));
    }
    if (entry.contains("causal")) {
      if (!entry["causal"].is_boolean())
        return refuse(w + "'s causal setting is not true or false");
      ps.options.causal = entry["causal"].get<bool>();
    }
    if (entry.contains("first")) {
      const json& f = entry["first"];
      if (!f.is_number_unsigned() || f.get<uint64_t>() > Limits::kMaxFirstPosition)
        return refuse(w + "'s first position is not a whole number from 0 to " +
                      std::to_string(Limits::kMaxFirstPosition));
      ps.options.first_position = f.get<int>();
    }
    if (entry.contains("lr")) {
      const json& lr = entry["lr"];
      if (!lr.is_number() || !(lr.get<double>() >= 0) ||
          lr.get<double>() > Limits::kMaxLearningRate)
        return refuse(w + "'s learning rate is not a number from 0 to " +
                      std::to_string(static_cast<int>(Limits::kMaxLearningRate)));
      ps.options.lr = lr.get<double>();
    }
    if (entry.contains("t")) {
      const json& t = entry["t"];
      if (!t.is_number_unsigned() || t.get<uint64_t>() >= part.tokens.size())
        return refuse(w + "'s cache step is not a step of this lesson");
      ps.options.cache_step = t.get<int>();
    }
    if (entry.contains("order")) {
      const json& o = entry["order"];
      std::vector<int> order;
      bool ok = o.is_array() && o.size() == part.tokens.size();
      for (size_t i = 0; ok && i < o.size(); ++i) {
        ok = o[i].is_number_unsigned() && o[i].get<uint64_t>() < part.tokens.size() &&
             std::find(order.begin(), order.end(), o[i].get<int>()) == order.end();
        if (ok) order.push_back(o[i].get<int>());
      }
      if (!ok) return refuse(w + "'s order is not this part's tokens, each once");
      ps.options.order = order;
    }
    if (entry.contains("set")) {
      const json& set = entry["set"];
      if (!set.is_array()) return refuse(w + "'s edits are not a list");
      for (const json& e : set) {
        if (!e.is_array() || e.size() != 4 || !e[0].is_string() || !e[1].is_number_unsigned() ||
            !e[2].is_number_unsigned() || !e[3].is_number())
          return refuse("an edit in " + w + " is malformed");
        const std::optional<Stage> stage = parse_name(kStageNames, e[0].get<std::string>());
        auto it = stage ? ps.inputs.find(*stage) : ps.inputs.end();
        if (it == ps.inputs.end())
          return refuse(w + " edits \"" + e[0].get<std::string>() +
                        "\", which this lesson has no input of");
        const uint64_t r = e[1].get<uint64_t>(), c = e[2].get<uint64_t>();
        if (r >= static_cast<uint64_t>(it->second.rows()) ||
            c >= static_cast<uint64_t>(it->second.cols()))
          return refuse("an edit in " + w + " is outside its matrix: " + e.dump() + ", and " +
                        e[0].get<std::string>() + " is " + std::to_string(it->second.rows()) +
                        " × " + std::to_string(it->second.cols()) +
                        " (rows and columns count from 0)");
        const double v = e[3].get<double>();
        if (!std::isfinite(v)) return refuse("an edit in " + w + " is not a finite number");
        it->second(static_cast<int>(r), static_cast<int>(c)) =
            std::clamp(v, -Limits::kMaxAbsValue, Limits::kMaxAbsValue);
      }
    }
    if (entry.contains("override")) {
      const json& list = entry["override"];
      if (!list.is_array()) return refuse(w + "'s overrides are not a list");
      // Scores and weights are (N, M), one per head, where the part computes them
      // (M: the memory's tokens, or N); (M, N) when keys are rows.
      const bool computes = part.shapes.count(Stage::X) || part.shapes.count(Stage::Q);
      uint64_t rows = part.tokens.size(),
               cols = part.memory_tokens.empty() ? rows : part.memory_tokens.size();
      if (ps.options.arrangement == Arrangement::KeyRows) std::swap(rows, cols);
      for (const json& e : list) {
        if (!e.is_array() || e.size() != 5 || !e[0].is_string() || !e[1].is_number_unsigned() ||
            !e[2].is_number_unsigned() || !e[3].is_number_unsigned() || !e[4].is_number())
          return refuse("an override in " + w + " is malformed");
        const std::optional<Stage> stage = parse_name(kStageNames, e[0].get<std::string>());
        if (!stage || !can_override(*stage) || !computes)
          return refuse(w + " overrides \"" + e[0].get<std::string>() +
                        "\", which this lesson does not compute");
        const uint64_t head = e[1].get<uint64_t>(), r = e[2].get<uint64_t>(),
                       c = e[3].get<uint64_t>();
        const bool head_ok =
            part.heads > 1 ? head >= 1 && head <= static_cast<uint64_t>(part.heads) : head == 0;
        if (!head_ok || r >= rows || c >= cols)
          return refuse("an override in " + w + " is outside its matrix");
        const double v = e[4].get<double>();
        if (!std::isfinite(v)) return refuse("an override in " + w + " is not a finite number");
        const Override o{*stage, static_cast<int>(head), static_cast<int>(r), static_cast<int>(c),
                         std::clamp(v, -Limits::kMaxAbsValue, Limits::kMaxAbsValue)};
        if (ps.override_at(o.stage, o.head, o.row, o.col))
          return refuse(w + " overrides one number twice");
        ps.overrides.push_back(o);
      }
      std::sort(ps.overrides.begin(), ps.overrides.end());
    }
  }
  out.state = std::move(state);
  return out;
}

}  // namespace attn
