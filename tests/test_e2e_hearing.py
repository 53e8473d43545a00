"""Bessemer end to end: a mail count whose envelope challenges go to a hearing.

The story docs/rules.md tells of BHM1: a mail election with a voter list; every returned
envelope ruled, most challenges made at the envelope stage (some settled at the table);
the stage ended and the ballots of the envelopes accepted or received late called (a
disputed void carried as challenged: no ballot out of its envelope is challenged); the
first Tally of Ballots; a decision ordering some envelope challenges (and a disputed
ballot) opened and others sustained;
the ordered ballots mixed and called in the revised count; the Revised Tally exported and
verified with the station's key. Driven through the command line (`station new`,
`sign`, `challenges`, `decide`, `tally`, `export`, `verify`, in-process) and the count
session (rulings and calls, as the windows commit them), and held to a model of what was
ruled and called.
"""

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

from station.cli import main
from station.domain import Call
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
VOTERS = 60


def station(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in args])
    return code, out.getvalue(), err.getvalue()


@dataclass
class Model:
    """What the keys did, counted by hand: the figures every reader must agree with."""

    calls: list[Call] = field(default_factory=list)
    envelope_numbers: list[int] = field(default_factory=list)  # register numbers
    ballot_numbers: list[int] = field(default_factory=list)
    accepted: int = 0
    settled: set[int] = field(default_factory=set)  # register numbers off line 6
    void_envelopes: int = 0  # envelopes ruled void: void ballots on line 2, never opened

    def figures(self) -> dict[str, int]:
        return {
            "for": self.calls.count(F),
            "against": self.calls.count(A),
            "void": self.calls.count(V) + self.void_envelopes,
        }


def session_on(path: Path) -> tuple[Journal, CountSession]:
    journal = Journal.open(path)
    return journal, CountSession.resume(journal, keep=0)


