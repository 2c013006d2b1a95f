"""A learner's notebook, executed headless (nbclient, Debian's python3-nbclient
and python3-ipykernel): two seed notebooks' examples (i-am-batman and
she-likes-coffee, their arrays written out with numpy), each given to
attention_lab.show(); the second also to link(). Writes to OUT:

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
import sys

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[2]


def arrays_source(name):
    lesson = json.loads((ROOT / "lessons" / f"{name}.json").read_text("utf-8"))
    lines = [f"tokens = {json.dumps(lesson['tokens'], ensure_ascii=False)}"]
    for key in ("X", "W_q", "W_k", "W_v"):
        lines.append(f"{key} = np.array({json.dumps(lesson[key])}, dtype=np.float64)")
    return "\n".join(lines), lesson.get("layout", "rows")


def example_cell(name, with_link):
    arrays, layout = arrays_source(name)
    rows = "X.T" if layout == "columns" else "X"  # the core's rows: one per token
    weights = {"rows": "W_{}", "rows_transposed_weights": "W_{}.T", "columns": "W_{}.T"}[layout]
    return "\n".join([
        arrays,
        f"lesson = attention_lab.lesson(tokens=tokens, X=X, W_q=W_q, W_k=W_k, W_v=W_v, layout={layout!r})",
        f"Q, K, V = ({rows} @ {weights.format('q')}, {rows} @ {weights.format('k')}, {rows} @ {weights.format('v')})",
        "S = Q @ K.T / np.sqrt(K.shape[1])",
        "E = np.exp(S - S.max(axis=1, keepdims=True))",
        "output = (E / E.sum(axis=1, keepdims=True)) @ V",
        f"expected[{name!r}] = dict(lesson=lesson, output=[['%.8f' % v for v in row] for row in output])",
        *([f"expected[{name!r}]['link'] = attention_lab.link(lesson, base=BASE)"] if with_link else []),
        "attention_lab.show(lesson)",
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
        nbformat.v4.new_code_cell(example_cell("i-am-batman", False)),
        nbformat.v4.new_code_cell(example_cell("she-likes-coffee", True)),
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
