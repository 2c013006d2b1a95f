// Files the app needs and its shell provides: a built-in lesson's file, a
// language's catalog, a font pack. The desktop app and the tests have them
// all compiled in and are never asked; the page's program carries none of
// them, so the app asks (App::take_wanted_assets), the page fetches the file
// beside it and hands the bytes over (App::provide_asset), or says why it
// could not (App::asset_failed). One mechanism for the three kinds.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::app {

enum class AssetKind { lesson, catalog, font };

struct Asset {
  AssetKind kind;
  std::string name;  // a lesson id, a language code, a font pack's name
  bool operator==(const Asset&) const = default;
};

// As the page names the kind: "lesson", "catalog", "font".
std::string_view asset_kind_name(AssetKind kind);
std::optional<AssetKind> asset_kind_of(std::string_view name);
// Where the file is, beside the page: "lessons/the-cat-sat.json",
// "lang/es.json", "fonts/letters.ttf". The page fetches the files the app
// names ("needasset", attn_asset_file); the two it fetches before the app
// runs, it names as it expects this to (web/page/files.js), and hands over
// only when this names the same file.
std::string asset_file(const Asset& asset);

// The assets wanted and not yet here: each handed to the shell once, until it
// arrives or fails (it may then be wanted again).
class AssetWants {
 public:
  void want(const Asset& asset);
  bool wanted(const Asset& asset) const;
  // Those not yet handed to the shell, in the order wanted.
  std::vector<Asset> take();
  // It arrived, or could not be had.
  void settle(const Asset& asset);

 private:
  struct Want {
    Asset asset;
    bool taken = false;
  };
  std::vector<Want> open_;
};

}  // namespace attn::app
