"""`station consolidate` given a table's export that someone changed and signed again:
refused in one line naming the table's folder and what is wrong, never a traceback,
and every table's label taken from its verified setup, never from its sheet."""

import dataclasses
import json
from pathlib import Path

import pytest

from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import StationKey, create_key
from station.verification.document import canonical_json
from tests.helpers import JFK8
from tests.sheet.helpers import (
    a_table_named_on_a_one_table_sheet,
    envelopes_on_a_poll_sheet,
    staging_leftover,
)
from tests.tables.helpers import CALLS, refused, resign, sign_and_export, table_export


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("forged-tables-key") / "signing-key.pem")


def test_a_poll_table_s_sheet_stating_envelopes_is_refused(
    tmp_path: Path, key: StationKey, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each table's export alone once passed `verify`; summed, the sheet's envelope
    figures met a table with none (a ValueError's traceback)."""
    one, two = table_export(tmp_path, "1", "FFAC", key), table_export(tmp_path, "2", "AAVF", key)
    envelopes_on_a_poll_sheet(two, key)
    err = refused(capsys, tmp_path / "out", one, two)
    assert err.startswith(f"station: {two}: NOT INTACT: journal.jsonl: event ")
    assert "its envelopes says {'accepted': 120, 'challenged': 0}; the journal gives nothing" in err


def test_a_one_table_count_whose_sheet_names_a_table_is_not_summed_as_that_table(
    tmp_path: Path, key: StationKey, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=None))
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for letter in "FAF":
            session.record(CALLS[letter])
    alone = sign_and_export(path, tmp_path / "alone", key)
    a_table_named_on_a_one_table_sheet(alone, key)  # "Table 3", on the sheet and its PDF
    err = refused(capsys, tmp_path / "out", table_export(tmp_path, "2", "AAVF", key), alone)
    assert f"station: {alone}: is the sheet of a count at one table" in err


def test_a_sheet_inside_a_table_s_staging_folder_is_refused(
    tmp_path: Path, key: StationKey, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = table_export(tmp_path, "1", "FFAC", key), table_export(tmp_path, "2", "AAVF", key)
    staging_leftover(two, key)
    err = refused(capsys, tmp_path / "out", one, two)
    assert err.startswith(
        f"station: {two}: NOT INTACT: '.station-export-0123abcd/tally.pdf' is not part of the"
        " signed export"
    )


def test_a_sheet_of_a_kind_that_is_no_text_is_refused(
    tmp_path: Path, key: StationKey, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = table_export(tmp_path, "1", "FFAC", key), table_export(tmp_path, "2", "AAVF", key)
    document = json.loads((two / "tally.json").read_bytes())
    document["sheet"]["kind"] = ["final"]
    (two / "tally.json").write_bytes(canonical_json(document))
    resign(two, key)
    err = refused(capsys, tmp_path / "out", one, two)
    assert "its sheet states a sheet of kind ['final'], which consolidation cannot sum" in err
