"""numpy's version of bench/core_bench.cpp's attention pass, timed the same way.

Run by bench/native.mjs with Debian's /usr/bin/python3 (python3-numpy) in the
same run as the core, so the two are compared side by side:

    /usr/bin/python3 bench/numpy_attention.py '[[64, 64, 64], [3, 4, 4]]' [--quick]

Each [N, d_k, d_v] is one pass of Q·Kᵀ/√d_k, a row softmax (max subtracted,
as the core and the notebooks do) and weights·V, in float64 like the core.
Prints JSON: the numpy version and, per size, the median ms of one pass.
"""
import json
import sys
import time

import numpy as np


def attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[1])
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = e / e.sum(axis=1, keepdims=True)
    return weights @ v


def median_ms(f, samples, min_ms):
    f()  # warm up
    per_call = []
    for _ in range(samples):
        reps = 0
        t0 = time.perf_counter()
        while True:
            f()
            reps += 1
            t = time.perf_counter()
            if (t - t0) * 1e3 >= min_ms:
                break
        per_call.append((t - t0) * 1e3 / reps)
    per_call.sort()
    return per_call[len(per_call) // 2]


def main():
    sizes = json.loads(sys.argv[1])
    quick = "--quick" in sys.argv[2:]
    rng = np.random.default_rng(42)
    out = []
    for n, d_k, d_v in sizes:
        q = rng.standard_normal((n, d_k))
        k = rng.standard_normal((n, d_k))
        v = rng.standard_normal((n, d_v))
        samples = 3 if quick else 5 if n >= 1024 else 7
        ms = median_ms(lambda: attention(q, k, v), samples, 30.0 if n >= 64 else 20.0)
        out.append({"n": n, "d_k": d_k, "d_v": d_v, "ms": ms})
    print(json.dumps({"numpy": np.__version__, "sizes": out}))


if __name__ == "__main__":
    main()
