"""Consolidating every kind of sheet: RD and RM, several unions, mail ballots; and the
revised tally, which is never consolidated (its opened ballots are the election's,
counted once, never table by table)."""

import dataclasses
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call, ElectionSetup
from station.domain.choices import Ballot, CaseKind
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.domain.result_statements import RUNOFF_CONDITION
from station.domain.voters import VoterList
from station.journal import Journal
from station.journal.session import CountSession, Refused
from station.sheet.consolidate import consolidate
from station.sheet.keys import StationKey, key_for_signing
from station.sheet.verify_consolidation import verify_consolidation
from station.verification.pdf_text import pdf_words
from tests.tables.helpers import (
    EMPLOYER,
    MAIL,
    SEVERAL,
    VOTERS,
    Script,
    calls,
    changed_sum,
    envelopes,
    refused,
    run,
    sign_and_export,
    table,
)

pytestmark = pytest.mark.long  # tables signed and consolidated by the command: seconds

RD = ElectionSetup(
    case_number="10-RD-123456",
    employer=EMPLOYER,
    union="Local 17",
    eligible=40,
    pile=0,
    choices=Ballot(CaseKind.RD, EMPLOYER, ("Local 17",), petitioner="J. Worker"),
)


def consolidated(
    capsys: pytest.CaptureFixture[str], out: Path, *exports: Path
) -> dict[str, object]:
    code, printed, err = run(capsys, "consolidate", "--out", out, *exports, "--json")
    assert code == 0, err
    summary: dict[str, object] = json.loads(printed)
    return summary


def tally_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code, printed, err = run(capsys, "tally", path, "--json")
    assert code == 0, err
    result: dict[str, object] = json.loads(printed)
    return result


# 1. RD and RM ----------------------------------------------------------------------


