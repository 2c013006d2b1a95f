#include "app/start.h"

#include <algorithm>

namespace attn::app {

StartParameters parse_command_line(int argc, const char* const* argv,
                                   const std::vector<std::string_view>& shell_flags_with_values,
                                   std::vector<std::string>& rest) {
  StartParameters p;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--dark") {
      p.values.emplace_back("theme", "dark");
    } else if (arg.substr(0, 2) == "--" &&
               std::find(std::begin(kStartKeys), std::end(kStartKeys), arg.substr(2)) !=
                   std::end(kStartKeys) &&
               i + 1 < argc) {
      p.values.emplace_back(std::string(arg.substr(2)), argv[++i]);
    } else if (!arg.empty() && arg[0] != '-') {
      p.values.emplace_back("lesson-url", std::string(arg));
    } else {
      rest.emplace_back(arg);
      const bool takes_value =
          std::find(shell_flags_with_values.begin(), shell_flags_with_values.end(), arg) !=
          shell_flags_with_values.end();
      if (takes_value && i + 1 < argc) rest.emplace_back(argv[++i]);
    }
  }
  return p;
}

std::vector<std::string> system_languages(const char* language, const char* lc_all,
                                          const char* lc_messages, const char* lang) {
  // "es_MX.UTF-8@euro" -> "es-MX"; "C" and "POSIX" name no language.
  const auto tag = [](std::string_view locale) -> std::string {
    locale = locale.substr(0, locale.find_first_of(".@"));
    if (locale.empty() || locale == "C" || locale == "POSIX") return "";
    std::string t(locale);
    std::replace(t.begin(), t.end(), '_', '-');
    return t;
  };
  const auto set = [](const char* v) { return v && *v ? std::string_view(v) : std::string_view(); };
  // The locale in effect: the first of these set.
  std::string_view locale = set(lc_all);
  if (locale.empty()) locale = set(lc_messages);
  if (locale.empty()) locale = set(lang);
  std::vector<std::string> out;
  if (!tag(locale).empty())  // gettext ignores LANGUAGE under the C locale
    for (std::string_view list = set(language); !list.empty();) {
      const size_t colon = list.find(':');
      if (std::string t = tag(list.substr(0, colon)); !t.empty()) out.push_back(t);
      list = colon == std::string_view::npos ? std::string_view() : list.substr(colon + 1);
    }
  if (std::string t = tag(locale); !t.empty()) out.push_back(t);
  return out;
}

}  // namespace attn::app
