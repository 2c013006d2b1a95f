#!/usr/bin/python3
"""The interface's translations, with GNU gettext's own tools (Debian's gettext).

  catalogs.py build OUT_DIR PO_DIR
      Checks each PO_DIR/<code>.po with msgfmt (syntax, header, format strings)
      and writes OUT_DIR/<code>.json, the catalog the app reads
      (src/core/text/translation.h): {"language": code, "messages": {English: text},
      "plurals": {English singular: [form, ...]}, "plural_forms": {"nplurals":
      N, "plural": expression} (the PO's Plural-Forms), "lessons": {id: {JSON
      Pointer: text}}, "page": {English: text}}, the last the page's own words
      (web/page/words.js). Untranslated and fuzzy entries are left out (the app
      then shows English; the unit tests fail on them). Also
      OUT_DIR/messages.json, the template's: {"interface": [English],
      "plurals": [[singular, plural]], "lessons": {id: {pointer: English}},
      "page": [English]}, for those tests.
  catalogs.py update PO_DIR CLI LESSONS_DIR SOURCE...
      Regenerates PO_DIR/attention-lab.pot from the tr()/trf() calls in the
      sources (xgettext; a SOURCE directory stands for its .cpp and .h), the
      built-in lessons' texts (`CLI texts`, one entry each, its context
      "<lesson id>:<JSON Pointer>") and the page's own words (context "page":
      the NP_("page", "English") calls of a SOURCE .js file or of the .js files
      in a SOURCE directory, xgettext again, and a SOURCE .html file's elements
      marked data-page-message), and merges it into
      every PO_DIR/*.po (msgmerge), so translators find new messages there,
      untranslated.
  catalogs.py check PO_DIR CLI LESSONS_DIR SOURCE...
      Fails, naming them, when the sources' and lessons' messages are not
      those of the template (changed without `./dev translations`).
"""
import gettext
import glob
import html
import json
import os
import re
import subprocess
import sys
import tempfile

XGETTEXT = [
    "xgettext", "--from-code=UTF-8", "--language=C++", "--keyword=tr", "--keyword=trf", "--keyword=N_", "--keyword=trc:1c,2",
    "--keyword=trn:1,2", "--keyword=trnf:1,2", "--keyword=NN_:1,2",
    "--add-comments=TRANSLATORS:", "--sort-by-file", "--no-wrap", "--add-location=file",
    "--package-name=attention-lab", "--msgid-bugs-address=", "--copyright-holder=",
]


