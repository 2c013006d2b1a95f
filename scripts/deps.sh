#!/usr/bin/env bash
# Installs what a ./dev command needs on a Debian 12 machine, and only what is
# missing: a second run touches no package manager.
#
#   scripts/deps.sh serve|build|native|test|fuzz|bench|package|translations|format
#
# Each command has its own group (below, and docs/setup.md has
# what each installs, measured on a bare Debian 12). The web build needs
# Emscripten, the font tools, and Node >= 20 with the npm packages of
# package.json's "dependencies"; no browser. The desktop app needs neither;
# only ./dev test and ./dev bench need the browsers, the sanitizers and the
# test packages.
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
web=(emscripten                                                    # the web build (3.1.6, clang-14, binaryen)
     zopfli)                                                       # the single files: their wasm and fonts gzipped smaller
native=(g++ pkg-config libglfw3-dev                                # the desktop app and the CLI
        zlib1g-dev                                                 # the CLI's .npz reading (inflate, CRC-32)
        doctest-dev)                                               # every native tree configures the unit tests (tests/)
packaging=(dpkg-dev                                                # dpkg-shlibdeps and dpkg-buildflags: the .deb's Depends and hardening
           help2man                                                # the manual pages, from each program's --help
           lintian                                                 # the package's test: Debian's own checks
           mmdebstrap                                              # ...and a clean Debian root to install it in
           desktop-file-utils shared-mime-info)                    # ...its menu entry and MIME type validated
tests=(python3-numpy                                               # runs the "Copy as numpy" snippets; attention_lab (python/)
       python3-nbconvert python3-nbclient python3-ipykernel        # a notebook executed headless, its outputs as HTML (tests/python)
       python3-pip python3-setuptools python3-wheel                # pip install of python/ (tests/python), the wheel
       python3-venv                                                # the wheel installed into a fresh virtual environment
       chromium                                                    # browser tests (playwright-core drives it)
       firefox-esr                                                 # browser tests in Firefox (puppeteer-core, WebDriver BiDi)
       webkit2gtk-driver                                           # browser tests in WebKit (WebKitWebDriver + MiniBrowser)
       xvfb xauth libgl1-mesa-dri                                  # native window, Firefox and WebKit tests (Mesa software GL)
       xdotool                                                     # real mouse and keys for the desktop app
       desktop-file-utils)                                         # desktop-file-validate for the package's menu entry
sanitizers=(clang libclang-rt-14-dev)                              # the native-asan tree: ASan, UBSan, libFuzzer
bench=(python3-numpy                                               # the core's speed beside numpy's
       dpkg-dev)                                                   # dpkg-buildflags: the release tree's hardening (cmake/hardening.cmake)
wheel=(python3-pip python3-setuptools python3-wheel)               # ./dev wheel: pip builds it, offline
format=(clang-format)                                              # the C++ (prettier, for JavaScript, comes from npm)

# Node: package.json's "engines" (playwright-core, selenium-webdriver and
# scorm-again need 20 or later). Debian 12's own nodejs is 18; where the
# machine's node is older than that, deps installs Node.js's current LTS line
# below from the npm registry (node-linux-<arch>, the binary of the "node"
# package, one per Node release) into /usr/local, ahead of Debian's in PATH,
# with Debian's npm. Emscripten keeps Debian's /usr/bin/node (its own config).
node_lts=22
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

# install_apt [--node] packages...: --node for groups that run node and npm.
install_apt() {
  local missing node=0
  [ "${1:-}" = --node ] && { node=1; shift; }
  missing=$(missing_apt "$@")
  # Node may come from elsewhere (NodeSource's nodejs bundles npm and conflicts
  # with Debian's npm): only ask Debian for what has no command yet.
  if [ "$node" -eq 1 ]; then
    command -v node >/dev/null || missing="$missing nodejs"
    command -v npm >/dev/null || missing="$missing npm"
  fi
  [ -z "${missing// /}" ] && return 0
  echo "deps: installing Debian packages:" $missing
  export DEBIAN_FRONTEND=noninteractive
  apt_get update -qq
  # shellcheck disable=SC2086
  apt_get install -y -qq --no-install-recommends $missing >/dev/null
}

