#!/usr/bin/env bash
# attention-cli end to end: list, trace (JSON and text), and every bad-input
# case in tests/malformed/ with its exact one-line message and exit status 2.
#   tests/cli/cli_test.sh path/to/attention-cli
set -u
cli=$1
cd "$(dirname "$0")/../.."  # messages name files relative to the repo root
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_error <expected status> <expected stderr line> <args...>
expect_error() {
  local status=$1 line=$2; shift 2
  local err out code
  out=$("$cli" "$@" 2>/tmp/cli_err.$$); code=$?
  err=$(cat /tmp/cli_err.$$); rm -f /tmp/cli_err.$$
  [ "$code" -eq "$status" ] || fail "$*: exit $code, expected $status"
  [ "$err" = "$line" ] || fail "$*: stderr was
  $err
expected
  $line"
  [ -z "$out" ] || fail "$*: printed to stdout on error"
}

# list: the thirteen built-in ids, in order
expected_ids="the-cat-sat
i-am-batman
attention-times-value
complete-flow
qk-transpose
udl-self-attention
udl-multihead
she-likes-coffee
word-order
rotary-positions
kv-cache
cross-attention
train-a-head"
[ "$("$cli" list)" = "$expected_ids" ] || fail "list printed: $("$cli" list)"

# trace: valid JSON with the documented shape, numbers that read back exactly
for id in $expected_ids; do
  "$cli" trace "$id" > /tmp/cli_trace.$$ || fail "trace $id exited $?"
  node -e '
    const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const ok = t.id === process.argv[2] && t.steps.length > 0 && t.result.weights.length > 0 &&
      t.steps.every(s => s.id && s.title && s.matrices.every(m => m.name && m.rows.length === m.data.length));
    if (!ok) { console.error("bad trace shape"); process.exit(1); }
  ' /tmp/cli_trace.$$ "$id" || fail "trace $id: JSON shape"
done
"$cli" trace the-cat-sat > /tmp/cli_trace.$$
node -e '
  const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  // np.random.seed(0); np.random.rand() is exactly this double
  if (t.steps[1].matrices[0].data[0][0] !== 0.5488135039273248) process.exit(1);
' /tmp/cli_trace.$$ || fail "trace: numbers do not read back to the same double"
rm -f /tmp/cli_trace.$$
text=$("$cli" trace the-cat-sat --format text)
grep -qF "[[0.01495411 0.63870437 0.34634152]" <<<"$text" || fail "--format text: no numpy-style weights"
grep -qF "## Step 4: Apply Softmax to get weights" <<<"$text" || fail "--format text: no step titles"
"$cli" trace lessons/she-likes-coffee.json > /dev/null || fail "trace by path"

# trace of a KV cache: every step t (q_t, the cache's K and V, the weights row,
# the output row); --cache-step T that step alone
"$cli" trace kv-cache > /tmp/cli_trace.$$ || fail "trace kv-cache exited $?"
node -e '
  const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const names = ["q_t", "K_cache", "V_cache", "weights_t", "output_t"];
  const ok = t.cache.length === 5 && t.cache.every((s, i) => s.t === i &&
    s.matrices.map(m => m.name).join() === names.join() &&
    s.matrices[1].data.length === i + 1 && s.matrices[3].data[0].length === i + 1);
  // row 3 of the whole causal attention (numpy)
  if (!ok || t.cache[3].matrices[3].data[0][1] !== 0.6858725567500622) process.exit(1);
' /tmp/cli_trace.$$ || fail "trace kv-cache: not every step of the cache"
"$cli" trace kv-cache --cache-step 3 > /tmp/cli_trace.$$ || fail "trace --cache-step exited $?"
node -e '
  const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (t.cache.length !== 1 || t.cache[0].t !== 3 || t.cache[0].token !== "down") process.exit(1);
' /tmp/cli_trace.$$ || fail "trace --cache-step 3: not step 3 alone"
"$cli" trace the-cat-sat | grep -q '"cache"' && fail "trace the-cat-sat: a cache without kv_cache"
text=$("$cli" trace kv-cache --format text)
for t in "0: The" "1: cat" "2: sat" "3: down" "4: today"; do
  grep -qF "### t = $t" <<<"$text" || fail "--format text: no step t = $t of the cache"
done
grep -qF "[[0.16 0.15 0.14 0.18 0.37]]" <<<"$text" || fail "--format text: no weights row at t = 4"
expect_error 2 'attention-cli: --cache-step "5": a step from 0 to 4' trace kv-cache --cache-step 5
expect_error 2 'attention-cli: --cache-step: lesson "the-cat-sat" does not generate with a KV cache (no "kv_cache": true)' trace the-cat-sat --cache-step 0

# bad input: one line on stderr, exit status 2
while IFS=$'\t' read -r file message; do
  case "$file" in ''|'#'*) continue ;; esac
  path=tests/malformed/$file
  expect_error 2 "attention-cli: $path: $message" trace "$path"
done < tests/malformed/expected.tsv
expect_error 2 "attention-cli: tests/malformed/no-such-file.json: no such file" trace tests/malformed/no-such-file.json
expect_error 2 "attention-cli: unknown lesson \"the-dog-sat\": not a built-in id (see \`attention-cli list\`) and no such file" trace the-dog-sat
expect_error 2 "attention-cli: tests/malformed: is a directory, not a lesson file" trace tests/malformed
big=$(mktemp --suffix=.json); head -c 1048577 /dev/zero | tr '\0' ' ' > "$big"
expect_error 2 "attention-cli: $big: file is 1048577 bytes, the limit is 1048576" trace "$big"
rm -f "$big"
expect_error 2 "attention-cli: unknown format \"xml\" (use json or text)" trace the-cat-sat --format xml

if [ "$failures" -gt 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "all CLI cases passed"
