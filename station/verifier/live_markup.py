"""The live count's markup, style and script, shared by the two pages that follow a count.

The served live page (`live_page.py`) and the Python verifier page's "Follow a count"
(`python_page.py`) hold the same markup and the same script (`live_follow.js`), which
fetches the feed and draws what Station's Python (`live_entry`) says of it.
"""

from importlib.resources import files

from station import __version__
from station.domain.words import say, say_in
from station.verifier.page_words import STARTING, english, escaped
from station.verifier.vendored import vendored


def follow_script() -> str:
    """The script that fetches a feed and draws what `live_entry` says of it."""
    return files("station.verifier").joinpath("live_follow.js").read_text(encoding="utf-8")


def live_words() -> dict[str, str]:
    """The live count's own words (HTML, by name), in the current language."""
    return {
        "connecting_case": escaped(say("Connecting to the station\u2026")),
        "connecting": escaped(say("Connecting\u2026")),
        "starting": escaped(say(STARTING)),
        "void": escaped(say_in("figure", "VOID")),
        "challenged": escaped(say_in("figure", "CHALLENGED")),
        "valid": escaped(say("VALID")),
        "of": escaped(say("of")),
        "ballots_counted": escaped(say("ballots counted")),
        "remaining": escaped(say("remaining")),
        "last_calls": escaped(say("Last calls")),
        "journal": escaped(say("Journal:")),
        "journal_checked": escaped(
            say(
                "Every event and signed head is checked in this browser. Station live page"
                " {version}; read-only.",
                version=__version__,
            )
        ),
    }


def follow_words() -> dict[str, str]:
    """The verifier page's "Follow a count" words (HTML, by name)."""
    return {
        "follow_heading": escaped(say("Follow a count")),
        "follow_label": escaped(
            say(
                "The station's URL with its token, as {command} shows it (this page asks that"
                " address and no other)",
                command="{command}",
            )
        ).format(command="<code>station serve</code>"),
        "follow": escaped(say("Follow")),
    }


def along_words() -> dict[str, str]:
    """The tally-along panel's own words (HTML, by name)."""
    from station.verifier.live_along import ALONG_NOTICE

    return {
        "along_open": escaped(say("Tally along")),
        "along_notice": escaped(say(ALONG_NOTICE)),
        "mistap": escaped(say("I mis-tapped")),
        "stands": escaped(say("My call stands")),
        "undo": escaped(say("Undo my last call")),
        "my_calls": escaped(say("My calls:")),
        "download": escaped(say("Download my record")),
        "print": escaped(say("Print it")),
        "record_hash": escaped(say("Record hash (write it down):")),
        "piles_caption": escaped(say("Piles, the station's beside yours")),
    }


def live_body(status: str = "connecting") -> str:
    """The live count's markup, in English (the chooser says it again in another), its
    status saying `status` (a name of `live_words`) until the feed is followed."""
    said = english(live_words)
    return LIVE_BODY.format(**said, status=status, status_text=said[status])


def follow_section() -> str:
    """The verifier page's "Follow a count": the URL field, then the live count, hidden
    until a station's URL is followed."""
    return _FOLLOW.format(**english(follow_words), live_body=live_body(), live_style=LIVE_STYLE)


def follow_scripts() -> list[str]:
    """The texts of the verifier page's scripts for following, in order: tweetnacl
    (pinned), the fetching and drawing, and the form's wiring (`python_page_follow.js`)."""
    wiring = files("station.verifier").joinpath("python_page_follow.js").read_text(encoding="utf-8")
    return [vendored("nacl-fast.min.js"), follow_script(), wiring]


# The live count's markup and style, the same in the served live page and in the Python
# verifier page's "Follow a count" (python_page.py), drawn by live_follow.js.
LIVE_BODY = """<h1 id="case" data-words="connecting_case">{connecting_case}</h1>
<div id="status" class="lost" data-words="{status}">{status_text}</div>
<p id="live-said" class="unseen" role="status"></p><p id="live-alarm" class="unseen" role="alert"></p>
<p id="unsigned" hidden></p>
<main id="live-count">
<section>
<div id="envelopes" hidden><p id="envelope-stage"></p><p id="envelope-figures"></p></div>
<div id="choices" class="big"></div>
<div class="small">
<div><span data-words="void">{void}</span><b data-figure="void">—</b></div>
<div><span data-words="challenged">{challenged}</span><b data-figure="challenged">—</b></div>
<div><span data-words="valid">{valid}</span><b data-figure="valid">—</b></div></div>
<div id="progress"><b data-figure="counted">—</b><span id="box"> <span data-words="of">{of}</span>
<b data-figure="ballots">—</b></span> <span data-words="ballots_counted">{ballots_counted}</span><span
 id="over"></span><span id="left"> · <span data-figure="remaining">—</span>
<span data-words="remaining">{remaining}</span></span></div>
<table id="groups" hidden></table>
</section>
<section>
<div id="lines"><p id="translation"></p><p id="s8"></p><p id="s9"></p><p id="s10"></p></div>
<h2 data-words="last_calls">{last_calls}</h2>
<ul id="calls"></ul>
</section>
</main>
<footer id="live-journal"><span data-words="journal">{journal}</span> <span id="head">—</span>.
<span data-words="journal_checked">{journal_checked}</span></footer>"""

# What only a screen reader reads: announcing regions, kept out of sight and of layout.
UNSEEN_STYLE = """
.unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
"""

LIVE_STYLE = """
#live { background: #111; color: #eee; padding: .75rem; }
#case { font-size: 1.05rem; margin: 0 0 .5rem; text-wrap: balance; }
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
#s10:empty, #translation:empty { display: none; }
#translation { font-style: italic; color: #bbb; font-size: .9rem; } #s10 { font-weight: 700; color: #fff; }
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
#live footer { color: #999; font-size: .85rem; overflow-wrap: break-word; margin-top: .6rem; }
"""


