// The Python functions a "Copy as numpy" snippet carries (numpy_snippet.cpp
// writes the rest): attention as the notebook computes it, where the tokens
// stand, generating with a KV cache, and training.
#include "core/trace/numpy_snippet_python.h"

namespace attn::snippet_python {

const char* const kAttention = R"(
def attention(Q, K, V, heads, scale, causal, arrangement, what_ifs=(), positions=None):
    """Scaled dot-product attention, one row per token, every step kept per head."""
    N = Q.shape[0]
    d_k = Q.shape[1] // heads
    d_v = V.shape[1] // heads if V is not None else 0
    at = np.arange(N) if positions is None else positions  # where each token stands
    hidden = at[None, :] > at[:, None]  # the keys standing after each query
    key_rows = arrangement == "key_rows"
    axis = 0 if key_rows else -1  # softmax over each query's keys
    run = {"scores": [], "scaled": [], "masked": [], "weights": [], "context": []}
    for h in range(heads):
        q, k = Q[:, h*d_k:(h+1)*d_k], K[:, h*d_k:(h+1)*d_k]
        # 1. scores: (keys, queries) when keys are rows, else (queries, keys)
        scores = k @ q.T if key_rows else q @ k.T
        for stage, head, r, c, value in what_ifs:  # your what-ifs
            if (stage, head) == ("scores", h): scores[r, c] = value
        # 2. scaled by sqrt(d_k), by nothing, or by a temperature T
        divisor = np.sqrt(d_k) if scale == "sqrt_dk" else 1.0 if scale == "none" else scale
        scaled = scores / divisor
        for stage, head, r, c, value in what_ifs:
            if (stage, head) == ("scaled", h): scaled[r, c] = value
        # 3. the causal mask: -inf where a key stands after its query
        logits = np.where(hidden.T if key_rows else hidden, -np.inf, scaled) if causal else scaled
        # 4. softmax, the maximum subtracted first
        e = np.exp(logits - logits.max(axis=axis, keepdims=True))
        weights = e / e.sum(axis=axis, keepdims=True)
        for stage, head, r, c, value in what_ifs:
            if (stage, head) == ("weights", h): weights[r, c] = value
        run["scores"].append(scores)
        run["scaled"].append(scaled)
        run["masked"].append(logits)
        run["weights"].append(weights)
        # 5. each query's output: its weights times the values
        if V is not None:
            v = V[:, h*d_v:(h+1)*d_v]
            run["context"].append(weights @ v if arrangement == "query_rows" else weights.T @ v)
    return run
)";

