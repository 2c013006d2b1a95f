#!/usr/bin/python3
"""The built-in lessons as the programs use them.

  lesson_files.py OUT_DIR LESSON.json...
      Writes OUT_DIR/<id>.json, each file without the whitespace that makes it
      readable in lessons/ (the same JSON: the same keys in the same order, the
      same numbers), and OUT_DIR/index.json, the list the lesson picker shows
      before a file is here: [{"id", "title", "source"}, ...] in the order
      given (src/core/load/builtin_lessons.h). The page fetches the files from
      dist/lessons/; the other programs compile them in.
"""
import json
import os
import sys


def main(out_dir, files):
    os.makedirs(out_dir, exist_ok=True)
    index = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        index.append({k: lesson[k] for k in ("id", "title", "source")})
        write(os.path.join(out_dir, lesson["id"] + ".json"), lesson)
    write(os.path.join(out_dir, "index.json"), index)


def write(path, value):
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return  # unchanged: what embeds it is not rebuilt
    except OSError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
