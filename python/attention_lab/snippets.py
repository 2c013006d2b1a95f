"""lesson()'s arguments from the page's "Copy as numpy" snippet
(core/trace/numpy_snippet.cpp), read as literals (ast.literal_eval): nothing
in it runs.
"""

import ast

import numpy as np

from .checks import fail
from .description import INPUTS


def _literal(node, where):
    try:
        return ast.literal_eval(node)
    except ValueError:
        fail("from_page", f"{where} is not a literal: this is not a \"Copy as numpy\" snippet")


def from_snippet(text):
    """The arrays of a "Copy as numpy" snippet (core/numpy_snippet.cpp), read
    as literals (ast.literal_eval): nothing in it runs."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        fail("from_page", f"not Python (line {e.lineno}): neither a \"Copy as numpy\" snippet nor a link")
    out = {}
    layout = "rows"
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        name, value = node.targets[0].id, node.value
        if name in INPUTS and isinstance(value, ast.Call):
            if ast.unparse(value.func) != "np.array" or len(value.args) != 1:
                fail("from_page", f"{name} is not np.array([...]): this is not a \"Copy as numpy\" snippet")
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
        fail("from_page", "no arrays found: give a \"Copy as numpy\" snippet or a link")
    if layout != "rows":
        out["layout"] = layout
    return out
