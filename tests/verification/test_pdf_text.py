"""The sheet's PDF read back whole against the text its document gives, as the export's
own format version drew it: a sentence added is caught, and no earlier wording is
guessed at."""

import io
import json
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from station.verification import formats
from station.verification.pdf_text import pdf_problem, text_problem
from station.verification.sheet_page import COUNT_RECORD, sheet_text

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


def _export(name: str) -> tuple[bytes, dict[str, object]]:
    folder = CASES / name / "export"
    return (folder / "tally.pdf").read_bytes(), json.loads((folder / "tally.json").read_bytes())


def test_the_chain_runs_from_the_oldest_version_to_the_current_one() -> None:
    assert [step.source for step in formats.CHAIN] == list(formats.VERSIONS[:-1])
    assert [step.target for step in formats.CHAIN] == list(formats.VERSIONS[1:])
    assert formats.VERSIONS[-1] == formats.CURRENT == "station-tally-v2"


def test_a_station_0_2_sheet_reads_as_its_own_version_drew_it() -> None:
    pdf, document = _export("v0_2-several-unions")
    assert document["format"] == formats.TALLY_V1
    assert pdf_problem(pdf, document) is None
    assert formats.upgraded(document) == {**document, "format": formats.TALLY_V2}
    # The same page said to be of the current version: read against today's text alone.
    problem = pdf_problem(pdf, {**document, "format": formats.TALLY_V2})
    assert problem is not None and problem.startswith("page 1's foot says"), problem


def test_a_sheet_is_its_text_whole_in_the_order_drawn() -> None:
    pdf, document = _export("one-union")
    assert pdf_problem(pdf, document) is None
    lines = sheet_text(document)
    assert lines[:4] == ["Count record: Tally of Ballots", COUNT_RECORD,
                         "National Labor Relations Board \u00b7 representation election",
                         "FINAL TALLY"]  # fmt: skip
    assert "3." in lines and "Number of votes cast for Amazon Labor Union" in lines


def test_a_sentence_the_journal_does_not_give_is_named() -> None:
    pdf, document = _export("pdf-sentence-added_fail")
    problem = pdf_problem(pdf, document)
    assert problem is not None
    assert 'says "A majority of the valid votes' in problem
    assert 'the journal gives "Certification of the Board agent"' in problem


def test_text_after_the_last_line_or_missing_is_named() -> None:
    lines = ["1.", "Number of void ballots", "2"]
    assert text_problem("1. Number of void ballots 2", lines) is None
    assert text_problem("1. Number of void ballots 2 and 40 more", lines) == (
        'its text goes on after its last line ("and 40 more"); the journal gives nothing'
    )
    assert text_problem("1. Number of void ballots 20", lines) == (
        'line 3 of its text, after "Number of void ballots", says "20"; the journal gives "2"'
    )
    assert text_problem("1. Number of void ballots", lines) == (
        'line 3 of its text, after "Number of void ballots", says "nothing"; the journal gives "2"'
    )


def test_a_right_to_left_line_is_read_by_its_letters_in_any_order() -> None:
    lines = ["For the Petitioner (Local \u05e2\u05d5\u05d1\u05d3\u05d9\u05dd), date", "2"]
    drawn = "For the Petitioner (Local \u05dd\u05d9\u05d3\u05d1\u05d5\u05e2 ,) date 2"
    assert text_problem(drawn, lines) is None
    other = "For the Petitioner (Local \u05dd\u05d9\u05d3\u05d1\u05d5\u05d5 ,) date 2"
    assert text_problem(other, lines) is not None
    # The same letters in another order (as typed, not as drawn) are another name.
    typed = "For the Petitioner (Local \u05e2\u05d5\u05d1\u05d3\u05d9\u05dd ,) date 2"
    assert text_problem(typed, lines) is not None


def _with_title_drawn_again(pdf: bytes, shift: float) -> bytes:
    """The sheet with its title drawn again `shift` units to the right, marked as
    standing for nothing (an empty /ActualText), as Qt emboldens a name itself."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    stream = writer.pages[0]["/Contents"].get_object()
    data = stream.get_data()
    start = data.index(b"Tm\n", data.index(b"BT\n")) + 3
    end = data.index(b"ET\n", start)
    glyphs = data[start:end]
    x, rest = glyphs.split(b" ", 1)
    again = b"%g %s" % (float(x) + shift, rest)
    marked = b"1 0 0 -1 0 0 Tm\n/Span << /ActualText <> >> BDC\n" + again + b"EMC\n"
    stream.set_data(data[:end] + marked + data[end:])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_run_marked_as_nothing_is_read_unless_it_repeats_the_run_before() -> None:
    pdf, document = _export("one-union")
    assert pdf_problem(_with_title_drawn_again(pdf, 0.5), document) is None
    problem = pdf_problem(_with_title_drawn_again(pdf, 900), document)
    assert problem == (
        'line 2 of its text, after "Count record: Tally of Ballots", says "Count record: Tally'
        " of Ballots The record of the count made with Station, from which the official Tally"
        ' of Ballots (For\u2026"; the journal gives "The record of the count made with Station,'
        ' from which the official Tally of Ballots (Form NLRB-760) is prepared; it is \u2026"'
    ), problem


def test_a_line_qt_broke_within_a_word_reads_as_the_line() -> None:
    lines = ["Objections are due by Monday (29 CFR 102.69(a)(8)).", "Case 10-RC-269250"]
    broken = "Objections are due by Monday (29 CFR 102.69(a) (8)). Case 10- RC-269250"
    assert text_problem(broken, lines) is None
    # A space anywhere else is another text, named as such.
    assert text_problem(
        "Objections are due by Mon day (29 CFR 102.69(a)(8)). Case 10-RC-269250", lines
    )
    assert text_problem(
        "Objections are due by Monday (29 CFR 102. 69(a)(8)). Case 10-RC-269250", lines
    )
