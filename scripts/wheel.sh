#!/usr/bin/env bash
# The Python package as a wheel that carries the page: python/ with the
# single-file page(s) from dist/ (attention-lab*.html) beside the module, so
# that `pip install attention_lab-*.whl` is all attention_lab.show() needs
# (docs/notebooks.md). Used by ./dev wheel and tests/packaging/wheel_test.sh.
#
#   scripts/wheel.sh DIST OUT_DIR    writes OUT_DIR/attention_lab-<version>-py3-none-any.whl
set -euo pipefail
dist=$(cd "${1:?DIST}" && pwd)
mkdir -p "${2:?OUT_DIR}"
out=$(cd "$2" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
pages=("$dist"/attention-lab*.html)
[ -f "${pages[0]}" ] || { echo "wheel: no $dist/attention-lab.html: build the web page first (./dev build)" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# A copy, so that the pages and pip's build files never land in python/.
cp -r "$root/python/." "$stage/"
rm -rf "$stage"/build "$stage"/*.egg-info "$stage"/attention_lab/__pycache__
cp "${pages[@]}" "$stage/attention_lab/"
# Debian's pip, setuptools and wheel; nothing fetched (no build isolation, no dependencies).
/usr/bin/python3 -m pip wheel --quiet --no-build-isolation --no-deps --wheel-dir "$out" "$stage"
ls "$out"/attention_lab-*.whl
