"""show(): the page with a lesson, inside a notebook's output cell (the single
file dist/attention-lab.html in an iframe's srcdoc) or, outside Jupyter, in
the browser from a local file. No server, no network.
"""

import hashlib
import json
import os
import pathlib
import sys
import tempfile
import webbrowser

from .lessons import lesson_of
from .links import LINK
from .links import packed as packed_lesson

PAGE_FILE = "attention-lab.html"


def _page_file(page):
    if page is not None:  # named: that file, or an error
        if not pathlib.Path(page).is_file():
            raise FileNotFoundError(f"show(): page={str(page)!r} is not a file; it should be {PAGE_FILE}, "
                                    "from dist/ after Attention Lab's web build")
        return pathlib.Path(page)
    candidates = [os.environ.get("ATTENTION_LAB_PAGE")]
    here = pathlib.Path(__file__).resolve().parent  # the package's folder, python/attention_lab/ in the repository
    candidates += [here / PAGE_FILE, pathlib.Path.cwd() / PAGE_FILE, here.parent.parent / "dist" / PAGE_FILE]
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return pathlib.Path(c)
    raise FileNotFoundError(
        f"show() needs the page as one file, {PAGE_FILE} (dist/ after Attention Lab's web build): "
        "put it next to this notebook or in the attention_lab package's folder, set ATTENTION_LAB_PAGE, or pass page="
    )


def _with_lesson(page_html, packed):
    """The page, told its address carries the lesson (as a link's would),
    before its own scripts run: the same unpacking and checks as a link."""
    set_hash = (
        "<script>history.replaceState(null, '', location.href.split('#')[0] + "
        f"'#{LINK['key']}={packed}')</script>"
    )
    at = page_html.index("<head>") + len("<head>")
    return page_html[:at] + set_hash + page_html[at:]


def _in_jupyter():
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    return shell is not None and getattr(shell, "kernel", None) is not None


# The page files whose program this kernel has put in an output: the cell
# that did (its id where the front end sends one), whose output is replaced
# when it runs again, so it carries the program again.
_program_shown = {}


def _cell_id():
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    header = getattr(getattr(shell, "kernel", None), "get_parent", lambda *a: {})("shell") or {}
    return (header.get("metadata") or {}).get("cellId")


def show(*args, page=None, height=620, **kwargs):
    """Opens the lesson in the page: in Jupyter, inside the output cell, at
    its width (the page's program goes into the first output that shows it
    and later ones use it, so a notebook carries it once; in Colab, whose
    outputs cannot see each other, each carries it); elsewhere, in your
    browser, from a local file. No server, no network. The page is
    attention-lab.html (`page=`, else $ATTENTION_LAB_PAGE, else in this
    package's folder or beside the notebook). Bad input raises before anything opens."""
    a_lesson = lesson_of(args, kwargs, "show")
    packed = packed_lesson(a_lesson, limited=False)
    page_path = _page_file(page)
    if not _in_jupyter():
        out = pathlib.Path(tempfile.mkdtemp(prefix="attention-lab-")) / f"{a_lesson['id']}.html"
        out.write_text(_with_lesson(page_path.read_text("utf-8"), packed), "utf-8")
        webbrowser.open(out.as_uri())
        return out
    from IPython.display import HTML, display

    key = str(page_path.resolve())
    program_id = "attention-lab-program-" + hashlib.sha256(key.encode()).hexdigest()[:8]
    cell = _cell_id()
    carry = (
        key not in _program_shown or (cell is not None and _program_shown[key] == cell) or "google.colab" in sys.modules
    )
    if carry:
        _program_shown[key] = cell
    display(HTML(_output_html(page_path.read_text("utf-8") if carry else None, program_id, packed, height)))



# An output cell: the page in an iframe as wide as the cell (its srcdoc: the
# page's file with the lesson in its address), the file taken from the
# output that carries it (a JavaScript string: nothing of it runs here).
_CARRY_SCRIPT = "(window.attentionLabPages = window.attentionLabPages || {})[%(program)s] = %(page)s;"
_OUTPUT_SCRIPT = """(function () {
  var frame = document.currentScript.previousElementSibling, tries = 0;
  function open() {
    var page = (window.attentionLabPages || {})[%(program)s];
    if (!page) {
      if (++tries < 100) return setTimeout(open, 100);
      frame.srcdoc = "<p style='font: 14px sans-serif'>The page's program is in the output of this "
        + "notebook's first attention_lab.show(), which this view does not have: run that cell again.</p>";
      return;
    }
    var at = page.indexOf("<head>") + 6;
    frame.srcdoc = page.slice(0, at) + %(set_hash)s + page.slice(at);
  }
  open();
})();"""


def _output_html(page_html, program_id, packed, height):
    set_hash = (
        "<script>history.replaceState(null, '', location.href.split('#')[0] + "
        f"'#{LINK['key']}={packed}')</" + "script>"
    )
    parts = []
    if page_html is not None:
        carry = _CARRY_SCRIPT % {"program": json.dumps(program_id), "page": json.dumps(page_html)}
        # Nothing in the string may end the script or open an HTML comment in it.
        parts.append("<script>" + carry.replace("</", "<\\/").replace("<!--", "<\\!--") + "</script>")
    parts.append(
        f'<iframe title="Attention Lab" style="box-sizing: border-box; width: 100%; height: {int(height)}px; border: 1px solid #ddd; '
        'border-radius: 4px" allow="clipboard-write"></iframe>'
    )
    script = _OUTPUT_SCRIPT % {"program": json.dumps(program_id), "set_hash": json.dumps(set_hash)}
    parts.append("<script>" + script.replace("</", "<\\/") + "</script>")
    return "\n".join(parts)
