"""A learner's notebook, executed headless (nbclient, Debian's python3-nbclient
and python3-ipykernel): each of the five seed notebooks' examples as
docs/notebooks.md writes it (the notebook's own arrays and draws), each given
to attention_lab.show(), with numpy's own attention of the lesson's arrays;
she-likes-coffee also to link(). Writes to OUT:

  executed.ipynb   the notebook with its outputs
  outputs.html     its HTML outputs in order, in one document, as a notebook
                   front end shows them (scripts run)
  expected.json    per example: the lesson, numpy's own attention output
                   printed to 8 decimals, and the link

tests/browser/notebook.test.mjs opens outputs.html and the link in Chromium.
Usage: python3 tests/python/run_notebook.py OUT PAGE   (PAGE: dist/attention-lab.html)
"""

import json
import os
import pathlib
import re
import sys

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[2]


# The examples of docs/notebooks.md, in order, with the built-in lesson each
# re-creates: "Notebook 00N, ... (`lesson-id`):" then a python block.
def doc_examples():
    text = (ROOT / "docs" / "notebooks.md").read_text("utf-8")
    section = text.split("## The five notebooks' examples, from their arrays", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"\(`([a-z0-9-]+)`\):\n\n```python\n(.*?)```", section, re.S)


# numpy's own attention of a lesson's arrays, one row per token (the
# lesson's layout undone), then back in the layout the notebook prints.
NUMPY_ATTENTION = """
def numpy_attention(l):
    a = lambda k: np.array(l[k], dtype=np.float64)
    layout = l.get("layout", "rows")
    if "Q" in l:
        Q, K, V = a("Q"), a("K"), a("V")
    elif layout == "columns":  # Q = W_q @ X + b_q, a column per token
        X = a("X")
        Q, K, V = ((a(w) @ X + (a(b).reshape(-1, 1) if b in l else 0)).T
                   for w, b in (("W_q", "b_q"), ("W_k", "b_k"), ("W_v", "b_v")))
    else:
        X = a("X")
        w = (lambda k: a(k).T) if layout == "rows_transposed_weights" else a
        Q, K, V = (X @ w(k) + (a(b).reshape(1, -1) if b in l else 0)
                   for k, b in (("W_q", "b_q"), ("W_k", "b_k"), ("W_v", "b_v")))
    S = Q @ K.T / np.sqrt(K.shape[1])
    E = np.exp(S - S.max(axis=1, keepdims=True))
    out = (E / E.sum(axis=1, keepdims=True)) @ V
    return out.T if layout == "columns" else out
"""


def example_cell(name, block, with_link):
    return "\n".join([
        block.strip(),
        f"expected[{name!r}] = dict(lesson=lesson,",
        "    output=[['%.8f' % v for v in row] for row in numpy_attention(lesson)])",
        *([f"expected[{name!r}]['link'] = attention_lab.link(lesson, base=BASE)"] if with_link else []),
    ])


def main(out, page):
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            f"import json, sys\nsys.path.insert(0, {str(ROOT / 'python')!r})\n"
            "import numpy as np\nimport attention_lab\n"
            f"BASE = {pathlib.Path(page).resolve().as_uri()!r}\nexpected = {{}}"),
        nbformat.v4.new_code_cell(NUMPY_ATTENTION),
        *(nbformat.v4.new_code_cell(example_cell(name, block, name == "she-likes-coffee"))
          for name, block in doc_examples()),
        nbformat.v4.new_code_cell(f"open({str(out / 'expected.json')!r}, 'w').write(json.dumps(expected))"),
    ]
    os.environ["ATTENTION_LAB_PAGE"] = str(page)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(out)}}).execute()
    nbformat.write(nb, out / "executed.ipynb")
    html = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                raise SystemExit(f"the notebook failed: {output['ename']}: {output['evalue']}")
            if "text/html" in output.get("data", {}):
                html.append(f'<div class="output">{output["data"]["text/html"]}</div>')
    (out / "outputs.html").write_text(
        "<!doctype html>\n<html><head><meta charset=utf-8><title>outputs</title></head><body style='width: 900px'>\n"
        + "\n".join(html) + "\n</body></html>\n", "utf-8")
    print(len(html), "HTML outputs,", sum(len(h) for h in html), "characters")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    main(sys.argv[1], sys.argv[2])
