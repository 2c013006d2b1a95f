// The desktop app's saved work: one JSON file, written whole and renamed into
// place, so a crash mid-write leaves the last good one.
#include "platform/desktop/saved_work.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/text/json_document.h"
#include "core/text/translation.h"

namespace attn::desktop {

namespace fs = std::filesystem;

fs::path SavedWorkFile::default_path() {
  const char* data = std::getenv("XDG_DATA_HOME");
  if (data && *data == '/') return fs::path(data) / "attention-lab" / "work.json";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / ".local" / "share" / "attention-lab" / "work.json";
  return {};
}

std::optional<SavedWorkFile::Damaged> SavedWorkFile::read(app::StartParameters& p) {
  std::error_code ec;
  if (path_.empty() || !fs::exists(path_, ec)) return std::nullopt;
  std::ifstream in(path_, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (in && app::read_saved_work(text.str(), p)) {
    for (const auto& [id, work] : p.saved_work) lessons_[id] = work;
    last_ = p.last_lesson;
    language_ = p.saved_language;
    written_ = text.str();
    return std::nullopt;
  }
  fs::path aside = path_;
  aside += ".damaged";
  fs::rename(path_, aside, ec);
  return Damaged{path_.string(), ec ? path_.string() : aside.string()};
}

std::string SavedWorkFile::notice(const Damaged& damaged) {
  return trf(
      "Your saved work ({file}) could not be read; it was set aside as {aside} and you "
      "start afresh.",
      {{"file", damaged.file}, {"aside", damaged.aside}});
}

bool SavedWorkFile::write(std::string_view saved_work_json, std::string* error) {
  const nlohmann::json now = attn::parse_or_discard(saved_work_json);
  if (!now.is_object() || !now["lesson"].is_string()) return true;  // nothing shown yet
  const std::string lesson = now["lesson"];
  if (now["work"].is_string())
    lessons_[lesson] = now["work"];
  else
    lessons_.erase(lesson);
  last_ = lesson;
  if (now["language"].is_string()) language_ = now["language"];
  const std::string text =
      nlohmann::json{{"last", last_}, {"language", language_}, {"lessons", lessons_}}.dump(1);
  if (text == written_ || path_.empty()) return true;
  std::error_code ec;
  fs::create_directories(path_.parent_path(), ec);
  fs::path part = path_;
  part += ".part";
  {
    std::ofstream out(part, std::ios::binary);
    out << text;
    if (!out) {
      if (error) *error = "could not write " + part.string();
      return false;
    }
  }
  fs::rename(part, path_, ec);
  if (ec) {
    if (error) *error = "could not write " + path_.string() + " (" + ec.message() + ")";
    return false;
  }
  written_ = text;
  return true;
}

}  // namespace attn::desktop
