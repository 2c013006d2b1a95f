"""steps: the lesson's steps with their predictions and challenges, as a
lesson file writes them (docs/lessons.md), checked where the format's rule is
data (the description's "steps": each object's keys and the keys it must
have, the kinds of prediction, how many of each) or plain JSON (a text's
length, an id's characters, a whole number, min below max), in the loader's
words (core/load/lesson_loader.cpp read_steps, core/load/activity_reader.cpp).

What only the page's loader can check, since it computes the lesson: the
live values in a text ("{weights[The, cat]:2}"), conditions ("when", a
challenge's "goal"), what a challenge allows, measures and a pick's slice, the
matrices a step shows, and a solution (a state of the whole lesson). Those
come back as the loader's error when the page opens the lesson.
"""

import copy

from .checks import at, describe, expect_object, fail, identifier, known_keys, number, text, whole
from .description import FORMAT_LIMITS, LIMITS, STEPS

KEYS, REQUIRED, KINDS = STEPS["keys"], STEPS["required"], STEPS["prediction_kinds"]
PER_STEP, CHOICES, HINTS = (STEPS["limits"][k] for k in ("per_step", "choices", "hints"))


def _live_text(v, where):
    """A text with live values: a string within the limit (its values the page's)."""
    if not isinstance(v, str):
        fail(where, f"expected a string, got {describe(v)}")
    size = len(v.encode("utf-8"))
    if size > FORMAT_LIMITS["text_bytes"]:
        fail(where, f"text is {size} {'byte' if size == 1 else 'bytes'} long, the limit is {FORMAT_LIMITS['text_bytes']}")


def _blocks(v, where):
    """A text, or a list of sentences: strings and {"text": ..., "when": ...}."""
    if isinstance(v, str):
        return _live_text(v, where)
    if not isinstance(v, (list, tuple)):
        fail(where, f"expected text, or a list of sentences, got {describe(v)}")
    for i, x in enumerate(v):
        if isinstance(x, str):
            _live_text(x, at(where, i))
            continue
        known_keys(expect_object(x, at(where, i)), at(where, i), ("text", "when"))
        if "text" not in x:
            fail(at(where, i), 'missing key "text"')
        _live_text(x["text"], at(where, i, "text"))


def _required(obj, where, kind, reasons=None):
    for key in REQUIRED[kind]:
        if key not in obj and key != "id":
            reason = (reasons or {}).get(key)
            fail(where, f'missing key "{key}"' + (f" ({reason})" if reason else ""))


def _prediction(p, where):
    known_keys(p, where, KEYS["prediction"])
    if "ask" not in p:
        fail(where, 'missing key "ask" (the question)')
    _live_text(p["ask"], at(where, "ask"))
    if sum(kind in p for kind in KINDS) != 1:
        fail(where, "a prediction has exactly one of " + ", ".join(f'"{k}"' for k in KINDS))
    if "pick" in p:
        pick = p["pick"]
        known_keys(expect_object(pick, at(where, "pick")), at(where, "pick"), KEYS["pick"])
        if len(pick) != 1:
            fail(at(where, "pick"), 'expected {"largest": ...} or {"smallest": ...}')
    elif "choices" in p:
        choices = p["choices"]
        if not isinstance(choices, (list, tuple)) or not 2 <= len(choices) <= CHOICES:
            fail(at(where, "choices"), f'expected 2 to {CHOICES} choices, each {{"text", "when"}}')
        for i, c in enumerate(choices):
            cw = at(where, "choices", i)
            known_keys(expect_object(c, cw), cw, KEYS["choice"])
            if "text" not in c:
                fail(cw, 'missing key "text"')
            text(c["text"], at(cw, "text"), LIMITS["title_bytes"], required=False)
            if "when" not in c:
                fail(cw, 'missing key "when" (when this choice is right)')
    else:
        ew = at(where, "estimate")
        e = p["estimate"]
        known_keys(expect_object(e, ew), ew, KEYS["estimate"])
        _required(e, ew, "estimate")
        low = number(e["min"], at(ew, "min"))
        high = number(e["max"], at(ew, "max"))
        within = number(e["within"], at(ew, "within"))
        if not low < high:
            fail(at(ew, "max"), 'must be larger than "min"')
        if not within > 0:
            fail(at(ew, "within"), "must be larger than 0")
    if "reveal" not in p:
        fail(where, 'missing key "reveal" (what the answer shows, and why)')
    _blocks(p["reveal"], at(where, "reveal"))


