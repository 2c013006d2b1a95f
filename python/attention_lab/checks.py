"""The checks of single arguments, each as the lesson loader checks the key
of a lesson file, with its words: numbers, matrices, whole numbers, texts,
words; and LessonError, the one line they raise.
"""

import math

import numpy as np

from .description import ID_CHARACTERS, LIMITS


class LessonError(ValueError):
    """A lesson that the page would refuse, said in one line: where, then why,
    in the lesson loader's words ("W_q: W_q (3, 2) does not fit: ...")."""


def fail(where, reason):
    raise LessonError(f"{where}: {reason}")


def quoted_choices(words, last=None):
    quoted = [f'"{w}"' for w in words] + ([last] if last else [])
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def format_number(v):
    """As the loader writes a number in its messages (core/load/json_reader.cpp)."""
    return "%.0f" % v if abs(v) < 1e15 and v == math.floor(v) else "%g" % v


def describe(v):
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


def is_number(v):
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))


def is_array(v):
    return isinstance(v, (list, tuple)) or (isinstance(v, np.ndarray) and v.ndim > 0)


def number(v, where, limit=None):
    """A number, as the loader reads one (Reader::number), within |value| <=
    limit (the limit of every input's numbers unless said)."""
    if not is_number(v):
        fail(where, f"expected a number, got {describe(v)}")
    x = float(v)
    if not math.isfinite(x):
        fail(where, "NaN and Infinity are not JSON numbers; write a finite number")
    limit = LIMITS["abs_value"] if limit is None else limit
    if abs(x) > limit:
        fail(where, f"{format_number(x)} is out of range (|value| <= {format_number(limit)})")
    return x


def at(where, *keys):
    """An argument's place as the module names it, from the loader's path
    below it: at("X", 0, 1) is "X[0, 1]", at("train", "target", "weights", 2)
    is 'train["target"]["weights"][2]' (indices together, keys quoted)."""
    out, run = where, []
    for key in keys + (None,):
        if isinstance(key, int) and not isinstance(key, bool):
            run.append(str(key))
            continue
        if run:
            out += f"[{', '.join(run)}]"
            run = []
        if key is not None:
            out += f'["{key}"]'
    return out


def _edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
        prev = cur
    return prev[len(b)]


def expect_object(v, where):
    if not isinstance(v, dict):
        fail(where, f"expected an object, got {describe(v)}")
    return v


def known_keys(obj, where, allowed):
    """As the loader's Reader::known_keys: the first unknown key (in the
    order JSON objects keep their keys there, sorted), with the allowed key
    spelled almost the same; keys starting with '_' are notes."""
    expect_object(obj, where)
    for key in sorted(obj):
        if not isinstance(key, str):
            fail(where, f"expected an object, got {describe(obj)}")
        if key.startswith("_") or key in allowed:
            continue
        best, best_d = None, 3
        for a in allowed:
            d = _edit_distance(key, a)
            if d < best_d:
                best, best_d = a, d
        if best is None:
            fail(at(where, key), f'unknown key "{key}"')
        fail(at(where, key), f'unknown key "{key}"; did you mean "{best}"?')
    return obj


def boolean(v, where):
    if not isinstance(v, (bool, np.bool_)):
        fail(where, f"expected true or false, got {describe(v)}")
    return bool(v)


def identifier(v, where, limit):
    text(v, where, limit)
    if not set(v) <= ID_CHARACTERS:
        fail(where, f"\"{v}\" may use only a-z, 0-9, '-' and '_'")
    return v


def token_names(tokens, where):
    """A list of token names, as the loader reads "tokens" (and a memory's)."""
    if isinstance(tokens, np.ndarray):
        tokens = tokens.tolist()
    if not isinstance(tokens, (list, tuple)):
        fail(where, f"expected an array of token names, got {describe(tokens)}")
    if not tokens:
        fail(where, "needs at least one token")
    if len(tokens) > LIMITS["tokens"]:
        fail(where, f"{len(tokens)} tokens, the limit is {LIMITS['tokens']}")
    for i, t in enumerate(tokens):
        if not isinstance(t, str):
            fail(at(where, i), f"expected a token name (a string), got {describe(t)}")
        if not 1 <= len(t.encode("utf-8")) <= LIMITS["id_bytes"]:
            fail(at(where, i), f"token names must be 1 to {LIMITS['id_bytes']} bytes")
    return list(tokens)


def rows(name, value, flat_allowed):
    """A matrix argument as float64 rows (a flat list where a vector is
    written flat), checked as the loader checks a lesson file's matrix
    (core/load/json_reader.cpp, Reader::matrix)."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "fiu":
            fail(name, f"expected real numbers, got an array of {value.dtype}")
        value = value.astype(np.float64).tolist()  # any float dtype: the same numbers, as float64
    limit = max(LIMITS["dim"], LIMITS["tokens"])
    if not is_array(value):
        fail(name, f"expected a matrix (an array of rows), got {describe(value)}")
    value = list(value)
    if not value:
        fail(name, "matrix is empty")
    if not is_array(value[0]):
        if not flat_allowed:
            fail(f"{name}[0]", f"expected a row (an array of numbers), got {describe(value[0])}")
        if len(value) > limit:
            fail(name, f"vector has {len(value)} numbers, the limit is {limit}")
        return [number(v, f"{name}[{i}]") for i, v in enumerate(value)]
    cols = len(value[0])
    if len(value) > limit:
        fail(name, f"matrix has {len(value)} rows, the limit is {limit}")
    if cols == 0:
        fail(f"{name}[0]", "row is empty")
    if cols > limit:
        fail(f"{name}[0]", f"row has {cols} numbers, the limit is {limit}")
    for r, row in enumerate(value):
        if not is_array(row):
            fail(f"{name}[{r}]", f"expected a row (an array of numbers), got {describe(row)}")
        if len(row) != cols:
            count = "1 number" if len(row) == 1 else f"{len(row)} numbers"
            fail(f"{name}[{r}]", f"row has {count}, expected {cols} like row 0 (rows must have equal length)")
    return [[number(v, f"{name}[{r}, {c}]") for c, v in enumerate(row)] for r, row in enumerate(value)]



def whole(v, where, lo, hi):
    if not is_number(v):
        fail(where, f"expected a whole number, got {describe(v)}")
    if float(v) != math.floor(float(v)):
        fail(where, f"expected a whole number, got {format_number(float(v))}")
    if not lo <= v <= hi:
        fail(where, f"{format_number(float(v))} is out of range [{lo}, {hi}]")
    return int(v)


def text(v, where, limit, required=True):
    if not isinstance(v, str):
        fail(where, f"expected a string, got {describe(v)}")
    size = len(v.encode("utf-8"))
    if size > limit:
        fail(where, f"text is {size} {'byte' if size == 1 else 'bytes'} long, the limit is {limit}")
    if required and not v:
        fail(where, "must not be empty")
    return v


def word(v, where, words, message):
    if not isinstance(v, str):
        fail(where, f"expected a string, got {describe(v)}")
    if v not in words:
        fail(where, message.format(value=v))
    return v
