// Figures for slides: each asked-for figure is queued with an id and answered
// (drawn, or refused with a reason), in the step and theme it was asked in,
// so no caller waits for ever (platform/figure.cpp draws them off screen).
#include <algorithm>
#include <cctype>
#include <cmath>

#include "app/app.h"
#include "core/text/number_text.h"
#include "ui/item_registry.h"
#include "ui/theme.h"

namespace attn::app {

std::string App::check_figure(const ui::request::SaveFigure& f) const {
  if (!(f.scale >= 1.0f && f.scale <= 4.0f))
    return "a figure's scale is 1 to 4 (pixels per screen pixel), not " + number_text(f.scale, 2);
  if (!f.matrix) return "";
  const Trace& t = session().trace();
  const int index = t.index_of(*f.matrix);
  const std::vector<int> on_step = window_.matrices_in_order(false);
  const std::string name = index >= 0 ? t.id_of(*f.matrix) : "";
  if (index < 0 || std::find(on_step.begin(), on_step.end(), index) == on_step.end())
    return "no matrix " + quoted_value(name) + " on this step";
  const std::vector<int> uncovered = window_.matrices_in_order();
  if (std::find(uncovered.begin(), uncovered.end(), index) == uncovered.end())
    return quoted_value(name) + " is covered until the step's prediction is answered or skipped";
  return "";
}

std::string App::queue_figure(const ui::request::SaveFigure& figure, uint64_t* id) {
  if (std::string error = check_figure(figure); !error.empty()) return error;
  figures_.push_back({++next_figure_id_, figure, view_.lesson, view_.step});
  if (id) *id = next_figure_id_;
  return "";
}

std::optional<FigureJob> App::take_figure() {
  if (figures_.empty()) return std::nullopt;
  FigureJob job = figures_.front();
  figures_.pop_front();
  return job;
}

std::string App::begin_figure(const FigureJob& job) {
  if (job.lesson != view_.lesson) return "the lesson changed before the figure was drawn";
  before_figure_ = view_;
  view_.step = job.step;  // a step changed since is drawn as it was asked for
  view_.pinned = false;
  view_.focus = {};
  if (std::string error = check_figure(job.figure); !error.empty()) {
    end_figure();
    return error;
  }
  view_.dark = job.figure.dark;  // the figure's theme, in the figure's frames alone
  view_.touch = false;
  follow_theme();
  return "";
}

ImVec2 App::draw_figure(const FigureJob& job, float width) {
  const CatalogScope words = speaking();
  ui::item_registry_new_frame();
  const int only = job.figure.matrix ? session().trace().index_of(*job.figure.matrix) : -1;
  const ImVec2 size = window_.draw_figure(only, width);
  heatmaps_->end_frame();
  return size;
}

void App::end_figure() {
  if (!before_figure_) return;
  view_ = *before_figure_;  // the figure's frames change nothing the learner sees
  before_figure_.reset();
  follow_theme();
}

std::string App::figure_file_name(const FigureJob& job) const {
  std::string name = session().lesson().id + "-step" + std::to_string(job.step + 1);
  if (job.figure.matrix) name += "-" + session().trace().id_of(*job.figure.matrix);
  for (char& c : name)  // "value-64/weights" and the like: one safe file name
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '@')) c = '-';
  return name + (job.figure.dark ? "-dark" : "") + ".png";
}

}  // namespace attn::app
