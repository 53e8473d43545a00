"""Dashboards opened on new elections for the dashboard's tests."""

import contextlib
import io
from pathlib import Path

from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.description import Vote
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.tables import TablesDashboard


def station(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(arg) for arg in args])
    return code, out.getvalue(), err.getvalue()


def new(path: Path, *args: str) -> None:
    code, _, err = station("new", path, "--employer", "Harbor", "--agent", "R. Agent",
                           "--pile", "0", *args)  # fmt: skip
    assert code == 0, err


THREE = ["--union", "Teamsters 901", "--intervenor", "WWU"]


FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)


TWO = ["--case", "10-RC-301740", "--union", "U1", "--union", "U2", "--eligible", "9"]


def table(folder: Path, label: str, choices: list[int], sign: bool, challenged: int = 0) -> Path:
    """Table `label`: each of `choices` a vote (0: Neither), then `challenged` ballots."""
    path = folder / f"table-{label}.station"
    new(path, *TWO, "--ballots", str(len(choices) + challenged), "--table", label)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for choice in choices:
            if choice:
                session.record(Vote(Call.FOR, choice=choice))
            else:
                session.record(Call.AGAINST)
        for _ in range(challenged):
            session.record(Call.CHALLENGE)
        if sign:
            prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
    return path


def dashboard(qtbot: QtBot, paths: list[Path], hide_challenges: bool = False) -> TablesDashboard:
    feeds = [JournalFollower(path) for path in paths]
    for feed in feeds:
        feed.follower.close()  # the picture of the files as they are is all we look at
    window = TablesDashboard(feeds, hide_challenges=hide_challenges)
    qtbot.addWidget(window)
    return window
