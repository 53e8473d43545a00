"""The Tally of Ballots, the files written and the command line stay in English in a
process that speaks Spanish: they are the Board's form, and a sheet checked in a Spanish
window must read as the one signed."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Call, SheetKind
from station.domain.result_statements import result_lines
from station.domain.words import use_language
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from tests.cli_helpers import NEW, count_into
from tests.cli_helpers import station_here as station
from tests.sheet.helpers import count_calls, needs_poppler, pdf_text, sign


@pytest.fixture
def spanish() -> Iterator[None]:
    """The process speaks Spanish, as `--lang es` or a Spanish system makes it."""
    use_language("es")
    try:
        yield
    finally:
        use_language("en")


@needs_poppler
@pytest.mark.usefixtures("spanish")
def test_a_sheet_prepared_and_exported_in_a_spanish_process_is_in_english(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    count_calls(journal, 30)
    count = journal.restore(trust_snapshots=False)
    shown = result_lines(journal.election.setup, count.tally, count.locked_by)
    assert shown.challenges.startswith("Aún no está determinado")  # the screen's words
    seq = sign(journal, key, SheetKind.INTERIM)
    statements = journal.record(seq).details()["statements"]  # type: ignore[union-attr]
    assert statements["8"] == (
        "Whether challenges are sufficient in number to affect the results of the election"
        " is not yet determined: this is an interim tally; the count goes on."
    )
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "interim", key)
    text = " ".join(pdf_text(tmp_path / "interim" / "tally.pdf").split())
    assert "8. Whether challenges are sufficient" in text and "Aún" not in text
    # Checked in Spanish, the sheet is the one signed: its English words are its own.
    assert verify_export(tmp_path / "interim").ok
    final = sign(journal, key)
    assert journal.record(final).details()["statements"]["8"].startswith("Challenges")  # type: ignore[union-attr]


@pytest.mark.usefixtures("spanish")
def test_the_command_line_says_the_tally_in_english_in_a_spanish_process(
    tmp_path: Path,
) -> None:
    path = tmp_path / "es.station"
    made = station("new", path, *NEW, "--eligible", "160", "--ballots", "10", "--agent", "R. A")
    assert made.returncode == 0, made.stderr
    count_into(path, [Call.FOR] * 5 + [Call.AGAINST] * 2)
    text = station("tally", path).stdout
    assert "is not yet determined: 3 ballots remain uncounted." in text
    assert "The count is open: calls can be recorded." in text
    signed = station("sign", path, "--interim")
    assert signed.returncode == 0, signed.stderr
    assert "The count is paused (locked) by the interim tally" in station("tally", path).stdout
    assert station("verify", path).returncode == 0
