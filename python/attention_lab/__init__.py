"""Attention Lab from a notebook: your own arrays in the page, and back.

    import attention_lab
    lesson = attention_lab.lesson(tokens=["The", "cat", "sat"], X=X, W_q=W_q, W_k=W_k, W_v=W_v)
    attention_lab.show(lesson)       # the page in the output cell (outside Jupyter: in your browser)
    attention_lab.link(lesson, base="https://example.org/attention-lab/")  # a link that opens them
    arrays = attention_lab.from_page(snippet_or_link)  # what you edited there, as numpy arrays

numpy is its only dependency: `pip install` its folder (python/ in Attention
Lab's repository), or copy this package's folder, attention_lab/ with its
lesson_format.json, next to a notebook. A lesson is the dict a lesson file
holds (docs/lessons.md), numbers kept exactly (float64); bad input raises
LessonError, one line with the lesson loader's own words, before anything
opens. The lesson format's rules (limits, words, defaults, inputs, shapes and
their messages) are read from lesson_format.json, which the core writes
(`attention-cli format`). docs/notebooks.md has the five notebooks' examples.

The package's files, by job: description (the format's rules, read from
lesson_format.json), checks (one argument), shapes (the inputs together),
sequence (positions, rope, first_position, the memory, the KV cache),
training (train), steps (steps, with predictions and challenges), lessons
(lesson()), links (link() and links back), snippets ("Copy as numpy"
back), page (show()).
"""

from .checks import LessonError
from .description import FORMAT, INPUTS, LIMITS
from .lessons import lesson, to_json
from .links import LINK, from_link, link
from .page import PAGE_FILE, show
from .snippets import from_snippet

__all__ = ["lesson", "link", "show", "from_page", "to_json", "LessonError", "LINK", "LIMITS", "INPUTS", "FORMAT", "PAGE_FILE"]
__version__ = "0.1.0"


def from_page(snippet_or_link):
    """What the page shows, back as numpy arrays: from its "Copy as numpy"
    snippet (read, never run) or from a link to a notebook's lesson (its
    numbers with the learner's edits). A dict of float64 arrays by input name
    ("X", "W_q", ... or "Q", "K", "V", "weights"; a bias flat), with "tokens"
    and the settings that compute them ("layout", "heads", "scale", "causal",
    "arrangement"): the same keys from a snippet as from a link, so the same
    numbers make the same lesson, with the same id, whichever was copied.
    lesson(**from_page(...)) is the lesson again (its title, source and
    precision are not numbers: give them again). A link gives back, too, the
    keys of word order, generating and training its lesson has (positions,
    rope, first_position, memory with memory_tokens, kv_cache, cache_step,
    train), with the learner's edits (P's and the memory's numbers, the
    first position, the cache's step, the learning rate); a link whose tokens
    were moved to another order raises LessonError."""
    if not isinstance(snippet_or_link, str):
        raise TypeError("from_page() takes the page's \"Copy as numpy\" snippet or a link, as a string")
    text = snippet_or_link.strip()
    if "\n" not in text and "://" in text.split("#", 1)[0]:
        return from_link(text)
    return from_snippet(text)
