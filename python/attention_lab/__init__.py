"""Attention Lab from a notebook: your own arrays in the page, and back.

    import attention_lab
    lesson = attention_lab.lesson(tokens=["The", "cat", "sat"], X=X, W_q=W_q, W_k=W_k, W_v=W_v)
    attention_lab.show(lesson)       # the page in the output cell (outside Jupyter: in your browser)
    attention_lab.link(lesson, base="https://example.org/attention-lab/")  # a link that opens them
    arrays = attention_lab.from_page(snippet_or_link)  # what you edited there, as numpy arrays

numpy is its only dependency: `pip install` its folder (python/ in Attention
Lab's repository), or copy this package's folder, attention_lab/ with its
lesson_format.json, next to a notebook. A lesson is
the dict a lesson file holds (docs/lessons.md), numbers kept exactly (float64);
bad input raises LessonError, one line with the lesson loader's own words,
before anything opens. docs/notebooks.md has the five notebooks' examples.
"""

import ast
import base64
import gzip
import hashlib
import html
import json
import math
import os
import pathlib
import sys
import tempfile
import webbrowser
import zlib
from urllib.parse import urlsplit, parse_qs

import numpy as np

__all__ = ["lesson", "link", "show", "from_page", "LessonError", "LINK", "LIMITS"]
__version__ = "0.1.0"

# The lesson loader's limits (src/core/lesson.h, Limits; docs/lessons.md), and
# how a link carries a lesson (web/lesson-link.json): copies, which
# tests/python checks against those files.
LIMITS = {
    "tokens": 64,
    "dim": 128,  # any width: d, d_k, d_v, d_out
    "heads": 16,
    "id_bytes": 64,
    "title_bytes": 200,
    "abs_value": 1e6,
    "min_divisor": 1e-3,
    "max_divisor": 1e6,
}
LINK = {"key": "lesson", "compression": "gzip", "maxChars": 32000, "maxBytes": 1048576}

INPUTS = ("X", "W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "W_o", "Q", "K", "V", "weights")
_BIASES = ("b_q", "b_k", "b_v")
_WEIGHT_MATRICES = ("W_q", "W_k", "W_v", "W_o")
_LAYOUTS = ("rows", "rows_transposed_weights", "columns")
_ARRANGEMENTS = ("query_rows", "key_rows", "query_rows_applied_as_key_rows")
_SCALES = ("sqrt_dk", "none")


class LessonError(ValueError):
    """A lesson that the page would refuse, said in one line: where, then why,
    in the lesson loader's words ("W_q: W_q (3, 2) does not fit: ...")."""


def _fail(where, reason):
    raise LessonError(f"{where}: {reason}")


def _quoted_choices(words, last=None):
    quoted = [f'"{w}"' for w in words] + ([last] if last else [])
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _format_number(v):
    """As the loader writes a number in its messages (core/json_reader.cpp)."""
    return "%.0f" % v if abs(v) < 1e15 and v == math.floor(v) else "%g" % v


def _describe(v):
    if v is None:
        return "null"
    if isinstance(v, (bool, np.bool_)):
        return "a boolean"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (list, tuple, np.ndarray)):
        return "an array"
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, (int, float, np.integer, np.floating)):
        return "a number"
    return f"a {type(v).__name__}"


def _is_number(v):
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))


def _is_array(v):
    return isinstance(v, (list, tuple)) or (isinstance(v, np.ndarray) and v.ndim > 0)


def _number(v, where):
    if not _is_number(v):
        _fail(where, f"expected a number, got {_describe(v)}")
    x = float(v)
    if not math.isfinite(x):
        _fail(where, "NaN and Infinity are not JSON numbers; write a finite number")
    if abs(x) > LIMITS["abs_value"]:
        limit = _format_number(LIMITS["abs_value"])
        _fail(where, f"{_format_number(x)} is out of range (|value| <= {limit})")
    return x


