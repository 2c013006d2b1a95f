#!/usr/bin/env bash
# The Debian package of the desktop app: built from this build tree (target
# `deb`), checked with dpkg-deb, unpacked into a throwaway root (dpkg -x), its
# menu entry validated, and the unpacked app started under Xvfb to draw a
# screenshot that must not be blank.
#   tests/app/package_test.sh path/to/build-tree
set -euo pipefail
build=$(cd "$1" && pwd)
cd "$(dirname "$0")/../.."
out=test-output/package
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
rm -rf "$out" && mkdir -p "$out"
fail() { echo "FAIL $*"; exit 1; }

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

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for path in ./usr/bin/attention-lab ./usr/bin/attention-cli ./usr/share/applications/attention-lab.desktop \
            ./usr/share/icons/hicolor/scalable/apps/attention-lab.svg \
            ./usr/share/icons/hicolor/256x256/apps/attention-lab.png; do
  grep -qxF "$path" <<< "$contents" || fail "the package has no $path"
done
# Nothing outside /usr (no build-tree paths, no /usr/local).
if grep -v '^\./usr/' <<< "$contents" | grep -v '^\./$' | grep -q .; then fail "files outside /usr"; fi
if grep -q '^\./usr/local' <<< "$contents"; then fail "files in /usr/local"; fi
echo "ok   contents: $(grep -c -v '/$' <<< "$contents") files"

dpkg -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/attention-lab.desktop" > "$out/desktop-file-validate.log" 2>&1 ||
  { cat "$out/desktop-file-validate.log"; fail "desktop-file-validate"; }
grep -q '^Categories=Education;Science;$' "$root/usr/share/applications/attention-lab.desktop" || fail "Categories"
grep -q '^Icon=attention-lab$' "$root/usr/share/applications/attention-lab.desktop" || fail "Icon"
echo "ok   the menu entry validates"

"$root/usr/bin/attention-cli" list | grep -qx 'the-cat-sat.*' || fail "the unpacked attention-cli lists no the-cat-sat"
echo "ok   the unpacked attention-cli runs"

# The unpacked app, away from the source tree, draws a lesson.
(cd "$root" && xvfb-run -a -s "-screen 0 1280x800x24" ./usr/bin/attention-lab --lesson udl-multihead --step 8 \
  --frames 30 --screenshot "$root/app.png") > "$out/app.log" 2>&1 || { tail -5 "$out/app.log"; fail "the unpacked app exited $?"; }
cp "$root/app.png" "$out/app.png"
colours=$(node tests/support/png_colours.mjs "$out/app.png")
[ "$colours" -gt 20 ] || fail "blank screenshot ($colours colours)"
echo "ok   the unpacked app drew udl-multihead step 8 ($colours colours)"
