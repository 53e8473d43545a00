"""Reading a sheet's PDF back: does the page show what `tally.json` says?

The PDF is what the parties read and sign, so `verify` checks its text, not just its
hash: a page redrawn with other numbers and re-signed is caught here. (Text drawn and
then hidden could still fool a text check; the signature binds the page to the key
that signed it, and the numbers to the journal.)
"""

import io
import unicodedata
from collections.abc import Mapping
from typing import Any

from station.domain.table_statements import table_title
from station.domain.tally_form import (
    FormBallot,
    as_drawn_before,
    line_words,
    with_line_4_before,
)
from station.verification import form_words
from station.verification.group_pdf import group_sections
from station.verification.revised_pdf import MINUS, line_text, printed_numbers


def pdf_words(data: bytes) -> str:
    """The PDF's text, every run of white space made one space (raises ValueError)."""
    from pypdf import PdfReader  # only `verify` reads PDFs back
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        text = " ".join(page.extract_text() or "" for page in reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"is not a readable PDF ({error})") from None
    # A minus is drawn as U+2212 and was drawn as "-" before: either reads as "-".
    return " ".join(unicodedata.normalize("NFKC", text).replace(MINUS, "-").split())


def form_texts(sheet: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the Board's form adds, as the page prints it: the type of election, the unit,
    the election a rerun reruns, the date issued and when objections are due, and a
    corrected tally's reason and the figures it replaces (each only on a sheet that
    states it: a sheet prepared before has none)."""
    texts: list[tuple[str, str]] = []
    if sheet.get("type") or sheet.get("rerun_of"):
        texts.append(("the type of election", f"Type {form_words.type_words(sheet)}"))
    if sheet.get("unit"):
        texts.append(("the unit", f"Unit {sheet['unit']}"))
    if sheet.get("rerun_of"):
        texts.append(("the election it reruns", form_words.rerun_words(sheet)))
    if "objections_due" in sheet:
        texts.append(("the date issued", f"Date issued {form_words.issued_words(sheet)}"))
        texts.append(("the objections deadline", form_words.objections_words(sheet)))
    if "correction" in sheet:
        if form_words.correction_words(sheet):
            texts.append(("the reason for reopening", form_words.correction_words(sheet)))
        ballot = FormBallot.of_sheet(sheet)
        if "columns" in sheet and form_words.replaced_sentence(sheet):  # drawn in columns
            texts.append(("the figures replaced", form_words.replaced_sentence(sheet)))
        for number in () if "columns" in sheet else sheet["correction"].get("replaces", {}):
            figure = f"{sheet['lines'][number]:,}"
            texts.append(
                (
                    f"the figure line {number} replaces",
                    f"{number}. {line_words(number, ballot)} {figure} "
                    f"{form_words.replaced_words(sheet, number)}",
                )
            )
    return texts


def pdf_problem(data: bytes, document: Mapping[str, Any]) -> str | None:
    """The first fact of the sheet that the PDF does not show as it should, or None."""
    try:
        words = pdf_words(data)
    except ValueError as error:
        return str(error)
    sheet = document["sheet"]
    union = str(sheet["union"])
    expected: list[tuple[str, str]] = [("the case number", str(sheet["case"]))]
    table = document["election"].get("table")
    if table is not None:  # one table's sheet must never pass for the election's
        expected.append(("the table", table_title(str(table))))
    ballot = FormBallot.of_sheet(sheet)
    for number in printed_numbers(sheet):  # 3a, 3b, … on a ballot of several unions
        value = sheet["lines"][number]
        line = f"{number}. {line_words(number, ballot)} {value:,}"
        if "columns" in sheet:  # every column of a revised sheet
            line = line_text(sheet, number, union)
        expected.append((f"line {number}", line))
    for number in ("8", "9"):
        expected.append((f"line {number}", f"{number}. {sheet['statements'][number]}"))
    if "runoff" in sheet["statements"]:  # 29 CFR 102.70, on a ballot of several unions
        expected.append(("the runoff", str(sheet["statements"]["runoff"])))
    expected += form_texts(sheet)
    for title, lines, statements in group_sections(sheet):  # voting groups' own tallies
        expected.append((title, title))
        expected += [(f"{line.split('.')[0]} of {title}", line) for line in [*lines, *statements]]
    expected.append(("the Board agent's name", str(sheet["agent"])))
    expected += [(f"observer {o['name']}", str(o["name"])) for o in sheet["observers"]]
    expected.append(("the head hash", str(sheet["head"]["hash"])))
    expected.append(("the signing key", str(sheet["key"])))
    names = _names(sheet)
    for what, text in expected:
        # A sheet of the previous version named line 5's sum "(lines 3 + 4)": still intact.
        # A runoff between two unions drawn before it left out line 4: "(lines 3a + 3b + 4)".
        # A right-to-left name is read back in the order it is drawn (`visual_order`).
        earlier = (text, as_drawn_before(text), with_line_4_before(text))
        forms = {" ".join(form.replace(MINUS, "-").split()) for form in earlier}
        if not any(form in words or drawn(form, names) in words for form in forms):
            return f"does not show {what} as the journal gives it ({text[:90]})"
    return None


def _names(sheet: Mapping[str, Any]) -> list[str]:
    """The names a sheet prints that hold right-to-left letters, longest first."""
    choices = sheet.get("choices")
    names = [sheet.get("employer"), sheet.get("union"), sheet.get("agent"), sheet.get("place")]
    names += (
        [c.get("name") for c in choices if isinstance(c, dict)] if isinstance(choices, list) else []
    )
    names += [o.get("name") for o in sheet.get("observers", []) if isinstance(o, dict)]
    found = {" ".join(n.split()) for n in names if isinstance(n, str)}
    return sorted((n for n in found if visual_order(n) != n), key=len, reverse=True)


def drawn(text: str, names: list[str]) -> str:
    """`text` with each right-to-left name in it as the page draws it (`visual_order`).

    Name by name, not the whole line: a line's figures stand in cells of their own, so
    the bidirectional algorithm never joins a name to the figure after it; and the words
    around a name are the sheet's own, left to right.
    """
    for name in names:
        text = text.replace(name, visual_order(name))
    return text


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
