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

}  // namespace attn::app
