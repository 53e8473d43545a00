"""A reader can tell cheaply whether the writer committed anything since it last looked."""

from pathlib import Path

from station.domain import Action, Call
from station.journal import Journal


def test_data_version_moves_only_when_the_writer_commits(
    election_file: Path, journal: Journal
) -> None:
    reader = Journal.open(election_file, read_only=True)
    try:
        before = reader.data_version()
        assert reader.data_version() == before
        journal.append(Action.CALL, Call.FOR)
        after = reader.data_version()
        assert after != before
        assert reader.data_version() == after
        assert [record.call for record in reader.records(after=1)] == ["for"]
    finally:
        reader.close()
