"""Names written right to left (Hebrew, Arabic): Station's own export verifies (the PDF's
text is read back in the order it is drawn, and compared like with like), and on the
page each such name stays inside its own left-to-right line instead of running into the
label beside it."""

from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument

from station.cli import main
from station.sheet.pdf import sheet_document, sheet_html
from station.verification.pdf_text import pdf_words, visual_order

UNION = "Local 12 \u05e2\u05d5\u05d1\u05d3\u05d9\u05dd \u05de\u05d0\u05d5\u05d7\u05d3\u05d9\u05dd"
EMPLOYER = '\u05d7\u05d1\u05e8\u05ea \u05d0\u05e7\u05de\u05d4 \u05d1\u05e2"\u05de'
OBSERVER = "\u05de\u05e9\u05d4 \u05db\u05d4\u05df"
ARABIC = "\u0646\u0642\u0627\u0628\u0629 \u0627\u0644\u0639\u0645\u0627\u0644"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("union", "employer"),
    [("Local \u05e2\u05d5\u05d1\u05d3\u05d9\u05dd", "Acme"), (UNION, EMPLOYER), (ARABIC, "Acme")],
)
def test_an_export_with_right_to_left_names_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object, union: str, employer: str
) -> None:
    path = tmp_path / "x.station"
    new = ["new", path, "--case", "29-RC-200001", "--employer", employer, "--union", union]
    assert run(capsys, *new, "--eligible", "10", "--ballots", "5", "--agent", OBSERVER)[0] == 0
    code, _, err = run(capsys, "sign", path, "--interim", "--observer", f"Employer:{OBSERVER}")
    assert code == 0, err
    assert run(capsys, "export", path, "--out", tmp_path / "sheet")[0] == 0
    code, _, err = run(capsys, "verify", tmp_path / "sheet")
    assert (code, err) == (0, ""), err
    # the check reads the name as it is drawn: right to left, inside its line
    words = pdf_words((tmp_path / "sheet" / "tally.pdf").read_bytes())
    assert visual_order(f"for {union}") in words


def test_visual_order_is_the_drawn_order() -> None:
    assert visual_order("for Local \u05d0\u05d1\u05d2.") == "for Local \u05d2\u05d1\u05d0."
    # two words and a number inside the run: the run reversed, the number kept
    assert visual_order("x \u05d0\u05d1 12 \u05d2\u05d3 y") == "x \u05d3\u05d2 12 \u05d1\u05d0 y"
    assert visual_order("Acme Inc.") == "Acme Inc."


def test_every_line_of_the_sheet_reads_left_to_right(qapp: object) -> None:
    """A cell that holds only a right-to-left name is not turned into a right-to-left
    paragraph (right-aligned, against the next column's label)."""
    document = {
        "election": {"election_id": "e", "table": None},
        "sheet_event": {"seq": 2, "hash": "0" * 64},
        "sheet": {
            "case": "29-RC-200001", "employer": EMPLOYER, "union": UNION, "title": "Interim",
            "kind": "interim", "revision": 0, "supersedes": None, "count_date": "2026-12-01",
            "place": None, "counted": 0, "ballots": 5, "agent": OBSERVER,
            "observers": [{"party": "employer", "name": OBSERVER}],
            "lines": {"1": 10, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": False,
                      "9": False},
            "statements": {"8": "x", "9": "y"}, "head": {"seq": 1, "hash": "0" * 64},
            "prepared": "2026-12-01T00:00:00+00:00", "key": "k",
        },
    }  # fmt: skip
    text: QTextDocument = sheet_document(sheet_html(document))
    block = text.begin()
    seen = 0
    while block.isValid():
        if EMPLOYER in block.text() or OBSERVER in block.text():
            seen += 1
        assert block.textDirection().name == "LeftToRight", block.text()
        block = block.next()
    assert seen >= 2
