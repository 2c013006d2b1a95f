#!/usr/bin/env bash
# Runs the lesson fuzzer for a bounded time from the seed corpus.
#   tests/fuzz/run_fuzzer.sh path/to/lesson-fuzzer SECONDS [--scratch]
# New interesting inputs collect in build/fuzz/corpus (with --scratch, in a
# temporary folder removed afterwards, so repeated smoke runs do not start from
# an ever larger corpus); crashing inputs in build/fuzz/findings (turn each
# into a file in tests/fuzz/regressions).
set -euo pipefail
fuzzer=$1 seconds=${2:-60} mode=${3:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
[ -x "$fuzzer" ] || { echo "no fuzzer at $fuzzer: ./dev fuzz builds it (the fuzz tree; ./dev test builds native-asan's)" >&2; exit 1; }
findings=$root/build/fuzz/findings
if [ "$mode" = --scratch ]; then
  corpus=$(mktemp -d)
  trap 'rm -rf "$corpus"' EXIT
else
  corpus=$root/build/fuzz/corpus
fi
mkdir -p "$corpus" "$findings"
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict="$root/tests/fuzz/lesson.dict" -artifact_prefix="$findings/" -print_final_stats=1 \
  "$corpus" "$root/lessons" "$root/tests/malformed" "$root/tests/fuzz/regressions"
