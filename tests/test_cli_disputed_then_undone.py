"""A vote for a union disputed, carried as challenged, then undone and redone: the file
stays a file every command reads, and a fold that ever found a count not adding up would
name the event, in one line, with no traceback."""

from pathlib import Path

import pytest

from station.domain import Action, Call, Count
from station.journal import Journal
from tests.kinds_helpers import THREE, new, station, tally


def disputed_then_undone_and_redone(path: Path) -> None:
    """The events of five keys on a ballot of two unions: a vote for the second union,
    its dispute carried as challenged (D), Ctrl+Z, Ctrl+Y, then a vote for the first.
    These are exactly the events a station wrote before the redo's rule was mended."""
    new(path, *THREE)
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.CALL, Call.FOR, detail={"choice": 2})
    journal.append(Action.DISPUTE, Call.FOR, 2, {"party": "employer"})
    journal.append(Action.UNDO, Call.CHALLENGE, 2)
    journal.append(Action.REDO, Call.CHALLENGE, 2)
    journal.append(Action.CALL, Call.FOR, detail={"choice": 1})
    journal.close()


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

    def redo_gives_the_vote_back(self: Count, seq: int, call: Call, counting: bool) -> None:
        """A rule that lets a redo give a union back a vote its ballot no longer carries."""
        self.challenges.set_counting(seq, counting)
        self.votes.set_counting(seq, counting)
        self.groups.set_counting(seq, counting)

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
