"""attention_lab (python/attention_lab/): lessons the loader takes with the
numbers kept exactly, its errors in the loader's own words, links within their
limit and back, show() opening nothing on bad input, from_page() reading a
snippet without running it, attention-cli's .npy/.npz lessons equal to the
module's, and the package installing with pip, its description with it.

Run by ctest (python/attention_lab): ATTN_CLI names attention-cli, PYTHONPATH
has python/. By hand: PYTHONPATH=python ATTN_CLI=build/native/attention-cli
python3 -m unittest discover -s tests/python -v
"""

import base64
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import zlib
from unittest import mock

import numpy as np

import attention_lab as al

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = str(pathlib.Path(os.environ.get("ATTN_CLI", ROOT / "build/native/attention-cli")).resolve())


def cli(*args, cwd=None):
    return subprocess.run([CLI, *args], capture_output=True, text=True, cwd=cwd)


def trace_of(lesson_dict):
    """attention-cli's trace of a lesson: {matrix name: float64 array}."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        f.write(al.to_json(lesson_dict))
    try:
        r = cli("trace", f.name)
        assert r.returncode == 0, r.stderr
        trace = json.loads(r.stdout)
    finally:
        os.unlink(f.name)
    out = {}
    for step in trace["steps"]:
        for m in step["matrices"]:
            out[m["name"]] = np.array(m["data"], dtype=np.float64)
    return out


def numpy_attention(Q, K, V, heads=1, divisor=None, causal=False):
    """Scaled dot-product attention, rows per token, each head its block."""
    d_k, d_v = Q.shape[1] // heads, V.shape[1] // heads
    outs = []
    for h in range(heads):
        q, k, v = Q[:, h * d_k:(h + 1) * d_k], K[:, h * d_k:(h + 1) * d_k], V[:, h * d_v:(h + 1) * d_v]
        s = q @ k.T / (np.sqrt(d_k) if divisor is None else divisor)
        if causal:
            s = np.where(np.triu(np.ones(s.shape, dtype=bool), 1), -np.inf, s)
        e = np.exp(s - s.max(axis=-1, keepdims=True))
        outs.append(e / e.sum(axis=-1, keepdims=True) @ v)
    return np.hstack(outs)


def printed(a):
    return np.array2string(np.asarray(a), precision=8, floatmode="fixed", suppress_small=True)


def pointer_in_python(pointer, memory_tokens=False):
    """The loader's JSON pointer as the module names the argument: indices
    together, keys quoted (/X/0/1 -> X[0, 1], /train/target/weights/0/1 ->
    train["target"]["weights"][0, 1]); with `memory_tokens`, a memory given
    as memory= and memory_tokens= by those names (/memory/X/0/1 -> memory[0, 1])."""
    if not pointer:
        return "lesson"
    name, *rest = pointer.strip("/").split("/")
    if name == "memory" and memory_tokens and rest:
        name, rest = {"X": "memory", "tokens": "memory_tokens"}[rest[0]], rest[1:]
    out, run = name, []
    for part in rest + [None]:
        if part is not None and part.isdigit():
            run.append(part)
            continue
        if run:
            out += f"[{', '.join(run)}]"
            run = []
        if part is not None:
            out += f'["{part}"]'
    return out


def loader_verdict(raw, memory_tokens=False):
    """The loader's one line for a lesson dict written as is (NaN and all),
    with its pointer written as the module writes an argument."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(raw, f, allow_nan=True, ensure_ascii=False)
    try:
        r = cli("trace", f.name)
    finally:
        os.unlink(f.name)
    assert r.returncode == 2, r.stdout[:200]
    line = r.stderr.strip().removeprefix(f"attention-cli: {f.name}: ")
    m = re.match(r"^(/[^:]*): (.*)$", line)
    return f"{pointer_in_python(m.group(1), memory_tokens)}: {m.group(2)}" if m else f"lesson: {line}"


def raw_lesson(kwargs):
    """What lesson() would write, unchecked: arrays as nested lists (in
    objects too), a memory given as memory= and memory_tokens= as the file's
    {"tokens": ..., "X": ...}."""
    def plain(v):
        if isinstance(v, np.ndarray):
            return v.tolist()
        return {k: plain(x) for k, x in v.items()} if isinstance(v, dict) else v

    raw = {"id": "x", "title": "x"}
    for key, value in kwargs.items():
        if key != "memory_tokens":
            raw[key] = plain(value)
    if "memory_tokens" in kwargs:
        raw["memory"] = {"tokens": kwargs["memory_tokens"], "X": plain(kwargs.get("memory"))}
    return raw


