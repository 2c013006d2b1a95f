"""The checks of single arguments, each as the lesson loader checks the key
of a lesson file, with its words: numbers, matrices, whole numbers, texts,
words; and LessonError, the one line they raise.
"""

import math

import numpy as np

from .description import LIMITS


class LessonError(ValueError):
    """A lesson that the page would refuse, said in one line: where, then why,
    in the lesson loader's words ("W_q: W_q (3, 2) does not fit: ...")."""


def fail(where, reason):
    raise LessonError(f"{where}: {reason}")


def quoted_choices(words, last=None):
    quoted = [f'"{w}"' for w in words] + ([last] if last else [])
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def format_number(v):
    """As the loader writes a number in its messages (core/json_reader.cpp)."""
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


def number(v, where):
    if not is_number(v):
        fail(where, f"expected a number, got {describe(v)}")
    x = float(v)
    if not math.isfinite(x):
        fail(where, "NaN and Infinity are not JSON numbers; write a finite number")
    if abs(x) > LIMITS["abs_value"]:
        limit = format_number(LIMITS["abs_value"])
        fail(where, f"{format_number(x)} is out of range (|value| <= {limit})")
    return x


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
        fail(where, f"text is {size} bytes long, the limit is {limit}")
    if required and not v:
        fail(where, "must not be empty")
    return v


def word(v, where, words, message):
    if not isinstance(v, str):
        fail(where, f"expected a string, got {describe(v)}")
    if v not in words:
        fail(where, message.format(value=v))
    return v
