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
# that write it transposed, "needs" the input it goes with, "key" where a
# lesson writes it when that is not its name (P at "positions", the memory's
# X at "memory/X"), "misfit" the rule its shape breaks when it does not fit.
INPUT_SPECS = tuple(FORMAT["inputs"])
_SPEC = {spec["name"]: spec for spec in INPUT_SPECS}


def argument_of(name):
    """The lesson() argument that gives an input: its name, or the first key
    of where a lesson writes it ("positions" for P, "memory" for the
    memory's X, which lesson() takes with memory_tokens)."""
    return _SPEC[name].get("key", name).split("/")[0]


# The inputs lesson() takes under their own names (X, W_q, ..., weights), in
# the pipeline's order (the description's stages), the order the loader reads
# them in; those written under another key (P, memory) have arguments of
# their own (positions, memory).
INPUTS = tuple(stage for stage in FORMAT["stages"] if stage in _SPEC and "key" not in _SPEC[stage])
KEYED = tuple(stage for stage in FORMAT["stages"] if stage in _SPEC and "key" in _SPEC[stage])

# The inputs one row high in the canonical layout, the biases: vectors, which
# a lesson may write flat (a row, or a column where the layout transposes them).
VECTORS = tuple(name for name in INPUTS if _SPEC[name]["rows"] == "1")

# The words positions, RoPE's pairing and training's params take.
POSITIONS = tuple(FORMAT["words"]["positions"])
ROPE_PAIRS = tuple(FORMAT["words"]["rope_pairs"])
TRAIN_PARAMS = tuple(FORMAT["words"]["train_params"])

# A step's keys and its predictions' and challenges' (keys, required keys,
# kinds, limits): the rules of steps that are data.
STEPS = FORMAT["steps"]

SOURCES = tuple(FORMAT["sources"])
WIDTHS = tuple(FORMAT["widths"])
SHAPE_MESSAGES = FORMAT["shape_messages"]


def transposed(layout, name):
    """True when the layout writes the input transposed from the canonical
    row layout the core computes in."""
    return layout in _SPEC[name]["transposed_in"]