rng = np.random.default_rng(7)
X3 = rng.normal(size=(3, 4))
W = rng.normal(size=(4, 4))


class Limits(unittest.TestCase):
    def test_the_modules_limits_are_the_loaders_and_the_pages(self):
        r = cli("format")
        self.assertEqual(r.returncode, 0, r.stderr)
        loader = json.loads(r.stdout)["limits"]
        keys = ("tokens", "dim", "heads", "id_bytes", "title_bytes", "abs_value", "min_divisor", "max_divisor")
        self.assertEqual(al.LIMITS, {key: loader[key] for key in keys})  # the keys it has always had
        page = json.loads((ROOT / "web/lesson-link.json").read_text())
        self.assertEqual(al.LINK, {k: v for k, v in page.items() if not k.startswith("_")})

    def test_its_rules_are_read_from_the_description_it_ships(self):
        """A package whose lesson_format.json says otherwise checks otherwise."""
        work = pathlib.Path(tempfile.mkdtemp())
        shutil.copytree(ROOT / "python/attention_lab", work / "attention_lab",
                        ignore=shutil.ignore_patterns("__pycache__"))
        described = work / "attention_lab/lesson_format.json"
        description = json.loads(described.read_text("utf-8"))
        description["limits"]["tokens"] = 2
        description["words"]["layout"].append("diagonal")
        description["shape_messages"]["no_inputs"] = "nothing to attend with"
        description["shape_messages"]["per_token_row"] = ["{matrix}: {count} token row", "{matrix}: {count} token rows"]
        described.write_text(json.dumps(description), "utf-8")
        code = """if True:
            import attention_lab as a
            for kwargs in (dict(tokens=['a', 'b', 'c'], Q=[[1.0]] * 3, K=[[1.0]] * 3), dict(tokens=['a']),
                           dict(tokens=['a', 'b'], Q=[[1.0]], K=[[1.0]]), dict(tokens=['a'], Q=[[1.0]], K=[[1.0]], layout='x')):
                try:
                    a.lesson(**kwargs)
                except a.LessonError as e:
                    print(e)
            print(a.LIMITS['tokens'])"""
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=work,
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.splitlines(), [
            "tokens: 3 tokens, the limit is 2",
            "lesson: nothing to attend with",
            "Q: Q (1, 1): 2 token rows",
            'layout: unknown layout "x": use "rows", "rows_transposed_weights", "columns" or "diagonal"',
            "2",
        ])


class Lessons(unittest.TestCase):
    def test_the_loader_takes_them_and_every_number_is_the_same_float64(self):
        cases = {
            "rows": dict(X=X3, W_q=W, W_k=W.T, W_v=W * 3),
            "float32 and float16 arrays": dict(X=X3.astype(np.float32), W_q=W.astype(np.float16), W_k=W, W_v=W),
            "nested lists of ints and floats": dict(X=[[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]], W_q=W.tolist(), W_k=W, W_v=W),
            "transposed weights": dict(X=X3, W_q=W, W_k=W, W_v=W, layout="rows_transposed_weights"),
            "columns with biases": dict(X=X3.T, W_q=W, W_k=W, W_v=W, b_q=rng.normal(size=(4, 1)),
                                        b_k=rng.normal(size=4), b_v=rng.normal(size=(4, 1)), layout="columns"),
            "two heads and W_o": dict(X=X3, W_q=W, W_k=W, W_v=W, W_o=rng.normal(size=(4, 4)), heads=2),
            "Q, K, V, causal, a temperature": dict(Q=X3, K=X3 * 2, V=X3[:, :2], causal=True, scale=2.5),
            "weights and V": dict(weights=np.full((3, 3), 1 / 3), V=X3),
            "tiny and huge numbers": dict(Q=np.array([[5e-324, 1e6], [-1e6, 0.1]]), K=np.eye(2), V=np.eye(2)),
        }
        for name, kwargs in cases.items():
            with self.subTest(name):
                l = al.lesson(tokens=[f"t{i}" for i in range(len(np.asarray(kwargs.get("X", kwargs.get("Q", kwargs.get("weights"))))))]
                              if kwargs.get("layout") != "columns" else ["a", "b", "c"], **kwargs)
                # The JSON reads back to exactly the numbers given (as float64).
                again = json.loads(al.to_json(l))
                for key, value in kwargs.items():
                    if key in al.INPUTS:
                        given = np.asarray(value, dtype=np.float64)
                        self.assertTrue(np.array_equal(np.array(again[key]).reshape(given.shape), given), key)
                trace = trace_of(l)
                for key in al.INPUTS:
                    if key in kwargs and key in trace:
                        self.assertTrue(np.array_equal(trace[key].reshape(np.shape(kwargs[key])),
                                                       np.asarray(kwargs[key], dtype=np.float64)), key)
                self.assertEqual(l, al.lesson(**l))  # its keys are lesson()'s arguments

    def test_the_trace_is_numpys_attention_to_the_last_digit_printed(self):
        l = al.lesson(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W.T, W_v=W * 3, heads=2)
        out = trace_of(l)["output"]
        self.assertEqual(printed(out), printed(numpy_attention(X3 @ W, X3 @ W.T, X3 @ (W * 3), heads=2)))

    def test_the_same_arrays_are_the_same_lesson_id_and_others_another(self):
        a = al.lesson(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W)
        self.assertEqual(a["id"], al.lesson(tokens=["a", "b", "c"], X=X3.copy(), W_q=W, W_k=W)["id"])
        self.assertNotEqual(a["id"], al.lesson(tokens=["a", "b", "c"], X=X3 + 1e-12, W_q=W, W_k=W)["id"])


