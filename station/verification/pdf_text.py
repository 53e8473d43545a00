"""Reading a sheet's PDF back: is its text, whole, the text the journal gives?

The PDF is what the parties read and sign, so `verify` checks its text, not just its
hash: a page redrawn with other numbers, or with a word added, and re-signed is caught
here. The text the page must hold is computed from the document alone, by the function
that gives the page its HTML (`sheet_page.sheet_text`, or the text of the export's own
format version, `formats.drawn_text`), and compared with the PDF's text whole: every
page, in order, is its part of the sheet's text followed by its footer (`page N of M`,
M the PDF's own number of pages: where a page breaks is the layout's, not the text's).
(Text drawn and then hidden could still fool a text check; the signature binds the page
to the key that signed it, and the numbers to the journal.)

Both sides are read the same way (`normalised`): Unicode's compatibility forms, a minus
as "-", every run of white space one space, and no space before `,` `.` `;` `:` `)`
(pypdf puts one where a run of bold or monospace text ends, "R. Agent , Board agent").
pypdf gives a page's text in the order Qt drew it: a table row by row, each row's
cells left to right, which is the order of the HTML (`sheet_page.html_text`).
"""

import io
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from station.verification.formats import drawn_footer, drawn_text
from station.verification.revised_pdf import MINUS


def pdf_words(data: bytes) -> str:
    """The PDF's text, every run of white space made one space (raises ValueError)."""
    text = " ".join(_page_texts(data))
    # A minus is drawn as U+2212 and was drawn as "-" before: either reads as "-".
    return " ".join(unicodedata.normalize("NFKC", text).replace(MINUS, "-").split())


def pdf_pages(data: bytes) -> list[str]:
    """Each page's text, `normalised` (raises ValueError)."""
    return [normalised(text) for text in _page_texts(data)]


def _page_texts(data: bytes) -> list[str]:
    from pypdf import PdfReader  # only `verify` reads PDFs back
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        texts = []
        for page in reader.pages:
            _without_emboldening(page)
            texts.append(page.extract_text() or "")
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"is not a readable PDF ({error})") from None
    return texts


# A run of text drawn again a hair to one side of itself and marked as standing for
# nothing (an empty /ActualText, PDF 32000-1 14.9.4) is not read: that is how Qt
# emboldens a name in a font with no bold face. pypdf does not read /ActualText, so
# such a repeat is taken out of the page before it reads the text. Only an exact repeat:
# any other text, marked or not, is read, so nothing drawn on the page is left unread.
_GLYPHS = rb"(?:-?[\d.]+ -?[\d.]+ Td <[0-9A-Fa-f]*> Tj\n)+"
_EMBOLDENED = re.compile(
    rb"(?P<shown>" + _GLYPHS + rb")(?P<matrix>[-\d. ]+ Tm\n)"
    rb"/Span << /ActualText <> >> BDC\n(?P<again>" + _GLYPHS + rb")EMC\n"
)
_MOVE = re.compile(rb"(-?[\d.]+) (-?[\d.]+) Td (<[0-9A-Fa-f]*>) Tj")
_EMBOLDEN_SHIFT = 2.0  # in the page's units (Qt's: 1/300 inch)


def _without_emboldening(page: Any) -> None:
    from pypdf.generic import ArrayObject, StreamObject

    contents = page.get("/Contents")
    if contents is None:
        return
    found = contents.get_object()
    streams = [item.get_object() for item in found] if isinstance(found, ArrayObject) else [found]
    for stream in streams:
        if isinstance(stream, StreamObject):
            data = stream.get_data()
            if b"/ActualText <>" in data:
                stream.set_data(_EMBOLDENED.sub(_once, data))


def _once(found: "re.Match[bytes]") -> bytes:
    """A run and its emboldening repeat, as the run alone (or both, if not a repeat)."""
    shown, again = _MOVE.findall(found["shown"]), _MOVE.findall(found["again"])
    repeat = (
        len(shown) == len(again)
        and [glyphs for *_, glyphs in shown] == [glyphs for *_, glyphs in again]
        and shown[1:] == again[1:]
        and shown[0][1] == again[0][1]
        and abs(float(shown[0][0]) - float(again[0][0])) <= _EMBOLDEN_SHIFT
    )
    return found["shown"] + found["matrix"] if repeat else found[0]


