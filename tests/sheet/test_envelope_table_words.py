"""The envelope stage's table on the sheet: every column header's words whole.

Qt shares a table's width out by its cells' whole text and breaks a word its column is
then too narrow for: with eight columns (the current mail rules, voters at the polls)
the "Void" header was printed "Voi" over "d".
"""

import pytest

from station.domain.envelopes import figure_labels
from station.sheet.pdf import draw_pdf, envelopes_html
from station.verification.pdf_text import pdf_words

# Every cell the current rules print, the figures as wide as a Bessemer count's.
CURRENT = {
    "returned": 3215, "accepted": 2536, "late": 12, "challenged": 505, "void": 1234,
    "replacements": 7, "at_polls": 40, "after_tally": 3,
}  # fmt: skip
BEFORE = {"returned": 11, "accepted": 7, "challenged": 2, "void": 1, "late": 1}


def read_back(body: str, paper: str) -> str:
    data = draw_pdf(body, lambda page, pages: "", title="t", document_id="0" * 64, paper=paper)
    return pdf_words(data)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(
    ("figures", "revised"), [(CURRENT, False), (CURRENT, True), (BEFORE, False)]
)
def test_each_header_is_read_back_whole_with_its_figure(
    figures: dict[str, int], revised: bool, paper: str
) -> None:
    labels = figure_labels(figures, revised=revised)
    words = read_back(envelopes_html(figures, revised=revised), paper)
    expected = " ".join(f"{label} {figures[key]:,}" for key, label in labels)
    assert expected in words