BAD = {
    "wrong shapes": dict(tokens=["a", "b", "c"], X=X3, W_q=np.ones((3, 2)), W_k=W),
    "K narrower than Q": dict(tokens=["a", "b", "c"], Q=X3, K=X3[:, :3]),
    "rows for the tokens": dict(tokens=["a", "b"], X=X3, W_q=W, W_k=W),
    "NaN": dict(tokens=["a", "b", "c"], X=np.where(np.eye(3, 4) > 0, np.nan, X3), W_q=W, W_k=W),
    "infinity": dict(tokens=["a", "b", "c"], Q=X3, K=np.full((3, 4), -np.inf)),
    "ragged lists": dict(tokens=["a", "b"], X=[[1.0, 2.0], [3.0]], W_q=np.eye(2), W_k=np.eye(2)),
    "a ragged row longer": dict(tokens=["a", "b"], X=[[1.0, 2.0], [3.0, 4.0, 5.0]], W_q=np.eye(2), W_k=np.eye(2)),
    "65 tokens": dict(tokens=[f"t{i}" for i in range(65)], Q=np.ones((65, 2)), K=np.ones((65, 2))),
    "129 rows": dict(tokens=["a"], Q=np.ones((129, 2)), K=np.ones((129, 2))),
    "a number too large": dict(tokens=["a"], Q=[[2e6]], K=[[1.0]]),
    "a flat X": dict(tokens=["a", "b"], X=[1.0, 2.0], W_q=np.eye(2), W_k=np.eye(2)),
    "a 3-d X": dict(tokens=["a"], X=np.ones((1, 2, 2)), W_q=np.eye(2), W_k=np.eye(2)),
    "an empty matrix": dict(tokens=["a"], Q=[], K=[[1.0]]),
    "missing W_k": dict(tokens=["a", "b", "c"], X=X3, W_q=W),
    "heads that do not divide": dict(tokens=["a", "b", "c"], X=X3, W_q=np.ones((4, 3)), W_k=np.ones((4, 3)), heads=2),
    "17 heads": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, heads=17),
    "a scale word": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, scale="double"),
    "a zero scale": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, scale=0),
    "causal as a string": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, causal="yes"),
    "a token that is a number": dict(tokens=["a", 2, "c"], X=X3, W_q=W, W_k=W),
    "weights that are not (N, N)": dict(tokens=["a", "b", "c"], weights=np.ones((3, 2)), V=X3),
    "W_o that does not fit": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, W_v=W, W_o=np.ones((3, 4))),
    "X with Q": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, Q=X3),
    "no inputs": dict(tokens=["a"]),
    "an unknown layout": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, layout="diagonal"),
    "a bias of the wrong length": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, b_q=np.ones(3)),
    # Each rule of the shape check (core/load/lesson_shapes.cpp), in each layout it speaks of.
    "Q with W_q": dict(tokens=["a", "b", "c"], Q=X3, K=X3, W_q=W),
    "K without Q": dict(tokens=["a", "b", "c"], K=X3),
    "weights without V": dict(tokens=["a", "b", "c"], weights=np.full((3, 3), 1 / 3)),
    "weights with W_o": dict(tokens=["a", "b", "c"], weights=np.full((3, 3), 1 / 3), V=X3, W_o=W),
    "weights for two heads": dict(tokens=["a", "b", "c"], weights=np.full((3, 3), 1 / 3), V=X3, heads=2),
    "b_v without W_v": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, b_v=np.ones(4)),
    "W_o without values": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, W_o=W),
    "rows for one token": dict(tokens=["a"], X=X3, W_q=W, W_k=W),
    "columns for the tokens": dict(tokens=["a", "b"], X=X3.T, W_q=W, W_k=W, layout="columns"),
    "a weight that does not fit, in columns": dict(tokens=["a", "b", "c"], X=X3.T, W_q=np.ones((4, 3)), W_k=W,
                                                   layout="columns"),
    "a weight that does not fit, transposed": dict(tokens=["a", "b", "c"], X=X3, W_q=np.ones((4, 3)), W_k=W,
                                                   layout="rows_transposed_weights"),
    "a bias that does not fit, in columns": dict(tokens=["a", "b", "c"], X=X3.T, W_q=W, W_k=W, b_q=np.ones((3, 1)),
                                                 layout="columns"),
    "W_o for one value dimension": dict(tokens=["a", "b", "c"], X=X3, W_q=W, W_k=W, W_v=np.ones((4, 1)),
                                        W_o=np.ones((2, 2))),
    "V that two heads do not divide": dict(tokens=["a", "b", "c"], Q=X3, K=X3, V=np.ones((3, 3)), heads=2),
    "V for other tokens": dict(tokens=["a", "b", "c"], Q=X3, K=X3, V=np.ones((2, 4))),
    "K narrower than Q, as wide as V": dict(tokens=["a", "b", "c"], Q=X3, K=X3[:, :3], V=X3[:, :3]),
}