def normalised(text: str) -> str:
    """Text as the comparison reads it (see the module docstring)."""
    # A minus is drawn as U+2212 and was drawn as "-" before: either reads as "-".
    text = " ".join(unicodedata.normalize("NFKC", text).replace(MINUS, "-").split())
    return _SPACE_BEFORE.sub(r"\1", text)


_SPACE_BEFORE = re.compile(r" ([,.;:)])")


def pdf_problem(data: bytes, document: Mapping[str, Any]) -> str | None:
    """Where the PDF's text first differs from the text its document gives, or None.

    `document` is `tally.json`'s, of a version `formats` knows (its text is the one
    that version drew).
    """
    return drawn_problem(
        data, drawn_text(document), lambda page, pages: drawn_footer(document, page, pages)
    )


def drawn_problem(
    data: bytes,
    blocks: list[str],
    footer: Callable[[int, int], str],
    gives: str = "the journal gives",
) -> str | None:
    """Where a PDF's text first differs from the page drawn from `blocks` (its text above
    the footers, block by block) with `footer(page, pages)` at each page's foot, or None;
    `gives` names where the expected text comes from, in the words of a verdict."""
    try:
        pages = pdf_pages(data)
    except ValueError as error:
        return str(error)
    if not pages:
        return "has no page"
    body: list[str] = []
    for number, text in enumerate(pages, 1):
        foot = normalised(footer(number, len(pages)))
        if not text.endswith(foot):
            said = text[-len(foot) :] if len(text) >= len(foot) else text
            return f"page {number}'s foot says {_quoted(said)}; {gives} {_quoted(foot)}"
        words = text[: len(text) - len(foot)].split()
        body += words[_repeated(body, words) :]
    lines = [normalised(line) for line in blocks]
    return text_problem(" ".join(body), [line for line in lines if line], gives)


# Qt draws a line of text that reaches across a page's edge on both pages (each clipped
# to its page): the words a page begins with that repeat the last words of the pages
# before are read once. A line of the sheet is never this long.
_MOST_REPEATED = 120


def _repeated(before: list[str], page: list[str]) -> int:
    """How many of `page`'s first words repeat the last words of `before`."""
    for count in range(min(len(before), len(page), _MOST_REPEATED), 0, -1):
        if before[-count:] == page[:count]:
            return count
    return 0


def text_problem(text: str, lines: list[str], gives: str = "the journal gives") -> str | None:
    """The first of `lines` that `text` does not hold next, in words, or None when the
    text is those lines, in order, and nothing more.

    A line holding right-to-left letters (each line is one paragraph of the page) is read
    as the page draws it (`visual_order`): its letters and figures in that order, and its
    marks (brackets, commas, quotes) among them in any order, white space aside: pypdf
    reads the marks around a right-to-left name back in an order, and with spaces, of its
    own.
    """
    at = 0
    for number, line in enumerate(lines, 1):
        if _right_to_left(line):
            end = _after_marks(text, at, len(line.replace(" ", "")))
            found = text[at:end]
            same = _strong(found) == _strong(visual_order(line)) and sorted(
                found.replace(" ", "")
            ) == sorted(line.replace(" ", ""))
        else:
            wrapped = _as_wrapped(line).match(text, at)
            end = at + len(line) if wrapped is None else wrapped.end()
            same = wrapped is not None and text[end : end + 1] in ("", " ")
        if not same:
            stop = text.find(" ", max(end, at + 1) - 1)  # to the end of the word it cuts
            said = text[at : len(text) if stop < 0 else stop].strip() or "nothing"
            where = _section(lines[: number - 1])
            after = f", after {_quoted(lines[number - 2], 60)}," if number > 1 else ""
            return (
                f"line {number} of its text{where}{after} says {_quoted(said)};"
                f" {gives} {_quoted(line)}"
            )
        at = end + 1
    if at < len(text):
        more = text[at : at + 90]
        return f"its text goes on after its last line ({_quoted(more)}); {gives} nothing"
    return None


