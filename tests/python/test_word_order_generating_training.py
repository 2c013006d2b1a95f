"""attention_lab.lesson()'s keys for word order, generating and training
(positions, rope, first_position, memory and memory_tokens, kv_cache and
cache_step, train): lessons the loader takes, written only where they say
something, whose numbers are numpy's; and each bad value one line in the
loader's words, naming the argument.

Run by ctest (python/attention_lab) with test_attention_lab.py, whose helpers
it uses.
"""

import json
import unittest

import numpy as np

import attention_lab as al
from test_attention_lab import cli, raw_lesson, trace_of
from test_attention_lab import loader_verdict as verdict_of

rng = np.random.default_rng(11)
TOKENS = ["The", "cat", "sat"]
X = rng.normal(size=(3, 4))
W_q, W_k, W_v = (rng.normal(size=(4, 4)) for _ in range(3))
BASE = dict(tokens=TOKENS, X=X, W_q=W_q, W_k=W_k, W_v=W_v)
MEMORY = rng.normal(size=(2, 4))


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def sinusoidal(n, d, first=0):
    """Vaswani et al. 2017, 3.5: P[p, 2i] = sin(p / 10000^(2i/d)), P[p, 2i+1] = cos."""
    p = np.arange(first, first + n)[:, None]
    i = np.arange(d)[None, :]
    angle = p / 10000.0 ** ((i - i % 2) / d)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))


