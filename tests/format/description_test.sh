#!/bin/sh
# The lesson format's description that the Python module ships and the lesson
# editor bundles (python/attention_lab/lesson_format.json) is the one the core
# writes (core/load/lesson_format.h): after changing a rule of the format,
#   build/native/attention-cli format > python/attention_lab/lesson_format.json
set -eu
cli=$1
committed=$2
if ! "$cli" format | diff -u "$committed" -; then
  echo "$committed is not what attention-cli format writes: run" >&2
  echo "  build/native/attention-cli format > python/attention_lab/lesson_format.json" >&2
  exit 1
fi
