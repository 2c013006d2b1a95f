#!/usr/bin/env bash
# The wheel carries the page: built by scripts/wheel.sh from dist/, installed
# with pip into a fresh virtual environment (numpy from Debian's, as a
# machine without PyPI has it), attention_lab.show() writes the page with the
# lesson in it from a folder with nothing else in it: no ATTENTION_LAB_PAGE,
# no attention-lab.html beside it, no repository.
#
#   tests/packaging/wheel_test.sh DIST
set -euo pipefail
dist=$(cd "${1:?DIST}" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

wheel=$("$root/scripts/wheel.sh" "$dist" "$work/out" | tail -1)
case "$(basename "$wheel")" in
  attention_lab-*-py3-none-any.whl) ;;
  *) echo "FAIL: the wheel is named $(basename "$wheel")" >&2; exit 1 ;;
esac
# The listing read whole (grep -q would close the pipe on python mid-listing).
listing=$(/usr/bin/python3 -m zipfile -l "$wheel")
grep -q 'attention_lab/attention-lab.html' <<< "$listing" ||
  { echo "FAIL: the wheel carries no attention_lab/attention-lab.html" >&2; exit 1; }

/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --no-index --no-deps "$wheel"
mkdir "$work/empty"
cd "$work/empty"
# BROWSER=true: webbrowser "opens" the file with true(1), so nothing starts.
env -u ATTENTION_LAB_PAGE BROWSER=true PYTHONNOUSERSITE=1 TMPDIR="$work" "$work/venv/bin/python" - "$work/venv" <<'PY'
import pathlib, sys
import numpy as np
import attention_lab

venv = pathlib.Path(sys.argv[1]).resolve()
here = pathlib.Path(attention_lab.__file__).resolve()
assert venv in here.parents, f"attention_lab came from {here}, not the virtual environment"
X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
out = attention_lab.show(X=X, W_q=np.eye(2), W_k=np.eye(2), W_v=np.eye(2), tokens=["a", "b", "c"])
text = pathlib.Path(out).read_text("utf-8")
assert "#lesson=" in text, "the lesson is not in the page's address"
assert len(text) > 100_000 and "createAttentionModule" in text, "the page's program is not in the file"
print(f"ok: {out} ({len(text)} bytes) from {here.parent}")
PY
