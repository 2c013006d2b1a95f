"""train: {"target": {"weights": T} | {"output": Y}, "params": [...], "lr":
..., "steps": ...}, checked as the loader reads it (core/load/train_reader.cpp),
with its words, once the inputs' shapes are known; written as the lesson
file writes it, without what is the format's default.
"""

from .checks import (at, expect_object, fail, format_number, known_keys, number, quoted_choices, rows,
                     whole)
from .description import DEFAULTS, FORMAT_LIMITS, TRAIN_PARAMS, transposed


def _width(given, layout, name):
    """A width of the part in the canonical row layout, from the input that sets it."""
    m = given[name]
    shape = (len(m), len(m[0])) if isinstance(m[0], list) else ((len(m), 1) if transposed(layout, name) else (1, len(m)))
    return shape[0] if transposed(layout, name) else shape[1]


def read_train(value, given, tokens, memory_tokens, layout, arrangement, causal):
    """The training, as the lesson writes it (target rows, params in the
    format's order, lr and steps where they are not the defaults)."""
    known_keys(expect_object(value, "train"), "train", ("target", "params", "lr", "steps"))
    if "X" not in given or "W_q" not in given:
        fail("train", "training changes the weights that make Q, K and V from X: this lesson has no X")
    if "target" not in value:
        fail("train", 'missing key "target" (what training aims for)')
    where = at("train", "target")
    target = value["target"]
    known_keys(expect_object(target, where), where, ("weights", "output"))
    if ("weights" in target) == ("output" in target):
        fail(where, 'give one target: "weights" (the attention the head should learn) or "output"')
    kind = "weights" if "weights" in target else "output"
    tp = at("train", "target", kind)
    t = rows(tp, target[kind], False)
    n = len(tokens)
    m = len(memory_tokens) if memory_tokens else n
    key_rows = arrangement == "key_rows"
    shape = (n, m)
    if kind == "weights":
        if key_rows:
            shape = (m, n)
    else:
        width = _width(given, layout, "W_o" if "W_o" in given else "W_v" if "W_v" in given else "V")
        shape = (width, n) if layout == "columns" else (n, width)
    if (len(t), len(t[0])) != shape:
        what = "attention weights" if kind == "weights" else "output"
        fail(tp, f"the target is ({len(t)}, {len(t[0])}): it must be shaped like the {what}, ({shape[0]}, {shape[1]})")
    if kind == "weights":
        for q in range(n):
            total = 0.0
            for k in range(m):
                row, col = (k, q) if key_rows else (q, k)
                w = t[row][col]
                if w < 0:
                    fail(at(tp, row, col), "a weight is a share: 0 or more")
                if causal and k > q and w != 0:
                    fail(at(tp, row, col), "the causal mask hides this key from its query: its target weight must be 0")
                total += w
            if abs(total - 1.0) > 1e-5:
                fail(at(tp, q), f"each query's target weights sum to 1, not {format_number(total)} "
                                "(write thirds with six decimals: 0.333333)")
    default_params = [p for p in DEFAULTS["train"]["params"][kind] if p in given]
    params = default_params
    if "params" in value:
        listed = value["params"]
        if not isinstance(listed, (list, tuple)) or not listed:
            fail(at("train", "params"), 'expected a list of the matrices to train ("W_q", "W_k", …)')
        params = []
        for i, name in enumerate(listed):
            shown = name if isinstance(name, str) else ""
            if shown not in TRAIN_PARAMS:
                fail(at("train", "params", i), f'"{shown}" is not a matrix training changes: use '
                                               f"{quoted_choices(TRAIN_PARAMS)}")
            if name not in given:
                fail(at("train", "params", i), f"this lesson has no {name} to train")
            if kind == "weights" and name not in ("W_q", "W_k", "b_q", "b_k"):
                fail(at("train", "params", i), f"{name} does not change the attention weights: a weights target "
                                               "trains W_q and W_k (and their biases)")
            params.append(name)
        params.sort(key=TRAIN_PARAMS.index)  # the same matrices, the same lesson
    lr = DEFAULTS["train"]["lr"]
    if "lr" in value:
        lr = number(value["lr"], at("train", "lr"), FORMAT_LIMITS["learning_rate"])
        if lr <= 0:
            fail(at("train", "lr"), "the learning rate must be above 0")
    steps = DEFAULTS["train"]["steps"]
    if "steps" in value:
        steps = whole(value["steps"], at("train", "steps"), 1, FORMAT_LIMITS["train_steps"])
    d = _width(given, layout, "X")
    d_k = _width(given, layout, "W_q")
    d_v = _width(given, layout, "W_v") if "W_v" in given else d_k
    work = steps * 3.0 * (n * d * (2 * d_k + d_v) + n * m * (d_k + d_v))
    if work > FORMAT_LIMITS["train_work"]:
        fail(at("train", "steps"), f"{steps} steps are too many for a lesson this size (every change trains again): "
                                   "use fewer steps, tokens or dimensions")
    out = {"target": {kind: t}}
    if params != default_params:
        out["params"] = params
    if lr != DEFAULTS["train"]["lr"]:
        out["lr"] = lr
    if steps != DEFAULTS["train"]["steps"]:
        out["steps"] = steps
    return out
