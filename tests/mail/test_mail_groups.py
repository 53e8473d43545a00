"""A mail election of voting groups: the voter list's `group` column names each voter's
group, each envelope carries it to that group's pile, and the ballot count, the
challenged envelopes, the hearing and the sheets are each group's."""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call, Count
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession, Refused
from tests.cli_helpers import one_line_refusal
from tests.kinds_helpers import station, tally

LIST = """id,name,group,dept
100,Ada Lovelace,A,Lab
101,Grace Hopper,a,Lab
102,Alan Turing,A,Lab
103,Edsger Dijkstra,B,Ward
104,Ada Yonath,B,Ward
105,Barbara Liskov,B,Ward
106,Frances Allen,B,Ward
"""
GROUPS = [
    "--group", "A=Professional employees", "--group", "B=Nonprofessional employees",
    "--sonotone", "A",
]  # fmt: skip


def new(path: Path, voters: str = LIST, *args: str) -> object:
    listed = path.parent / "voters.csv"
    listed.write_text(voters, encoding="utf-8")
    return station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--mail", "--voters", listed, *GROUPS, *args,
    )  # fmt: skip


def test_each_groups_eligible_voters_are_its_voters_listed(tmp_path: Path) -> None:
    path = tmp_path / "mail.station"
    made = new(path)
    assert made.returncode == 0, made.stderr  # type: ignore[attr-defined]
    summary = tally(path)
    assert summary["eligible"] == 7
    groups = summary["groups"]
    assert isinstance(groups, list)
    assert [(g["key"], g["eligible"], g["ballots"]) for g in groups] == [
        ("A", 3, None),  # the box is known when the envelope stage ends
        ("B", 4, None),
    ]


@pytest.mark.parametrize(
    ("voters", "words"),
    [
        (LIST.replace("group,dept", "dept,unit"), "has no 'group' column"),
        (LIST.replace("104,Ada Yonath,B", "104,Ada Yonath,"), "line 6 (voter '104') names no group"),
        (LIST.replace("105,Barbara Liskov,B", "105,Barbara Liskov,C"), "line 7 (voter '105') names group 'C'"),
    ],
)  # fmt: skip
def test_a_voter_without_a_group_of_the_election_is_refused_naming_the_line(
    tmp_path: Path, voters: str, words: str
) -> None:
    path = tmp_path / "mail.station"
    assert words in one_line_refusal(new(path, voters))  # type: ignore[arg-type]
    assert not path.exists()


def session(path: Path) -> CountSession:
    journal = Journal.open(path, seal_secret=station_secret())
    return CountSession.resume(journal, keep=5)


def envelopes_ruled(path: Path) -> None:
    """Group A: 100 and 101 accepted, 102 challenged. Group B: 103, 104, 105 accepted,
    106 void, and a voter not on the list, written in for group B, challenged."""
    made = new(path)
    assert made.returncode == 0, made.stderr  # type: ignore[attr-defined]
    counting = session(path)
    try:
        for voter, ruling in [
            ("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED), ("102", Ruling.CHALLENGED),
            ("103", Ruling.ACCEPTED), ("104", Ruling.ACCEPTED), ("105", Ruling.ACCEPTED),
            ("106", Ruling.VOID),
        ]:  # fmt: skip
            counting.rule_envelope(ruling, voter)
        with pytest.raises(Refused, match="written in with their group"):
            counting.rule_envelope(Ruling.CHALLENGED, write_in="Ken Thompson")
        counting.rule_envelope(Ruling.CHALLENGED, write_in="Ken Thompson", group="B")
        counting.end_envelopes()
    finally:
        counting.journal.close()


def test_each_groups_envelopes_are_its_pile(tmp_path: Path) -> None:
    path = tmp_path / "mail.station"
    envelopes_ruled(path)
    groups = tally(path)["groups"]
    assert isinstance(groups, list)
    # Each group's box is its envelopes accepted; its sealed envelopes are on its line 6.
    assert [(g["key"], g["ballots"], g["challenged"]) for g in groups] == [
        ("A", 2, 1),
        ("B", 3, 1),
    ]
    counting = session(path)
    try:
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        for call in (Call.FOR, Call.AGAINST, Call.AGAINST):
            counting.record(Vote(call, group="B"))
        figures = [(t.votes, t.remaining) for t in counting.count.group_tallies()]
    finally:
        counting.journal.close()
    assert figures == [((2, 0), 0), ((1, 2), 0)]
    text = station("tally", path).stdout
    assert "2 of 2 ballots counted" in text and "3 of 3 ballots counted" in text


def test_a_challenged_envelope_opened_is_counted_in_its_group(tmp_path: Path) -> None:
    path = tmp_path / "mail.station"
    envelopes_ruled(path)
    counting = session(path)
    try:
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        counting.record(Vote(Call.AGAINST, group="A", inclusion="no"))
        for call in (Call.FOR, Call.AGAINST, Call.AGAINST):
            counting.record(Vote(call, group="B"))
    finally:
        counting.journal.close()
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    listed = json.loads(station("challenges", path, "--json").stdout)["challenges"]
    assert [(row["number"], row["group"], row["stage"]) for row in listed] == [
        (1, "A", "envelope"),
        (2, "B", "envelope"),
    ]
    # 1 yes to 1: one sealed professional could turn question 1 and the units with it.
    done = station("decide", path, "--open", "1,2", "--by", "R. Director", "--reveal-ok")
    assert done.returncode == 0, done.stderr
    counting = session(path)
    try:
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        with pytest.raises(ValueError, match="group A"):  # its one envelope is counted
            counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        counting.record(Vote(Call.AGAINST, group="B"))
    finally:
        counting.journal.close()
    summary = tally(path)
    groups, units = summary["groups"], summary["units"]
    assert isinstance(groups, list) and isinstance(units, list)
    assert [(g["key"], g["for"], g["against"], g["challenged"]) for g in groups] == [
        ("A", 2, 1, 0),
        ("B", 1, 3, 0),
    ]
    assert [(u["groups"], u["for"], u["against"]) for u in units] == [(["A", "B"], 3, 4)]
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    exported = station("export", path, "--out", out)
    assert exported.returncode == 0, exported.stderr
    sheet = json.loads((out / "tally.json").read_text())["sheet"]
    assert sheet["title"] == "Revised"
    assert [g["columns"]["original"]["6"] for g in sheet["groups"]] == [1, 1]
    assert [g["columns"]["final"]["6"] for g in sheet["groups"]] == [0, 0]
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_verify_catches_an_envelope_put_in_another_groups_pile(tmp_path: Path) -> None:
    from station.domain import Action
    from tests.helpers import verify_file

    path = tmp_path / "mail.station"
    made = new(path)
    assert made.returncode == 0, made.stderr  # type: ignore[attr-defined]
    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.ENVELOPE, detail={"voter": "100", "ruling": "accepted", "group": "A"})
        # Written past the session's list look-up: voter 103 is in group B on the list.
        journal.append(Action.ENVELOPE, detail={"voter": "103", "ruling": "accepted", "group": "A"})
    verdict = verify_file(path)
    assert not verdict.ok
    assert verdict.problem is not None
    assert "voter '103' in group 'A'; the voter list puts them in group 'B'" in verdict.problem


