"""Whether the inputs fit together: the loader's shape check
(ShapeCheck::inputs_fit, core/load/lesson_shapes.cpp) step for step, over the
format description's inputs (in its order), sources and widths, its messages
the description's English templates filled as the loader fills them.
"""

import re

from .checks import fail
from .description import INPUT_SPECS, SHAPE_MESSAGES, SOURCES, WIDTHS, argument_of, transposed


def _fill(template, values):
    """A message with its {name} placeholders filled, in one pass (a value
    is never read for placeholders)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), template)


def _plural(pair, count):
    """[singular, plural]: the singular when the count is 1, as English has it."""
    return pair[0] if count == 1 else pair[1]


def written_shape(rows, name, layout):
    """(rows, columns) as written; a vector written flat is a row, or a
    column in a layout that writes it transposed (as the loader reads it)."""
    if isinstance(rows[0], list):
        return (len(rows), len(rows[0]))
    return (len(rows), 1) if transposed(layout, name) else (1, len(rows))


def check_shapes(given, tokens, heads, layout, memory_tokens=None):
    """Raises LessonError, in the loader's words, unless the inputs (name:
    rows as written; P and the memory's X under their input names) are one
    source of inputs with what it needs, every width the same wherever it is
    named, and the widths the heads split divisible. An error names the
    argument that gives the input (P's is positions)."""
    m = SHAPE_MESSAGES
    shapes = {name: written_shape(rows, name, layout) for name, rows in given.items()}

    def has(name):
        return name in given

    def canon(name):  # the shape in the canonical row layout
        r, c = shapes[name]
        return (c, r) if transposed(layout, name) else (r, c)

    def shown(name):  # "W_q (4, 3)", as written
        return f"{name} ({shapes[name][0]}, {shapes[name][1]})"

    def misfit(spec, width, expected, n, widths):
        name, count = spec["name"], expected
        where = argument_of(name)
        if spec.get("misfit") == "like_x":  # positions: X's shape
            fail(where, _fill(m["like_x"], {"matrix": shown(name), "shape": f"({shapes['X'][0]}, {shapes['X'][1]})"}))
        if spec.get("misfit") == "memory":  # one row per memory token, as wide as X
            if width == "M":
                per = m["per_memory_column"] if transposed(layout, name) else m["per_memory_row"]
                fail(where, _fill(_plural(per, expected), {"matrix": shown(name), "count": count}))
            fail(where, _fill(m["memory_width"], {"matrix": shown(name), "d": count}))
        if spec["rows"] == "N" and spec["cols"] == "N":
            fail(where, _fill(m["square"], {"matrix": shown(name), "n": count}))
        if width == "N":
            per = m["per_token_column"] if transposed(layout, name) else m["per_token_row"]
            fail(where, _fill(_plural(per, n), {"matrix": shown(name), "count": count}))
        if "needs" in spec:  # a bias: one number per output of its weights
            output = widths[spec["cols"]][0]
            fail(where, _fill(m["bias"], {"matrix": shown(name), "weight": spec["needs"], "count": output}))
        if width == "d_v":  # W_o's rows
            fail(where, _fill(_plural(m["concatenated"], expected), {"matrix": shown(name), "count": count}))
        if width == "d":
            rule = _fill(m["rule_d"][layout], {"d": count})
        else:
            rule = _fill(m["rule_d_k"], {"d_k": count})
        fail(where, _fill(m["does_not_fit"], {"matrix": shown(name), "rule": rule}))

    source = next((s for s in SOURCES if any(has(name) for name in s["when"])), None)
    if source is None:
        fail("lesson", m["no_inputs"])
    for spec in INPUT_SPECS:
        name = spec["name"]
        if has(name) and name not in source["when"] + source["needs"] + source["allows"]:
            fail(argument_of(name), _fill(m["forbidden"], {"name": name, "because": source["because"]}))
    for need in source["needs"]:
        if has(need):
            continue
        given_with = next((s for s in source["when"] if s != need and has(s)), need)
        fail("lesson", _fill(m["missing"], {"key": need, "with": given_with}))
    if source["one_head"] and heads != 1:
        fail("heads", m["one_head"])

    n = len(tokens)
    widths = {"N": (n, "X"), "1": (1, "X")}  # each width: its value, and the input that set it
    if memory_tokens:
        widths["M"] = (len(memory_tokens), "memory")
    for spec in INPUT_SPECS:
        name = spec["name"]
        if not has(name):
            continue
        if "needs" in spec and not has(spec["needs"]):
            fail(argument_of(name), _fill(m["needs"], {"bias": name, "weight": spec["needs"]}))
        if spec["rows"] == "d_v" and "d_v" not in widths:  # W_o without values
            fail(argument_of(name), m["needs_values"])
        for width, value in zip((spec["rows"], spec["cols"]), canon(name)):
            if width not in widths:
                widths[width] = (value, name)
            elif widths[width][0] != value:
                misfit(spec, width, widths[width][0], n, widths)
    for width in WIDTHS:
        if not width["split_by_heads"] or width["name"] not in widths:
            continue
        value, name = widths[width["name"]]
        if value % heads:
            fail(argument_of(name), _fill(_plural(m["heads"], heads), {"matrix": shown(name), "width": value, "heads": heads}))