def test_an_rd_election_names_the_parties_by_role(
    qapp: object, key: StationKey, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    exports = [
        table(tmp_path, RD, "1", calls("FFAAAV"), key),
        table(tmp_path, RD, "2", calls("FAAC"), key),
    ]
    out = tmp_path / "rd"
    summary = consolidated(capsys, out, *exports)
    assert summary["kind"] == "RD"
    assert summary["parties"] == [
        {"role": "Employer", "name": EMPLOYER},
        {"role": "Petitioner", "name": "J. Worker"},
        {"role": "Union", "name": "Local 17"},
    ]
    assert (summary["for"], summary["against"], summary["challenged"]) == (3, 5, 1)
    by_party = summary["challenges_by_party"]
    assert isinstance(by_party, dict) and "petitioner" not in by_party  # "union" in RD
    document = json.loads((out / "tally.json").read_bytes())
    assert document["parties"] == summary["parties"]
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "For the Union (Local 17)" in words and "For the Petitioner (J. Worker)" in words
    assert "Petitioner (Local 17)" not in words and "the Petitioner (Local 17)" not in words
    assert verify_consolidation(out, expected_key=key_for_signing().fingerprint).ok
    problem = changed_sum(
        out, key_for_signing(), lambda d: d["parties"][2].update(role="Petitioner"), capsys
    )  # type: ignore[index]
    assert problem == "tally.json: its parties is not what the tables' sheets give"


def test_tables_must_agree_on_the_kind_and_the_parties(
    qapp: object, key: StationKey, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    one = table(tmp_path, RD, "1", calls("FA"), key)
    other_ballot = dataclasses.replace(
        RD, choices=Ballot(CaseKind.RD, EMPLOYER, ("Local 17",), petitioner="K. Other")
    )
    other = table(tmp_path, other_ballot, "2", calls("AA"), key)
    err = refused(capsys, tmp_path / "out", one, other)
    assert "Table 2 is not a table of the same count" in err and "its parties are" in err
    assert "K. Other (Petitioner)" in err


def test_an_rm_election_names_the_employer_petitioner(
    qapp: object, key: StationKey, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    rm = dataclasses.replace(RD, case_number="10-RM-000099", choices=None)

    def settled(session: CountSession) -> None:
        """A challenge sustained by agreement at the table: counted, on no line."""
        challenge = session.record(Call.CHALLENGE).event.seq
        calls("AAF")(session)
        session.settle(challenge, "sustained")

    exports = [
        table(tmp_path, dataclasses.replace(rm, ballots=3), "1", calls("FFA"), key),
        table(tmp_path, dataclasses.replace(rm, ballots=4), "2", settled, key),
    ]
    out = tmp_path / "rm"
    summary = consolidated(capsys, out, *exports)
    assert summary["kind"] == "RM" and summary["parties"] == [
        {"role": "Employer-Petitioner", "name": EMPLOYER},
        {"role": "Union", "name": "Local 17"},
    ]
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "For the Employer-Petitioner" in words and "For the Union (Local 17)" in words
    # 7 ballots handled, none left in the boxes: the sustained one is counted, on no line.
    assert (summary["counted"], summary["challenged"], summary["remaining"]) == (7, 0, 0)


# 2. Several unions -------------------------------------------------------------------


@pytest.fixture(scope="module")
def several(qapp: object, folder: Path, key: StationKey) -> list[Path]:
    """Machinists win Table 1 outright and Neither wins Table 2; summed, no choice has a
    majority: 5 Machinists, 2 Carpenters, 5 Neither is a runoff, which neither table says."""
    return [
        table(folder, SEVERAL, "1", calls("11111" + "2"), key),
        table(folder, SEVERAL, "2", calls("2" + "AAAAA"), key),
    ]


def test_several_unions_are_summed_by_choice_and_the_runoff_is_computed_on_the_sums(
    several: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], key: StationKey
) -> None:
    firsts = [json.loads((e / "tally.json").read_bytes())["sheet"] for e in several]
    assert [s["majority_for"] for s in firsts] == ["Machinists", "Neither"]  # each table's own
    out = tmp_path / "several"
    summary = consolidated(capsys, out, *several)
    assert summary["choices"] == [
        {"name": "Machinists", "votes": 5},
        {"name": "Carpenters", "votes": 2},
        {"name": "Neither", "votes": 5},
    ]
    assert summary["majority_for"] is None
    assert summary["runoff"] == {"between": ["Machinists", "Neither"]}
    assert summary["rerun"] is False and summary["majority_for_union"] is False
    statements = summary["statements"]
    assert isinstance(statements, dict)
    assert (
        statements["runoff"] == "No choice has a majority — runoff between Machinists and Neither"
        ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a))."
    )
    # The same keys as `station tally --json` gives for such a ballot, plus `tables`.
    path = tmp_path / "single.station"
    Journal.create(path, SEVERAL)
    assert set(summary) == set(tally_json(capsys, path)) | {"tables"}
    document = json.loads((out / "tally.json").read_bytes())
    assert (document["lines"]["3a"], document["lines"]["3b"], document["lines"]["4"]) == (5, 2, 5)
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "3a. Number of votes cast for Machinists 5" in words
    assert "3b. Number of votes cast for Carpenters 2" in words
    assert "runoff between Machinists and Neither" in words
    assert "For the Intervenor (Carpenters)" in words
    verdict = verify_consolidation(out, expected_key=key_for_signing().fingerprint)
    assert verdict.ok, verdict.problem
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "said", *several)
    assert code == 0, err
    assert "Votes for Carpenters:                  2" in printed
    assert "runoff between Machinists and Neither, held if no objections are filed" in printed
    code, printed, err = run(capsys, "verify", tmp_path / "said")
    assert code == 0 and "5 Machinists, 2 Carpenters, 5 Neither, 0 void" in printed, err