class BadInput(unittest.TestCase):
    def test_each_is_one_line_in_the_loaders_words_naming_the_argument(self):
        for name, kwargs in BAD.items():
            with self.subTest(name):
                with self.assertRaises(al.LessonError) as raised:
                    al.lesson(**kwargs)
                message = str(raised.exception)
                self.assertNotIn("\n", message)
                self.assertEqual(message, loader_verdict(raw_lesson(kwargs)))

    def test_nothing_opens_and_no_link_is_made(self):
        with mock.patch("webbrowser.open") as opened, mock.patch("IPython.display.display", create=True) as shown:
            for name, kwargs in BAD.items():
                with self.subTest(name):
                    self.assertRaises(al.LessonError, al.show, **kwargs)
                    self.assertRaises(al.LessonError, al.link, base="https://example.org/lab/", **kwargs)
            self.assertFalse(opened.called)
            self.assertFalse(shown.called)

    def test_a_link_over_the_limit_says_so_in_one_line(self):
        big = dict(tokens=[f"t{i}" for i in range(64)], X=rng.normal(size=(64, 128)),
                   W_q=rng.normal(size=(128, 8)), W_k=rng.normal(size=(128, 8)))
        l = al.lesson(**big)  # a lesson the loader takes...
        with self.assertRaises(al.LessonError) as raised:
            al.link(l, base="https://example.org/lab/")  # ...too large for a link
        message = str(raised.exception)
        self.assertNotIn("\n", message)
        self.assertRegex(message, r"^link: the lesson is \d+ characters long packed, the limit is 32000; "
                                  r"show\(\) opens a lesson of any size$")
        with mock.patch("webbrowser.open") as opened:
            self.assertRaises(FileNotFoundError, al.show, **big, page="/no/such/page.html")  # any size: only the page is missing
            self.assertFalse(opened.called)


