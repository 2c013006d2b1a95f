#!/usr/bin/python3
"""Cuts the UI's fonts out of Debian's font files with fontTools (python3-fonttools)
and writes the characters each cut really has as C++ tables (src/ui/fonts.h).

  font_packs.py OUT_DIR OUT.cpp NAME=FONT_FILE[#N]:U+0020-007E,U+00A0-00FF,@gb2312-level1 ...

Each NAME becomes OUT_DIR/NAME.ttf and `extern const ImWchar kFontCoverage_NAME[]`
in OUT.cpp: ImGui glyph ranges (first, last pairs, then 0) of the code points the
cut font maps, which can be fewer than were asked for (the font lacks some). A
cut with a @charset has thousands of scattered characters: its table names the
whole Unicode block instead (a few ranges, not thousands), and the app learns
which of the block the font lacks once it has loaded it.
#N picks a font of a collection (.ttc). @name stands for a national standard's
common characters, read from Python's own codecs (no download):
  @gb2312-level1    the 3,755 most common Chinese characters (GB 2312 level 1)
  @jisx0208-level1  the 2,965 most common Japanese kanji (JIS X 0208 level 1)
  @ksx1001-hangul   the 2,350 Hangul syllables of Korean text (KS X 1001)
@po-han:DIR and @po-hangul:DIR stand for the Chinese characters (kanji) or the
Hangul syllables the translations in DIR/*.po use (their msgstr), so a word
outside the common sets (浏览器, "browser") is in the cut all the same.
"""
import glob
import os
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTFont


# Rows of a two-byte EUC encoding: (codec, first row, last row).
CHARSETS = {
    "@gb2312-level1": ("gb2312", 0xB0, 0xD7),
    "@jisx0208-level1": ("euc_jp", 0xB0, 0xCF),
    "@ksx1001-hangul": ("euc_kr", 0xB0, 0xC8),
}


# The blocks a @charset's characters come from.
BLOCKS = [(0x4E00, 0x9FFF), (0xAC00, 0xD7A3)]  # CJK Unified Ideographs, Hangul Syllables


def standard_charset(name):
    codec, first, last = CHARSETS[name]
    points = set()
    for row in range(first, last + 1):
        for cell in range(0xA1, 0xFF):
            try:
                text = bytes([row, cell]).decode(codec)
            except UnicodeDecodeError:
                continue  # an empty cell
            if len(text) == 1:
                points.add(ord(text))
    return points


# What @po-han and @po-hangul take from the translations.
PO_BLOCKS = {"@po-han": (0x4E00, 0x9FFF), "@po-hangul": (0xAC00, 0xD7A3)}


def used_in_translations(name, po_dir):
    first, last = PO_BLOCKS[name]
    points = set()
    for po in glob.glob(os.path.join(po_dir, "*.po")):
        with open(po, encoding="utf-8") as f:
            for line in f:
                # msgstr "…", msgstr[n] "…" and their continuation lines: every
                # character in the file's translations (a msgid is English).
                if re.match(r'(msgstr|")', line):
                    points.update(ord(c) for c in line if first <= ord(c) <= last)
    return points


def charset(name):
    if ":" in name:
        name, _, po_dir = name.partition(":")
        return used_in_translations(name, po_dir)
    return standard_charset(name)


def parse_unicodes(text):
    points = set()
    for part in text.split(","):
        part = part.strip()
        if part.startswith("@"):
            points |= charset(part)
            continue
        first, _, last = part.removeprefix("U+").partition("-")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


def ranges(points):
    out = []
    for p in sorted(points):
        if out and out[-1][1] == p - 1:
            out[-1][1] = p
        else:
            out.append([p, p])
    return out


def main():
    out_dir, out_cpp, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    tables = []
    for spec in specs:
        name, _, rest = spec.partition("=")
        font_file, _, unicodes = rest.partition(":")  # @po-…:DIR has a colon too
        asked = parse_unicodes(unicodes)
        options = subset.Options()
        options.hinting = False
        options.layout_features = []  # ImGui 1.86 neither shapes nor kerns
        options.notdef_outline = True
        options.drop_tables += ["MATH", "FFTM", "GPOS", "GSUB", "GDEF", "kern"]
        font_file, _, number = font_file.partition("#")
        font = TTFont(font_file, fontNumber=int(number or 0))
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=asked)
        subsetter.subset(font)
        font.save(os.path.join(out_dir, f"{name}.ttf"))
        has = set(font.getBestCmap()) & asked
        # ImGui 1.86 keeps 16-bit code points (IMGUI_USE_WCHAR32 is off).
        if max(has) > 0xFFFF:
            sys.exit(f"{name}: code points above U+FFFF need IMGUI_USE_WCHAR32")
        blocks = set()
        for token in unicodes.split(","):
            if token.strip().startswith("@"):
                points = charset(token.strip())
                for first, last in BLOCKS:
                    if any(first <= p <= last for p in points):
                        blocks.update(range(first, last + 1))
        plain = {p for p in has if not any(first <= p <= last for first, last in BLOCKS)}
        pairs = ", ".join(f"0x{a:04X}, 0x{b:04X}" for a, b in ranges((plain | blocks) if blocks else has))
        tables.append(f"extern const ImWchar kFontCoverage_{name}[] = {{{pairs}, 0}};")

    with open(out_cpp, "w", encoding="utf-8") as f:
        f.write("// Generated by scripts/font_packs.py: what each cut font has.\n")
        f.write('#include "imgui.h"\n\n')
        f.write("\n".join(tables) + "\n")


main()
