"""What an observer reading Spanish would still find in English on a page: shared by the
tests of the pages' languages."""

import re
import string
from typing import Any

from station.domain.languages import es

# Words of the pages' own that are English alone, as a reader would notice them (the
# calls' own names, FOR to VOID, are the choices' and the operator's keys').
ENGLISH_WORDS = (
    "VALID",
    "remaining",
    "Journal",
    "Pile",
    "Follow",
    "Language",
    "Connecting",
    "Undo",
)
# What the page says as it is and never translates: the names of the tools.
KEPT = ("station verify", "station verifier", "station serve", "station witness", "sha256sum")


def english_pieces() -> list[str]:
    """Every piece of two words or more between the fields of a Spanish catalog's English
    templates that its Spanish does not keep: what must not be read in a Spanish page."""
    translations = [*es.WORDS.values(), *(f for forms in es.COUNTS.values() for f in forms)]
    english = [*es.WORDS, *(t for pair in es.COUNTS for t in pair)]
    pieces = set()
    for template in english:
        for literal, *_ in string.Formatter().parse(template):
            piece = literal.strip(" .,:;()\u00b7\u2014\u2026!'")
            if len(re.findall(r"[A-Za-z]+", piece)) >= 2 and not any(
                piece in spanish for spanish in translations
            ):
                pieces.add(piece)
    return sorted(pieces)


def english_left(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English pieces and words found in `text`, once the names of the parties and
    choices (`names`), never translated, are taken out."""
    for name in (*names, *KEPT):
        text = text.replace(name, " ")
    found = [piece for piece in english_pieces() if piece in text]
    found += [word for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", text)]
    return found


def choose(driver: Any, code: str) -> None:
    """Choose the language `code` with the page's chooser."""
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "language")).select_by_value(code)


def visible_text(driver: Any) -> str:
    """The page's text as a reader sees it, and its title."""
    return str(driver.execute_script("return document.title + '\\n' + document.body.innerText"))


def first_tab_stop(driver: Any) -> str:
    """The id of what Tab reaches first from the top of the page."""
    driver.execute_script(
        "const top = document.createElement('span'); top.id = 'top'; top.tabIndex = -1;"
        " document.body.prepend(top); top.focus();"
    )
    driver.switch_to.active_element.send_keys("\ue004")  # WebDriver's Tab
    return str(
        driver.execute_script(
            "document.getElementById('top').remove(); return document.activeElement.id"
        )
    )