class Links(unittest.TestCase):
    def test_a_link_carries_the_lesson_exactly_and_from_page_reads_it_back_with_the_learners_edits(self):
        l = al.lesson(tokens=["The", "cat", "sat"], X=X3, W_q=W, W_k=W, W_v=W, b_q=np.arange(4.0))
        url = al.link(l, base="https://example.org/lab/index.html#old")
        base, fragment = url.split("#", 1)
        self.assertEqual(base, "https://example.org/lab/index.html")
        key, packed = fragment.split("=", 1)
        self.assertEqual(key, "lesson")
        self.assertRegex(packed, r"^[A-Za-z0-9_-]+$")
        text = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), 31)
        self.assertEqual(json.loads(text), json.loads(al.to_json(l)))
        self.assertEqual(url, al.link(l, base="https://example.org/lab/index.html"))  # the same link each time
        back = al.from_page(url)
        for name in ("X", "W_q", "W_k", "W_v", "b_q"):
            self.assertTrue(np.array_equal(back[name], np.asarray(l[name])), name)
        # "Copy link" after an edit: the state parameter (core/lesson/state_link.h) says what changed.
        state = {"v": 1, "parts": [{"part": 0, "set": [["W_q", 1, 2, 0.1 + 0.2], ["b_q", 0, 3, -7.5]], "causal": True}]}
        edited = base + "?step=3&state=" + base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=") + "#" + fragment
        back = al.from_page(edited)
        self.assertEqual(back["W_q"][1, 2], 0.1 + 0.2)
        self.assertEqual(back["b_q"][3], -7.5)
        self.assertTrue(back["causal"])
        self.assertNotIn("id", back)
        al.lesson(**back)  # a lesson again

    def test_a_damaged_link_says_so(self):
        for url, message in [
            ("https://example.org/lab/#lesson=AAAA", "link: its lesson is damaged: not gzip data in base64url, or cut short"),
            ("https://example.org/lab/?lesson=the-cat-sat", "from_page: this link carries no lesson (#lesson=...): only a notebook's link does"),
        ]:
            with self.assertRaises(al.LessonError) as raised:
                al.from_page(url)
            self.assertEqual(str(raised.exception), message)


SNIPPET = '''import numpy as np

# Attention Lab: My arrays, step 3
# Your numbers (changes included), computed as the notebook does, printing what the step shows.
tokens = ["The", "cat", "sat"]
X = np.array([
    [1.0, 0.0],
    [0.0, 2.0],
    [1.0, 1.0]])
W_q = np.array([
    [0.30000000000000004, 0.7151893663724195],
    [1e-05, -2.0]])
W_k = np.array([
    [1.0, 0.0],
    [0.0, 1.0]])
T = 2.5  # the temperature

Q = X @ W_q
K = X @ W_k

def attention(Q, K, V, heads, scale, causal, arrangement, what_ifs=()):
    return {}

rows = (Q, K, None)
mine = attention(*rows, 1, T, True, "query_rows")
print("weights")
print(mine["weights"][0])
'''


class FromPage(unittest.TestCase):
    def test_a_snippet_gives_the_arrays_exactly_and_the_settings(self):
        got = al.from_page(SNIPPET)
        self.assertEqual(got["tokens"], ["The", "cat", "sat"])
        self.assertEqual(got["W_q"][0, 0], 0.30000000000000004)
        self.assertEqual(got["W_q"][1, 0], 1e-05)
        self.assertEqual(got["W_q"].dtype, np.float64)
        self.assertEqual((got["scale"], got["causal"], got["heads"]), (2.5, True, 1))
        al.lesson(**got)

    def test_a_snippet_and_a_link_of_the_same_numbers_give_the_same_keys_and_lesson(self):
        """The page's two ways back (issue 43): the same numbers are the same
        lesson, with the same id, so saved work carries over."""
        snippet = al.from_page(SNIPPET)
        made = al.lesson(tokens=snippet["tokens"], X=snippet["X"], W_q=snippet["W_q"], W_k=snippet["W_k"],
                         scale=2.5, causal=True, title="Not in a snippet", precision=3)
        linked = al.from_page(al.link(made, base="https://example.org/lab/"))
        self.assertEqual(list(linked), list(snippet))
        self.assertEqual(list(snippet), ["tokens", "X", "W_q", "W_k", "layout", "heads", "scale", "causal",
                                         "arrangement"])
        for key, value in snippet.items():
            if isinstance(value, np.ndarray):
                self.assertTrue(np.array_equal(linked[key], value), key)
            else:
                self.assertEqual(linked[key], value, key)
        self.assertEqual(al.lesson(**linked)["id"], al.lesson(**snippet)["id"])

    def test_a_bias_comes_back_flat_and_makes_the_same_lesson_however_it_was_given(self):
        given = dict(tokens=["a", "b", "c"], X=X3.T, W_q=W, W_k=W, layout="columns")
        column = al.lesson(**given, b_q=np.arange(4.0).reshape(4, 1))
        flat = al.lesson(**given, b_q=np.arange(4.0))
        self.assertEqual(column, flat)
        back = al.from_page(al.link(column, base="https://example.org/lab/"))
        self.assertEqual(back["b_q"].shape, (4,))
        self.assertEqual(al.lesson(**back)["id"], column["id"])

    def test_nothing_in_a_snippet_runs(self):
        marker = pathlib.Path(tempfile.mkdtemp()) / "ran"
        hostile = SNIPPET.replace("X = np.array([", f"X = np.array(__import__('os').system('touch {marker}') or [")
        with self.assertRaises(al.LessonError) as raised:
            al.from_page(hostile)
        self.assertEqual(str(raised.exception), 'from_page: X is not a literal: this is not a "Copy as numpy" snippet')
        self.assertFalse(marker.exists())
        with self.assertRaises(al.LessonError):
            al.from_page("print('hello')")


