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

from station.domain.kinds_sheet import line_numbers
from station.domain.sheet_lines import as_drawn_before, printed_line_label
from station.domain.table_statements import table_title
from station.sheet.revised_pdf import line_words


def pdf_words(data: bytes) -> str:
    """The PDF's text, every run of white space made one space (raises ValueError)."""
    from pypdf import PdfReader  # only `verify` reads PDFs back
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        text = " ".join(page.extract_text() or "" for page in reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"is not a readable PDF ({error})") from None
    return " ".join(unicodedata.normalize("NFKC", text).split())


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
    for number in line_numbers(sheet["lines"]):  # 3a, 3b, … on a ballot of several unions
        value = sheet["lines"][number]
        choices = [str(c["name"]) for c in sheet.get("choices") or ()]
        label = printed_line_label(number, union, choices, sheet["lines"])
        line = f"{number}. {label} {value:,}"
        if "columns" in sheet:  # every column of a revised sheet
            line = line_words(sheet, number, union)
        expected.append((f"line {number}", line))
    for number in ("8", "9"):
        expected.append((f"line {number}", f"{number}. {sheet['statements'][number]}"))
    if "runoff" in sheet["statements"]:  # 29 CFR 102.70, on a ballot of several unions
        expected.append(("the runoff", str(sheet["statements"]["runoff"])))
    expected.append(("the Board agent's name", str(sheet["agent"])))
    expected += [(f"observer {o['name']}", str(o["name"])) for o in sheet["observers"]]
    expected.append(("the head hash", str(sheet["head"]["hash"])))
    expected.append(("the signing key", str(sheet["key"])))
    for what, text in expected:
        # A sheet of the previous version named line 5's sum "(lines 3 + 4)": still intact.
        if (
            " ".join(text.split()) not in words
            and " ".join(as_drawn_before(text).split()) not in words
        ):
            return f"does not show {what} as the journal gives it ({text[:90]})"
    return None