# Where a line runs past the page's width Qt breaks it, at a space or within a word
# where Unicode's line breaking allows it (UAX #14): after a hyphen, a dash or a slash,
# and between a closing and an opening bracket ("102.69(a)" / "(8)"). The break reads
# back as a space: one may stand there in the PDF's text, and nowhere else.
_BREAK_AFTER = frozenset("-\u2010\u2013\u2014/")


def _as_wrapped(line: str) -> "re.Pattern[str]":
    """`line` as a pattern that also matches it broken across lines within a word."""
    parts = []
    for index, ch in enumerate(line):
        parts.append(re.escape(ch))
        after = line[index + 1 : index + 2]
        breaks = ch in _BREAK_AFTER or (ch in ")]" and after in "([")
        if breaks and after not in ("", " "):
            parts.append(" ?")
    return re.compile("".join(parts))


def _section(before: list[str]) -> str:
    """ " (in "Tally of Ballots — voting group B: …")": the tally of a voting group or
    pooled unit a line stands in, whose lines read as the sheet's own do."""
    for line in reversed(before):
        if line.startswith(_SECTIONS):
            return f" (in {_quoted(line, 70)})"
    return ""


_SECTIONS = ("Tally of Ballots \u2014 ", "Revised Tally of Ballots \u2014 ")


def _after_marks(text: str, at: int, count: int) -> int:
    """Where `text`, from `at`, has held `count` characters other than spaces."""
    end = at
    while count and end < len(text):
        if text[end] != " ":
            count -= 1
        end += 1
    return end


def _strong(text: str) -> str:
    """The letters and figures of `text`, in order: what is not white space or a mark."""
    return "".join(ch for ch in text if _kind(ch) != "N")


def _right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def _quoted(text: str, limit: int = 120) -> str:
    """Text in a verdict: quoted, cut at `limit` characters."""
    return f'"{text if len(text) <= limit else text[: limit - 1] + chr(0x2026)}"'


def visual_order(text: str) -> str:
    """`text` in the order a left-to-right line draws it, as a PDF's text is read back.

    A sheet's lines read left to right; a right-to-left name in one (Hebrew, Arabic)
    is drawn right to left, and a PDF reader gives its letters in the order they stand
    on the page, reversed. This is the Unicode bidirectional algorithm (UAX #9) for a
    left-to-right paragraph, in the cases a name brings: runs of right-to-left letters
    with the spaces and punctuation between them, numbers among them kept in their order
    (W7, N1, I1, L2). Text with no right-to-left letter is returned as it is.
    """
    kinds = [_kind(ch) for ch in text]
    if "R" not in kinds:
        return text
    strong = "L"  # W7: a number after left-to-right text (or at the start) is left to right
    for index, kind in enumerate(kinds):
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            kinds[index] = "L"
    levels = [0] * len(text)
    index = 0
    while index < len(text):
        kind = kinds[index]
        if kind != "N":
            levels[index] = {"L": 0, "R": 1, "EN": 2}[kind]
            index += 1
            continue
        end = index
        while end < len(text) and kinds[end] == "N":
            end += 1
        # N1: neutrals between two right-to-left sides (numbers count as such) are
        # right to left; otherwise they take the paragraph's direction.
        before = kinds[index - 1] if index else "L"
        after = kinds[end] if end < len(text) else "L"
        rtl = before in ("R", "EN") and after in ("R", "EN")
        for at in range(index, end):
            levels[at] = 1 if rtl else 0
        index = end
    chars = list(text)
    for level in (2, 1):  # L2: reverse each run at or above the level, highest first
        index = 0
        while index < len(chars):
            if levels[index] < level:
                index += 1
                continue
            end = index
            while end < len(chars) and levels[end] >= level:
                end += 1
            chars[index:end] = chars[index:end][::-1]
            levels[index:end] = levels[index:end][::-1]
            index = end
    return "".join(chars)


def _kind(ch: str) -> str:
    """L (left to right), R (right to left), EN (a digit) or N (neutral)."""
    kind = unicodedata.bidirectional(ch)
    if kind in ("R", "AL"):
        return "R"
    if kind in ("EN", "AN"):
        return "EN"
    return "L" if kind == "L" else "N"
