"""lesson(): a notebook's arrays and settings as a lesson the page loads (a
lesson file's dict), checked as the loader checks a file, with its words; and
its JSON text.
"""

import hashlib
import inspect
import json

import numpy as np

from .checks import describe, fail, format_number, is_number, number, quoted_choices, rows, text, token_names, whole, word
from .description import (ARRANGEMENTS, DEFAULTS, FORMAT_LIMITS, ID_CHARACTERS, INPUTS, KEYED, LAYOUTS, LIMITS,
                          SCALES, VECTORS, argument_of)
from .sequence import check_sequence, first_position_of, read_cache, read_memory, read_positions, read_rope
from .shapes import check_shapes
from .steps import read_steps
from .training import read_train


def lesson(
    *,
    tokens,
    heads=DEFAULTS["heads"],
    scale=DEFAULTS["scale"],
    causal=DEFAULTS["causal"],
    layout=DEFAULTS["layout"],
    arrangement=DEFAULTS["arrangement"],
    positions=None,
    rope=None,
    first_position=None,
    memory=None,
    memory_tokens=None,
    kv_cache=None,
    cache_step=None,
    train=None,
    steps=None,
    title="My arrays",
    id=None,
    source=None,
    precision=None,
    **inputs,
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

    Word order, generating and training (docs/lessons.md), each named as the
    lesson file's key:
      positions="sinusoidal", or P, a matrix shaped like X: added to X
        before Q, K and V are computed (with X only).
      rope=True, or {"base": 10000, "pairs": "interleaved" | "halves"}:
        rotary positions on each head's Q and K (each head's width even).
      first_position=s: the first token's position (0 unless said).
      memory=M (one row per memory token, as wide as X) with
        memory_tokens=[...], or memory={"tokens": [...], "X": M}: Q from X,
        K and V from the memory (cross-attention; no causal, no rope).
      kv_cache=True (with causal=True and values), cache_step=t: generating
        one token at a time with a cache of keys and values, shown at step t.
      train={"target": {"weights": T} or {"output": Y}, "params": [...],
        "lr": 0.1, "steps": 100}: gradient descent toward a target (with X).
    What a key's default says is left out, so the same computation is the
    same lesson.

    steps=[{"title": ..., "text": ..., "show": [...], "predict": [...],
    "challenges": [...]}, ...]: the lesson's steps, as a lesson file writes
    them (docs/lessons.md); without them the page shows its default steps.
    What is plain data is checked here (keys, lengths, ids); live values,
    conditions and what a step shows are checked by the page when it opens.
    """
    for name in inputs:
        if name in KEYED:  # P, the memory's X: under their keys' arguments
            raise TypeError(f"lesson() takes {name} as {argument_of(name)}=")
        if name not in INPUTS:
            raise TypeError(f"lesson() got an unexpected keyword argument {name!r} (the inputs: {', '.join(INPUTS)})")
    out = {"id": None, "title": text(title, "title", LIMITS["title_bytes"])}
    if source is not None:
        out["source"] = text(source, "source", LIMITS["title_bytes"], required=False)
    out["tokens"] = token_names(tokens, "tokens")
    layout = word(layout, "layout", LAYOUTS, "unknown layout \"{value}\": use " + quoted_choices(LAYOUTS))
    if layout != DEFAULTS["layout"]:
        out["layout"] = layout
    if precision is not None:
        out["precision"] = whole(precision, "precision", 0, FORMAT_LIMITS["precision"])
    if isinstance(heads, (bool, np.bool_)):
        fail("heads", "expected a whole number, got a boolean")
    heads = whole(heads, "heads", 1, LIMITS["heads"])
    if heads != DEFAULTS["heads"]:
        out["heads"] = heads
    if isinstance(scale, str):
        word(scale, "scale", SCALES, "unknown scale \"{value}\": use " + quoted_choices(SCALES, "a number to divide by"))
    else:
        if not is_number(scale):
            fail("scale", f"expected {quoted_choices(SCALES, 'a number')}, got {describe(scale)}")
        scale = number(scale, "scale")
        if not LIMITS["min_divisor"] <= scale <= LIMITS["max_divisor"]:
            lo, hi = (format_number(LIMITS[k]) for k in ("min_divisor", "max_divisor"))
            fail("scale", f"scale divisor {format_number(scale)} is out of range [{lo}, {hi}]")
    if scale != DEFAULTS["scale"]:
        out["scale"] = scale
    if not isinstance(causal, (bool, np.bool_)):
        fail("causal", f"expected true or false, got {describe(causal)}")
    if bool(causal) != DEFAULTS["causal"]:
        out["causal"] = bool(causal)
    word(arrangement, "arrangement", ARRANGEMENTS, "expected " + quoted_choices(ARRANGEMENTS))
    if arrangement != DEFAULTS["arrangement"]:
        out["arrangement"] = arrangement
    given = {}
    for name in INPUTS:  # in the order the loader reads them
        if inputs.get(name) is not None:
            given[name] = rows(name, inputs[name], name in VECTORS)
    # What says where the tokens stand and what they read, in the loader's
    # order (core/load/sequence_reader.cpp): the cache, the first position,
    # the positions, RoPE, the memory.
    read_cache(out, kv_cache, cache_step, out["tokens"], bool(causal))
    first = first_position_of(first_position)
    if first is not None:
        out["first_position"] = first
    given_p = read_positions(out, positions, "X" in given)
    if rope is not None:
        rope = read_rope(rope, "rope")
        if rope is not None:
            out["rope"] = rope
    given_memory, names = read_memory(out, memory, memory_tokens, bool(causal))
    shaped = dict(given)
    if given_p is not None:
        shaped["P"] = given_p
    if given_memory is not None:
        shaped["memory"] = given_memory
    check_shapes(shaped, out["tokens"], heads, layout, names)
    check_sequence(out, given, heads, layout, arrangement, out["tokens"])
    if train is not None:
        out["train"] = read_train(train, given, out["tokens"], names, layout, arrangement, bool(causal))
    if steps is not None:
        out["steps"] = read_steps(steps)
    for name in VECTORS:  # a vector written flat however it was given: the same numbers, the same lesson
        if name in given and isinstance(given[name][0], list):
            given[name] = [v for row in given[name] for v in row]
    out.update(given)
    # One id per set of numbers: the page keeps a learner's work by lesson id,
    # so the same arrays shown again resume it and other arrays start afresh.
    if id is None:
        digest = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
        id = f"notebook-{digest[:12]}"
    text(id, "id", LIMITS["id_bytes"])
    if not set(id) <= ID_CHARACTERS:
        fail("id", f"\"{id}\" may use only a-z, 0-9, '-' and '_'")
    out["id"] = id
    return out


# Its signature names every input of the format (X=None, W_q=None, ...), for
# help() and editors: lesson() takes each as a keyword.
_own = inspect.signature(lesson).parameters
lesson.__signature__ = inspect.Signature(
    [_own["tokens"]]
    + [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None) for name in INPUTS]
    + [p for name, p in _own.items() if name not in ("tokens", "inputs")]
)


# The settings that compute the numbers: what from_page() gives back with them.
SETTINGS = ("layout", "heads", "scale", "causal", "arrangement")

# The keys of word order, generating and training: given back as the lesson
# has them, where it has them (P and the memory's X as arrays).
SEQUENCE = ("positions", "rope", "first_position", "memory", "memory_tokens", "kv_cache", "cache_step", "train")


def arguments(found):
    """lesson()'s arguments for numbers read back from the page, the same
    keys whatever they were read from: "tokens", every input found as a
    float64 array (a vector, a bias, flat), and every setting (the format's
    default where nothing says otherwise)."""
    out = {"tokens": found["tokens"]} if "tokens" in found else {}
    for name in INPUTS:
        if name in found:
            array = np.array(found[name], dtype=np.float64)
            out[name] = array.ravel() if name in VECTORS else array
    for key in SETTINGS:
        out[key] = found.get(key, DEFAULTS[key])
    for key in SEQUENCE:
        if key in found:
            value = found[key]
            out[key] = np.array(value, dtype=np.float64) if key == "memory" or (
                key == "positions" and not isinstance(value, str)) else value
    return out


def lesson_of(args, kwargs, what):
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
