#!/usr/bin/env bash
# The desktop app under Xvfb: one step of each lesson drawn and written to a
# PNG, which is checked against the app's own report of that frame (the
# lesson, step and theme asked for; the live panel and a matrix cell drawn
# where the report puts them: tests/support/native_screenshot_check.mjs); the
# app exits cleanly after --frames.
#   tests/platform/desktop/native_screenshots.sh path/to/attention-lab
set -u
app=$1
cd "$(dirname "$0")/../../.."
out=test-output/native
mkdir -p "$out"
failures=0
run() {  # run <name> <lesson> <step> <theme> <args...>
  local name=$1 lesson=$2 step=$3 theme=$4; shift 4
  local status=0
  "$app" --frames 30 --screenshot "$out/$name.png" --report "$out/$name.json" "$@" \
    > "$out/$name.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL $name: exited $status ($(tail -1 "$out/$name.log"))"; failures=$((failures + 1)); return
  fi
  local verdict
  if verdict=$(node tests/support/native_screenshot_check.mjs "$out/$name.png" "$out/$name.json" \
                 "$lesson" "$step" "$theme"); then
    echo "ok   $name: $verdict"
  else
    echo "FAIL $name: $verdict"; failures=$((failures + 1))
  fi
}
# One step of each lesson: the softmax step, or whichever step the lesson has there.
run the-cat-sat the-cat-sat 4 light --lesson the-cat-sat --step 4 --mode explore
run i-am-batman i-am-batman 6 light --lesson i-am-batman --step 6 --mode explore
run attention-times-value attention-times-value 3 light --lesson attention-times-value --step 3
run complete-flow complete-flow 4 light --lesson complete-flow --step 4 --mode explore
run qk-transpose qk-transpose 7 light --lesson qk-transpose --step 7
run udl-self-attention udl-self-attention 4 light --lesson udl-self-attention --step 4 --mode explore
run udl-multihead udl-multihead 8 dark --lesson udl-multihead --step 8 --dark --mode explore
run she-likes-coffee she-likes-coffee 7 light --lesson she-likes-coffee --step 7 --size 800x500
run lesson-file she-likes-coffee 2 light lessons/she-likes-coffee.json --step 2
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
