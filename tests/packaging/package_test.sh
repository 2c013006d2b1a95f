#!/usr/bin/env bash
# The desktop app's Debian package, judged as Debian judges one:
#   1. built in the release tree (target `deb`; ./dev package's package),
#      its control fields and files checked with dpkg-deb;
#   2. lintian: no error, no warning, and no info or pedantic tag but those
#      kept below, each with its reason;
#   3. installed with dpkg -i into a clean Debian root made by mmdebstrap
#      (the host's release and archive; the root is cached in
#      ~/.cache/attention-lab/ as a tarball named by what it holds, for every
#      clone, and unpacked afresh each run), where, from the installed paths: attention-cli traces a lesson
#      file, attention-lab writes a figure and opens a *.lesson.json under
#      Xvfb, the file's MIME type resolves to the lesson type with the app as
#      its default, and the menu entry validates.
# Needs root (or sudo without a password) for mmdebstrap and chroot.
#   tests/packaging/package_test.sh path/to/native-release-tree
set -euo pipefail
build=$1
cd "$(dirname "$0")/../.."
out=$PWD/test-output/package
rm -rf "$out" && mkdir -p "$out"
fail() { echo "FAIL $*"; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
as_root true 2>/dev/null || fail "the clean root needs root or sudo without a password (mmdebstrap, chroot)"
for tool in lintian mmdebstrap dpkg-deb; do
  command -v $tool > /dev/null || fail "$tool is missing: scripts/deps.sh package"
done

# ---- 1. The package ---------------------------------------------------------
[ -f "$build/build.ninja" ] || cmake --preset native-release > "$out/configure.log" 2>&1 ||
  { tail -20 "$out/configure.log"; fail "cmake --preset native-release"; }
build=$(cd "$build" && pwd)
rm -f "$build"/attention-lab_*.deb
cmake --build "$build" --target deb > "$out/build.log" 2>&1 || { tail -20 "$out/build.log"; fail "cmake --build --target deb"; }
debs=("$build"/attention-lab_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one attention-lab_*.deb in $build, found: ${debs[*]}"
deb=${debs[0]}
echo "ok   built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

dpkg-deb --info "$deb" > "$out/info.txt"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = attention-lab ] || fail "Package: $(field Package)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ "$(field Section)" = education ] || fail "Section: $(field Section)"
depends=$(field Depends)
for dep in libc6 libglfw3 libgl1 libstdc++6; do
  tr ',' '\n' <<< "$depends" | awk '{print $1}' | grep -qxF "$dep" || fail "Depends has no $dep: $depends"
done
echo "ok   control: $(field Package) $(field Version), Depends: $depends"

contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for path in ./usr/bin/attention-lab ./usr/bin/attention-cli ./usr/share/applications/attention-lab.desktop \
            ./usr/share/mime/packages/attention-lab.xml \
            ./usr/share/man/man1/attention-lab.1.gz ./usr/share/man/man1/attention-cli.1.gz \
            ./usr/share/doc/attention-lab/copyright ./usr/share/doc/attention-lab/changelog.gz \
            ./usr/share/icons/hicolor/scalable/apps/attention-lab.svg \
            ./usr/share/icons/hicolor/256x256/apps/attention-lab.png; do
  grep -qxF "$path" <<< "$contents" || fail "the package has no $path"
done
if grep -v '^\./usr/' <<< "$contents" | grep -v '^\./$' | grep -q .; then fail "files outside /usr"; fi
if grep -q '^\./usr/local' <<< "$contents"; then fail "files in /usr/local"; fi
echo "ok   contents: $(grep -c -v '/$' <<< "$contents") files"

# ---- 2. lintian -------------------------------------------------------------
# Info and pedantic tags kept, each with why, as "tag" words (any other
# fails, as does every error and warning). None today: the package's own
# overrides (packaging/attention-lab.lintian-overrides, French and German
# words lintian's English spelling list flags) are reported as "O:", not kept here.
kept=""
lintian --tag-display-limit 0 --display-info --pedantic "$deb" > "$out/lintian.txt" 2>&1 ||
  [ -s "$out/lintian.txt" ] || fail "lintian did not run"
cat "$out/lintian.txt"
refused=$(awk -v kept=" $kept " '
  /^[EWIPX]: / {
    tag = $3
    if ($1 == "E:" || $1 == "W:" || index(kept, " " tag " ") == 0) print
  }' "$out/lintian.txt")
[ -z "$refused" ] || fail "lintian: $(grep -c . <<< "$refused") tag(s) refused (above)"
echo "ok   lintian: no error, no warning; kept: $(grep -c '^[IPX]: ' "$out/lintian.txt" || true) info/pedantic tag(s)"

# ---- 3. Installed in a clean Debian root ------------------------------------
# What the root holds: Debian's minimal base, the package's Depends and
# Recommends (so dpkg -i finds them; the programs must run with nothing
# else of the host's), and the tools the checks below use.
relations=$(field Depends; field Recommends 2>/dev/null || true)
needs=$(tr ',' '\n' <<< "$relations" | sed 's/[(|].*//' | awk 'NF {print $1}' | sort -u | tr '\n' ',')
tools="xvfb,xauth,shared-mime-info,desktop-file-utils,xdg-utils,libfile-mimeinfo-perl"
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
[ -n "$suite" ] || fail "no VERSION_CODENAME in /etc/os-release"
# Debian's sources as the host has them: deb822 (containers, Debian 13) or the one-line list.
sources=/etc/apt/sources.list.d/debian.sources
[ -s "$sources" ] || sources=/etc/apt/sources.list
[ -s "$sources" ] || fail "no Debian sources in /etc/apt"
# Kept where the machine's caches are (as ccache's), so a fresh clone reuses it;
# in the build tree where there is no writable home.
cache="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/attention-lab/package-root"
mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] || { cache="$build/package-root"; mkdir -p "$cache"; }
key=$( (echo "$suite $needs$tools"; cat "$sources") | sha256sum | cut -c1-16)
tarball="$cache/$suite-$key.tar"
if [ ! -s "$tarball" ]; then
  find "$cache" -maxdepth 1 -name '*.tar' -delete  # another set of packages: not needed again
  echo "..   making the clean root ($suite, minbase + $needs$tools): a few minutes, once"
  started=$(date +%s)
  as_root mmdebstrap --variant=minbase --mode=root --format=tar --include="$needs$tools" "$suite" "$tarball.part" "$sources" \
    < /dev/null > "$out/mmdebstrap.log" 2>&1 || { tail -20 "$out/mmdebstrap.log"; fail "mmdebstrap"; }
  mv "$tarball.part" "$tarball"
  echo "ok   made the clean root in $(($(date +%s) - started)) s: $(basename "$tarball")"
fi
mkdir -p "$build/package-root"
root=$(mktemp -d "$build/package-root/root.XXXXXX")
cleanup() { as_root rm -rf --one-file-system "$root"; }
trap cleanup EXIT
as_root tar -C "$root" -xf "$tarball"
as_root cp "$deb" "$root/tmp/attention-lab.deb"
as_root cp tests/fixtures/instructor-lesson.json "$root/tmp/two-words.lesson.json"
as_root cp tests/packaging/package_root_checks.sh "$root/tmp/checks.sh"
# Its own mount, process, network (Xvfb's sockets) and IPC namespaces: nothing
# leaks to the host, and nothing stays mounted when it ends.
as_root unshare --mount --pid --net --ipc --fork --mount-proc="$root/proc" \
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 /bin/sh /tmp/checks.sh \
  > "$out/root.log" 2>&1 || { cat "$out/root.log"; fail "in the clean root"; }
grep '^ok' "$out/root.log"
as_root cp "$root/tmp/figure.png" "$root/tmp/lesson-file.png" "$root/tmp/trace.json" "$root/tmp/report.json" "$out/"

# What the installed programs made, read here.
node -e '
  const fs = require("fs");
  const [trace, report, lesson] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
  if (trace.id !== lesson.id || trace.title !== lesson.title || !(trace.steps.length > 3))
    throw new Error(`attention-cli traced ${trace.id} (${trace.title}), not the lesson file ${lesson.id}`);
  if (report.state.lesson !== lesson.id) throw new Error(`the app opened ${report.state.lesson}, not the lesson file`);
' "$out/trace.json" "$out/report.json" tests/fixtures/instructor-lesson.json || fail "the installed programs and the lesson file"
echo "ok   the installed attention-cli traced the lesson file; the installed app opened it"
for png in figure lesson-file; do
  colours=$(node tests/support/png_colours.mjs "$out/$png.png")
  [ "$colours" -gt 20 ] || fail "$png.png is blank ($colours colours)"
done
echo "ok   the installed app's figure and window are drawn ($out/figure.png, $out/lesson-file.png)"
