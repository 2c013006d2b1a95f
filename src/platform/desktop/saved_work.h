// The learner's work in the desktop app, kept where desktop apps keep such
// data: $XDG_DATA_HOME/attention-lab/work.json (~/.local/share/... when
// XDG_DATA_HOME is unset), in the page's format (app::read_saved_work), so
// the app judges it the same way: a lesson's unreadable work becomes a notice
// and the next save replaces it. A whole file that is not such JSON is set
// aside beside it (work.json.damaged), with one notice.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "app/start.h"

namespace attn::desktop {

class SavedWorkFile {
 public:
  // The default place, from the environment; empty when there is no home.
  static std::filesystem::path default_path();
  explicit SavedWorkFile(std::filesystem::path path) : path_(std::move(path)) {}

  // A damaged file, set aside: where it was and where it is now.
  struct Damaged {
    std::string file, aside;
  };
  // Reads the file into the start parameters; says so when it was damaged
  // (and set aside). The notice is worded later, in the language the app
  // starts in (which the file may choose): notice().
  std::optional<Damaged> read(app::StartParameters& p);
  // The learner's notice about a damaged file, in the scope's language.
  static std::string notice(const Damaged& damaged);
  // Keeps the current lesson's work: Api::saved_work_json()'s {"lesson",
  // "language", "work"}. False, with why, if it could not be written.
  bool write(std::string_view saved_work_json, std::string* error);

 private:
  std::filesystem::path path_;
  std::map<std::string, std::string> lessons_;  // every lesson's work, by id
  std::string last_, language_;
  std::string written_;  // the file's text as last written: unchanged work is not written again
};

}  // namespace attn::desktop