# Node >= package.json's engines (above): the machine's, or Node.js's LTS from
# the npm registry when the machine's is older (Debian 12's 18).
install_node() {
  local need arch
  need=$(sed -n 's/.*"node": *">= *\([0-9]*\).*/\1/p' "$root/package.json")
  node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
  [ "$(node_major)" -ge "$need" ] && return 0
  case "$(dpkg --print-architecture)" in
    amd64) arch=x64 ;;
    arm64) arch=arm64 ;;
    *) echo "deps: Node >= $need is needed and this machine's node is $(node --version);" \
            "install one for $(dpkg --print-architecture) and run this again" >&2; exit 1 ;;
  esac
  echo "deps: installing Node.js $node_lts (npm registry: node-linux-$arch) into /usr/local;" \
       "this machine's node is $(node --version), package.json asks for >= $need"
  as_root npm install --global --prefix /usr/local --no-audit --no-fund --loglevel=error \
    "node-linux-$arch@$node_lts"
  hash -r
  [ "$(node_major)" -ge "$need" ] ||
    { echo "deps: node is still $(node --version) ($(command -v node)): is /usr/local/bin ahead in PATH?" >&2; exit 1; }
}

# The deb-src twin of each of the machine's Debian sources, in both of apt's
# formats: one-line entries (/etc/apt/sources.list, as a standard Debian 12
# install and a bare mmdebstrap root have them, and sources.list.d/*.list)
# and deb822 stanzas (sources.list.d/*.sources, as containers and Debian 13
# have them). Writes <dir>/twin.list and <dir>/twin.sources; no host is named here.
write_src_twins() {
  local dir=$1 f
  : > "$dir/twin.list"
  : > "$dir/twin.sources"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^[[:space:]]*deb\([[:space:]]\)/deb-src\1/p' "$f" >> "$dir/twin.list"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # Every stanza's Types becomes deb-src alone; a blank line between files.
    sed 's/^Types:.*/Types: deb-src/I' "$f" >> "$dir/twin.sources"
    echo >> "$dir/twin.sources"
  done
  grep -q '^deb-src' "$dir/twin.list" || grep -qi '^Types: deb-src' "$dir/twin.sources" ||
    { echo "deps: no Debian source in /etc/apt/sources.list or /etc/apt/sources.list.d/ to fetch ImGui from" >&2; exit 1; }
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
  trap 'rm -rf "$tmp"; trap - RETURN' RETURN  # once: a RETURN trap outlives its function
  mkdir -p "$tmp/parts" "$tmp/lists/partial" "$tmp/src"
  chown _apt "$tmp/src" 2>/dev/null || true  # apt downloads as _apt where it can write
  write_src_twins "$tmp/parts"
  local opts=(-o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$tmp/parts"
              -o Dir::State::Lists="$tmp/lists")
  # A source the twin names that has no deb-src side (a third party's
  # repository) fails its update alone; apt-get source then says what it lacks.
  apt_get -qq "${opts[@]}" update > "$tmp/update.log" 2>&1 || true
  (cd "$tmp/src" && apt-get -qq "${opts[@]}" source --download-only imgui >/dev/null) ||
    { cat "$tmp/update.log" >&2; echo "deps: apt-get source imgui failed (the sources above)" >&2; exit 1; }
  local orig
  orig=$(ls "$tmp"/src/imgui_*.orig.tar.* | head -1)
  mkdir -p "$tmp/x" && tar -xf "$orig" -C "$tmp/x"
  rm -rf "$dest" && mkdir -p "$cache"
  mv "$tmp"/x/imgui-* "$dest"
  [ -f "$dest/imgui.cpp" ] || { echo "deps: ImGui sources not found in $orig" >&2; exit 1; }
}

# npm packages from the lock file: package.json's "dependencies" alone (the
# web build and the server: serve), or with the test packages too (all). A
# marker per set says what is there.
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

# The web build: Debian's packages, Node >= 20, ImGui, the build's npm packages.
web_build() { install_apt --node "$@"; install_node; install_imgui; }

case "${1:-}" in
  serve) web_build "${common[@]}" "${web[@]}"; install_npm serve ;;
  build) web_build "${common[@]}" "${web[@]}" "${native[@]}"; install_npm serve ;;
  native|translations) install_apt "${common[@]}" "${native[@]}"; install_imgui ;;
  test) web_build "${common[@]}" "${web[@]}" "${native[@]}" "${packaging[@]}" "${sanitizers[@]}" "${tests[@]}"
        install_npm all ;;
  bench) web_build "${common[@]}" "${web[@]}" "${native[@]}" "${bench[@]}"; install_npm all ;;  # pngjs: the page's pixels
  wheel) web_build "${common[@]}" "${web[@]}" "${wheel[@]}"; install_npm serve ;;
  package) install_apt "${common[@]}" "${native[@]}" "${packaging[@]}"; install_imgui ;;
  fuzz) install_apt "${common[@]}" "${native[@]}" "${sanitizers[@]}"; install_imgui ;;
  format) install_apt --node "${format[@]}"  # prettier runs on any Node from 14 on: Debian's will do
          command -v git >/dev/null || install_apt git ;;  # the files to format are git's
  *) echo "usage: $0 serve|build|native|test|fuzz|bench|package|wheel|translations|format" >&2; exit 2 ;;
esac
