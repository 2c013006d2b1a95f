"""A lesson in a link and back: #lesson= carries the lesson's JSON,
gzip-compressed, in base64url (web/lesson-link.json); from a copied link,
the lesson's arrays with the learner's edits (its state=, core/lesson/state_link.h).
"""

import base64
import gzip
import json
import zlib
from urllib.parse import parse_qs, urlsplit

import numpy as np

from .checks import fail
from .description import DEFAULTS, INPUTS, transposed
from .lessons import SEQUENCE, SETTINGS, arguments, lesson_of, to_json

# How a link carries a lesson (web/lesson-link.json, the page's): a copy,
# which tests/python checks against that file.
LINK = {"key": "lesson", "compression": "gzip", "maxChars": 32000, "maxBytes": 1048576}


def packed(a_lesson, limited=True):
    """#lesson='s value: the JSON, gzip-compressed (mtime 0: the same lesson,
    the same link), in base64url without padding. `limited`: within a link's
    limits (show() carries any lesson the loader takes)."""
    data = to_json(a_lesson).encode("utf-8")
    if limited and len(data) > LINK["maxBytes"]:
        fail("link", f"the lesson is {len(data)} bytes, the limit is {LINK['maxBytes']}")
    out = base64.urlsafe_b64encode(gzip.compress(data, compresslevel=9, mtime=0)).rstrip(b"=").decode("ascii")
    if limited and len(out) > LINK["maxChars"]:
        fail(
            "link",
            f"the lesson is {len(out)} characters long packed, the limit is {LINK['maxChars']}; "
            "show() opens a lesson of any size",
        )
    return out


def link(*args, base, **kwargs):
    """A link that opens the lesson in the page at `base` (where Attention
    Lab's dist/ is served, or a path to attention-lab.html): the lesson rides
    in the link's fragment, #lesson=..., which browsers never send to a
    server. A lesson packed into more than LINK["maxChars"] characters raises
    LessonError (show() takes any size)."""
    a_lesson = lesson_of(args, kwargs, "link")
    if not isinstance(base, str) or not base:
        raise TypeError("link() needs base=, the page's address")
    return base.split("#", 1)[0] + f"#{LINK['key']}=" + packed(a_lesson)


def _unpack(value):
    if len(value) > LINK["maxChars"]:
        fail("link", f"the lesson is {len(value)} characters long, the limit is {LINK['maxChars']}")
    try:
        data = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        text = zlib.decompressobj(wbits=31).decompress(data, LINK["maxBytes"] + 1)
    except (ValueError, zlib.error):
        fail("link", "its lesson is damaged: not gzip data in base64url, or cut short")
    if len(text) > LINK["maxBytes"]:
        fail("link", f"its lesson unpacks to more than {LINK['maxBytes']} bytes, the limit")
    return json.loads(text)


def _arrays_of(a_lesson, state=None):
    """A lesson dict's inputs (float64 arrays) and settings, with a link's
    state (the learner's edits, core/lesson/state_link.h) applied."""
    out = {k: v for k, v in a_lesson.items() if k == "tokens" or k in SETTINGS or k in SEQUENCE}
    layout = a_lesson.get("layout", DEFAULTS["layout"])
    for name in INPUTS:
        if name in a_lesson:
            out[name] = np.array(a_lesson[name], dtype=np.float64)
    # Given positions and the memory's X, by their input names while edits apply.
    if isinstance(out.get("positions"), list):
        out["P"] = np.array(out.pop("positions"), dtype=np.float64)
    if isinstance(out.get("memory"), dict):
        memory = out.pop("memory")
        out["memory_tokens"] = memory.get("tokens")
        out["memory"] = np.array(memory.get("X"), dtype=np.float64)
    for part in (state or {}).get("parts", []):
        if part.get("part", 0) != 0:
            continue
        if "order" in part:
            fail("from_page", "this link's tokens stand in another order, which lesson() cannot say: "
                              "copy the link before moving them")
        for key, setting in (("first", "first_position"), ("t", "cache_step")):
            if key in part:
                out[setting] = part[key]
        if "lr" in part and isinstance(out.get("train"), dict):
            out["train"] = {**out["train"], "lr": part["lr"]}
        for name, row, col, value in part.get("set", []):
            m = out[name]
            if m.ndim == 1:  # a vector written flat: a column where the layout transposes it, else a row
                m[row if transposed(layout, name) else col] = value
            else:
                m[row, col] = value
        if "scale" in part:
            out["scale"] = part["scale"]
        if "causal" in part:
            out["causal"] = part["causal"]
    if "P" in out:
        out["positions"] = out.pop("P")
    return out


def from_link(url):
    """lesson()'s arguments from a link to a notebook's lesson: its numbers
    and settings with the learner's edits (lessons.arguments: the keys a
    snippet gives). Not its id, title, source or precision: other numbers
    are another lesson, and a snippet does not carry them."""
    parts = urlsplit(url)
    prefix = LINK["key"] + "="
    if not parts.fragment.startswith(prefix):
        fail("from_page", f"this link carries no lesson (#{prefix}...): only a notebook's link does")
    a_lesson = _unpack(parts.fragment[len(prefix):])
    state = None
    for value in parse_qs(parts.query).get("state", [])[:1]:
        state = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    return arguments(_arrays_of(a_lesson, state))
