"""Building the live page `station serve` answers its URL with: Station's Python following the feed.

The page holds what the Python verifier page holds (the runtime, the wheels, Station's
modules: `python_page.runtime_parts`), tweetnacl (pinned in `vendor/`), the live
count's markup and style (`live_markup`) and scripts that only start the runtime
(`live_page.js`), fetch the feed and draw (`live_follow.js`): every check and every
word is `live_entry`'s. Its policy lets it run WebAssembly and ask its own server, and
nothing else. It is built once, when `station serve` starts, from the inputs cached by
`python -m station.verifier.python_page`.
"""

from pathlib import Path

from station.domain.words import say
from station.verifier import page_words
from station.verifier.live_markup import (
    ALONG_STYLE,
    LIVE_STYLE,
    UNSEEN_STYLE,
    along_script,
    along_section,
    along_words,
    follow_script,
    live_body,
    live_words,
)
from station.verifier.page_words import escaped
from station.verifier.python_page import in_script, page_script, runtime_parts, shipped_or_built
from station.verifier.vendored import vendored
from station.witness.serve import LIVE_PAGE_POLICY

ENTRY = "station.verifier.live_in_browser"
SHIPPED = "live_page.html"  # the page a bundle carries, built when the bundle was


def served_words() -> dict[str, str]:
    """The served page's own words (HTML, by name), in the current language."""
    return {
        "page_title": escaped(say("Live count")),
    }


def build(fetched: dict[str, Path]) -> bytes:
    """The whole live page, from the fetched inputs (the same inputs, the same bytes)."""
    script = page_script("live_page.js")
    makers = (served_words, live_words, along_words)
    english = page_words.english(served_words)
    parts = [
        _HEAD.format(
            style=UNSEEN_STYLE
            + LIVE_STYLE
            + ALONG_STYLE
            + page_words.CHOOSER_STYLE
            + _CHOOSER_STYLE,
            policy=LIVE_PAGE_POLICY,
            title=english["page_title"],
        ),
        page_words.chooser(),
        live_body(status="starting").replace(
            '<main id="live-count">', f'{along_section()}<main id="live-count">'
        ),
        "\n</div>\n",
        page_words.words_element(*makers),
        f"<script>{in_script(page_script('page_language.js'))}</script>\n",
        f'<script id="tweetnacl">{in_script(vendored("nacl-fast.min.js"))}</script>\n',
        *runtime_parts(fetched, ENTRY),
        f"<script>{in_script(follow_script())}</script>\n",
        f"<script>{in_script(along_script())}</script>\n",
        f"<script>{in_script(script)}</script>\n</body>\n</html>\n",
    ]
    return "".join(parts).encode("utf-8")


def built(cache: Path | None = None) -> bytes:
    """The live page `station serve` answers browsers with (`shipped_or_built`).

    Raises InputsError in one line, naming the command that fetches the inputs.
    """
    return shipped_or_built(SHIPPED, build, cache, "the live page cannot be built: ")


# The chooser on the dark page: light on dark, as the rest of it.
_CHOOSER_STYLE = """
#languages { color: #eee; margin: 0; padding: .5rem .75rem 0; }
#languages select { background: #222; color: #eee; border: 1px solid #777; border-radius: .3rem; }
"""

_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title data-words="page_title">{title}</title>
<style>
body {{ font: 16px/1.4 system-ui, sans-serif; margin: 0; background: #111; }}
#live {{ min-height: 100vh; box-sizing: border-box; }}
@media (min-width: 900px) {{
  main {{ display: grid; grid-template-columns: 3fr 2fr; gap: 1.2rem; }}
  #case {{ font-size: 1.3rem; }}
}}
{style}</style>
</head>
<body>
<div id="live">
"""
