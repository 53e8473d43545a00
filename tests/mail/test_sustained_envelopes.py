"""A sustained envelope challenge leaves the stage's challenged figure as it leaves line 6
(`Tally.set_aside`), and is said apart ("1 sustained"), as are those ordered opened:
`station tally` (text and --json), `station envelopes` and the dashboard's stage line
agree with line 6. Before, the stage said "3 challenged" beside "Challenged ballots: 0"."""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.envelope_stage import EnvelopeStageLabel
from tests.mail.helpers import BESSEMER, VOTERS


@pytest.fixture
def decided(tmp_path: Path, qapp: object) -> Path:
    """Three envelopes challenged, then a decision: one sustained, two ordered opened."""
    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.ACCEPTED, "101")
        seq = session.rule_envelope(Ruling.CHALLENGED, "102").event.seq
        session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
        session.rule_envelope(Ruling.CHALLENGED, "103")
        session.rule_envelope(Ruling.CHALLENGED, "104")
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
        prepare_sheet(
            session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="f" * 16
        )
    assert main(["decide", str(path), "--sustain", "1", "--open", "2,3", "--by", "RD"]) == 0
    return path


def test_the_cli_figures_agree_with_line_6_and_say_sustained_apart(
    decided: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["tally", str(decided), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["challenged"] == 2  # line 6: the two opened, until each is called
    assert out["envelopes"] == {
        "returned": 5,
        "accepted": 2,
        "challenged": 0,
        "void": 0,
        "late": 0,
        "sustained": 1,
        "ordered_opened": 2,
    }
    assert main(["tally", str(decided)]) == 0
    text = capsys.readouterr().out
    assert "Challenged ballots:                    2" in text
    line = (
        "Envelopes (ended): 5 returned, 2 accepted, 0 challenged, 1 sustained,"
        " 2 ordered opened, 0 void, 0 late"
    )
    assert line in text.splitlines()
    assert main(["envelopes", str(decided)]) == 0
    text = capsys.readouterr().out
    assert line in text.splitlines()
    assert "102  Grace Hopper  CHALLENGED by the Employer: supervisor \u2014 sustained" in text
    assert main(["envelopes", str(decided), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["envelopes"]["challenged"] == 0 and out["envelopes"]["sustained"] == 1
    assert [r["settled"] for r in out["rulings"]][2:] == ["sustained", *["ordered opened"] * 2]


def test_the_dashboard_stage_line_agrees_with_line_6(decided: Path, qtbot: QtBot) -> None:
    with Journal.open(decided, read_only=True) as journal:
        count = journal.restore(trust_snapshots=False)
    # Line 6: the sustained envelope left it; the two opened stay until called.
    assert (count.tally.challenged, count.tally.opened_uncounted) == (2, 2)
    label = EnvelopeStageLabel()
    qtbot.addWidget(label)
    label.show_stage(count)
    assert label.text() == (
        "Envelopes: 5 returned \u00b7 2 accepted \u00b7 0 challenged (Employer 0, Union 0,"
        " Board agent 0) \u00b7 1 sustained \u00b7 2 ordered opened \u00b7 0 void \u00b7"
        " 0 late. Ballots in the box: the envelopes accepted."
    )


def test_the_dashboard_stage_line_in_spanish_says_the_settled_apart(
    decided: Path, qtbot: QtBot
) -> None:
    from station.domain.description import describe
    from station.domain.words import in_language

    with Journal.open(decided, read_only=True) as journal:
        count = journal.restore(trust_snapshots=False)
    label = EnvelopeStageLabel()
    qtbot.addWidget(label)
    with in_language("es"):
        label.show_stage(count, describe(BESSEMER).short_names)
    assert label.text() == (
        "Sobres: devueltos 5 \u00b7 aceptados 2 \u00b7 impugnados 0 (Empleador 0,"
        " Sindicato 0, Agente de la Junta 0) \u00b7 1 sostenido \u00b7 2 con orden de abrir"
        " \u00b7 nulos 0 \u00b7 tardíos 0. Papeletas en la urna: los sobres aceptados."
    )
