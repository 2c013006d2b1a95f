"""The lesson format's rules, read once, at import, from lesson_format.json:
the description the core writes (`attention-cli format`,
core/load/lesson_format.h) and the package ships. Its limits, the words its
keys take and their defaults, the characters of an id, every input's shape by
layout, which inputs go together and the shape rules' messages: the rest of
the package reads them here and writes none of them itself.
"""

import json
import pathlib

FORMAT = json.loads((pathlib.Path(__file__).resolve().parent / "lesson_format.json").read_text("utf-8"))

# Every limit of the format, by the description's names ("precision": digits
# shown, 0 to it).
FORMAT_LIMITS = FORMAT["limits"]

# The limits the module has always offered as LIMITS, under the same keys
# ("dim": any width, d, d_k, d_v or d_out).
LIMITS = {
    key: FORMAT_LIMITS[key]
    for key in ("tokens", "dim", "heads", "id_bytes", "title_bytes", "abs_value", "min_divisor", "max_divisor")
}

# What a lesson that does not say means (a part's layout, heads, scale,
# causal, arrangement and precision).
DEFAULTS = FORMAT["defaults"]

LAYOUTS = tuple(FORMAT["words"]["layout"])
ARRANGEMENTS = tuple(FORMAT["words"]["arrangement"])
SCALES = tuple(FORMAT["words"]["scale"])
ID_CHARACTERS = frozenset(FORMAT["id_characters"])

# Each input's row of the core's table (core/lesson/inputs.h), in the
# description's order, the order the shape rules go through them: "rows" and
# "cols" its widths in the canonical row layout, "transposed_in" the layouts
# that write it transposed, "needs" the input it goes with.
INPUT_SPECS = tuple(FORMAT["inputs"])
_SPEC = {spec["name"]: spec for spec in INPUT_SPECS}

# The inputs in the pipeline's order (the description's stages), the order
# the loader reads them in.
INPUTS = tuple(stage for stage in FORMAT["stages"] if stage in _SPEC)

# The inputs one row high in the canonical layout, the biases: vectors, which
# a lesson may write flat (a row, or a column where the layout transposes them).
VECTORS = tuple(name for name in INPUTS if _SPEC[name]["rows"] == "1")

SOURCES = tuple(FORMAT["sources"])
WIDTHS = tuple(FORMAT["widths"])
SHAPE_MESSAGES = FORMAT["shape_messages"]


def transposed(layout, name):
    """True when the layout writes the input transposed from the canonical
    row layout the core computes in."""
    return layout in _SPEC[name]["transposed_in"]