def test_a_written_in_voter_is_typed_with_their_group_in_the_envelope_window(
    tmp_path: Path, qapp: object
) -> None:
    from station.domain.groups import written_in_group
    from station.ui.envelopes.controller import EnvelopeController

    assert written_in_group("b: Ken Thompson", ("A", "B")) == ("B", "Ken Thompson")
    assert written_in_group("Ken: Thompson", ("A", "B")) == (None, "Ken: Thompson")
    path = tmp_path / "mail.station"
    made = new(path)
    assert made.returncode == 0, made.stderr  # type: ignore[attr-defined]
    controller = EnvelopeController(Journal.open(path))
    try:
        assert not controller.rule(Ruling.CHALLENGED, write_in="Ken Thompson")
        assert controller.rule(Ruling.CHALLENGED, write_in="B: Ken Thompson")
        assert controller.rule(Ruling.ACCEPTED, "100")
        envelopes = controller.count.envelopes.rulings()
        assert [(e.voter, e.write_in, e.group) for e in envelopes] == [
            (None, "Ken Thompson", "B"),
            ("100", None, "A"),
        ]
    finally:
        controller.close()


def test_each_ruling_says_its_group(tmp_path: Path) -> None:
    path = tmp_path / "mail.station"
    envelopes_ruled(path)
    listed = station("envelopes", path).stdout
    assert "100  Ada Lovelace  (group A)  ACCEPTED" in listed
    assert "(written in)  Ken Thompson  (group B)  CHALLENGED" in listed
    rulings = json.loads(station("envelopes", path, "--json").stdout)["rulings"]
    assert [row["group"] for row in rulings] == ["A", "A", "A", "B", "B", "B", "B", "B"]
    with Journal.open(path, read_only=True) as journal:
        from station.domain.envelopes import envelope_words

        count = Count.for_setup(journal.election.setup)
        said = [
            envelope_words(change)
            for record, change in journal.fold_one_by_one(count)
            if record.action == "envelope"
        ]
    assert "Envelope written in: Ken Thompson (group B) CHALLENGED" in said


def test_an_envelope_received_after_the_tally_says_its_voters_group(
    tmp_path: Path, qtbot: QtBot
) -> None:
    """It goes to no pile, so its event names no group: the list says the voter's, and a
    written-in voter's earlier envelope theirs."""
    from station.ui.envelopes.controller import EnvelopeController
    from station.ui.envelopes.window import EnvelopeWindow

    path = tmp_path / "mail.station"
    envelopes_ruled(path)
    counting = session(path)
    try:
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        counting.record(Vote(Call.AGAINST, group="A", inclusion="no"))
        for call in (Call.FOR, Call.AGAINST, Call.AGAINST):
            counting.record(Vote(call, group="B"))
    finally:
        counting.journal.close()
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    counting = session(path)
    try:
        counting.record_after_tally("103")
        counting.record_after_tally(write_in="Ken Thompson")  # challenged in group B
        counting.record_after_tally(write_in="Late Comer")  # no envelope before: no group
    finally:
        counting.journal.close()
    listed = station("envelopes", path).stdout
    assert "103  Edsger Dijkstra  (group B)  RECEIVED AFTER THE TALLY" in listed
    assert "(written in)  Ken Thompson  (group B)  RECEIVED AFTER THE TALLY" in listed
    assert "(written in)  Late Comer  RECEIVED AFTER THE TALLY" in listed
    rulings = json.loads(station("envelopes", path, "--json").stdout)["rulings"]
    assert [row.get("group") for row in rulings[-3:]] == ["B", "B", None]
    window = EnvelopeWindow(EnvelopeController(Journal.open(path)), after_tally=True)
    qtbot.addWidget(window)
    rows = [window.recent.item(row).text() for row in range(3)]  # newest first
    late = "RECEIVED AFTER THE TALLY (not opened)"
    assert rows == [
        f"Envelope written in: Late Comer {late}",
        f"Envelope written in: Ken Thompson (second envelope) (group B) {late}",
        f"Envelope 103 Edsger Dijkstra (second envelope) (group B) {late}",
    ]
    window.close()
