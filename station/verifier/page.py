"""Building the verifier page: the checking script, its words, and a small user interface.

The page is one HTML file with no network access at all (a Content-Security-Policy says
so to the browser). Its checking script (`verifier.js`) is kept as it is, readable, in
its own `<script id="verifier">` element, so the SHA-256 of that element's text, which
the page shows, is the SHA-256 of `verifier.js` as `station verifier` prints it.
"""

import hashlib
import html
import json
from importlib.resources import files

from station import __version__
from station.domain.statements import FOLDER_QUESTION, VERIFIER_OFFLINE
from station.domain.tally_form import FormBallot, line_words

UNION_PLACEHOLDER = "{union}"


def script() -> str:
    """The checking script as the page holds it: its words and version, then the code."""
    code = files("station.verifier").joinpath("verifier.js").read_text(encoding="utf-8")
    ballot = FormBallot.of_sheet({"union": UNION_PLACEHOLDER})
    words = {"lines": {number: line_words(number, ballot) for number in "123456789"}}
    return f"const VERSION = {_js(__version__)};\nconst WORDS = {_js(words)};\n{code}"


def script_sha256() -> str:
    return hashlib.sha256(script().encode("utf-8")).hexdigest()


def page() -> str:
    """The whole page, as `station verifier --out FILE.html` writes it.

    Before its last script it holds its frame (`<script id="frame">`): the page's markup
    around its scripts' texts and the frame's own, so that the page, which cannot read its own file, works out
    the SHA-256 of that file, the one `station verifier` prints.
    """
    ui = files("station.verifier").joinpath("ui.js").read_text(encoding="utf-8")
    cut = [f"\x00{n}\x00" for n in range(3)]
    marked = _PAGE.format(
        version=__version__,
        script=cut[0],
        frame=cut[1],
        ui=cut[2],
        offline=html.escape(VERIFIER_OFFLINE, quote=False),
        folder_question=html.escape(FOLDER_QUESTION, quote=False),
    )
    frame_parts = []
    for mark in cut:
        before, marked = marked.split(mark)
        frame_parts.append(before)
    frame_parts.append(marked)
    # "<" written as \u003c: the frame's text never ends its element early.
    frame = json.dumps(frame_parts, ensure_ascii=False).replace("<", "\\u003c")
    texts = [_in_script(script()), frame, _in_script(ui)]
    return (
        "".join(part + text for part, text in zip(frame_parts, texts, strict=False))
        + (frame_parts[-1])
    )


def _vendored(name: str) -> str:
    """A library as `vendor/pins.json` pins it: its text, refused if it is not that one."""
    vendor = files("station.verifier").joinpath("vendor")
    pins = json.loads(vendor.joinpath("pins.json").read_text(encoding="utf-8"))
    data = vendor.joinpath(name).read_bytes()
    pinned = next(pin["files"][name]["sha256"] for pin in pins.values() if name in pin["files"])
    if hashlib.sha256(data).hexdigest() != pinned:
        raise ValueError(f"station/verifier/vendor/{name} is not the file vendor/pins.json pins")
    return data.decode("utf-8")


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _in_script(text: str) -> str:
    if "</script" in text.lower():  # it would end the element early
        raise ValueError("a script of the page holds '</script'")
    return text


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; script-src 'unsafe-inline';
 style-src 'unsafe-inline'">
<title>Station verifier {version}</title>
<style>
body {{ font: 16px/1.45 system-ui, sans-serif; max-width: 46rem; margin: 1rem auto; padding: 0 1rem; }}
#drop {{ border: 2px dashed #888; border-radius: .5rem; padding: 1rem 1.25rem; }}
#drop p {{ margin: 0 0 .6rem; }}
#drop label {{ display: block; margin: .4rem 0; }}
#drop input[type=file] {{ display: block; max-width: 100%; margin-top: .2rem; }}
#drop.over {{ background: #eef; }}
input[type=text] {{ width: 100%; font: inherit; font-family: monospace; box-sizing: border-box; }}
#verdict {{ white-space: pre-wrap; overflow-wrap: anywhere; font-family: monospace; padding: .75rem;
  margin-top: 1rem; }}
#verdict:empty {{ display: none; }}
.ok {{ background: #e6f4e6; }} .bad {{ background: #fbe3e3; }} .cannot {{ background: #fff4d6; }}
small {{ color: #555; overflow-wrap: anywhere; }}
</style>
</head>
<body>
<h1>Check a Station export</h1>
<p>{offline}</p>
<p><label>Key fingerprint the observers wrote down<br>
<input type="text" id="key" placeholder="a1b2-c3d4-..." autocomplete="off"></label></p>
<div id="drop"><p>Drop the export folder here (or a consolidation's folder), or pick it:</p>
<label>The folder <input type="file" id="folder" webkitdirectory multiple></label>
<p><small>{folder_question}</small></p>
<label>or its five files <input type="file" id="files" multiple></label></div>
<div id="verdict" aria-live="polite"></div>
<p>To follow a count as it goes on, use the Python verifier page
(<code>station verifier --out FILE.html --python</code>) or the live page at the URL
<code>station serve</code> shows.</p>
<p><small>Station verifier {version}; SHA-256 of this page: <span id="page-sha">(computing)</span>,
of its checking script: <span id="sha">(computing)</span>. Compare them with what
<code>station verifier</code> prints on a Station you trust. (A page changed on purpose
could show any hash here: the SHA-256 of its file, as <code>sha256sum</code> gives it, is
the one no change can hide.)</small></p>
<script id="verifier">{script}</script>
<script id="frame" type="application/json">{frame}</script>
<script id="ui">{ui}</script>
</body>
</html>
"""