def rotated(x, first=0, base=10000.0, pairs="interleaved"):
    """RoPE on one head's rows: pair (2i, 2i+1) or (i, i + d/2) turned by p·θ_i."""
    n, d = x.shape
    theta = base ** (-2.0 * np.arange(d // 2) / d)
    angle = np.arange(first, first + n)[:, None] * theta[None, :]
    cos, sin = np.cos(angle), np.sin(angle)
    out = x.copy()
    a, b = (np.arange(0, d, 2), np.arange(1, d, 2)) if pairs == "interleaved" else (np.arange(d // 2), np.arange(d // 2, d))
    out[:, a] = x[:, a] * cos - x[:, b] * sin
    out[:, b] = x[:, a] * sin + x[:, b] * cos
    return out


def attention(Q, K, V, heads=1, causal=False, rope=None, first=0):
    d_k, d_v = Q.shape[1] // heads, V.shape[1] // heads
    weights, outs = [], []
    for h in range(heads):
        q, k = Q[:, h * d_k:(h + 1) * d_k], K[:, h * d_k:(h + 1) * d_k]
        if rope is not None:
            q, k = rotated(q, first, **rope), rotated(k, first, **rope)
        s = q @ k.T / np.sqrt(d_k)
        if causal:
            s = np.where(np.triu(np.ones(s.shape, dtype=bool), 1), -np.inf, s)
        w = softmax(s)
        weights.append(w)
        outs.append(w @ V[:, h * d_v:(h + 1) * d_v])
    return weights, np.hstack(outs)


def close(a, b):
    return np.allclose(a, b, rtol=1e-12, atol=1e-12)


class Positions(unittest.TestCase):
    def test_sinusoidal_and_given_positions_are_added_to_x_as_numpy_adds_them(self):
        P = rng.normal(size=(3, 4))
        for name, kwargs, want_p in [
            ("sinusoidal", dict(positions="sinusoidal"), sinusoidal(3, 4)),
            ("sinusoidal from 7", dict(positions="sinusoidal", first_position=7), sinusoidal(3, 4, 7)),
            ("given", dict(positions=P), P),
        ]:
            with self.subTest(name):
                l = al.lesson(**BASE, **kwargs)
                t = trace_of(l)
                self.assertTrue(close(t["P"], want_p))
                XP = X + want_p
                self.assertTrue(close(t["X_P"], XP))
                _, out = attention(XP @ W_q, XP @ W_k, XP @ W_v)
                self.assertTrue(close(t["output"], out))
                self.assertEqual(l, al.lesson(**l))

    def test_columns_write_given_positions_transposed_like_x(self):
        P = rng.normal(size=(3, 4))
        l = al.lesson(tokens=TOKENS, X=X.T, W_q=W_q.T, W_k=W_k.T, W_v=W_v.T, positions=P.T, layout="columns")
        XP = X + P
        _, out = attention(XP @ W_q, XP @ W_k, XP @ W_v)
        self.assertTrue(close(trace_of(l)["output"], out.T))

    def test_without_positions_reordering_the_tokens_reorders_the_outputs(self):
        order = [2, 0, 1]
        a = trace_of(al.lesson(**BASE))["output"]
        b = trace_of(al.lesson(**{**BASE, "X": X[order]}))["output"]
        self.assertTrue(close(a[order], b))
        c = trace_of(al.lesson(**{**BASE, "X": X[order]}, positions="sinusoidal"))["output"]
        self.assertFalse(close(a[order], c))


class Rope(unittest.TestCase):
    def test_both_pairings_other_bases_heads_and_causal_are_numpys(self):
        for rope, heads, causal, first in [
            (True, 1, False, 0),
            ({"pairs": "halves"}, 1, False, 0),
            ({"base": 100, "pairs": "interleaved"}, 2, True, 3),
            ({"base": 50.5, "pairs": "halves"}, 2, False, 12),
        ]:
            with self.subTest(rope=rope, heads=heads):
                kwargs = dict(rope=rope, heads=heads, causal=causal)
                if first:
                    kwargs["first_position"] = first
                l = al.lesson(**BASE, **kwargs)
                want = {"base": 10000.0, "pairs": "interleaved", **(rope if isinstance(rope, dict) else {})}
                weights, out = attention(X @ W_q, X @ W_k, X @ W_v, heads, causal, want, first)
                t = trace_of(l)
                key = "weights_h1" if heads > 1 else "weights"
                self.assertTrue(close(t[key], weights[0]), key)
                self.assertTrue(close(t["output"], out))
                self.assertEqual(l, al.lesson(**l))

    def test_what_is_the_default_is_not_written(self):
        self.assertIs(al.lesson(**BASE, rope={"base": 10000, "pairs": "interleaved"})["rope"], True)
        self.assertEqual(al.lesson(**BASE, rope={"base": 10, "pairs": "interleaved"})["rope"], {"base": 10.0})
        self.assertNotIn("rope", al.lesson(**BASE, rope=False))
        self.assertNotIn("first_position", al.lesson(**BASE, first_position=0))

    def test_shifting_first_position_leaves_ropes_scores_unchanged(self):
        a = trace_of(al.lesson(**BASE, rope=True))["scores"]
        b = trace_of(al.lesson(**BASE, rope=True, first_position=500))["scores"]
        self.assertTrue(np.allclose(a, b, rtol=1e-9, atol=1e-9))


class Memory(unittest.TestCase):
    def test_cross_attention_reads_keys_and_values_from_the_memory(self):
        for name, kwargs in [("memory and memory_tokens", dict(memory=MEMORY, memory_tokens=["le", "chat"])),
                             ("as the file writes it", dict(memory={"tokens": ["le", "chat"], "X": MEMORY}))]:
            with self.subTest(name):
                l = al.lesson(**BASE, **kwargs)
                self.assertEqual(l["memory"], {"tokens": ["le", "chat"], "X": MEMORY.tolist()})
                weights, out = attention(X @ W_q, MEMORY @ W_k, MEMORY @ W_v)
                t = trace_of(l)
                self.assertEqual(t["weights"].shape, (3, 2))
                self.assertTrue(close(t["weights"], weights[0]))
                self.assertTrue(close(t["output"], out))
                self.assertEqual(l, al.lesson(**l))

    def test_with_heads_and_columns(self):
        l = al.lesson(tokens=TOKENS, X=X.T, W_q=W_q.T, W_k=W_k.T, W_v=W_v.T, memory=MEMORY.T,
                      memory_tokens=["le", "chat"], layout="columns", heads=2)
        _, out = attention(X @ W_q, MEMORY @ W_k, MEMORY @ W_v, heads=2)
        self.assertTrue(close(trace_of(l)["output"], out.T))


class KvCache(unittest.TestCase):
    def test_each_step_is_the_causal_attentions_row_and_the_rows_made_are_it(self):
        weights, out = attention(X @ W_q, X @ W_k, X @ W_v, causal=True)
        for step in range(3):
            with self.subTest(step=step):
                l = al.lesson(**BASE, causal=True, kv_cache=True, cache_step=step)
                self.assertEqual("cache_step" in l, step != 0)
                t = trace_of(l)
                self.assertTrue(close(t["K_cache"], (X @ W_k)[:step + 1]))
                self.assertTrue(close(t["weights_t"].ravel(), weights[0][step, :step + 1]))
                self.assertTrue(close(t["output_t"].ravel(), out[step]))
                self.assertTrue(close(t["made"][:step + 1], out[:step + 1]))
                self.assertEqual(l, al.lesson(**l))


def loss_of(wq, wk, wv, target, kind):
    weights, out = attention(X @ wq, X @ wk, X @ wv)
    if kind == "weights":
        return -np.sum(target * np.log(weights[0])) / len(X)
    return np.sum((out - target) ** 2) / (2 * len(X))


class Training(unittest.TestCase):
    def test_the_loss_and_gradients_are_numpys_and_a_step_lowers_it_as_numpy_does(self):
        previous = np.roll(np.eye(3), -1, axis=1)  # each token attends to the one before it
        previous[0] = [1, 0, 0]
        Y = rng.normal(size=(3, 4))
        for kind, target, params in [("weights", previous, ["W_q", "W_k"]), ("output", Y, ["W_q", "W_k", "W_v"])]:
            with self.subTest(kind):
                l = al.lesson(**BASE, train={"target": {kind: target}, "lr": 0.05, "steps": 3})
                self.assertEqual(l["train"], {"target": {kind: target.tolist()}, "lr": 0.05, "steps": 3})
                t = trace_of(l)
                mats = {"W_q": W_q, "W_k": W_k, "W_v": W_v}
                self.assertAlmostEqual(t["loss"].ravel()[0], loss_of(W_q, W_k, W_v, target, kind), places=12)
                stepped = {}
                for p in params:  # central differences of numpy's loss
                    grad = np.zeros((4, 4))
                    for i in range(4):
                        for j in range(4):
                            h = np.zeros((4, 4))
                            h[i, j] = 1e-6
                            up = {**mats, p: mats[p] + h}
                            down = {**mats, p: mats[p] - h}
                            grad[i, j] = (loss_of(up["W_q"], up["W_k"], up["W_v"], target, kind) -
                                          loss_of(down["W_q"], down["W_k"], down["W_v"], target, kind)) / 2e-6
                    self.assertTrue(np.allclose(t[f"grad_{p}"], grad, rtol=1e-5, atol=1e-7), p)
                    stepped[p] = mats[p] - 0.05 * t[f"grad_{p}"]
                after = {**mats, **stepped}
                self.assertAlmostEqual(t["loss"].ravel()[1], loss_of(after["W_q"], after["W_k"], after["W_v"],
                                                                     target, kind), places=12)
                self.assertEqual(l, al.lesson(**l))

    def test_defaults_are_left_out_and_params_kept_in_the_formats_order(self):
        target = {"weights": np.full((3, 3), 1 / 3)}
        self.assertEqual(al.lesson(**BASE, train={"target": target, "lr": 0.1, "steps": 100,
                                                   "params": ["W_k", "W_q"]})["train"],
                         {"target": {"weights": np.full((3, 3), 1 / 3).tolist()}})
        self.assertEqual(al.lesson(**BASE, train={"target": target, "params": ["W_k"]})["train"]["params"], ["W_k"])


THIRDS = np.full((3, 3), 1 / 3)
BAD = {
    "an unknown positions word": dict(positions="learned"),
    "positions of the wrong shape": dict(positions=np.ones((3, 2))),
    "positions for other tokens": dict(positions=np.ones((2, 4))),
    "positions that are a number": dict(positions=3),
    "positions without X": dict(tokens=TOKENS, Q=X, K=X, positions="sinusoidal"),
    "rope as a string": dict(rope="yes"),
    "rope with an odd head": dict(X=X, W_q=np.ones((4, 3)), W_k=np.ones((4, 3)), rope=True),
    "rope with base 0": dict(rope={"base": 0}),
    "rope with an infinite base": dict(rope={"base": float("inf")}),
    "rope with an unknown pairing": dict(rope={"pairs": "zigzag"}),
    "rope with an unknown key": dict(rope={"bass": 10}),
    "a negative first_position": dict(first_position=-1),
    "a fractional first_position": dict(first_position=1.5),
    "a memory as wide as nothing": dict(memory=np.ones((2, 3)), memory_tokens=["a", "b"]),
    "memory tokens that do not match": dict(memory=np.ones((2, 4)), memory_tokens=["a", "b", "c"]),
    "a memory without X": dict(memory={"tokens": ["a", "b"]}),
    "a memory that is not an object": dict(memory="le chat"),
    "a memory token that is a number": dict(memory={"tokens": ["a", 2], "X": np.ones((2, 4))}),
    "a memory with causal": dict(memory=np.ones((2, 4)), memory_tokens=["a", "b"], causal=True),
    "a memory with rope": dict(memory=np.ones((2, 4)), memory_tokens=["a", "b"], rope=True),
    "kv_cache without causal": dict(kv_cache=True),
    "kv_cache as a string": dict(kv_cache="yes", causal=True),
    "kv_cache without values": dict(tokens=TOKENS, X=X, W_q=W_q, W_k=W_k, kv_cache=True, causal=True),
    "cache_step without kv_cache": dict(cache_step=1),
    "cache_step past the tokens": dict(kv_cache=True, causal=True, cache_step=3),
    "train without a target": dict(train={"lr": 0.1}),
    "train with two targets": dict(train={"target": {"weights": THIRDS, "output": X}}),
    "a target of the wrong shape": dict(train={"target": {"weights": np.full((3, 2), 0.5)}}),
    "an output target of the wrong shape": dict(train={"target": {"output": np.ones((3, 3))}}),
    "a target row that is not a distribution": dict(train={"target": {"weights": np.eye(3) * 0.5}}),
    "a negative target weight": dict(train={"target": {"weights": [[1.5, -0.5, 0], [0, 1, 0], [0, 0, 1]]}}),
    "target weight the mask hides": dict(causal=True, train={"target": {"weights": THIRDS}}),
    "lr 0": dict(train={"target": {"weights": THIRDS}, "lr": 0}),
    "lr not finite": dict(train={"target": {"weights": THIRDS}, "lr": float("nan")}),
    "steps past the limit": dict(train={"target": {"weights": THIRDS}, "steps": 501}),
    "an unknown param": dict(train={"target": {"weights": THIRDS}, "params": ["W_x"]}),
    "a param a weights target does not reach": dict(train={"target": {"weights": THIRDS}, "params": ["W_v"]}),
    "a param the part has not": dict(train={"target": {"weights": THIRDS}, "params": ["b_q"]}),
    "train without X": dict(tokens=TOKENS, Q=X, K=X, V=X, train={"target": {"weights": THIRDS}}),
    "train as a list": dict(train=[1]),
}


def loader_verdict(kwargs):
    """The loader's one line for what lesson() would write, unchecked."""
    return verdict_of(raw_lesson(kwargs), memory_tokens="memory_tokens" in kwargs)


class BadInput(unittest.TestCase):
    def test_each_is_one_line_in_the_loaders_words_naming_the_argument(self):
        for name, bad in BAD.items():
            kwargs = {**BASE, **bad} if "tokens" not in bad else bad
            with self.subTest(name):
                with self.assertRaises(al.LessonError) as raised:
                    al.lesson(**kwargs)
                message = str(raised.exception)
                self.assertNotIn("\n", message)
                self.assertEqual(message, loader_verdict(kwargs))

    def test_a_memory_given_both_ways_or_without_its_tokens(self):
        with self.assertRaises(TypeError):
            al.lesson(**BASE, memory={"tokens": ["a"], "X": [[1.0] * 4]}, memory_tokens=["a"])
        with self.assertRaisesRegex(TypeError, r"^lesson\(\) takes P as positions=$"):
            al.lesson(**BASE, P=X)
        with self.assertRaises(al.LessonError) as raised:
            al.lesson(**BASE, memory=np.ones((2, 4)))
        self.assertEqual(str(raised.exception), "memory_tokens: the memory's tokens: one name per row of memory")


class CommandLine(unittest.TestCase):
    """attention-cli lesson: an array P gives the positions, an array memory the
    memory's X (with --memory-tokens); the other keys are options."""

    def test_the_same_lesson_as_the_modules(self):
        import pathlib
        import tempfile

        work = pathlib.Path(tempfile.mkdtemp())
        P = rng.normal(size=(3, 4))
        arrays = dict(X=X, W_q=W_q, W_k=W_k, W_v=W_v)
        np.savez(work / "positions.npz", **arrays, P=P)
        np.savez(work / "memory.npz", **arrays, memory=MEMORY)
        np.savez(work / "plain.npz", **arrays)
        for files, options, kwargs in [
            ("positions.npz", ["--rope", "--first-position", "4"], dict(positions=P, rope=True, first_position=4)),
            ("plain.npz", ["--positions", "sinusoidal"], dict(positions="sinusoidal")),
            ("plain.npz", ["--causal", "--kv-cache", "--cache-step", "2"], dict(causal=True, kv_cache=True, cache_step=2)),
            ("memory.npz", ["--memory-tokens", "le,chat"], dict(memory=MEMORY, memory_tokens=["le", "chat"])),
        ]:
            with self.subTest(options):
                r = cli("lesson", files, "--tokens", ",".join(TOKENS), *options, cwd=work)
                self.assertEqual(r.returncode, 0, r.stderr)
                made = json.loads(r.stdout)
                module = al.lesson(**BASE, **kwargs)
                for key in module:
                    if key not in ("id", "title"):
                        self.assertEqual(made[key], module[key], key)
        for files, options, line in [
            ("memory.npz", [], "memory.npz: the memory (cross-attention) needs --memory-tokens, its tokens' names, "
                               "comma-separated"),
            ("positions.npz", ["--positions", "sinusoidal"], "positions.npz: P gives the positions: no --positions "
                                                             "with it"),
            ("plain.npz", ["--kv-cache"], 'plain.npz: /kv_cache: generating with a cache needs the causal mask: '
                                          'add "causal": true'),
        ]:
            with self.subTest(options):
                r = cli("lesson", files, "--tokens", ",".join(TOKENS), *options, cwd=work)
                self.assertEqual(r.returncode, 2)
                self.assertEqual(r.stderr.strip(), "attention-cli: " + line)


class Links(unittest.TestCase):
    def test_from_page_gives_the_new_keys_back_with_the_learners_edits(self):
        import base64

        P = rng.normal(size=(3, 4))
        l = al.lesson(**BASE, positions=P, rope={"pairs": "halves"}, memory=None,
                      train={"target": {"weights": THIRDS}, "steps": 5})
        url = al.link(l, base="https://example.org/lab/")
        back = al.from_page(url)
        self.assertTrue(np.array_equal(back["positions"], P))
        self.assertEqual(back["rope"], {"pairs": "halves"})
        self.assertEqual(al.lesson(**back, title=l["title"]), l)  # the same lesson, the same id
        state = {"v": 1, "parts": [{"part": 0, "set": [["P", 1, 2, 0.5]], "first": 7, "lr": 0.25}]}
        encoded = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
        base, fragment = url.split("#", 1)
        edited = al.from_page(f"{base}?state={encoded}#{fragment}")
        self.assertEqual(edited["positions"][1, 2], 0.5)
        self.assertEqual(edited["first_position"], 7)
        self.assertEqual(edited["train"]["lr"], 0.25)
        al.lesson(**edited)
        cache = al.lesson(**BASE, causal=True, kv_cache=True)
        state = {"v": 1, "parts": [{"part": 0, "t": 2}]}
        encoded = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
        base, fragment = al.link(cache, base="https://example.org/lab/").split("#", 1)
        self.assertEqual(al.lesson(**al.from_page(f"{base}?state={encoded}#{fragment}"))["cache_step"], 2)
        cross = al.lesson(**BASE, memory=MEMORY, memory_tokens=["le", "chat"])
        state = {"v": 1, "parts": [{"part": 0, "set": [["memory", 0, 1, -3.0]]}]}
        encoded = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
        base, fragment = al.link(cross, base="https://example.org/lab/").split("#", 1)
        back = al.from_page(f"{base}?state={encoded}#{fragment}")
        self.assertEqual(back["memory_tokens"], ["le", "chat"])
        self.assertEqual(back["memory"][0, 1], -3.0)
        self.assertEqual(al.lesson(**back)["memory"]["X"][0][1], -3.0)
        # Tokens moved to another order: lesson() has no key for it, and says so.
        state = {"v": 1, "parts": [{"part": 0, "order": [2, 0, 1]}]}
        encoded = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
        with self.assertRaises(al.LessonError) as raised:
            al.from_page(f"{base}?state={encoded}#{fragment}")
        self.assertTrue(str(raised.exception).startswith("from_page: this link's tokens stand in another order"))


STEP = {"title": "Weights", "text": "Each row sums to 1.", "show": ["weights"]}
PICK = {"id": "p1", "ask": "Which?", "pick": {"largest": {"of": "weights", "query": "The"}},
        "reveal": "It is {largest weights[The]}."}
CHALLENGE = {"id": "c1", "task": "Make it so", "goal": {"largest": {"of": "weights", "query": "The"}, "is": "cat"},
             "allowed": {"only": ["X"]}, "success": "Done."}
MEASURE = {"value": {"of": "weights", "query": "The", "key": "cat"}}
ASK = {k: v for k, v in PICK.items() if k != "pick"}
BAD_STEPS = {
    "not a list": "x",
    "no steps": [],
    "a step that is a number": [3],
    "a misspelt key": [{**STEP, "titel": 1}],
    "no title": [{"text": "a"}],
    "an id with a space": [{**STEP, "id": "A B"}],
    "text that is a number": [{**STEP, "text": 3}],
    "a sentence without text": [{**STEP, "text": [{"when": {}}]}],
    "precision 99": [{**STEP, "precision": 99}],
    "show that is a number": [{**STEP, "show": 3}],
    "no predictions in predict": [{**STEP, "predict": []}],
    "a prediction without an id": [{**STEP, "predict": [{k: v for k, v in PICK.items() if k != "id"}]}],
    "a prediction of two kinds": [{**STEP, "predict": [{**PICK, "choices": []}]}],
    "one choice": [{**STEP, "predict": [{**ASK, "choices": [{"text": "a", "when": {}}]}]}],
    "a choice without when": [{**STEP, "predict": [{**ASK, "choices": [{"text": "a"}, {"text": "b", "when": {}}]}]}],
    "an estimate whose max is below min": [{**STEP, "predict": [{**ASK, "estimate": {"measure": MEASURE, "min": 2,
                                                                                     "max": 1, "within": 0.1}}]}],
    "no reveal": [{**STEP, "predict": [{k: v for k, v in PICK.items() if k != "reveal"}]}],
    "an id twice": [{**STEP, "predict": [PICK], "challenges": [{**CHALLENGE, "id": "p1"}]}],
    "a challenge without a goal": [{**STEP, "challenges": [{k: v for k, v in CHALLENGE.items() if k != "goal"}]}],
    "a meter without a target": [{**STEP, "challenges": [{**CHALLENGE, "meter": {"measure": MEASURE}}]}],
    "nine hints": [{**STEP, "challenges": [{**CHALLENGE, "hints": ["a"] * 9}]}],
    "a solution that is a list": [{**STEP, "challenges": [{**CHALLENGE, "solution": []}]}],
    "a step id twice": [{**STEP, "id": "a"}, {**STEP, "id": "a"}],
    "65 steps": [STEP] * 65,
}


class Steps(unittest.TestCase):
    def test_steps_with_predictions_and_challenges_are_the_lessons(self):
        steps = [STEP, {**STEP, "id": "two", "predict": [PICK], "challenges": [CHALLENGE]}]
        l = al.lesson(**BASE, steps=steps)
        self.assertEqual(l["steps"], steps)
        trace = trace_of(l)
        self.assertIn("weights", trace)
        self.assertEqual(l, al.lesson(**l))

    def test_each_bad_value_is_the_loaders_line(self):
        for name, steps in BAD_STEPS.items():
            with self.subTest(name):
                with self.assertRaises(al.LessonError) as raised:
                    al.lesson(**BASE, steps=steps)
                self.assertEqual(str(raised.exception), loader_verdict({**BASE, "steps": steps}))


class Description(unittest.TestCase):
    """What lesson_format.json says of the new keys is what the loader does."""

    def test_the_matrices_each_key_brings_are_those_its_trace_gains(self):
        base = dict(**BASE, causal=True)
        before = set(trace_of(al.lesson(**base)))
        with_key = {
            "positions": dict(positions="sinusoidal"),
            "rope": dict(rope=True),
            "memory": dict(causal=False, memory=MEMORY, memory_tokens=["le", "chat"]),
            "kv_cache": dict(kv_cache=True),
            "train": dict(train={"target": {"output": np.zeros((3, 4))}}),
        }
        self.assertEqual(set(with_key), set(al.FORMAT["matrices_by_key"]))
        for key, kwargs in with_key.items():
            with self.subTest(key):
                gained = set(trace_of(al.lesson(**{**base, **kwargs}))) - before
                gained = {name for name in gained if "@" not in name}  # the variant "trained"
                listed = set(al.FORMAT["matrices_by_key"][key])
                self.assertTrue(gained <= listed, (gained, listed))
                self.assertTrue(gained, key)

    def test_the_defaults_are_the_loaders(self):
        d = al.FORMAT["defaults"]
        for kind, target in (("weights", THIRDS), ("output", np.zeros((3, 4)))):
            grads = {n[5:] for n in trace_of(al.lesson(**BASE, train={"target": {kind: target}})) if n.startswith("grad_")}
            self.assertEqual(grads, set(d["train"]["params"][kind]), kind)
        loss = trace_of(al.lesson(**BASE, train={"target": {"weights": THIRDS}}))["loss"]
        self.assertEqual(loss.size, d["train"]["steps"] + 1)
        a = trace_of(al.lesson(**BASE, rope=True))["weights"]
        b = trace_of(al.lesson(**BASE, rope={"base": d["rope"]["base"], "pairs": d["rope"]["pairs"]}))["weights"]
        self.assertTrue(np.array_equal(a, b))


class Snippets(unittest.TestCase):
    def test_a_snippet_of_the_new_keys_says_to_copy_the_link(self):
        from test_attention_lab import SNIPPET

        for function, what in (("sequence", "positions, tokens moved or a memory"), ("generate", "a KV cache"),
                               ("loss_and_gradients", "training")):
            with self.subTest(function):
                with self.assertRaises(al.LessonError) as raised:
                    al.from_page(SNIPPET + f"\ndef {function}(*args):\n    return None\n")
                self.assertEqual(str(raised.exception), f"from_page: this snippet's lesson has {what}, which "
                                 "from_page() reads back from the page's link, not its snippet: copy the link")


class Signature(unittest.TestCase):
    def test_the_new_arguments_are_the_formats_keys(self):
        import inspect
        names = set(inspect.signature(al.lesson).parameters)
        keys = set(al.FORMAT["part_keys"])
        for key in ("positions", "rope", "first_position", "memory", "kv_cache", "cache_step", "train", "steps"):
            self.assertIn(key, names)
            self.assertIn(key, keys)


if __name__ == "__main__":
    unittest.main()
