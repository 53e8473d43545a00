"""The dashboard's first picture of a file is what `station tally` says, for every kind of count.

`station dashboard FILE` folds what is already in the file at its start (in bulk past
`TICKER_LENGTH` events) and the live path folds each event as it lands: both must
state what `station tally --json` states, and neither may wait for a new event to do so
(a finished count of several unions must not show one-union arithmetic, "Teamsters 901
wins", until something new is recorded).
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call, Count, SheetKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal, follow
from station.journal.session import CountSession
from station.journal.verify import checked_count
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import TICKER_LENGTH, JournalFollower
from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow
from tests.mail.helpers import BESSEMER, VOTERS
from tests.ui.dashboard.helpers import THREE, new, station

FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
F, A, C = Call.FOR, Call.AGAINST, Call.CHALLENGE


def several(votes: list[int], challenged: int, sign: bool) -> Callable[[CountSession], None]:
    """votes[i] ballots for choice i+1 (the last is Neither), interleaved as a count goes."""

    def count(session: CountSession) -> None:
        left = list(votes)
        while any(left):
            for index, number in enumerate(left):
                if number:
                    left[index] -= 1
                    if index == len(votes) - 1:
                        session.record(A)
                    else:
                        session.record(Vote(F, choice=index + 1))
        for _ in range(challenged):
            seq = session.record(C).event.seq
            session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
        if sign:
            prepare_sheet(session, FINAL, key_fingerprint="0" * 64)

    return count


def calls(*made: Call, sign: bool = False) -> Callable[[CountSession], None]:
    def count(session: CountSession) -> None:
        for call in made:
            session.record(call)
        if sign:
            prepare_sheet(session, FINAL, key_fingerprint="0" * 64)

    return count


def envelopes(end: bool) -> Callable[[CountSession], None]:
    def count(session: CountSession) -> None:
        for voter, ruling in zip(
            ("100", "101", "102", "103", "104"),
            (Ruling.ACCEPTED, Ruling.ACCEPTED, Ruling.CHALLENGED, Ruling.ACCEPTED, Ruling.VOID),
            strict=True,
        ):
            session.rule_envelope(ruling, voter)
        if end:
            session.end_envelopes()
            for call in (F, A, F):
                session.record(call)

    return count


def revised(session: CountSession) -> None:
    seqs = [session.record(call).event.seq for call in (F, C, A, C, F)]
    del seqs
    prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
    session.decide([1, 2], [], "Regional Director")
    session.record(A)


def _make_mail(path: Path) -> None:
    Journal.create(path, BESSEMER, VOTERS)


RD = ["--petitioner", "J. Worker", "--union", "Local 7"]
ONE = ["--union", "Local 7"]
KINDS: dict[str, tuple[Callable[[Path], None], Callable[[CountSession], None]]] = {
    # Teamsters 5, WWU 4, Neither 3, one challenged, signed: no choice has a majority.
    "several unions, signed": (
        lambda p: new(p, "--case", "10-RC-301717", *THREE, "--eligible", "14", "--ballots", "13"),
        several([5, 4, 3], 1, sign=True),
    ),
    # Past TICKER_LENGTH events: the start folds in bulk (`checked_count`).
    "several unions, long, counting": (
        lambda p: new(p, "--case", "10-RC-301718", *THREE, "--eligible", "80", "--ballots", "70"),
        several([26, 22, 16], 2, sign=False),
    ),
    "several unions, a table": (
        lambda p: new(p, "--case", "10-RC-301719", *THREE, "--eligible", "20", "--table", "A"),
        several([3, 2, 2], 1, sign=True),
    ),
    "RD": (
        lambda p: new(p, "--case", "10-RD-301720", *RD, "--eligible", "12", "--ballots", "9"),
        calls(F, A, A, F, C, A, F, A, sign=True),
    ),
    "RM": (
        lambda p: new(p, "--case", "10-RM-301721", "--union", "Local 7", "--eligible", "12"),
        calls(F, F, A, C, F),
    ),
    "one union, long": (
        lambda p: new(p, "--case", "10-RC-301722", *ONE, "--eligible", "90", "--ballots", "60"),
        calls(*([F, A, F] * 16), C, C, sign=True),
    ),
    "mail, envelope stage": (_make_mail, envelopes(end=False)),
    "mail, ballots": (_make_mail, envelopes(end=True)),
    "revised count": (
        lambda p: new(p, "--case", "10-RC-301723", "--union", "Local 7", "--eligible", "9"),
        revised,
    ),
}


def tally_statements(path: Path) -> list[str]:
    code, out, err = station("tally", path, "--json")
    assert code == 0, err
    said = json.loads(out)["statements"]
    return [said["8"], said["9"], *([said["runoff"]] if said.get("runoff") else [])]


def shown(window: DashboardWindow) -> list[str]:
    """Lines 8 and 9, and 102.70's line where the tally has one, as the dashboard shows them."""
    lines = [window.challenges_label.text(), window.majority_label.text()]
    decision = window.decision_label.text()
    return [*lines, decision] if "runoff" in decision or "rerun" in decision else lines


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_picture_and_the_live_one_state_what_station_tally_states(
    qtbot: QtBot, tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, count = KINDS[kind]
    path = tmp_path / "count.station"
    make(path)
    live_feed = JournalFollower(path, interval_ms=10, retry_ms=20)
    live = standalone_dashboard(live_feed, "dark")
    qtbot.addWidget(live)
    live_feed.start()
    journal = Journal.open(path)
    try:
        count(CountSession.resume(journal, keep=0))
    finally:
        journal.close()  # the station closing the count is one more event
    with Journal.open(path, read_only=True) as finished:
        head = finished.head_seq
    try:
        qtbot.waitUntil(lambda: live_feed.head_seq == head)
    finally:
        live_feed.close()
    expected = tally_statements(path)
    assert shown(live) == expected

    bulk: list[bool] = []  # whether the start folded in bulk (`checked_count`), each time

    def checked(*args: Any) -> Count | None:
        count = checked_count(*args)
        bulk.append(count is not None)
        return count

    monkeypatch.setattr(follow, "checked_count", checked)
    feed = JournalFollower(path)
    try:
        assert bulk == ([True] if head > TICKER_LENGTH else [])
        window = standalone_dashboard(feed, "dark")
        qtbot.addWidget(window)
        assert shown(window) == expected
        assert window.decision_label.text() == live.decision_label.text()
    finally:
        feed.close()
