#!/usr/bin/env bash
# Installs what the project needs on a Debian machine, and only what is missing:
# a second run touches no package manager. Used by ./dev for every command.
#
#   scripts/deps.sh [apt|imgui|npm|all]   (default: all)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache="${ATTENTION_CACHE:-$root/.cache}"

# Debian packages, by what they are for.
apt_packages=(
  cmake ninja-build g++ pkg-config          # native build
  emscripten                                # web build (3.1.6, clang-14, binaryen)
  libglfw3-dev                              # desktop window
  doctest-dev nlohmann-json3-dev libstb-dev # tests, lesson files, PNG output
  clang libclang-rt-14-dev                  # libFuzzer + sanitizers for the fuzz target
  fonts-dejavu-core python3-fonttools       # UI font and its subsetting
  python3-numpy                             # runs the "Copy as numpy" snippets in tests
  chromium                                  # browser tests (playwright-core drives it)
  xvfb xauth libgl1-mesa-dri                # native window tests (Mesa software GL)
  xz-utils                                  # unpacking the ImGui source package
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else echo "deps: need root (or sudo) to run: $*" >&2; exit 1; fi
}

missing_apt() {
  local p
  # Node may come from elsewhere (NodeSource's nodejs bundles npm and conflicts
  # with Debian's npm): only ask Debian for what has no command yet.
  command -v node >/dev/null || echo nodejs
  command -v npm >/dev/null || echo npm
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"
  done
}

install_apt() {
  local missing
  missing=$(missing_apt)
  [ -z "$missing" ] && return 0
  echo "deps: installing Debian packages:" $missing
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  # shellcheck disable=SC2086
  as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
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
  as_root apt-get -qq "${opts[@]}" update
  (cd "$tmp" && apt-get -qq "${opts[@]}" source --download-only imgui >/dev/null)
  local orig
  orig=$(ls "$tmp"/imgui_*.orig.tar.* | head -1)
  mkdir -p "$tmp/x" && tar -xf "$orig" -C "$tmp/x"
  rm -rf "$dest" && mkdir -p "$cache"
  mv "$tmp"/x/imgui-* "$dest"
  [ -f "$dest/imgui.cpp" ] || { echo "deps: ImGui sources not found in $orig" >&2; exit 1; }
}

install_npm() {
  [ -d "$root/node_modules/playwright-core" ] && [ "$root/node_modules/.package-lock.json" -nt "$root/package-lock.json" ] && return 0
  echo "deps: installing npm packages (package-lock.json)"
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
}

case "${1:-all}" in
  apt) install_apt ;;
  imgui) install_imgui ;;
  npm) install_npm ;;
  all) install_apt; install_imgui; [ -f "$root/package-lock.json" ] && install_npm || true ;;
  *) echo "usage: $0 [apt|imgui|npm|all]" >&2; exit 2 ;;
esac