def test_bessemer_envelope_challenges_to_the_revised_tally(tmp_path: Path, qapp: object) -> None:
    rng = random.Random(2021)
    voters = tmp_path / "excelsior.csv"
    names = [f"Worker {n:02d}" for n in range(VOTERS)]
    voters.write_text(
        "id,name,dept\n" + "".join(f"{1000 + n},{name},BHM1\n" for n, name in enumerate(names)),
        encoding="utf-8",
    )
    path = tmp_path / "bhm1.station"
    code, _, err = station(
        "new", path, "--case", "10-RC-269250", "--employer", "Amazon.com Services LLC",
        "--union", "RWDSU", "--mail", "--voters", voters, "--agent", "R. Agent",
    )  # fmt: skip
    assert code == 0, err
    model = Model()

    # The envelope stage: most challenges are made here, with the voter's name.
    journal, session = session_on(path)
    try:
        number = 0
        challenged: dict[int, str] = {}  # register number -> voter id
        for n in range(48):
            voter = str(1000 + n)
            ruling = rng.choices(
                (Ruling.ACCEPTED, Ruling.CHALLENGED, Ruling.VOID, Ruling.LATE), (60, 30, 6, 4)
            )[0]
            change = session.rule_envelope(ruling, voter)
            if ruling in (Ruling.ACCEPTED, Ruling.LATE):  # late before the count: opened
                model.accepted += 1
            if ruling is Ruling.VOID:
                model.void_envelopes += 1
            if ruling is Ruling.CHALLENGED:
                number += 1
                challenged[number] = voter
                model.envelope_numbers.append(number)
                party = rng.choice(("employer", "petitioner", "board agent"))
                session.amend_challenge(
                    change.event.seq,
                    {"party": party, "reason": "signature missing or not matching"},
                )
        change = session.rule_envelope(Ruling.CHALLENGED, write_in="Not On List")
        number += 1
        model.envelope_numbers.append(number)
        # Settled at the table before the stage ends: one withdrawn (the envelope is
        # accepted after all), one sustained (never opened).
        rows = {row.number: row for row in session.count.resolutions.numbered(session.count)}
        session.settle(rows[1].challenge.seq, "withdrawn")
        model.accepted += 1
        session.settle(rows[2].challenge.seq, "sustained")
        model.settled |= {1, 2}
        session.end_envelopes()
        # The ballot stage: the accepted envelopes' ballots, mixed and called. Out of its
        # envelope a ballot's voter is unknown: only its marking is disputed, a VOID the
        # Union disputes carried as challenged.
        for n in range(model.accepted):
            call = C if n in (3, 7) else rng.choices((F, A, V, C), (35, 55, 4, 6))[0]
            if call is C:
                voided = session.record(V)
                session.dispute_void(voided.event.seq, "petitioner")
            else:
                session.record(call)
            model.calls.append(call)
            if call is C:
                number += 1
                model.ballot_numbers.append(number)
        session.undo()  # a slip, corrected in the open
        session.redo()
    finally:
        journal.close()
    assert len(model.envelope_numbers) >= 10 and model.ballot_numbers

    # The first Tally of Ballots.
    assert station("sign", path)[0] == 0
    code, out, _ = station("tally", path, "--json")
    first = json.loads(out)
    open_challenges = len(model.envelope_numbers) + len(model.ballot_numbers) - 2
    sealed = len(model.envelope_numbers) - 2
    expected_first = model.figures() | {"challenged": open_challenges}
    assert {k: first[k] for k in expected_first} == expected_first
    late = first["envelopes"]["late"]  # received after the due date: opened too
    assert first["ballots"] == first["counted"] == model.accepted
    assert first["envelopes"]["accepted"] == model.accepted - late
    code, out, _ = station("challenges", path, "--json")
    listed = json.loads(out)["challenges"]
    assert [r["number"] for r in listed if r["stage"] == "envelope"] == model.envelope_numbers
    assert [r["number"] for r in listed if r["stage"] == "ballot"] == model.ballot_numbers
    for row in listed:
        if row["number"] in challenged:
            voter = challenged[row["number"]]
            assert row["voter"] == {"id": voter, "name": names[int(voter) - 1000]}
    assert listed[len(model.envelope_numbers) - 1]["voter"] == {"id": None, "name": "Not On List"}
    assert [r["status"] for r in listed[:2]] == ["withdrawn", "sustained"]

    # The decision after the hearing: some envelopes and a ballot opened, some sustained.
    envelopes_open = model.envelope_numbers[2:]
    opened = [*envelopes_open[: len(envelopes_open) // 2], model.ballot_numbers[0]]
    sustained = envelopes_open[len(envelopes_open) // 2 :][:2]
    code, out, err = station(
        "decide", path, "--open", ",".join(map(str, opened)),
        "--sustain", ",".join(map(str, sustained)), "--by", "Regional Director, Region 10",
    )  # fmt: skip
    assert code == 0 and err == "", err
    model.settled |= set(opened) | set(sustained)
    opened_envelopes = len(opened) - 1
    code, out, _ = station("tally", path, "--json")
    during = json.loads(out)
    assert during["ballots"] == model.accepted + opened_envelopes
    assert during["remaining"] == len(opened)

    # The revised count: the ordered ballots, commingled and called.
    original = model.figures()
    journal, session = session_on(path)
    try:
        revised = [rng.choice((F, A, A, V)) for _ in opened]
        for call in revised:
            session.record(call)
        model.calls += revised
    finally:
        journal.close()
    code, _, err = station("sign", path)
    assert code == 0 and "warning" not in err, err

    code, out, _ = station("tally", path, "--json")
    final = json.loads(out)
    left = len(model.envelope_numbers) + len(model.ballot_numbers) - len(model.settled)
    assert {k: final[k] for k in ("for", "against", "void")} == model.figures()
    assert final["challenged"] == left and final["locked"] == "revised"
    assert final["ballots"] == final["counted"] == model.accepted + opened_envelopes
    counted = {k: model.figures()[k] - original[k] for k in original}
    assert {k: final["challenged_counted"][k] for k in counted} == counted
    assert final["challenged_counted"]["challenged"] == left - open_challenges
    code, out, _ = station("challenges", path, "--json")
    statuses = {r["number"]: r["status"] for r in json.loads(out)["challenges"]}
    assert {statuses[n] for n in opened} == {"counted"}
    assert {statuses[n] for n in sustained} == {"sustained"}

    # The Revised Tally, exported and verified with the station's key.
    folder = tmp_path / "revised"
    assert station("export", path, "--out", folder)[0] == 0
    fingerprint = station("key")[1].strip()
    code, out, err = station("verify", folder, "--key", fingerprint)
    assert code == 0, err
    assert out.startswith(f"OK: {folder}: Revised tally")
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    columns = sheet["columns"]
    assert (columns["original"]["3"], columns["final"]["3"]) == (original["for"], final["for"])
    assert columns["original"]["6"] == open_challenges and columns["final"]["6"] == left
    assert columns["challenged_counted"]["6"] + columns["set_aside"]["6"] == left - open_challenges
    assert columns["set_aside"]["6"] == -len(sustained)
    assert sheet["ballots"] == sheet["counted"] == model.accepted + opened_envelopes
    assert sheet["envelopes"]["challenged"] == sealed + 1  # the stage's rulings, as ruled
    assert len(sheet["unresolved_challenges"]) == left
    assert station("verify", path)[0] == 0


def test_an_rd_revised_sheet_names_the_parties_by_role(tmp_path: Path, qapp: object) -> None:
    """A decertification count after a decision: the union is never "the Petitioner"."""
    path = tmp_path / "rd.station"
    code, _, err = station(
        "new", path, "--case", "10-RD-123456", "--employer", "Acme", "--union", "Local 1",
        "--petitioner", "J. Worker", "--eligible", "20", "--ballots", "6", "--agent", "R. Agent",
    )  # fmt: skip
    assert code == 0, err
    journal, session = session_on(path)
    try:
        for call in (F, F, A, A, C, C):
            session.record(call)
    finally:
        journal.close()
    assert station("sign", path)[0] == 0
    assert station("decide", path, "--open", "1,2", "--by", "RD")[0] == 0
    journal, session = session_on(path)
    try:
        session.record(F)
        session.record(A)
    finally:
        journal.close()
    assert station("sign", path, "--observer", "Union:U. Obs")[0] == 0
    folder = tmp_path / "out"
    assert station("export", path, "--out", folder)[0] == 0
    assert station("verify", folder, "--key", station("key")[1].strip())[0] == 0
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    assert sheet["parties"] == [
        {"role": "Employer", "name": "Acme"},
        {"role": "Petitioner", "name": "J. Worker"},
        {"role": "Union", "name": "Local 1"},
    ]
    assert "columns" in sheet
