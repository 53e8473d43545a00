"""The sheet of a ballot of several unions on paper: line 5 names the lines it sums as
printed (3a + 3b + 4, there being no line 3), a Revised Tally is one page, and a sheet
drawn by the previous version ("(lines 3 + 4)") still verifies as it is."""

from pathlib import Path

import pypdf
import pytest

from station.domain.tally_form import LINE_5_BEFORE
from station.verification import sheet_page
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import count_votes, new, station

TEAMSTERS = ["--union", "Teamsters 901", "--intervenor", "WWU"]


def exported(folder: Path, *, revised: bool) -> Path:
    """Teamsters 5, WWU 4, Neither 3, 2 challenged of 14, signed (and, with `revised`,
    both challenges opened and counted, Teamsters and Neither, and signed again)."""
    path = folder / "t3.station"
    new(path, *TEAMSTERS, eligible="14")
    count_votes(path, [5, 4, 3], challenged=2)
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    if revised:
        assert station("decide", path, "--open", "1,2", "--by", "RD").returncode == 0
        count_votes(path, [1, 0, 1])
        assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = folder / "export"
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("revised", [False, True], ids=["final", "revised"])
def test_line_5_names_the_printed_lines_and_the_sheet_is_one_page(
    tmp_path: Path, qapp: object, revised: bool
) -> None:
    folder = exported(tmp_path, revised=revised)
    data = (folder / "tally.pdf").read_bytes()
    words = pdf_words(data)
    assert "5. Number of valid votes counted (lines 3a + 3b + 4)" in words
    assert "lines 3 + 4" not in words and "3. Number" not in words
    assert len(pypdf.PdfReader(folder / "tally.pdf").pages) == 1  # no page 2 of a footer
    assert "page 1 of 1" in words
    done = station("verify", folder)
    assert done.returncode == 0, done.stderr


def test_an_earlier_wording_under_the_current_version_is_not_guessed_at(
    tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet stating the current format is read against the current wording alone:
    line 5 drawn as an earlier Station drew it is not the text its document gives."""
    drawn = sheet_page.line_words
    monkeypatch.setattr(
        sheet_page,
        "line_words",
        lambda number, *rest: LINE_5_BEFORE if number == "5" else drawn(number, *rest),
    )
    folder = exported(tmp_path, revised=False)
    monkeypatch.undo()
    assert "5. Number of valid votes counted (lines 3 + 4)" in pdf_words(
        (folder / "tally.pdf").read_bytes()
    )
    done = station("verify", folder)
    assert done.returncode == 1, done.stdout
    assert 'says "Number of valid votes counted (lines 3 + 4)' in done.stderr
    assert 'the journal gives "Number of valid votes counted (lines 3a + 3b + 4)"' in done.stderr


def test_verify_names_every_union_by_its_role(tmp_path: Path, qapp: object) -> None:
    folder = exported(tmp_path, revised=False)
    done = station("verify", folder)
    assert done.returncode == 0, done.stderr
    assert "/ Teamsters 901 (Petitioner); WWU (Intervenor):" in done.stdout