def _challenge(c, where):
    known_keys(c, where, KEYS["challenge"])
    _required(c, where, "challenge")
    _live_text(c["task"], at(where, "task"))
    _blocks(c["success"], at(where, "success"))
    if "meter" in c:
        mw = at(where, "meter")
        m = c["meter"]
        known_keys(expect_object(m, mw), mw, KEYS["meter"])
        if not all(k in m for k in REQUIRED["meter"]):
            fail(mw, 'expected {"measure": ..., "target": number}')
        number(m["target"], at(mw, "target"))
    if "status" in c:
        _live_text(c["status"], at(where, "status"))
    if "hints" in c:
        hints = c["hints"]
        if not isinstance(hints, (list, tuple)) or len(hints) > HINTS:
            fail(at(where, "hints"), f"expected a list of at most {HINTS} hints")
        for i, h in enumerate(hints):
            _live_text(h, at(where, "hints", i))
    if "solution" in c and not isinstance(c["solution"], dict):
        fail(at(where, "solution"), 'expected a state, as a link\'s "state" is written')


def read_steps(steps):
    """The steps, checked, as the lesson file writes them (a copy)."""
    if not isinstance(steps, (list, tuple)):
        fail("steps", f"expected an array of steps, got {describe(steps)}")
    if not steps:
        fail("steps", "needs at least one step")
    if len(steps) > FORMAT_LIMITS["steps"]:
        fail("steps", f"{len(steps)} steps, the limit is {FORMAT_LIMITS['steps']}")
    activity_ids = set()
    for i, step in enumerate(steps):
        where = at("steps", i)
        known_keys(expect_object(step, where), where, KEYS["step"])
        if "id" in step:
            identifier(step["id"], at(where, "id"), LIMITS["id_bytes"])
        if "title" not in step:
            fail(where, 'missing key "title"')
        text(step["title"], at(where, "title"), LIMITS["title_bytes"], required=False)
        if "formula" in step:
            text(step["formula"], at(where, "formula"), LIMITS["title_bytes"], required=False)
        if "text" in step:
            _blocks(step["text"], at(where, "text"))
        if "precision" in step:
            whole(step["precision"], at(where, "precision"), 0, FORMAT_LIMITS["precision"])
        if "show" in step:
            show = step["show"]
            if not isinstance(show, (list, tuple)):
                fail(at(where, "show"), f"expected an array of matrix names, got {describe(show)}")
            for j, name in enumerate(show):
                if not isinstance(name, str) or len(name.encode("utf-8")) > LIMITS["id_bytes"]:
                    fail(at(where, "show", j), "expected a matrix name")
        for key, one in (("predict", _prediction), ("challenges", _challenge)):
            if key not in step:
                continue
            listed = step[key]
            if not isinstance(listed, (list, tuple)) or not 1 <= len(listed) <= PER_STEP:
                fail(at(where, key), f"expected a list of 1 to {PER_STEP}")
            for j, activity in enumerate(listed):
                aw = at(where, key, j)
                expect_object(activity, aw)
                if "id" not in activity:
                    fail(aw, 'missing key "id"')
                identifier(activity["id"], at(aw, "id"), LIMITS["id_bytes"])
                if activity["id"] in activity_ids:
                    fail(at(aw, "id"), f'"{activity["id"]}" is used twice (prediction and challenge ids)')
                activity_ids.add(activity["id"])
                one(activity, aw)
    step_ids = set()
    for i, step in enumerate(steps):
        sid = step.get("id") or f"step-{i + 1}"
        if sid in step_ids:
            fail(at("steps", i, "id"), f'step id "{sid}" is used twice')
        step_ids.add(sid)
    return copy.deepcopy(list(steps))
