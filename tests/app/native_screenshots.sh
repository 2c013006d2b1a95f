#!/usr/bin/env bash
# The desktop app under Xvfb: one step of each lesson drawn, written to a PNG
# and checked not blank; the app exits cleanly after --frames.
#   tests/app/native_screenshots.sh path/to/attention-lab
set -u
app=$1
cd "$(dirname "$0")/../.."
out=test-output/native
mkdir -p "$out"
failures=0
run() {  # run <name> <args...>
  local name=$1; shift
  if ! "$app" --frames 30 --screenshot "$out/$name.png" "$@" > "$out/$name.log" 2>&1; then
    echo "FAIL $name: exited $? ($(tail -1 "$out/$name.log"))"; failures=$((failures + 1)); return
  fi
  local colours
  colours=$(node tests/support/png_colours.mjs "$out/$name.png") || colours=0
  if [ "$colours" -le 20 ]; then echo "FAIL $name: blank screenshot ($colours colours)"; failures=$((failures + 1)); return; fi
  echo "ok   $name: $colours colours"
}
# One step of each lesson: the softmax step, or whichever step the lesson has there.
run the-cat-sat --lesson the-cat-sat --step 4
run i-am-batman --lesson i-am-batman --step 6
run attention-times-value --lesson attention-times-value --step 3
run complete-flow --lesson complete-flow --step 4
run qk-transpose --lesson qk-transpose --step 7
run udl-self-attention --lesson udl-self-attention --step 4
run udl-multihead --lesson udl-multihead --step 8 --dark
run she-likes-coffee --lesson she-likes-coffee --step 7 --size 800x500
run lesson-file lessons/she-likes-coffee.json --step 2
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