class Show(unittest.TestCase):
    def test_outside_jupyter_it_opens_a_local_copy_of_the_page_with_the_lesson_in_its_address(self):
        page = pathlib.Path(tempfile.mkdtemp()) / "attention-lab.html"
        page.write_text("<!doctype html>\n<html>\n<head>\n<title>page</title></head><body></body></html>")
        l = al.lesson(tokens=["a", "b", "c"], Q=X3, K=X3)
        with mock.patch("webbrowser.open") as opened:
            out = al.show(l, page=str(page))
        opened.assert_called_once_with(out.as_uri())
        packed = al.link(l, base="x").split("#lesson=", 1)[1]
        self.assertIn(f"#lesson={packed}')</script>", out.read_text())
        with mock.patch.dict(os.environ, {"ATTENTION_LAB_PAGE": "/nowhere"}), mock.patch("webbrowser.open") as opened:
            with self.assertRaises(FileNotFoundError) as raised:
                al.show(l, page="/no/such/page.html")
            self.assertNotIn("\n", str(raised.exception))
            self.assertFalse(opened.called)


class CommandLine(unittest.TestCase):
    """attention-cli lesson: numpy's own files into the same lesson as the module's."""

    def test_npz_and_npy_files_make_the_modules_lesson(self):
        work = pathlib.Path(tempfile.mkdtemp())
        arrays = dict(X=X3.astype(np.float32), W_q=np.asfortranarray(W), W_k=W.astype(">f8"), W_v=np.arange(16).reshape(4, 4))
        np.savez(work / "plain.npz", **arrays)
        np.savez_compressed(work / "packed.npz", **arrays)
        for name, a in arrays.items():
            np.save(work / f"{name}.npy", a)
        module = al.lesson(tokens=["The", "cat", "sat"], **arrays)
        for files in (["plain.npz"], ["packed.npz"], ["X.npy", "W_q.npy", "W_k.npy", "W_v.npy"]):
            with self.subTest(files):
                r = cli("lesson", *files, "--tokens", "The,cat,sat", cwd=work)
                self.assertEqual(r.returncode, 0, r.stderr)
                made = json.loads(r.stdout)
                for name in arrays:
                    self.assertTrue(np.array_equal(np.array(made[name]), np.asarray(module[name])), name)
                self.assertEqual(made["tokens"], ["The", "cat", "sat"])

    def test_the_same_errors_as_the_module(self):
        work = pathlib.Path(tempfile.mkdtemp())
        for name, kwargs in BAD.items():
            arrays = {k: v for k, v in kwargs.items() if k in al.INPUTS and isinstance(v, np.ndarray) and v.size}
            if name in ("no inputs", "a 3-d X") or len(arrays) != len([k for k in kwargs if k in al.INPUTS]):
                continue  # lists, empty arrays and a missing file are not what a .npz holds
            with self.subTest(name):
                np.savez(work / "arrays.npz", **arrays)
                options = []
                for option in ("heads", "scale", "layout"):
                    if option in kwargs:
                        options += [f"--{option}", str(kwargs[option])]
                if kwargs.get("causal") is True:
                    options.append("--causal")
                if "causal" in kwargs and kwargs["causal"] is not True:
                    continue
                if not all(isinstance(t, str) for t in kwargs["tokens"]):
                    continue
                r = cli("lesson", "arrays.npz", "--tokens", ",".join(kwargs["tokens"]), *options, cwd=work)
                self.assertEqual(r.returncode, 2, r.stdout[:200])
                line = r.stderr.strip()
                self.assertNotIn("\n", line)
                with self.assertRaises(al.LessonError) as raised:
                    al.lesson(**kwargs)
                where, reason = str(raised.exception).split(": ", 1)
                self.assertTrue(line.startswith("attention-cli: arrays.npz: "), line)
                self.assertTrue(line.endswith(": " + reason), f"{line}\n  vs {reason}")

    def test_files_that_are_not_numpys_say_why(self):
        work = pathlib.Path(tempfile.mkdtemp())
        (work / "X.npy").write_bytes(b"not numpy")
        np.save(work / "W_q.npy", np.ones((2, 2), dtype=np.complex128))
        np.savez(work / "odd.npz", tokens=np.ones(2))
        cut = work / "cut.npz"
        np.savez_compressed(cut, X=np.ones((3, 3)))
        cut.write_bytes(cut.read_bytes()[:-40])
        for args, line in [
            (["X.npy"], "attention-cli: X.npy: not a .npy file"),
            (["W_q.npy"], "attention-cli: W_q.npy: dtype '<c16' is not real numbers (floats of 2, 4 or 8 bytes, or integers)"),
            (["odd.npz"], 'attention-cli: odd.npz: tokens: "tokens" is not an input (X, W_q, W_k, W_v, b_q, b_k, b_v, W_o, Q, K, V, weights, P, memory)'),
            (["cut.npz"], "attention-cli: cut.npz: not an .npz file (no zip directory)"),
        ]:
            with self.subTest(args):
                r = cli("lesson", *args, "--tokens", "a,b", cwd=work)
                self.assertEqual((r.returncode, r.stderr.strip()), (2, line))