// Where the tokens stand, and the queries, keys and values they give, in
// rows (one per token): positions added to X, RoPE's turns. `{…}` are filled
// by the part: its layout's transposes, its heads.
const char* const kSequence = R"(
def rotate(x, heads, angles, pairs, sign=1.0):
    """RoPE: each pair of a head's columns turned by its row's angle (sign -1: back)."""
    d_head = x.shape[1] // heads
    turned = x.copy()
    for h in range(heads):
        for i in range(d_head // 2):
            a, b = ((h*d_head + 2*i, h*d_head + 2*i + 1) if pairs == "interleaved"
                    else (h*d_head + i, h*d_head + i + d_head // 2))
            c, s = np.cos(sign * angles[:, i]), np.sin(sign * angles[:, i])
            turned[:, a] = x[:, a] * c - x[:, b] * s
            turned[:, b] = x[:, a] * s + x[:, b] * c
    return turned

def sequence(order, first_position, positions, rope):
    """Each token's position, X + P, Q, K, V and RoPE's turns, one row per token."""
    N = len(tokens)
    at = np.empty(N, dtype=int)
    at[np.array(order)] = np.arange(N)  # the place each token stands at, in the order
    run = {"positions": first_position + at}
    X_in = X{T}
    if positions is not None:
        p = first_position + np.arange(N)  # one row of P per position
        if positions == "sinusoidal":
            d = X_in.shape[1]
            i = np.arange(d) // 2
            angle = p[:, None] / np.power(10000.0, 2 * i / d)
            run["P"] = np.where(np.arange(d) % 2 == 0, np.sin(angle), np.cos(angle))
        else:
            run["P"] = P{T}
        X_in = X_in + run["P"][at]  # each token gets the row of the position it stands at
        run["X_P"] = X_in
    source = {SOURCE}
    run["Q"] = X_in @ {W_q}{b_q}
    run["K"] = source @ {W_k}{b_k}
    {V}
    if rope is not None:
        base, pairs = rope
        d_head = run["Q"].shape[1] // {H}
        theta = np.power(base, -(2.0 * np.arange(d_head // 2)) / d_head)
        run["angles"] = (first_position + np.arange(N))[:, None] * theta
        for name in ("Q", "K"):
            run[name + "_rot"] = rotate(run[name], {H}, run["angles"][at], pairs)
    return run
)";

// Generating with a KV cache, one token at a time up to the step shown.
const char* const kGenerate = R"(
def generate(Q, K, V, heads, scale, W_o, standing, step):
    """Each step computes only the new token's row, and keeps the keys and values."""
    d_k, d_v = Q.shape[1] // heads, V.shape[1] // heads
    divisor = np.sqrt(d_k) if scale == "sqrt_dk" else 1.0 if scale == "none" else scale
    K_cache, V_cache, made = np.zeros((0, K.shape[1])), np.zeros((0, V.shape[1])), []
    for t in range(step + 1):
        new = standing[t]  # the token made at step t
        q_t, k_t, v_t = Q[new:new+1], K[new:new+1], V[new:new+1]
        K_cache = np.vstack([K_cache, k_t])  # one new row each step
        V_cache = np.vstack([V_cache, v_t])
        scores_t, weights_t, context = [], [], []
        for h in range(heads):
            s = q_t[:, h*d_k:(h+1)*d_k] @ K_cache[:, h*d_k:(h+1)*d_k].T  # no mask: only keys so far
            e = np.exp(s / divisor - (s / divisor).max())
            scores_t.append(s)
            weights_t.append(e / e.sum())
            context.append(weights_t[-1] @ V_cache[:, h*d_v:(h+1)*d_v])
        output_t = np.hstack(context) @ W_o if W_o is not None else np.hstack(context)
        made.append(output_t[0])
    return {"q_t": q_t, "k_t": k_t, "v_t": v_t, "K_cache": K_cache, "V_cache": V_cache,
            "scores_t": scores_t, "weights_t": weights_t, "output_t": output_t,
            "made": np.array(made)}

def multiply_adds(N, d, d_k, d_v, d_out):
    """Per step t and in all: with the cache, and recomputing every row
    (the mask's kept entries)."""
    c = d * (2 * d_k + d_v) + d_v * d_out
    t = np.arange(N)
    cached = c + (t + 1) * (d_k + d_v)
    recomputed = (t + 1) * c + (t + 1) * (t + 2) // 2 * (d_k + d_v)
    return np.column_stack(
        [cached, recomputed, np.cumsum(cached), np.cumsum(recomputed)]).astype(float)
)";

// Training: the loss, its exact gradients, and gradient descent, as the page
// does it (core/math/training.h).
const char* const kTrain = R"(
def loss_and_gradients(p, X_in, source, heads, scale, causal, positions, arrangement, rope, target):
    """The loss toward the target, and its gradient for every matrix of p (one row per token)."""
    Q = X_in @ p["W_q"] + p.get("b_q", 0.0)
    K = source @ p["W_k"] + p.get("b_k", 0.0)
    V = source @ p["W_v"] + p.get("b_v", 0.0)
    if rope is not None:  # (angles of each token's row, pairs)
        Q, K = rotate(Q, heads, *rope), rotate(K, heads, *rope)
    N, M = Q.shape[0], K.shape[0]
    d_k, d_v = Q.shape[1] // heads, V.shape[1] // heads
    divisor = np.sqrt(d_k) if scale == "sqrt_dk" else 1.0 if scale == "none" else scale
    hidden = positions[None, :] > positions[:, None] if causal else np.zeros((N, M), dtype=bool)
    Z, A, context = [], [], []
    for h in range(heads):
        z = np.where(hidden, -np.inf, Q[:, h*d_k:(h+1)*d_k] @ K[:, h*d_k:(h+1)*d_k].T / divisor)
        e = np.exp(z - z.max(axis=1, keepdims=True))
        Z.append(z)
        A.append(e / e.sum(axis=1, keepdims=True))
        v = V[:, h*d_v:(h+1)*d_v]
        context.append(A[h].T @ v if arrangement == "query_rows_applied_as_key_rows" else A[h] @ v)
    concat = np.hstack(context)
    O = concat @ p["W_o"] if "W_o" in p else concat
    g = {}
    kind, T = target
    if kind == "output":  # L = sum((O - Y)^2) / (2N)
        loss = ((O - T) ** 2).sum() / (2 * N)
        dO = (O - T) / N
    else:  # L = -sum(T log A) / N on head 1's weights, log A as a log-softmax
        z = Z[0]
        log_a = z - z.max(axis=1, keepdims=True)
        log_a = log_a - np.log(np.exp(log_a).sum(axis=1, keepdims=True))
        loss = -(T * np.where(T > 0, log_a, 0.0)).sum() / N
        dO = np.zeros_like(O)
    dconcat = dO
    if "W_o" in p:
        g["W_o"] = concat.T @ dO
        dconcat = dO @ p["W_o"].T
    dQ, dK, dV = np.zeros_like(Q), np.zeros_like(K), np.zeros_like(V)
    for h in range(heads):
        a, v = A[h], V[:, h*d_v:(h+1)*d_v]
        dctx = dconcat[:, h*d_v:(h+1)*d_v]
        if arrangement == "query_rows_applied_as_key_rows":
            dA, dV[:, h*d_v:(h+1)*d_v] = v @ dctx.T, a @ dctx
        else:
            dA, dV[:, h*d_v:(h+1)*d_v] = dctx @ v.T, a.T @ dctx
        dZ = a * (dA - (a * dA).sum(axis=1, keepdims=True))  # the softmax's Jacobian
        if h == 0 and kind == "weights":
            dZ = dZ + (T.sum(axis=1, keepdims=True) * a - T) / N
        dS = dZ / divisor
        dQ[:, h*d_k:(h+1)*d_k] = dS @ K[:, h*d_k:(h+1)*d_k]
        dK[:, h*d_k:(h+1)*d_k] = dS.T @ Q[:, h*d_k:(h+1)*d_k]
    if rope is not None:
        dQ, dK = rotate(dQ, heads, *rope, sign=-1.0), rotate(dK, heads, *rope, sign=-1.0)
    g["W_q"], g["W_k"], g["W_v"] = X_in.T @ dQ, source.T @ dK, source.T @ dV
    for b, d in (("b_q", dQ), ("b_k", dK), ("b_v", dV)):
        if b in p: g[b] = d.sum(axis=0, keepdims=True)
    return loss, g

def train(p, trained, lr, steps, *layer):
    """Gradient descent: every trained matrix at once, W -= lr * dL/dW."""
    p = dict(p)
    loss, g = loss_and_gradients(p, *layer)
    history, gradients = [loss], {name: g[name] for name in trained}
    for step in range(steps):
        nxt = dict(p)
        for name in trained:
            nxt[name] = p[name] - lr * g[name]
        if any(np.abs(nxt[name]).max() > 1e6 for name in trained):
            break  # a step past the limits: stop there
        loss, g = loss_and_gradients(nxt, *layer)
        if not np.isfinite(loss):
            break
        p = nxt
        history.append(loss)
    return {"loss": np.array([history]), "gradients": gradients, "trained": p}
)";

}  // namespace attn::snippet_python