_FOLLOW = """<h2 data-words="follow_heading">{follow_heading}</h2>
<p><label for="url" data-words="follow_label">{follow_label}</label></p>
<form id="follow"><input type="text" id="url" placeholder="http://192.168.1.20:8765/?token=..."
 autocomplete="off"><button type="submit" data-words="follow">{follow}</button></form>
<style>
#follow {{ display: flex; gap: .5rem; }} #follow button {{ font: inherit; }}
#follow input {{ flex: 1; font: inherit; font-family: monospace; }}
#live {{ border-radius: .5rem; margin-top: 1rem; }}
{live_style}</style>
<section id="live" hidden>
{live_body}
</section>
"""


def along_section() -> str:
    """The served live page's tally-along panel (`live_along.js` draws it), hidden until
    a count is followed."""
    return ALONG_BODY.format(**english(along_words))


def along_script() -> str:
    """The script that keeps the observer's record in the browser and draws the panel."""
    return files("station.verifier").joinpath("live_along.js").read_text(encoding="utf-8")


# The observer's own record (the served live page only): buttons, their undo, the
# running agreement, the first open disagreement, the piles side by side, the record.
ALONG_BODY = """<section id="along" aria-labelledby="along-open" hidden>
<button id="along-open" type="button" aria-expanded="false" data-words="along_open">{along_open}</button>
<div id="along-panel" hidden>
<p id="along-notice" data-words="along_notice">{along_notice}</p>
<p id="along-failed" role="alert" hidden></p>
<p id="along-line" tabindex="-1"></p><p id="along-said" class="unseen" role="status"></p>
<div id="along-flag" hidden><p id="along-flag-text" role="alert"></p>
<div class="along-how"><button type="button" data-how="mistap" data-words="mistap">{mistap}</button>
<button type="button" data-how="stands" data-words="stands">{stands}</button></div></div>
<div id="along-groups" class="along-row" hidden></div>
<div id="along-buttons"></div>
<div class="along-row"><button type="button" id="along-undo"><span data-words="undo">{undo}</span>
<kbd>⌫</kbd></button>
<span><span data-words="my_calls">{my_calls}</span> <b id="along-taps">0</b></span></div>
<table id="along-piles"><caption data-words="piles_caption">{piles_caption}</caption>
<tbody id="along-pile-rows"></tbody></table>
<div class="along-row"><button type="button" id="along-download" data-words="download">{download}</button>
<button type="button" id="along-print" data-words="print">{print}</button></div>
<p id="along-kept" hidden><span data-words="record_hash">{record_hash}</span> <code id="along-hash"></code></p>
<pre id="along-printable" hidden lang="en"></pre>
</div>
</section>
"""

ALONG_STYLE = """
#along { margin: .6rem 0; }
#along button { font: inherit; min-height: 44px; border-radius: .4rem; border: 1px solid #555;
  background: #2a2a2a; color: #eee; padding: .3rem .7rem; }
#along-open { width: 100%; font-weight: 700; }
#along-open[aria-expanded="true"] { background: #1b2433; }
#along-notice { color: #ccc; font-size: .8rem; margin: .3rem 0; }
#along-failed { background: #a11; color: #fff; padding: .4rem .6rem; border-radius: .4rem; }
#along-buttons { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem;
  margin: .5rem 0; }
#along-buttons button { min-height: 56px; font-size: 1.2rem; font-weight: 700; background: #1f3b2a;
  overflow-wrap: break-word; }
#along-buttons kbd { display: block; font-size: .75rem; font-weight: 400; color: #aaa; }
#along-undo kbd { margin-left: .4rem; font-size: 1.3rem; line-height: 1; color: #ddd; }
#along-piles:has(tr:only-child) { display: none; }
#along-piles caption { text-align: left; font-size: .8rem; color: #ccc; }
#along-groups button[aria-pressed="true"] { background: #1b2433; border-color: #8ab4ff; }
.along-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .4rem 0; }
#along-line { font-weight: 700; margin: .3rem 0; }
#along-flag { background: #a11; color: #fff; border-radius: .5rem; padding: .5rem .6rem; margin: .5rem 0; }
#along-flag-text { font-size: 1.1rem; font-weight: 700; margin: 0 0 .4rem; }
#along-flag .along-how { display: flex; gap: .4rem; }
#along-flag button { background: #fff; color: #111; flex: 1 1 0; font-size: .85rem; padding: .2rem .3rem; }
/* Tallying on a phone: the figures first, then the buttons, then the last calls. */
@media (max-width: 899px) {
  #live.tallying { display: flex; flex-direction: column; }
  #live.tallying main { display: contents; }
  #live.tallying main > section:first-child { order: 1; }
  #live.tallying #along { order: 2; }
  #live.tallying main > section:last-child { order: 3; }
  #live.tallying footer { order: 4; }
  #live.tallying .big { margin: .4rem 0; }
  #live.tallying .big b { font-size: 2.6rem; }
  #live.tallying #progress { margin: .3rem 0; font-size: 1.1rem; }
}
#along-piles { border-collapse: collapse; margin: .3rem 0; }
#along-piles th, #along-piles td { padding: .15rem .5rem; text-align: right; border-bottom: 1px solid #333; }
#along-piles th:first-child, #along-piles td:first-child { text-align: left; }
#along-kept code { overflow-wrap: break-word; }
@media print {
  body.print-record #live > :not(#along), body.print-record #along-open,
  body.print-record #along-panel > :not(#along-printable) { display: none !important; }
  body.print-record, body.print-record #live { background: #fff; color: #000; }
  body.print-record #along-printable { display: block !important; white-space: pre-wrap; }
}
"""