class Docs(unittest.TestCase):
    """docs/notebooks.md: each seed notebook's example, made from its arrays,
    is the built-in lesson it names, bit for bit."""

    def test_each_example_is_its_built_in_lesson(self):
        text = (ROOT / "docs/notebooks.md").read_text("utf-8")
        section = text.split("## The five notebooks' examples", 1)[1].split("\n## ", 1)[0]
        examples = re.findall(r"\(`([a-z-]+)`\):\n\n```python\n(.*?)```", section, re.S)
        self.assertEqual(len(examples), 5)
        for builtin, code in examples:
            with self.subTest(builtin):
                shown = []
                with mock.patch.object(al, "show", side_effect=shown.append):
                    exec(code, {"np": np, "attention_lab": al})
                self.assertEqual(len(shown), 1)
                r = cli("trace", builtin)
                self.assertEqual(r.returncode, 0, r.stderr)
                want = {m["name"]: m["data"] for step in json.loads(r.stdout)["steps"] for m in step["matrices"]}
                got = trace_of(shown[0])
                for name in ("weights", "output"):
                    self.assertTrue(np.array_equal(got[name], np.array(want[name])), name)


class Installing(unittest.TestCase):
    def test_pip_installs_the_package_with_its_description_and_it_works_alone(self):
        target = pathlib.Path(tempfile.mkdtemp())
        ignore = shutil.ignore_patterns("__pycache__", "build", "*.egg-info")
        shutil.copytree(ROOT / "python", target / "source", ignore=ignore)  # pip's build leaves files beside the sources
        r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                            "--no-index", "--target", str(target / "site"), str(target / "source")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        description = (ROOT / "python/attention_lab/lesson_format.json").read_bytes()
        self.assertEqual((target / "site/attention_lab/lesson_format.json").read_bytes(), description)
        elsewhere = target / "elsewhere"  # a notebook's folder, the package only on the path
        elsewhere.mkdir()
        copied = target / "notebook"  # the package's folder copied next to a notebook
        shutil.copytree(ROOT / "python/attention_lab", copied / "attention_lab", ignore=ignore)
        for where, cwd, env in ((target / "site", elsewhere, {"PYTHONPATH": str(target / "site")}),
                                (copied, copied, {})):
            with self.subTest(str(where)):
                code = ("import attention_lab as a; print(a.__file__); "
                        "a.lesson(tokens=['a'], Q=[[1.0]], K=[[2.0]])")
                r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd,
                                   env={**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, **env})
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(r.stdout.strip(), str(where / "attention_lab/__init__.py"))


if __name__ == "__main__":
    unittest.main()