@pytest.fixture(scope="module")
def several_out(several: list[Path], folder: Path, key: StationKey) -> Path:
    """The consolidation of the two tables of several unions, signed by `key`."""
    out = folder / "several-consolidated"
    consolidate(several, out, key)
    return out


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d["lines"].update({"3a": 6}), "tally.json: line 3a (Number of votes cast"),
        (lambda d: d.update(runoff=None), "tally.json: its runoff is not what the tables"),
        (lambda d: d.update(majority_for="Machinists"), "tally.json: its majority_for is not"),
    ],
)
def test_verify_catches_a_changed_choice_sum(
    several_out: Path, tmp_path: Path, key: StationKey,
    change: Callable[[dict[str, object]], None], named: str,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    out = tmp_path / "several"
    shutil.copytree(several_out, out)
    assert changed_sum(out, key, change, capsys).startswith(named)


def _without_condition(document: dict[str, Any]) -> None:
    """The runoff's sentence as Station 0.2.0 worded it, without its condition."""
    document["statements"]["runoff"] = document["statements"]["runoff"].replace(
        RUNOFF_CONDITION, ""
    )


def test_a_runoff_sentence_without_its_condition_is_not_intact(
    several_out: Path, tmp_path: Path, key: StationKey, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "several"
    shutil.copytree(several_out, out)
    named = changed_sum(out, key, _without_condition, capsys)
    assert named == "tally.json: its statements is not what the tables' sheets give"


# 3. Mail ballots ---------------------------------------------------------------------


def test_mail_tables_sum_their_envelopes(
    qapp: object, key: StationKey, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    exports = [
        table(tmp_path, MAIL, "1", envelopes("012", "FFA", challenged="3"), key, VOTERS),
        table(tmp_path, MAIL, "2", envelopes("45", "AV"), key, VOTERS),
    ]
    out = tmp_path / "mail"
    summary = consolidated(capsys, out, *exports)
    assert summary["envelopes"] == {
        "returned": 6, "accepted": 5, "challenged": 1, "void": 0, "late": 0,
    }  # fmt: skip
    # The ballots to count are the envelopes accepted; line 6 holds the sealed envelope.
    assert summary["ballots"] == summary["counted"] == 5
    assert (summary["for"], summary["against"], summary["void"], summary["challenged"]) == (
        2, 2, 1, 1,
    )  # fmt: skip
    assert summary["stage"] == "ballots"
    rows = summary["tables"]
    assert isinstance(rows, list) and [row["envelopes"]["accepted"] for row in rows] == [3, 2]
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert (
        "Envelopes returned 6 Accepted and opened 5 Challenged (sealed) 1 Void 0"
        " Late (not opened) 0 1. Approximate number of eligible voters 6"
    ) in words
    assert "envelopes: 4 returned, 3 accepted, 1 challenged, 0 void, 0 late" in words
    assert verify_consolidation(out, expected_key=key_for_signing().fingerprint).ok
    problem = changed_sum(
        out, key_for_signing(), lambda d: d["envelopes"].update(accepted=6), capsys
    )  # type: ignore[union-attr]
    assert problem == "tally.json: its envelopes is not what the tables' sheets give"


def test_mail_tables_sum_their_envelopes_ruled_void_on_line_2(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each table's envelope ruled void is on its line 2 (docs/rules.md, "Mail
    ballots"), never among its ballots counted; the consolidation sums both."""
    rules = dataclasses.replace(MAIL, mail_rules=MAIL_RULES)

    def one_void(accepted: str, void: str, then: str) -> Callable[[CountSession], None]:
        def run_mail(session: CountSession) -> None:
            session.rule_envelope(Ruling.VOID, voter=str(100 + int(void)))  # unsigned
            envelopes(accepted, then)(session)

        return run_mail

    exports = [
        table(tmp_path, rules, "1", one_void("01", "2", "FA"), key, VOTERS),
        table(tmp_path, rules, "2", one_void("3", "4", "A"), key, VOTERS),
    ]
    out = tmp_path / "mail"
    summary = consolidated(capsys, out, *exports)
    assert (summary["void"], summary["counted"], summary["ballots"]) == (2, 3, 3)
    document = json.loads((out / "tally.json").read_bytes())
    assert [document["lines"][n] for n in "234567"] == [2, 1, 2, 3, 0, 3]
    assert verify_consolidation(out, expected_key=key_for_signing().fingerprint).ok


def test_mail_tables_under_the_mail_rules_sum_their_late_envelopes_into_the_box(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = dataclasses.replace(MAIL, mail_rules=MAIL_RULES)

    def late(voter: str) -> Script:
        def run(session: CountSession) -> None:
            session.rule_envelope(Ruling.LATE, voter=voter)
            envelopes("", "F")(session)

        return run

    exports = [
        table(tmp_path, rules, "1", late("100"), key, VOTERS),
        table(tmp_path, rules, "2", late("101"), key, VOTERS),
    ]
    out = tmp_path / "mail"
    summary = consolidated(capsys, out, *exports)
    assert summary["envelopes"] == {
        "returned": 2, "accepted": 0, "challenged": 0, "void": 0, "late": 2,
        "replacements": 0, "at_polls": 0, "after_tally": 0,
    }  # fmt: skip
    assert summary["ballots"] == summary["counted"] == 2
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "Received after the due date (counted) 2" in words
    assert "1 received after the due date (counted)" in words
    assert verify_consolidation(out, expected_key=key_for_signing().fingerprint).ok


def test_a_voters_envelope_accepted_at_two_tables_is_refused(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = table(tmp_path, MAIL, "1", envelopes("01", "FA"), key, VOTERS)
    two = table(tmp_path, MAIL, "2", envelopes("12", "AA"), key, VOTERS)  # voter 101 again
    err = refused(capsys, tmp_path / "out", one, two)
    assert "envelope was accepted at Table 1 (event" in err and "again at Table 2" in err
    assert "two ballots of one voter would be counted" in err


def test_mail_tables_must_share_the_voter_list(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = table(tmp_path, MAIL, "1", envelopes("01", "FA"), key, VOTERS)
    fewer = VoterList.of(VOTERS.voters[3:], ())
    two = table(tmp_path, MAIL, "2", envelopes("", ""), key, fewer)
    err = refused(capsys, tmp_path / "out", one, two)
    assert "its voter list is another" in err


def test_mail_tables_must_share_the_mail_rules_and_count_a_late_envelope_once(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = dataclasses.replace(MAIL, mail_rules=MAIL_RULES)
    one = table(tmp_path, MAIL, "1", envelopes("01", "FA"), key, VOTERS)
    two = table(tmp_path, rules, "2", envelopes("2", "A"), key, VOTERS)
    assert "its envelopes are ruled by the earlier mail rules" in refused(
        capsys, tmp_path / "out", two, one
    )

    def late(session: CountSession) -> None:
        session.rule_envelope(Ruling.LATE, voter="100")
        envelopes("", "F")(session)

    three = table(tmp_path, rules, "3", late, key, VOTERS)
    four = table(tmp_path, rules, "4", envelopes("0", "A"), key, VOTERS)  # voter 100 again
    err = refused(capsys, tmp_path / "out2", three, four)
    assert "two ballots of one voter would be counted" in err


# 4. Revised tallies ------------------------------------------------------------------


def test_a_revised_tally_is_refused_in_its_own_words(
    qapp: object, key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.domain import SheetKind
    from tests.tables.helpers import TABLE_SETUP

    one = table(tmp_path, TABLE_SETUP, "1", calls("FFA"), key)
    path = tmp_path / "revised.station"
    Journal.create(path, dataclasses.replace(TABLE_SETUP, table="2"))
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        calls("CFA")(session)
    sign_and_export(path, tmp_path / "first", key, SheetKind.FINAL)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        # A table's challenges are no longer decided table by table (session.decide
        # refuses); a file of the version before, which allowed it, is made here.
        with pytest.raises(Refused):
            session.decide([1], [], "Regional Director, Region 29")
        detail = {"open": [1], "sustain": [], "by": "Regional Director, Region 29"}
        session.commit(Action.DECIDE, None, None, detail)
        session.record(Call.FOR)
    revised = sign_and_export(path, tmp_path / "revised", key)
    assert "columns" in json.loads((revised / "tally.json").read_bytes())["sheet"]
    err = refused(capsys, tmp_path / "out", one, revised)
    assert "is a Revised Tally of Ballots; a revised tally is not consolidated" in err


def test_a_runoff_and_a_rerun_follow_a_count_at_several_tables(
    several: list[Path], several_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    key: StationKey,
) -> None:  # fmt: skip
    """The JFK8 shape as a new user tries it: the runoff of the tables together is made
    from their consolidation (verified whole, with every table), never from one table."""
    words = pdf_words((several_out / "tally.pdf").read_bytes())  # the tally served
    assert "Board agent \u2014 For the Regional Director" in words
    assert "For the Intervenor (Carpenters), date" in words
    runoff = tmp_path / "runoff.station"
    tables_key = ("--key", key.fingerprint)  # the tables' stations' key, not this one's
    code, _, err = run(capsys, "new", runoff, "--runoff-of", several_out, *tables_key)
    assert code == 0, err
    summary = json.loads(run(capsys, "tally", runoff, "--json")[1])
    assert summary["table"] is None and summary["case"] == "10-RC-000017"
    assert summary["union"] == "Machinists"  # Machinists against Neither (5 and 5 of 12)
    assert str(summary["runoff_of"]).startswith("tables ")
    rerun = tmp_path / "rerun.station"
    code, _, err = run(capsys, "new", rerun, "--rerun-of", several_out, *tables_key)
    assert code == 0, err
    summary = json.loads(run(capsys, "tally", rerun, "--json")[1])
    assert summary["rerun_of"]["head"].startswith("tables ")
    assert [c["name"] for c in summary["choices"]] == ["Machinists", "Carpenters", "Neither"]
    # One table's export: refused, pointing at the consolidation.
    one = tmp_path / "one.station"
    code, _, err = run(capsys, "new", one, "--runoff-of", several[0], *tables_key)
    assert code == 2 and "station consolidate" in err and "intact" not in err


def test_a_damaged_consolidation_is_named_as_one(
    several_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "damaged"
    shutil.copytree(several_out, damaged)
    tally = damaged / "tables" / "table-1" / "tally.json"
    tally.write_bytes(tally.read_bytes().replace(b'"votes":5', b'"votes":6', 1))
    code, _, err = run(capsys, "new", tmp_path / "r.station", "--runoff-of", damaged)
    assert code == 2 and len(err.splitlines()) == 1
    assert "is not an intact consolidation" in err and "export-v1" not in err
    assert not (tmp_path / "r.station").exists()