def run(args, **kw):
    done = subprocess.run(args, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        sys.exit(f"catalogs.py: {' '.join(args[:2])} failed:\n{done.stderr.strip()}")
    return done.stdout


PAGE = "page"  # the context of the page's own words


def plural_forms(t):
    """The catalog's Plural-Forms header as {"nplurals": N, "plural": expression}."""
    header = t.info().get("plural-forms", "nplurals=2; plural=(n != 1);")
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", header)
    if not m:
        sys.exit(f"catalogs.py: a Plural-Forms header gettext cannot read: {header}")
    return {"nplurals": int(m.group(1)), "plural": m.group(2)}


def plurals_of(t):
    """{English singular: [form, ...]} of the messages with plural forms (msgid_plural)."""
    forms = {}
    for key, text in t._catalog.items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
    return {english: [f[i] for i in sorted(f)] for english, f in forms.items()}


def messages_of(mo_path):
    """(interface, lessons, page, translations): {English: text}, {id: {pointer: text}},
    {English: text}, and the GNUTranslations for the plural forms."""
    with open(mo_path, "rb") as f:
        t = gettext.GNUTranslations(f)
    interface, lessons, page = {}, {}, {}
    for key, text in t._catalog.items():
        if not isinstance(key, str) or not key:
            continue  # the header, or a plural form: plurals_of()
        context = key.split("\x04", 1)[0] if "\x04" in key else None
        if context == PAGE:
            page[key.split("\x04", 1)[1]] = text
        elif context and ":" in context:  # a lesson's text: "<id>:<pointer>"
            lesson, pointer = context.split(":", 1)
            lessons.setdefault(lesson, {})[pointer] = text
        else:
            interface[key] = text
    return interface, lessons, page, t


def template_messages(pot, tmp):
    # msgen fills each msgstr with its msgid (msgstr[1] with msgid_plural), so
    # msgfmt keeps every entry; the template's placeholder Plural-Forms becomes English's.
    mo = os.path.join(tmp, "template.mo")
    run(["sh", "-c", 'msgen "$1" | sed "s/nplurals=INTEGER; plural=EXPRESSION;/nplurals=2; plural=(n != 1);/" | msgfmt -o "$2" -',
         "sh", pot, mo])
    interface, lessons, page, t = messages_of(mo)
    plurals = sorted(plurals_of(t).values())
    return {"interface": sorted(interface), "plurals": plurals, "lessons": lessons, "page": sorted(page)}


def build(out_dir, po_dir):
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for po in sorted(glob.glob(os.path.join(po_dir, "*.po"))):
            code = os.path.splitext(os.path.basename(po))[0]
            mo = os.path.join(tmp, code + ".mo")
            run(["msgfmt", "--check", "-o", mo, po])
            interface, lessons, page, t = messages_of(mo)
            catalog = {"language": code, "messages": interface, "plurals": plurals_of(t),
                       "plural_forms": plural_forms(t), "lessons": lessons, "page": page}
            write(os.path.join(out_dir, code + ".json"), catalog)
        pot = os.path.join(po_dir, "attention-lab.pot")
        write(os.path.join(out_dir, "messages.json"), template_messages(pot, tmp))


def write(path, value):
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != text:  # unchanged files keep their time: nothing rebuilds
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def extract(sources, out):
    # A directory stands for its C++ files, recursively.
    files = []
    for s in sources:
        if s.endswith((".js", ".html")):
            continue  # the page's, extract_page()
        if os.path.isdir(s):
            for d, _, names in os.walk(s):
                files += [os.path.join(d, n) for n in names if n.endswith((".cpp", ".h"))]
        else:
            files.append(s)
    run(XGETTEXT + ["-o", out] + sorted(files))


def po_string(s):
    escaped = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def extract_lessons(cli, lessons_dir, out):
    """The built-in lessons' texts as a PO template, one entry per text."""
    entries = []
    for path in sorted(glob.glob(os.path.join(lessons_dir, "*.json"))):
        lesson = os.path.splitext(os.path.basename(path))[0]
        for pointer, text in json.loads(run([cli, "texts", path])):
            # A formula is translated for its words only (lesson_translations.h).
            hint = ("#. TRANSLATORS: a formula: keep its code (names, symbols, numbers, {…}) "
                    "as written; translate only the words.\n" if pointer.endswith("/formula") else "")
            entries.append(
                f"#. {lesson}, {pointer}\n{hint}#: lessons/{lesson}.json\n"
                f"msgctxt {po_string(lesson + ':' + pointer)}\nmsgid {po_string(text)}\nmsgstr \"\"\n"
            )
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    with open(out, "w", encoding="utf-8") as f:
        f.write(header + "\n" + "\n".join(entries))


def html_messages(path):
    """[(line, English)] of index.html's elements marked data-page-message (xgettext reads no HTML)."""
    text = open(path, encoding="utf-8").read()
    found = [(text.count("\n", 0, m.start()) + 1, html.unescape(m.group(2)))
             for m in re.finditer(r"<(\w+)\b[^>]*\bdata-page-message\b[^>]*>([^<]*)</\1>", text)]
    if text.count("data-page-message") != len(found):
        sys.exit(f"catalogs.py: {path}: an element marked data-page-message must hold text only")
    return found


def extract_page(sources, out, tmp):
    """The page's own words as a PO template, the context "page"."""
    scripts = sorted([s for s in sources if s.endswith(".js")] + [
        os.path.join(d, n) for s in sources if os.path.isdir(s) for d, _, names in os.walk(s)
        for n in names if n.endswith(".js")])
    script_pot = os.path.join(tmp, "page-js.pot")
    run(["xgettext", "--from-code=UTF-8", "--language=JavaScript", "--keyword=", "--keyword=NP_:1c,2",
         "--add-comments=TRANSLATORS:", "--no-wrap", "--add-location=file", "--force-po", "-o", script_pot] + scripts)
    entries = [f"#: {path}\nmsgctxt {po_string(PAGE)}\nmsgid {po_string(english)}\nmsgstr \"\"\n"
               for path in sources if path.endswith(".html") for line, english in html_messages(path)]
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    html_pot = os.path.join(tmp, "page-html.pot")
    with open(html_pot, "w", encoding="utf-8") as f:
        f.write(header + "\n" + "\n".join(entries))
    run(["msgcat", "--use-first", "--no-wrap", "--add-location=file", "-o", out, script_pot, html_pot])


def extract_all(cli, lessons_dir, sources, out, tmp):
    code, page, lessons = (os.path.join(tmp, name) for name in ("code.pot", "page.pot", "lessons.pot"))
    extract(sources, code)
    extract_page(sources, page, tmp)
    extract_lessons(cli, lessons_dir, lessons)
    run(["msgcat", "--use-first", "--no-wrap", "--add-location=file", "-o", out, code, page, lessons])


def update(po_dir, cli, lessons_dir, sources):
    pot = os.path.join(po_dir, "attention-lab.pot")
    with tempfile.TemporaryDirectory() as tmp:
        extract_all(cli, lessons_dir, sources, pot, tmp)
    for po in sorted(glob.glob(os.path.join(po_dir, "*.po"))):
        run(["msgmerge", "--quiet", "--update", "--no-fuzzy-matching", "--backup=off", "--no-wrap", "--add-location=file", "--sort-by-file", po, pot])
    print(f"catalogs.py: {pot} and {len(glob.glob(os.path.join(po_dir, '*.po')))} translations updated")


def check(po_dir, cli, lessons_dir, sources):
    def flat(t):
        return {("", m) for m in t["interface"]} | {("", tuple(p)) for p in t["plurals"]} | {
            (PAGE, m) for m in t["page"]} | {
            (f"{lesson}:{p}", m) for lesson, texts in t["lessons"].items() for p, m in texts.items()
        }

    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, "fresh.pot")
        extract_all(cli, lessons_dir, sources, fresh, tmp)
        now = flat(template_messages(fresh, tmp))
        kept = flat(template_messages(os.path.join(po_dir, "attention-lab.pot"), tmp))
    if now != kept:
        for m in sorted(now - kept):
            print(f"in the code, not in po/attention-lab.pot: {m!r}")
        for m in sorted(kept - now):
            print(f"in po/attention-lab.pot, no longer in the code: {m!r}")
        sys.exit("catalogs.py: the template is out of date: run ./dev translations, then translate")
    print(f"catalogs.py: the template has the code's {len(now)} messages")


def main(argv):
    if len(argv) >= 3 and argv[0] == "build":
        build(argv[1], argv[2])
    elif len(argv) >= 5 and argv[0] in ("update", "check"):
        (update if argv[0] == "update" else check)(argv[1], argv[2], argv[3], argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
