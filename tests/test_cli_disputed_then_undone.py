"""A vote for a union disputed, carried as challenged, then undone and redone: the file
stays a file every command reads, and a fold that ever found a count not adding up would
name the event, in one line, with no traceback."""

from pathlib import Path

import pytest

from station.domain import Count
from tests.kinds_helpers import (
    disputed_then_undone_and_redone,
    redo_gives_the_vote_back,
    station,
    tally,
)


def test_every_command_reads_the_file_and_the_ballot_stays_challenged(tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    disputed_then_undone_and_redone(path)
    sheet = tally(path)
    assert (sheet["for"], sheet["challenged"], sheet["counted"]) == (1, 1, 2)
    assert [choice["votes"] for choice in sheet["choices"]] == [1, 0, 0]
    verified = station("verify", path)
    assert verified.returncode == 0, verified.stderr
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    assert station("verify", path).returncode == 0


def test_a_count_that_does_not_add_up_is_named_by_its_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "count.station"
    disputed_then_undone_and_redone(path)
    monkeypatch.setattr(Count, "_set_counting", redo_gives_the_vote_back)
    for command in ("tally", "sign", "log"):
        args = ("sign", path, "--agent", "R. Agent") if command == "sign" else (command, path)
        done = station(*args)
        if command == "log":  # the events are listed whatever the count makes of them
            assert done.returncode == 0, done.stderr
            continue
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1, done.stderr
        assert "event 5: it leaves a count that does not add up" in done.stderr
    verified = station("verify", path)
    assert verified.returncode == 1 and verified.stderr.count("\n") == 1, verified.stderr
    assert "NOT INTACT" in verified.stderr and "event 5 " in verified.stderr
