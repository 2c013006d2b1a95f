"""The keys that say where the tokens stand and what they read, checked as
the loader reads them (core/load/sequence_reader.cpp), with its words:
positions (P), rope, first_position, the memory (cross-attention), kv_cache
and cache_step. Each written as the lesson file writes it, and only when it
says something: the same computation, the same lesson.
"""

import json

import numpy as np

from .checks import at, boolean, describe, fail, is_array, known_keys, number, quoted_choices, rows, token_names, whole
from .description import DEFAULTS, FORMAT_LIMITS, POSITIONS, ROPE_PAIRS, transposed


def read_cache(out, kv_cache, cache_step, tokens, causal):
    """kv_cache and cache_step (read_cache): the step needs the cache, the
    cache the causal mask."""
    if kv_cache is not None and boolean(kv_cache, "kv_cache"):
        out["kv_cache"] = True
    if cache_step is not None:
        if not out.get("kv_cache"):
            fail("cache_step", '"cache_step" is a step of generating with a cache: add "kv_cache": true')
        step = whole(cache_step, "cache_step", 0, len(tokens) - 1)
        if step != DEFAULTS["cache_step"]:
            out["cache_step"] = step
    if out.get("kv_cache") and not causal:
        fail("kv_cache", 'generating with a cache needs the causal mask: add "causal": true')


def read_positions(out, positions, has_x):
    """positions: "sinusoidal" or P, a matrix (rows as written); P's rows
    are returned to join the inputs' shape check."""
    if positions is None:
        return None
    given = None
    if isinstance(positions, str):
        if positions not in POSITIONS:  # the loader's words, which name its one word
            fail("positions", f'unknown positions "{positions}": use "sinusoidal" or a matrix (one row per token)')
        out["positions"] = positions
    elif is_array(positions):
        given = rows("positions", positions, False)
        out["positions"] = given
    else:
        fail("positions", f'expected "sinusoidal" or a matrix, got {describe(positions)}')
    if not has_x:
        fail("positions", "positions are added to X: this lesson has no X")
    return given


def read_rope(value, where):
    """rope: True, False, or {"base": ..., "pairs": ...}; as the lesson
    writes it: true where it is RoPE's defaults, else only what differs."""
    if isinstance(value, (bool, np.bool_)):
        return True if value else None
    if not isinstance(value, dict):
        fail(where, 'expected true, false or an object ({"base": …, "pairs": …}), got ' + describe(value))
    known_keys(value, where, ("base", "pairs"))
    written = {}
    if "base" in value:
        base = number(value["base"], at(where, "base"), FORMAT_LIMITS["rope_base"])
        if base <= 0:
            fail(at(where, "base"), "the base must be above 0")
        if base != DEFAULTS["rope"]["base"]:
            written["base"] = base
    if "pairs" in value:
        pairs = value["pairs"]
        if not isinstance(pairs, str) or pairs not in ROPE_PAIRS:
            shown = json.dumps(pairs, ensure_ascii=False, separators=(",", ":"), default=describe)
            fail(at(where, "pairs"), f"unknown pairing {shown}: use {quoted_choices(ROPE_PAIRS)}")
        if pairs != DEFAULTS["rope"]["pairs"]:
            written["pairs"] = pairs
    return written or True


def read_memory(out, memory, memory_tokens, causal):
    """The memory: its X (memory=, rows as written) with its tokens
    (memory_tokens=), or the lesson file's {"tokens": [...], "X": [[...]]}.
    An error names the argument as it was given: memory_tokens[1] and
    memory[0, 1], or memory["tokens"][1] and memory["X"][0, 1]. Returns (its
    rows, its tokens) for the shape check."""
    if memory is None and memory_tokens is None:
        return None, None
    tokens_at, x_at = "memory_tokens", "memory"
    if isinstance(memory, dict):
        if memory_tokens is not None:
            raise TypeError("lesson() takes the memory as memory= and memory_tokens=, or as one object "
                            '{"tokens": [...], "X": [[...]]}, not both')
        known_keys(memory, "memory", ("tokens", "X"))
        memory, memory_tokens = memory.get("X"), memory.get("tokens")
        tokens_at, x_at = at("memory", "tokens"), at("memory", "X")
        if memory_tokens is None:
            fail("memory", 'missing key "tokens" (one name per memory token)')
    elif memory is not None and not is_array(memory):
        fail("memory", f'expected an object with "tokens" and "X", got {describe(memory)}')
    elif memory_tokens is None:
        fail("memory_tokens", "the memory's tokens: one name per row of memory")
    names = token_names(memory_tokens, tokens_at)
    if memory is None:
        fail("memory", 'missing key "X" (the memory\'s embeddings, one row per memory token, or a random draw of '
                       '"memory")')
    given = rows(x_at, memory, False)
    out["memory"] = {"tokens": names, "X": given}
    if causal:
        fail("causal", 'a decoder\'s causal mask is over its own tokens, not the memory: no "causal" with "memory"')
    if out.get("rope"):
        fail("rope", "rotary positions compare a query's and a key's positions, and the memory's keys have none: "
                     'no "rope" with "memory"')
    return given, names


def check_sequence(out, given, heads, layout, arrangement, tokens):
    """What the loader checks once the shapes fit (check_sequence): the
    cache's values, RoPE's pairs in each head, a memory read as keys."""
    if out.get("kv_cache") and "W_v" not in given and "V" not in given:
        fail("kv_cache", "generating with a cache needs values (W_v or V): the cache keeps keys and values")
    if out.get("rope"):
        q = "W_q" if "W_q" in given else "Q"
        if q in given:
            m = given[q]
            shape = (len(m), len(m[0]))
            width = shape[0] if transposed(layout, q) else shape[1]
            d_head = width // heads
            if d_head % 2:
                fail("rope", f"each head's queries are {d_head} wide: rotary positions turn pairs of columns, "
                             "so the width must be even")
    memory = out.get("memory")
    if memory and arrangement == "query_rows_applied_as_key_rows" and len(memory["tokens"]) != len(tokens):
        fail("arrangement", f'"query_rows_applied_as_key_rows" reads as many keys as queries: the memory has '
                            f'{len(memory["tokens"])} tokens, the part {len(tokens)}')


def first_position_of(value):
    if value is None:
        return None
    first = whole(value, "first_position", 0, FORMAT_LIMITS["first_position"])
    return None if first == DEFAULTS["first_position"] else first
