#!/usr/bin/env bash
# Installs what a ./dev command needs on a Debian machine, and only what is
# missing: a second run touches no package manager.
#
#   scripts/deps.sh serve|build|test|fuzz|bench|package
#
# Each command has its own group: serving the page needs Emscripten and the
# font tools, not Chromium or clang (README.md has what ./dev serve installs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache="${ATTENTION_CACHE:-$root/.cache}"

# Debian packages, by what they are for.
common=(cmake ninja-build nlohmann-json3-dev libstb-dev            # every build of the app
        ccache                                                     # compiled files reused across builds and clones
        fonts-dejavu-core fonts-wqy-microhei python3-fonttools     # the UI fonts and their subsetting
        librsvg2-bin                                               # the icons, rendered from web/icon.svg
        gettext                                                    # the translations (po/): msgfmt checks and compiles them
        xz-utils)                                                  # unpacking the ImGui source package
web=(emscripten)                                                   # the web build (3.1.6, clang-14, binaryen)
native=(g++ pkg-config libglfw3-dev)                               # the desktop app and the CLI
packaging=(dpkg-dev                                                # dpkg-shlibdeps and dpkg-buildflags: the .deb's Depends and hardening
           help2man                                                # the manual pages, from each program's --help
           lintian                                                 # the package's test: Debian's own checks
           mmdebstrap                                              # ...and a clean Debian root to install it in
           desktop-file-utils shared-mime-info)                    # ...its menu entry and MIME type validated
tests=(doctest-dev                                                 # unit tests
       python3-numpy                                               # runs the "Copy as numpy" snippets
       chromium                                                    # browser tests (playwright-core drives it)
       firefox-esr                                                 # browser tests in Firefox (puppeteer-core, WebDriver BiDi)
       webkit2gtk-driver                                           # browser tests in WebKit (WebKitWebDriver + MiniBrowser)
       xvfb xauth libgl1-mesa-dri                                  # native window, Firefox and WebKit tests (Mesa software GL)
       xdotool                                                     # real mouse and keys for the desktop app
       desktop-file-utils)                                         # desktop-file-validate for the package's menu entry
sanitizers=(clang libclang-rt-14-dev)                              # the native-asan tree: ASan, UBSan, libFuzzer

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else echo "deps: need root (or sudo) to run: $*" >&2; exit 1; fi
}

missing_apt() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"
  done
}

# Waits up to 10 minutes for another apt or dpkg (unattended upgrades, a
# second ./dev) to let go of its lock, rather than failing at once.
apt_get() { as_root apt-get -o DPkg::Lock::Timeout=600 "$@"; }

install_apt() {
  local missing
  missing=$(missing_apt "$@")
  # Node may come from elsewhere (NodeSource's nodejs bundles npm and conflicts
  # with Debian's npm): only ask Debian for what has no command yet.
  command -v node >/dev/null || missing="$missing nodejs"
  command -v npm >/dev/null || missing="$missing npm"
  [ -z "${missing// /}" ] && return 0
  echo "deps: installing Debian packages:" $missing
  export DEBIAN_FRONTEND=noninteractive
  apt_get update -qq
  # shellcheck disable=SC2086
  apt_get install -y -qq --no-install-recommends $missing >/dev/null
}

# Dear ImGui sources from Debian's source package (libimgui-dev has no sources,
# so it cannot serve the WebAssembly build). IMGUI_DIR overrides.
install_imgui() {
  if [ -n "${IMGUI_DIR:-}" ]; then
    [ -f "$IMGUI_DIR/imgui.cpp" ] || { echo "deps: IMGUI_DIR=$IMGUI_DIR has no imgui.cpp" >&2; exit 1; }
    return 0
  fi
  local dest="$cache/imgui"
  [ -f "$dest/imgui.cpp" ] && return 0
  echo "deps: fetching Dear ImGui sources (Debian source package)"
  local tmp
  tmp=$(mktemp -d) && chmod 755 "$tmp"  # readable by apt's sandbox user
  trap 'rm -rf "$tmp"' RETURN
  # A deb-src twin of the machine's own Debian source list (no host named here).
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$tmp/src.sources"
  mkdir -p "$tmp/lists/partial"
  local opts=(-o Dir::Etc::sourcelist="$tmp/src.sources" -o Dir::Etc::sourceparts=-
              -o Dir::State::Lists="$tmp/lists")
  apt_get -qq "${opts[@]}" update
  (cd "$tmp" && apt-get -qq "${opts[@]}" source --download-only imgui >/dev/null)
  local orig
  orig=$(ls "$tmp"/imgui_*.orig.tar.* | head -1)
  mkdir -p "$tmp/x" && tar -xf "$orig" -C "$tmp/x"
  rm -rf "$dest" && mkdir -p "$cache"
  mv "$tmp"/x/imgui-* "$dest"
  [ -f "$dest/imgui.cpp" ] || { echo "deps: ImGui sources not found in $orig" >&2; exit 1; }
}

# npm packages from the lock file: the server's alone (serve), or with the
# test packages too (everything else). A marker per set says what is there.
install_npm() {
  local set=$1 marker="$root/node_modules/.attention-$1"
  [ -f "$marker" ] && [ "$marker" -nt "$root/package-lock.json" ] && return 0
  [ "$set" = serve ] && [ -f "$root/node_modules/.attention-all" ] &&
    [ "$root/node_modules/.attention-all" -nt "$root/package-lock.json" ] && return 0
  echo "deps: installing npm packages ($set, from package-lock.json)"
  local omit=()
  [ "$set" = serve ] && omit=(--omit=dev)
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error "${omit[@]}")
  touch "$marker"
}

case "${1:-}" in
  serve) install_apt "${common[@]}" "${web[@]}"; install_imgui; install_npm serve ;;
  build) install_apt "${common[@]}" "${web[@]}" "${native[@]}"; install_imgui; install_npm serve ;;
  test|bench) install_apt "${common[@]}" "${web[@]}" "${native[@]}" "${packaging[@]}" "${sanitizers[@]}" "${tests[@]}"
              install_imgui
              install_npm all ;;
  package) install_apt "${common[@]}" "${native[@]}" "${packaging[@]}"; install_imgui ;;
  fuzz) install_apt "${common[@]}" "${native[@]}" "${sanitizers[@]}"; install_imgui ;;
  *) echo "usage: $0 serve|build|test|fuzz|bench|package" >&2; exit 2 ;;
esac
