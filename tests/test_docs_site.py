"""Every page under docs/ is reachable from the documentation site's navigation.

The site (mkdocs.yml) is built by .ci/run with `mkdocs build --strict`; this holds the one
promise the README's test command can check without MkDocs installed: a page written
under docs/ and left out of the nav would be reached by no reader of the site.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A nav entry: "- Title: page.md", '- "Title: with a colon": page.md' or "- page.md".
NAV_PAGE = re.compile(r"^\s*-\s+(?:.*:\s+)?([\w./-]+\.md)\s*$", re.MULTILINE)


def nav_pages() -> set[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:") :]
    return set(NAV_PAGE.findall(nav))


def test_every_page_under_docs_is_in_the_nav() -> None:
    pages = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")}
    assert pages, "docs/ holds no page"
    missing = sorted(pages - nav_pages())
    assert not missing, f"in docs/ but not in mkdocs.yml's nav: {missing}"


def test_every_page_in_the_nav_is_under_docs() -> None:
    absent = sorted(page for page in nav_pages() if not (ROOT / "docs" / page).is_file())
    assert not absent, f"in mkdocs.yml's nav but not in docs/: {absent}"