def _rows(name, value, flat_allowed):
    """A matrix argument as float64 rows, checked as the loader checks a
    lesson file's matrix (json_reader.cpp, Reader::matrix)."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "fiu":
            _fail(name, f"expected real numbers, got an array of {value.dtype}")
        value = value.astype(np.float64).tolist()  # any float dtype: the same numbers, as float64
    limit = max(LIMITS["dim"], LIMITS["tokens"])
    if not _is_array(value):
        _fail(name, f"expected a matrix (an array of rows), got {_describe(value)}")
    value = list(value)
    if not value:
        _fail(name, "matrix is empty")
    if not _is_array(value[0]):
        if not flat_allowed:
            _fail(f"{name}[0]", f"expected a row (an array of numbers), got {_describe(value[0])}")
        if len(value) > limit:
            _fail(name, f"vector has {len(value)} numbers, the limit is {limit}")
        return [_number(v, f"{name}[{i}]") for i, v in enumerate(value)]
    cols = len(value[0])
    if len(value) > limit:
        _fail(name, f"matrix has {len(value)} rows, the limit is {limit}")
    if cols == 0:
        _fail(f"{name}[0]", "row is empty")
    if cols > limit:
        _fail(f"{name}[0]", f"row has {cols} numbers, the limit is {limit}")
    for r, row in enumerate(value):
        if not _is_array(row):
            _fail(f"{name}[{r}]", f"expected a row (an array of numbers), got {_describe(row)}")
        if len(row) != cols:
            count = "1 number" if len(row) == 1 else f"{len(row)} numbers"
            _fail(f"{name}[{r}]", f"row has {count}, expected {cols} like row 0 (rows must have equal length)")
    return [[_number(v, f"{name}[{r}, {c}]") for c, v in enumerate(row)] for r, row in enumerate(value)]


def _shape(m, name, layout):
    """(rows, cols) as written, and as the core computes (one row per token)."""
    written = (len(m), len(m[0])) if isinstance(m[0], list) else ((len(m), 1) if layout == "columns" else (1, len(m)))
    return written


def _transposed(layout, name):
    if name == "weights":
        return False
    if name in _WEIGHT_MATRICES:
        return layout != "rows"
    return layout == "columns"


def _check_shapes(given, tokens, heads, layout):
    """The loader's shape rules (core/lesson_shapes.cpp), with its words."""
    shapes = {n: _shape(m, n, layout) for n, m in given.items()}

    def canon(n):
        r, c = shapes[n]
        return (c, r) if _transposed(layout, n) else (r, c)

    def shown(n):
        return f"{n} ({shapes[n][0]}, {shapes[n][1]})"

    def has(n):
        return n in given

    def does_not_fit(n, rule):
        _fail(n, f"{shown(n)} does not fit: {rule}")

    def forbid(names, because):
        for n in names:
            if has(n):
                _fail(n, f'"{n}" cannot be used {because}')

    def missing(n, because):
        _fail("lesson", f'missing key "{n}" (needed with "{because}")')

    def tokens_match(n):
        if canon(n)[0] == len(tokens):
            return
        what = "columns" if layout == "columns" else "rows"
        _fail(n, f"{shown(n)} must have one of its {what} per token ({len(tokens)} tokens)")

    def same_width(q, k, v):
        wq, wk = canon(q)[1], canon(k)[1]
        if wq == wk:
            return
        if has(v) and canon(v)[1] == wk:
            does_not_fit(q, f"Q must be as wide as K ({wk}) for Q·Kᵀ")
        does_not_fit(k, f"K must be as wide as Q ({wq}) for Q·Kᵀ")

    def width_ok(w, n):
        if w % heads:
            _fail(n, f"{shown(n)}: its width {w} does not divide into {heads} equal heads")

    if has("X"):
        forbid(("Q", "K", "V", "weights"), 'with "X": Q, K and V are computed from X')
        for w in ("W_q", "W_k"):
            if not has(w):
                missing(w, "X")
        tokens_match("X")
        d = canon("X")[1]
        if layout == "columns":
            rule = f"Ω·X needs as many columns as X has rows ({d})"
        elif layout == "rows":
            rule = f"X·W needs as many rows as X has columns ({d})"
        else:
            rule = f"X·Wᵀ needs as many columns as X has columns ({d})"
        for w in ("W_q", "W_k", "W_v"):
            if has(w) and canon(w)[0] != d:
                does_not_fit(w, rule)
        same_width("W_q", "W_k", "W_v")
        d_k = canon("W_q")[1]
        has_v = has("W_v")
        d_v = canon("W_v")[1] if has_v else 0
        for b, w in (("b_q", "W_q"), ("b_k", "W_k"), ("b_v", "W_v")):
            if not has(b):
                continue
            if not has(w):
                _fail(b, f'"{b}" needs "{w}"')
            if canon(b)[0] != 1 or canon(b)[1] != canon(w)[1]:
                _fail(b, f"{shown(b)} must have one number per output of {w} ({canon(w)[1]})")
    elif has("Q") or has("K"):
        forbid(("W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "weights"), "with given Q and K")
        if not has("Q"):
            missing("Q", "K")
        if not has("K"):
            missing("K", "Q")
        tokens_match("Q")
        tokens_match("K")
        same_width("Q", "K", "V")
        d_k = canon("Q")[1]
        has_v = has("V")
        d_v = 0
        if has_v:
            tokens_match("V")
            d_v = canon("V")[1]
    elif has("weights"):
        forbid(("W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "W_o"), "with given weights")
        if not has("V"):
            missing("V", "weights")
        if heads != 1:
            _fail("heads", "given weights serve one head")
        n = len(tokens)
        if shapes["weights"] != (n, n):
            _fail("weights", f"{shown('weights')} must be ({n}, {n}): one row and one column per token")
        tokens_match("V")
        return
    else:
        _fail("lesson", "no inputs: give X with W_q and W_k, or Q and K, or weights and V")
    from_x = has("X")
    width_ok(d_k, "W_q" if from_x else "Q")
    if has_v:
        width_ok(d_v, "W_v" if from_x else "V")
    if has("W_o"):
        if not has_v:
            _fail("W_o", '"W_o" projects the attention output, which needs values (W_v or V)')
        if canon("W_o")[0] != d_v:
            _fail("W_o", f"{shown('W_o')} does not fit: it must take the {d_v} concatenated value dimensions")


def _whole(v, where, lo, hi):
    if not _is_number(v):
        _fail(where, f"expected a whole number, got {_describe(v)}")
    if float(v) != math.floor(float(v)):
        _fail(where, f"expected a whole number, got {_format_number(float(v))}")
    if not lo <= v <= hi:
        _fail(where, f"{_format_number(float(v))} is out of range [{lo}, {hi}]")
    return int(v)


def _text(v, where, limit, required=True):
    if not isinstance(v, str):
        _fail(where, f"expected a string, got {_describe(v)}")
    size = len(v.encode("utf-8"))
    if size > limit:
        _fail(where, f"text is {size} bytes long, the limit is {limit}")
    if required and not v:
        _fail(where, "must not be empty")
    return v


def _word(v, where, words, message):
    if not isinstance(v, str):
        _fail(where, f"expected a string, got {_describe(v)}")
    if v not in words:
        _fail(where, message.format(value=v))
    return v


def lesson(
    *,
    tokens,
    X=None,
    W_q=None,
    W_k=None,
    W_v=None,
    b_q=None,
    b_k=None,
    b_v=None,
    W_o=None,
    Q=None,
    K=None,
    V=None,
    weights=None,
    heads=1,
    scale="sqrt_dk",
    causal=False,
    layout="rows",
    arrangement="query_rows",
    title="My arrays",
    id=None,
    source=None,
    precision=None,
):
    """A lesson the page loads, as a dict (a lesson file's JSON, docs/lessons.md).

    Give X with W_q and W_k (W_v for values, b_q... and W_o as you like), or Q
    and K (and V), or weights and V: numpy arrays of any real dtype, or nested
    lists, one row per token (layout="columns": one column per token, Q =
    W_q @ X + b_q; layout="rows_transposed_weights": Q = X @ W_q.T). Numbers
    are kept exactly (float64). Bad input raises LessonError, in one line, in
    the loader's words: "W_q: W_q (3, 2) does not fit: X·W needs as many rows
    as X has columns (2)". Its keys are this function's arguments, so
    lesson(**a_lesson) checks one again.
    """
    out = {"id": None, "title": _text(title, "title", LIMITS["title_bytes"])}
    if source is not None:
        out["source"] = _text(source, "source", LIMITS["title_bytes"], required=False)
    if isinstance(tokens, np.ndarray):
        tokens = tokens.tolist()
    if not isinstance(tokens, (list, tuple)):
        _fail("tokens", f"expected an array of token names, got {_describe(tokens)}")
    if not tokens:
        _fail("tokens", "needs at least one token")
    if len(tokens) > LIMITS["tokens"]:
        _fail("tokens", f"{len(tokens)} tokens, the limit is {LIMITS['tokens']}")
    for i, t in enumerate(tokens):
        if not isinstance(t, str):
            _fail(f"tokens[{i}]", f"expected a token name (a string), got {_describe(t)}")
        if not 1 <= len(t.encode("utf-8")) <= LIMITS["id_bytes"]:
            _fail(f"tokens[{i}]", f"token names must be 1 to {LIMITS['id_bytes']} bytes")
    out["tokens"] = list(tokens)
    layout = _word(layout, "layout", _LAYOUTS, "unknown layout \"{value}\": use " + _quoted_choices(_LAYOUTS))
    if layout != "rows":
        out["layout"] = layout
    if precision is not None:
        out["precision"] = _whole(precision, "precision", 0, 12)
    if isinstance(heads, (bool, np.bool_)):
        _fail("heads", "expected a whole number, got a boolean")
    heads = _whole(heads, "heads", 1, LIMITS["heads"])
    if heads != 1:
        out["heads"] = heads
    if isinstance(scale, str):
        _word(scale, "scale", _SCALES, "unknown scale \"{value}\": use " + _quoted_choices(_SCALES, "a number to divide by"))
    else:
        if not _is_number(scale):
            _fail("scale", f"expected {_quoted_choices(_SCALES, 'a number')}, got {_describe(scale)}")
        scale = _number(scale, "scale")
        if not LIMITS["min_divisor"] <= scale <= LIMITS["max_divisor"]:
            lo, hi = (_format_number(LIMITS[k]) for k in ("min_divisor", "max_divisor"))
            _fail("scale", f"scale divisor {_format_number(scale)} is out of range [{lo}, {hi}]")
    if scale != "sqrt_dk":
        out["scale"] = scale
    if not isinstance(causal, (bool, np.bool_)):
        _fail("causal", f"expected true or false, got {_describe(causal)}")
    if causal:
        out["causal"] = True
    _word(arrangement, "arrangement", _ARRANGEMENTS, "expected " + _quoted_choices(_ARRANGEMENTS))
    if arrangement != "query_rows":
        out["arrangement"] = arrangement
    arrays = dict(X=X, W_q=W_q, W_k=W_k, W_v=W_v, b_q=b_q, b_k=b_k, b_v=b_v, W_o=W_o, Q=Q, K=K, V=V, weights=weights)
    given = {}
    for name in INPUTS:
        if arrays[name] is not None:
            given[name] = _rows(name, arrays[name], name in _BIASES)
    _check_shapes(given, out["tokens"], heads, layout)
    out.update(given)
    # One id per set of numbers: the page keeps a learner's work by lesson id,
    # so the same arrays shown again resume it and other arrays start afresh.
    if id is None:
        digest = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
        id = f"notebook-{digest[:12]}"
    _text(id, "id", LIMITS["id_bytes"])
    if not all(c in "abcdefghijklmnopqrstuvwxyz0123456789-_" for c in id):
        _fail("id", f"\"{id}\" may use only a-z, 0-9, '-' and '_'")
    out["id"] = id
    return out


def _lesson_of(args, kwargs, what):
    """show() and link() take a lesson (lesson()'s dict) or lesson()'s arguments."""
    if args:
        if len(args) > 1 or kwargs or not isinstance(args[0], dict):
            raise TypeError(f"{what}() takes a lesson (a dict from lesson()) or lesson()'s keyword arguments")
        return lesson(**args[0])  # checked again: a dict may have been changed since
    return lesson(**kwargs)


def to_json(a_lesson):
    """The lesson's JSON text, every number as Python's repr writes it: the
    shortest decimal that reads back as the same float64."""
    return json.dumps(a_lesson, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _packed(a_lesson):
    """#lesson='s value: the JSON, gzip-compressed (mtime 0: the same lesson,
    the same link), in base64url without padding."""
    data = to_json(a_lesson).encode("utf-8")
    if len(data) > LINK["maxBytes"]:
        _fail("link", f"the lesson is {len(data)} bytes, the limit is {LINK['maxBytes']}")
    packed = base64.urlsafe_b64encode(gzip.compress(data, compresslevel=9, mtime=0)).rstrip(b"=").decode("ascii")
    if len(packed) > LINK["maxChars"]:
        _fail(
            "link",
            f"the lesson is {len(packed)} characters long packed, the limit is {LINK['maxChars']}; "
            "show() opens a lesson of any size",
        )
    return packed


def link(*args, base, **kwargs):
    """A link that opens the lesson in the page at `base` (where Attention
    Lab's dist/ is served, or a path to attention-lab.html): the lesson rides
    in the link's fragment, #lesson=..., which browsers never send to a
    server. A lesson packed into more than LINK["maxChars"] characters raises
    LessonError (show() takes any size)."""
    a_lesson = _lesson_of(args, kwargs, "link")
    if not isinstance(base, str) or not base:
        raise TypeError("link() needs base=, the page's address")
    return base.split("#", 1)[0] + f"#{LINK['key']}=" + _packed(a_lesson)


# The page as one file (the web build's dist/attention-lab.html), where show() looks for it.
PAGE_FILE = "attention-lab.html"


def _page_file(page):
    if page is not None:  # named: that file, or an error
        if not pathlib.Path(page).is_file():
            raise FileNotFoundError(f"show(): page={str(page)!r} is not a file; it should be {PAGE_FILE}, "
                                    "from dist/ after Attention Lab's web build")
        return pathlib.Path(page)
    candidates = [os.environ.get("ATTENTION_LAB_PAGE")]
    here = pathlib.Path(__file__).resolve().parent  # the package's folder, python/attention_lab/ in the repository
    candidates += [here / PAGE_FILE, pathlib.Path.cwd() / PAGE_FILE, here.parent.parent / "dist" / PAGE_FILE]
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return pathlib.Path(c)
    raise FileNotFoundError(
        f"show() needs the page as one file, {PAGE_FILE} (dist/ after Attention Lab's web build): "
        "put it next to this notebook or in the attention_lab package's folder, set ATTENTION_LAB_PAGE, or pass page="
    )


def _with_lesson(page_html, packed):
    """The page, told its address carries the lesson (as a link's would),
    before its own scripts run: the same unpacking and checks as a link."""
    set_hash = (
        "<script>history.replaceState(null, '', location.href.split('#')[0] + "
        f"'#{LINK['key']}={packed}')</script>"
    )
    at = page_html.index("<head>") + len("<head>")
    return page_html[:at] + set_hash + page_html[at:]


def _in_jupyter():
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    return shell is not None and getattr(shell, "kernel", None) is not None


# The page files whose program this kernel has put in an output: the cell
# that did (its id where the front end sends one), whose output is replaced
# when it runs again, so it carries the program again.
_program_shown = {}


def _cell_id():
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    header = getattr(getattr(shell, "kernel", None), "get_parent", lambda *a: {})("shell") or {}
    return (header.get("metadata") or {}).get("cellId")


def show(*args, page=None, height=620, **kwargs):
    """Opens the lesson in the page: in Jupyter, inside the output cell, at
    its width (the page's program goes into the first output that shows it
    and later ones use it, so a notebook carries it once; in Colab, whose
    outputs cannot see each other, each carries it); elsewhere, in your
    browser, from a local file. No server, no network. The page is
    attention-lab.html (`page=`, else $ATTENTION_LAB_PAGE, else in this
    package's folder or beside the notebook). Bad input raises before anything opens."""
    a_lesson = _lesson_of(args, kwargs, "show")
    packed = _packed_any(a_lesson)
    page_path = _page_file(page)
    if not _in_jupyter():
        out = pathlib.Path(tempfile.mkdtemp(prefix="attention-lab-")) / f"{a_lesson['id']}.html"
        out.write_text(_with_lesson(page_path.read_text("utf-8"), packed), "utf-8")
        webbrowser.open(out.as_uri())
        return out
    from IPython.display import HTML, display

    key = str(page_path.resolve())
    program_id = "attention-lab-program-" + hashlib.sha256(key.encode()).hexdigest()[:8]
    cell = _cell_id()
    carry = (
        key not in _program_shown or (cell is not None and _program_shown[key] == cell) or "google.colab" in sys.modules
    )
    if carry:
        _program_shown[key] = cell
    display(HTML(_output_html(page_path.read_text("utf-8") if carry else None, program_id, packed, height)))


def _packed_any(a_lesson):
    """As a link packs it, with no length limit: show() carries any lesson
    the loader takes."""
    data = to_json(a_lesson).encode("utf-8")
    return base64.urlsafe_b64encode(gzip.compress(data, compresslevel=9, mtime=0)).rstrip(b"=").decode("ascii")


# An output cell: the page in an iframe as wide as the cell (its srcdoc: the
# page's file with the lesson in its address), the file taken from the
# output that carries it (a JavaScript string: nothing of it runs here).
_CARRY_SCRIPT = "(window.attentionLabPages = window.attentionLabPages || {})[%(program)s] = %(page)s;"
_OUTPUT_SCRIPT = """(function () {
  var frame = document.currentScript.previousElementSibling, tries = 0;
  function open() {
    var page = (window.attentionLabPages || {})[%(program)s];
    if (!page) {
      if (++tries < 100) return setTimeout(open, 100);
      frame.srcdoc = "<p style='font: 14px sans-serif'>The page's program is in the output of this "
        + "notebook's first attention_lab.show(), which this view does not have: run that cell again.</p>";
      return;
    }
    var at = page.indexOf("<head>") + 6;
    frame.srcdoc = page.slice(0, at) + %(set_hash)s + page.slice(at);
  }
  open();
})();"""


def _output_html(page_html, program_id, packed, height):
    set_hash = (
        "<script>history.replaceState(null, '', location.href.split('#')[0] + "
        f"'#{LINK['key']}={packed}')</" + "script>"
    )
    parts = []
    if page_html is not None:
        carry = _CARRY_SCRIPT % {"program": json.dumps(program_id), "page": json.dumps(page_html)}
        # Nothing in the string may end the script or open an HTML comment in it.
        parts.append("<script>" + carry.replace("</", "<\\/").replace("<!--", "<\\!--") + "</script>")
    parts.append(
        f'<iframe title="Attention Lab" style="box-sizing: border-box; width: 100%; height: {int(height)}px; border: 1px solid #ddd; '
        'border-radius: 4px" allow="clipboard-write"></iframe>'
    )
    script = _OUTPUT_SCRIPT % {"program": json.dumps(program_id), "set_hash": json.dumps(set_hash)}
    parts.append("<script>" + script.replace("</", "<\\/") + "</script>")
    return "\n".join(parts)


def _unpack(packed):
    if len(packed) > LINK["maxChars"]:
        _fail("link", f"the lesson is {len(packed)} characters long, the limit is {LINK['maxChars']}")
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        text = zlib.decompressobj(wbits=31).decompress(data, LINK["maxBytes"] + 1)
    except (ValueError, zlib.error):
        _fail("link", "its lesson is damaged: not gzip data in base64url, or cut short")
    if len(text) > LINK["maxBytes"]:
        _fail("link", f"its lesson unpacks to more than {LINK['maxBytes']} bytes, the limit")
    return json.loads(text)


def _arrays_of(a_lesson, state=None):
    """The arguments of lesson() from a lesson dict, with a link's state (the
    learner's edits, core/state_link.h) applied. Without its id: other
    numbers are another lesson (lesson() names it by them)."""
    out = {k: v for k, v in a_lesson.items() if k not in INPUTS and k != "id" and not k.startswith("_")}
    for name in INPUTS:
        if name in a_lesson:
            out[name] = np.array(a_lesson[name], dtype=np.float64)
    for part in (state or {}).get("parts", []):
        if part.get("part", 0) != 0:
            continue
        for name, row, col, value in part.get("set", []):
            m = out[name]
            if m.ndim == 1:  # a bias written flat: a column in the columns layout, else a row
                m[row if a_lesson.get("layout") == "columns" else col] = value
            else:
                m[row, col] = value
        if "scale" in part:
            out["scale"] = part["scale"]
        if "causal" in part:
            out["causal"] = part["causal"]
    return out


def _from_link(url):
    parts = urlsplit(url)
    prefix = LINK["key"] + "="
    if not parts.fragment.startswith(prefix):
        _fail("from_page", f"this link carries no lesson (#{prefix}...): only a notebook's link does")
    a_lesson = _unpack(parts.fragment[len(prefix):])
    state = None
    for value in parse_qs(parts.query).get("state", [])[:1]:
        state = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    return _arrays_of(a_lesson, state)


def _literal(node, where):
    try:
        return ast.literal_eval(node)
    except ValueError:
        _fail("from_page", f"{where} is not a literal: this is not a \"Copy as numpy\" snippet")


def _from_snippet(text):
    """The arrays of a "Copy as numpy" snippet (core/numpy_snippet.cpp), read
    as literals (ast.literal_eval): nothing in it runs."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        _fail("from_page", f"not Python (line {e.lineno}): neither a \"Copy as numpy\" snippet nor a link")
    out = {}
    layout = "rows"
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        name, value = node.targets[0].id, node.value
        if name in INPUTS and isinstance(value, ast.Call):
            if ast.unparse(value.func) != "np.array" or len(value.args) != 1:
                _fail("from_page", f"{name} is not np.array([...]): this is not a \"Copy as numpy\" snippet")
            out[name] = np.array(_literal(value.args[0], name), dtype=np.float64)
        elif name == "tokens":
            out["tokens"] = _literal(value, "tokens")
        elif name == "T":
            out["scale"] = float(_literal(value, "T"))
        elif name == "Q" and isinstance(value, ast.BinOp):  # how Q is computed: the layout
            written = ast.unparse(value)
            layout = "columns" if written.startswith("W_q @ X") else (
                "rows_transposed_weights" if written.startswith("X @ W_q.T") else "rows")
        elif name == "mine" and isinstance(value, ast.Call) and len(value.args) >= 5:
            heads, scale, causal, arrangement = value.args[1:5]  # attention(*rows, heads, scale, ...)
            out["heads"] = _literal(heads, "heads")
            out["causal"] = _literal(causal, "causal")
            out["arrangement"] = _literal(arrangement, "arrangement")
            if not isinstance(scale, ast.Name):  # T, the temperature, is assigned above
                out["scale"] = _literal(scale, "scale")
    if not any(name in out for name in INPUTS):
        _fail("from_page", "no arrays found: give a \"Copy as numpy\" snippet or a link")
    if layout != "rows":
        out["layout"] = layout
    return out


def from_page(snippet_or_link):
    """What the page shows, back as numpy arrays: from its "Copy as numpy"
    snippet (read, never run) or from a link to a notebook's lesson (its
    numbers with the learner's edits). A dict of float64 arrays by input name
    ("X", "W_q", ... or "Q", "K", "V", "weights"), with "tokens" and the
    settings shown: lesson(**from_page(...)) is the lesson again."""
    if not isinstance(snippet_or_link, str):
        raise TypeError("from_page() takes the page's \"Copy as numpy\" snippet or a link, as a string")
    text = snippet_or_link.strip()
    if "\n" not in text and "://" in text.split("#", 1)[0]:
        return _from_link(text)
    return _from_snippet(text)
