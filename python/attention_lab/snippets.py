"""lesson()'s arguments from the page's "Copy as numpy" snippet
(core/trace/numpy_snippet.cpp), read as literals (ast.literal_eval): nothing
in it runs.
"""

import ast

from .checks import fail
from .description import INPUTS, LAYOUTS, transposed
from .lessons import arguments


def _literal(node, where):
    try:
        return ast.literal_eval(node)
    except ValueError:
        fail("from_page", f"{where} is not a literal: this is not a \"Copy as numpy\" snippet")


def _operand(node):
    """(input, written transposed) of `A` or `A.T` for an input A, else None."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        inner = _operand(node.value)
        return (inner[0], not inner[1]) if inner else None
    if isinstance(node, ast.Name) and node.id in INPUTS:
        return (node.id, False)
    return None


def _written(statement, seen):
    """What the snippet's own computation says of how each input is written
    (seen: input -> transposed?): X @ W_q, X @ W_q.T and W_q @ X (X a column
    per token, W_q written (out, in)) for Q, K and V; rows = (Q.T, K.T, V.T);
    concat @ W_o.T; weights @ V.T. Given weights are never transposed: their
    `.T` is the arrangement, returned (True, False or None: not said)."""
    keys_as_rows = None
    for node in ast.walk(statement):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            if [t.id for t in node.targets if isinstance(t, ast.Name)] == ["rows"]:
                for element in node.value.elts:  # rows = (Q, K, V): one row per token
                    if _operand(element):
                        seen.update([_operand(element)])
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult)):
            continue
        left, right = _operand(node.left), _operand(node.right)
        if right == ("X", False) and left:  # Ω @ X
            seen.update([("X", True), (left[0], True)])
            continue
        for side in (left, right):
            if side and side[0] == "weights":
                keys_as_rows = side[1]
            elif side:
                seen.update([side])
    return keys_as_rows


def from_snippet(text):
    """The arrays and settings of a "Copy as numpy" snippet
    (lessons.arguments: the keys a link gives)."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        fail("from_page", f"not Python (line {e.lineno}): neither a \"Copy as numpy\" snippet nor a link")
    # The functions a snippet defines only for positions, a memory, a KV cache
    # or training (core/trace/numpy_snippet.cpp), whose keys it does not give
    # back as a link does.
    beyond = {"sequence": "positions, tokens moved or a memory", "generate": "a KV cache", "loss_and_gradients": "training"}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in beyond:
            fail("from_page", f"this snippet's lesson has {beyond[node.name]}, which from_page() reads back "
                              "from the page's link, not its snippet: copy the link")
    out = {}
    seen = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.Import, ast.ImportFrom)):
            continue  # the snippet's attention(): how any lesson computes, not how this one is written
        keys_as_rows = _written(node, seen)
        if keys_as_rows is not None:  # given weights: weights @ V, or weights.T @ V for keys as rows
            out["arrangement"] = "key_rows" if keys_as_rows else "query_rows"
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        name, value = node.targets[0].id, node.value
        if name in INPUTS and isinstance(value, ast.Call):
            if ast.unparse(value.func) != "np.array" or len(value.args) != 1:
                fail("from_page", f"{name} is not np.array([...]): this is not a \"Copy as numpy\" snippet")
            out[name] = _literal(value.args[0], name)
        elif name == "tokens":
            out["tokens"] = _literal(value, "tokens")
        elif name == "T":
            out["scale"] = float(_literal(value, "T"))
        elif name == "mine" and isinstance(value, ast.Call) and len(value.args) >= 5:
            heads, scale, causal, arrangement = value.args[1:5]  # attention(*rows, heads, scale, ...)
            out["heads"] = _literal(heads, "heads")
            out["causal"] = _literal(causal, "causal")
            out["arrangement"] = _literal(arrangement, "arrangement")
            if not isinstance(scale, ast.Name):  # T, the temperature, is assigned above
                out["scale"] = _literal(scale, "scale")
    if not any(name in out for name in INPUTS):
        fail("from_page", "no arrays found: give a \"Copy as numpy\" snippet or a link")
    # The first layout that writes each input as the snippet does (where
    # nothing tells them apart, the first of those: the format's first word).
    layouts = [layout for layout in LAYOUTS if all(transposed(layout, n) == t for n, t in seen.items())]
    if not layouts:
        fail("from_page", "its inputs are written as no layout writes them: this is not a \"Copy as numpy\" snippet")
    out["layout"] = layouts[0]
    return arguments(out)
