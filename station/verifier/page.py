"""Building the verifier page: the checking script, its words, and a small user interface.

The page is one HTML file with no network access at all (a Content-Security-Policy says
so to the browser). Its checking script (`verifier.js`) is kept as it is, readable, in
its own `<script id="verifier">` element, so the SHA-256 of that element's text, which
the page shows, is the SHA-256 of `verifier.js` as `station verifier` prints it.
"""

import functools
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
    cut = [f"\x00{n}\x00" for n in range(4)]
    marked = _PAGE.format(
        version=__version__,
        script=cut[0],
        live=cut[1],
        frame=cut[2],
        ui=cut[3],
        live_style=_LIVE_STYLE,
        live_body=_LIVE_BODY.format(version=__version__),
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
    texts = [_in_script(script()), _in_script(_live_script()), frame, _in_script(ui)]
    return (
        "".join(part + text for part, text in zip(frame_parts, texts, strict=False))
        + (frame_parts[-1])
    )


@functools.cache
def live_page() -> str:
    """The live page `station serve` answers at its URL: the verifier's checks, following
    the feed of the server it came from (and no other: its policy allows only 'self').

    It holds tweetnacl's Ed25519 (pinned in `vendor/`): the room's URL is plain http on
    a LAN address, no secure context, where a browser offers no WebCrypto.
    """
    return _LIVE.format(
        version=__version__,
        nacl=_in_script(_vendored("nacl-fast.min.js")),
        script=_in_script(script()),
        live=_in_script(_live_script()),
        live_style=_LIVE_STYLE,
        live_body=_LIVE_BODY.format(version=__version__),
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


def _live_script() -> str:
    return files("station.verifier").joinpath("live.js").read_text(encoding="utf-8")


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _in_script(text: str) -> str:
    if "</script" in text.lower():  # it would end the element early
        raise ValueError("a script of the page holds '</script'")
    return text


# The live count's markup and style, the same in the served live page and in the saved
# verifier page (which shows it once a station's URL is followed).
_LIVE_BODY = """<h1 id="case">Connecting to the station…</h1>
<div id="status" class="lost" aria-live="polite">Connecting…</div>
<p id="unsigned" hidden></p>
<main id="live-count">
<section>
<div id="envelopes" hidden><p id="envelope-stage"></p><p id="envelope-figures"></p></div>
<div id="choices" class="big"></div>
<div class="small">
<div>VOID<b data-figure="void">—</b></div><div>CHALLENGED<b data-figure="challenged">—</b></div>
<div>VALID<b data-figure="valid">—</b></div></div>
<div id="progress"><b data-figure="counted">—</b><span id="box"> of <b data-figure="ballots">—</b></span>
ballots counted<span id="over"></span><span id="left"> · <span data-figure="remaining">—</span>
remaining</span></div>
<table id="groups" hidden></table>
</section>
<section>
<div id="lines"><p id="s8"></p><p id="s9"></p><p id="s10"></p></div>
<h2>Last calls</h2>
<ul id="calls"></ul>
</section>
</main>
<footer id="live-journal">Journal: <span id="head">—</span>. Every event and signed head is checked in this
browser. Station live page {version}; read-only.</footer>"""

_LIVE_STYLE = """
#live { background: #111; color: #eee; padding: .75rem; }
#case { font-size: 1.05rem; margin: 0 0 .5rem; }
#status { padding: .5rem .75rem; border-radius: .4rem; font-weight: 600; word-break: break-word; }
#status.ok { background: #1d4d2a; } #status.bad { background: #a11; color: #fff; font-size: 1.2rem; }
#status.lost { background: #7a5a00; }
#unsigned { margin: .4rem 0 0; padding: .3rem .75rem; border-left: .3rem solid #d9a400; color: #f3d27a; }
#live .big { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; margin: .75rem 0; }
#live .big div { background: #222; border-radius: .5rem; padding: .5rem; text-align: center; }
#live .big b { display: block; font-size: clamp(2.4rem, 11vw, 5.5rem); line-height: 1.05; }
#live .big small { display: block; color: #bbb; overflow-wrap: anywhere; }
#live .big:not(.several) small { min-height: 1.3em; } /* FOR's name: the figures stay level */
#live .big.several { grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); }
#live .big.several b { font-size: clamp(2rem, 8vw, 4.5rem); }
#envelopes { background: #1b2433; border-radius: .4rem; padding: .4rem .6rem; margin: .6rem 0 0; }
#envelopes p { margin: .2rem 0; } #envelope-stage { font-weight: 700; }
#envelope-figures span { display: inline-block; margin-right: .9rem; } #envelope-figures b { font-size: 1.3rem; }
#groups { width: 100%; border-collapse: collapse; margin: .4rem 0; }
#groups th, #groups td { text-align: right; padding: .15rem .4rem; border-bottom: 1px solid #333; }
#groups th:first-child, #groups td:first-child { text-align: left; }
#groups caption { text-align: left; color: #ccc; padding-bottom: .3rem; }
#live [hidden] { display: none !important; }
#s10:empty { display: none; } #s10 { font-weight: 700; color: #fff; }
#live .small { display: grid; grid-template-columns: repeat(3, 1fr); gap: .5rem; }
#live .small div { background: #1a1a1a; border-radius: .4rem; padding: .35rem; text-align: center; }
#live .small b { display: block; font-size: 1.6rem; }
#progress { font-size: 1.3rem; margin: .6rem 0; }
#lines p { margin: .3rem 0; color: #ccc; }
#live h2 { font-size: 1rem; margin: .6rem 0 0; }
#calls { list-style: none; padding: 0; margin: .5rem 0; }
#calls li { padding: .15rem 0; border-bottom: 1px solid #2a2a2a; }
#calls li:first-child { font-weight: 700; font-size: 1.15rem; }
#calls li.correction { color: #ffd27a; } #calls li.session { color: #999; }
#calls li small { margin-left: .6rem; padding: 0 .3rem; border: 1px solid currentColor; border-radius: .2rem;
  font-size: .75rem; font-weight: 700; letter-spacing: .05em; }
#live footer { color: #999; font-size: .85rem; word-break: break-all; margin-top: .6rem; }
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; connect-src http: https:; script-src 'unsafe-inline';
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
#follow {{ display: flex; gap: .5rem; }} #follow button {{ font: inherit; }}
#live {{ border-radius: .5rem; margin-top: 1rem; }}
{live_style}</style>
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
<h2>Follow a count</h2>
<p><label for="url">The station's URL with its token, as <code>station serve</code> shows it
(this page asks that address and no other)</label></p>
<form id="follow"><input type="text" id="url" placeholder="http://192.168.1.20:8765/?token=..."
 autocomplete="off"><button type="submit">Follow</button></form>
<section id="live" hidden>
{live_body}
</section>
<p><small>Station verifier {version}; SHA-256 of this page: <span id="page-sha">(computing)</span>,
of its checking script: <span id="sha">(computing)</span>. Compare them with what
<code>station verifier</code> prints on a Station you trust. (A page changed on purpose
could show any hash here: the SHA-256 of its file, as <code>sha256sum</code> gives it, is
the one no change can hide.)</small></p>
<script id="verifier">{script}</script>
<script id="live-script">{live}</script>
<script id="frame" type="application/json">{frame}</script>
<script id="ui">{ui}</script>
</body>
</html>
"""

_LIVE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'self';
 script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>Live count</title>
<style>
body {{ font: 16px/1.4 system-ui, sans-serif; margin: 0; background: #111; }}
#live {{ min-height: 100vh; box-sizing: border-box; }}
@media (min-width: 900px) {{
  main {{ display: grid; grid-template-columns: 3fr 2fr; gap: 1.2rem; }}
  #case {{ font-size: 1.3rem; }}
}}
{live_style}</style>
</head>
<body>
<div id="live">
{live_body}
</div>
<script id="tweetnacl">{nacl}</script>
<script id="verifier">{script}</script>
<script id="live-script">
{live}
followCount("", new URLSearchParams(location.search).get("token") || "");
</script>
</body>
</html>
"""
