"""What a consolidation's `tally.pdf` must show: the text of each part of the page, as
`station consolidate` draws it (`station.sheet.consolidate_pdf`) from `tally.json`.

The drawing (Qt) stays with the writer; the words drawn are computed here, once, for
the writer to draw and the verification core to find again in the page's text.
"""

from collections.abc import Mapping
from typing import Any

from station.domain.consolidation import SUMMED_LINES
from station.domain.envelopes import figure_labels
from station.domain.table_statements import table_title
from station.domain.tally_form import FormBallot, as_drawn_before, printed_lines
from station.verification.form_words import issued_words, objections_words
from station.verification.group_pdf import group_sections
from station.verification.pdf_text import pdf_words


def table_row_text(table: Mapping[str, Any]) -> str:
    """A row of the table of the tables, as its text reads back from the PDF."""
    lines = table["lines"]
    figures = " ".join(f"{lines[number]:,}" for number in SUMMED_LINES)
    return f"{table_title(table['label'])} {table['counted']:,} {figures}"


def numbered_lines(document: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Lines 1-7 as the sheet prints them, each with its words: 3a, 3b, … in place of 3
    on a ballot of several unions, each naming its union."""
    ballot = FormBallot.of_sheet({**document, "union": document["election"]["union"]})
    return [(line.number, line.words(ballot)) for line in printed_lines(ballot)]


def statement_numbers(document: Mapping[str, Any]) -> list[str]:
    """Lines 8 and 9, then the runoff's sentence when 29 CFR 102.70 calls for one."""
    return [n for n in ("8", "9", "runoff") if n in document["statements"]]


def as_groups_sheet(document: Mapping[str, Any]) -> dict[str, Any]:
    """The consolidation's facts as a sheet's, for the groups' tallies (`group_pdf`)."""
    return {**document, "union": document["election"]["union"]}


def kinds_row_text(table: Mapping[str, Any]) -> str:
    """A table's votes by choice and envelope figures, as its row reads back ("" if none)."""
    words = [f"{c['name']} {c['votes']:,}" for c in table.get("choices") or ()]
    envelopes = table.get("envelopes")
    if envelopes:
        words.append(
            f"envelopes: {envelopes['returned']:,} returned, {envelopes['accepted']:,} accepted,"
            f" {envelopes['challenged']:,} challenged, {envelopes['void']:,} void,"
            + (
                f" {envelopes['late']:,} received after the due date (counted)"
                if "after_tally" in envelopes  # a table ruled by the Board's mail rules
                else f" {envelopes['late']:,} late"
            )
        )
    return " \u00b7 ".join(words)


def shown_texts(document: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each part of the page a consolidation's `tally.json` calls for, named, with its
    text: the case, the envelope figures, lines 1-9, each voting group's tally, the
    Board agent, the date issued and the deadline, the observers and every table's row."""
    expected = [("the case number", str(document["election"]["case"]))]
    envelopes = document.get("envelopes")
    if envelopes:
        labels = figure_labels(envelopes)
        shown = " ".join(f"{label} {envelopes[key]:,}" for key, label in labels)
        expected.append(("the envelope figures", shown))
    for number, label in numbered_lines(document):
        value = document["lines"][number]
        expected.append((f"line {number}", f"{number}. {label} {value:,}"))
    for number in statement_numbers(document):
        said = document["statements"][number]
        expected.append((f"line {number}", f"{number}. {said}" if number != "runoff" else said))
    for title, lines, statements in group_sections(as_groups_sheet(document)):
        expected.append((title, title))  # each voting group's and pooled unit's tally
        expected += [(f"{line.split('.')[0]} of {title}", line) for line in [*lines, *statements]]
    if "agent" in document:
        expected.append(("the Board agent", f"{document['agent']} Board agent"))
    if "objections_due" in document:
        expected.append(("the date issued", f"Date issued {issued_words(document)}"))
        expected.append(("the objections deadline", objections_words(document)))
    for observer in document.get("observers", []):
        expected.append((f"observer {observer['name']}", str(observer["name"])))
    for table in document["tables"]:
        title = table_title(table["label"])
        expected.append((f"{title}'s figures", table_row_text(table)))
        if kinds_row_text(table):
            expected.append((f"{title}'s votes and envelopes", kinds_row_text(table)))
        expected.append((f"{title}'s head hash", str(table["head"]["hash"])))
    return expected


def consolidation_pdf_problem(data: bytes, document: Mapping[str, Any]) -> str | None:
    """What a consolidation's `tally.pdf` (its bytes) fails to show of `tally.json`,
    once that is known to be the tables' sum, in words, or None."""
    try:
        words = pdf_words(data)
    except ValueError as error:
        return str(error)
    for what, text in shown_texts(document):
        # A consolidation of the previous version named line 5's sum "(lines 3 + 4)".
        drawn_before = " ".join(as_drawn_before(text).split())
        if " ".join(text.split()) not in words and drawn_before not in words:
            return f"does not show {what} as tally.json gives it ({text[:90]})"
    return None
