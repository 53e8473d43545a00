"""Every figure a signed sheet states adds up with every other, for every kind of election.

A sheet whose figures contradict each other is worthless however well it is signed: each
kind Station makes is counted here through its session (challenges, a decision, the
revised count where the kind has one), and every sheet signed on the way is held to the
arithmetic a reader would check with a pencil: lines 5 and 7 of every column, the four
columns of a revised tally, "N of M" against the box and the lines, a mixed election's
"counted together" against the box, the voting groups against the whole and each pooled
unit against its groups, and line 6 against the challenges left unresolved.
"""

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call, SheetKind
from station.domain.envelope_parties import stage_line
from station.domain.envelopes import Ruling, counted_together_statement, opened_of
from station.domain.tally_form import per_union_numbers
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import station
from tests.mail.helpers import groups_counted, groups_decided

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
SUMMED = ("2", "3", "4", "5", "6", "7")

Count = Callable[[Path], None]


def session(path: Path) -> CountSession:
    return CountSession.resume(Journal.open(path), keep=0)


def counting(*steps: Callable[[CountSession], object]) -> Count:
    """Each step on a session of the file, the journal closed after each."""

    def count(path: Path) -> None:
        for step in steps:
            now = session(path)
            try:
                step(now)
            finally:
                now.journal.close()

    return count


def calls(*made: Call, **detail: Any) -> Callable[[CountSession], None]:
    def record(now: CountSession) -> None:
        for call in made:
            now.record(call, **detail)

    return record


def sign(now: CountSession) -> None:
    prepare_sheet(now, FINAL, key_fingerprint=key_for_signing().fingerprint)


def decide(opened: list[int], sustained: list[int] = []) -> Callable[[CountSession], None]:  # noqa: B006
    return lambda now: now.decide(opened, sustained, "Regional Director")


def envelopes(*rulings: tuple[str, Ruling]) -> Callable[[CountSession], None]:
    def rule(now: CountSession) -> None:
        for voter, ruling in rulings:
            now.rule_envelope(ruling, voter)
        now.end_envelopes()

    return rule


def new(*args: str, voters: int = 0) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        extra: list[str | Path] = []
        if voters:
            listed = path.parent / "voters.csv"
            listed.write_text(
                "id,name\n" + "".join(f"{100 + n},Voter {n}\n" for n in range(voters)),
                encoding="utf-8",
            )
            extra = ["--mail", "--voters", listed]
        made = station(
            "new", path, "--case", args[0], "--employer", "Acme", "--pile", "0", *extra,
            *args[1:],
        )  # fmt: skip
        assert made.returncode == 0, made.stderr

    return make


GROUPS = ["--group", "A=Professional employees", "--group", "B=Nonprofessional employees"]
SONOTONE = [*GROUPS, "--eligible", "A=9", "--eligible", "B=12", "--sonotone", "A"]
# Five accepted, five at the polls, one challenged (at the polls, in an envelope).
MIXED = [(str(100 + n), Ruling.ACCEPTED) for n in range(5)] + [
    *((str(105 + n), Ruling.AT_POLLS) for n in range(5)),
    ("110", Ruling.CHALLENGED),
]
MAIL = [(str(100 + n), Ruling.ACCEPTED) for n in range(7)] + [
    ("107", Ruling.CHALLENGED), ("108", Ruling.CHALLENGED), ("109", Ruling.VOID),
    ("110", Ruling.LATE),
]  # fmt: skip
ONE_TO_FOUR = (F, A, F, V, A, F, A, F)  # 4 FOR, 3 AGAINST, 1 void

KINDS: dict[str, tuple[Callable[[Path], None], Count]] = {
    "one union, revised": (
        new("10-RC-000041", "--union", "Local 7", "--eligible", "14", "--ballots", "11"),
        counting(calls(*ONE_TO_FOUR, C, C, C), sign, decide([1, 2], [3]), calls(A, A), sign),
    ),
    "RD": (
        new("10-RD-000042", "--petitioner", "J. Worker", "--union", "Local 7", "--eligible", "9"),
        counting(calls(*ONE_TO_FOUR, C), sign),
    ),
    "RM": (
        new("10-RM-000043", "--union", "Local 7", "--eligible", "9"),
        counting(calls(*ONE_TO_FOUR, C), sign),
    ),
    "several unions, revised": (
        new(
            "10-RC-000044",
            "--union",
            "Machinists",
            "--intervenor",
            "Carpenters",
            "--eligible",
            "20",
        ),
        counting(
            calls(F, F, F, choice=1),
            calls(F, F, choice=2),
            calls(A, A, V, C, C),
            sign,
            decide([1, 2]),
            calls(F, choice=2),
            calls(A),
            sign,
        ),
    ),
    "a table": (
        new("10-RC-000045", "--union", "Local 7", "--eligible", "12", "--table", "3"),
        counting(calls(*ONE_TO_FOUR, C, C), sign),
    ),
    "mail, revised": (
        new("10-RC-000046", "--union", "Local 7", voters=12),
        counting(
            envelopes(*MAIL), calls(F, F, F, F, A, A, A, V), sign, decide([1], [2]), calls(A), sign
        ),
    ),
    "mail and polls, revised": (
        new("10-RC-000040", "--union", "Union", "--polls", voters=12),
        counting(
            envelopes(*MIXED),
            calls(F, F, F, F, F, A, A, A, A, V),
            sign,
            decide([1]),
            calls(F),
            sign,
        ),
    ),
    "voting groups": (
        new(
            "10-RC-000047",
            "--union",
            "Nurses United",
            *GROUPS,
            "--eligible",
            "A=8",
            "--eligible",
            "B=10",
        ),
        counting(calls(F, F, A, C, group="A"), calls(F, A, A, V, C, group="B"), sign),
    ),
    "self-determination": (
        new(
            "10-RC-000049",
            "--union",
            "Nurses United",
            "--group",
            "A=Technical employees",
            "--self-determination",
            "A",
            "--eligible",
            "A=9",
        ),
        counting(calls(F, F, F, A, A, V, C, group="A"), sign),
    ),
    "mail and voting groups, revised": (groups_counted, groups_decided),
    "Sonotone, revised": (
        new("10-RC-000048", "--union", "Nurses United", *SONOTONE),
        counting(
            calls(F, F, inclusion="yes", group="A"),
            calls(A, inclusion="no", group="A"),
            calls(C, group="A"),
            calls(F, F, A, A, V, C, group="B"),
            sign,
            decide([1, 2]),
            calls(A, inclusion="yes", group="A"),
            calls(A, group="B"),
            sign,
        ),
    ),
}


def signed_sheets(path: Path) -> list[dict[str, Any]]:
    """The facts of every sheet signed in the file, oldest first."""
    with Journal.open(path) as journal:
        return [
            dict(record.event().detail or {})
            for record in journal.records()
            if record.event().action is Action.SIGN
        ]


def assert_lines_add_up(lines: Mapping[str, Any], where: str) -> None:
    """Lines 5 and 7 of one column, line 3 of a ballot of several unions, none negative."""
    unions = per_union_numbers(lines)
    if unions:
        assert lines["3"] == sum(lines[n] for n in unions), f"{where}: line 3 is 3a + 3b + …"
    assert lines["5"] == lines["3"] + lines.get("4", 0), f"{where}: line 5 is lines 3 + 4"
    assert lines["7"] == lines["5"] + lines["6"], f"{where}: line 7 is lines 5 + 6"
    assert all(lines[n] >= 0 for n in SUMMED if n in lines), f"{where}: a figure below zero"


def assert_columns_add_up(columns: Mapping[str, Mapping[str, Any]], where: str) -> None:
    """A revised tally's four columns: each adds up, and the middle two take the first
    to the last line by line."""
    for name in ("original", "final"):
        assert_lines_add_up(columns[name], f"{where}, {name} column")
    for line in SUMMED:
        moved = columns["challenged_counted"][line] + columns["set_aside"][line]
        assert columns["original"][line] + moved == columns["final"][line], (
            f"{where}: line {line} of the original column and the two middle ones"
            " are not the final column"
        )


def assert_tally_adds_up(tally: Mapping[str, Any], where: str) -> None:
    assert_lines_add_up(tally["lines"], where)
    if "columns" in tally:
        assert_columns_add_up(tally["columns"], where)
        assert tally["columns"]["final"] == {
            n: v for n, v in tally["lines"].items() if n in tally["columns"]["final"]
        }, f"{where}: the final column is not the tally's lines"


def assert_sheet_adds_up(sheet: Mapping[str, Any], where: str) -> None:
    lines = sheet["lines"]
    assert_tally_adds_up(sheet, where)
    # N of M: no more ballots counted than the box holds, and each one a void, a valid
    # vote or a challenged ballot (line 6 also holds sealed envelopes, never counted).
    assert sheet["ballots"] is None or 0 <= sheet["counted"] <= sheet["ballots"], where
    aside = -sheet["columns"]["set_aside"]["6"] if "columns" in sheet else 0
    assert lines["2"] + lines["5"] <= sheet["counted"] <= lines["2"] + lines["7"] + aside, (
        f"{where}: {sheet['counted']} ballots counted beside lines 2, 5 and 6"
    )
    if "columns" in sheet:  # every challenge decided left line 6; those left open are on it
        assert lines["6"] == len(sheet["unresolved_challenges"]), where
    figures = sheet.get("envelopes")
    if figures is not None:  # the box: the envelopes opened, the polls, the ones decided
        ordered = sheet["ballots"] - opened_of(figures) - figures.get("at_polls", 0)
        assert 0 <= ordered <= figures["challenged"], f"{where}: the box is not the envelopes"
        if "columns" not in sheet:
            assert ordered == 0, f"{where}: no envelope is opened by a decision yet"
        together = counted_together_statement(figures, sheet["ballots"])
        if figures.get("at_polls"):
            stated = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", together)]
            assert sum(stated) == sheet["ballots"], f"{where}: {together!r}"
    groups = sheet.get("groups") or []
    for group in groups:
        assert_tally_adds_up(group, f"{where}, group {group['key']}")
        if "inclusion" in group:  # question 1 is answered on ballots voting on question 2
            answered = group["inclusion"]["yes"] + group["inclusion"]["no"]
            assert answered <= group["lines"]["5"], f"{where}, group {group['key']}"
    if groups:  # the sheet's own lines are the groups together
        for line in SUMMED:
            assert lines[line] == sum(g["lines"][line] for g in groups), f"{where}: line {line}"
    by_key = {group["key"]: group for group in groups}
    for unit in sheet.get("units") or []:
        assert_tally_adds_up(unit, f"{where}, unit {unit['name']}")
        for line in SUMMED:
            assert unit["lines"][line] == sum(by_key[k]["lines"][line] for k in unit["groups"])


@pytest.mark.parametrize("kind", KINDS)
def test_every_figure_on_every_sheet_adds_up(tmp_path: Path, kind: str) -> None:
    make, count = KINDS[kind]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    sheets = signed_sheets(path)
    assert len(sheets) == (2 if "revised" in kind else 1)
    for number, sheet in enumerate(sheets, start=1):
        assert_sheet_adds_up(sheet, f"{kind}, sheet {number}")


def test_a_mixed_revised_sheet_counts_the_opened_envelope_with_the_mail_and_the_polls(
    tmp_path: Path, key: StationKey
) -> None:
    make, count = KINDS["mail and polls, revised"]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    with Journal.open(path) as journal:
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "out", key)
        dashboard = stage_line(journal.restore(trust_snapshots=False))
    assert "Ballots to count: 5 by mail, 5 at the polls, 1 challenged envelope" in dashboard
    words = pdf_words((tmp_path / "out" / "tally.pdf").read_bytes())
    assert "11 of 11 ballots" in words
    assert (
        "Ballots counted together: 5 by mail, 5 at the polls, 1 challenged envelope ordered"
        " opened" in words
    )
    for command in ("tally", "envelopes"):
        out = station(command, path).stdout
        assert "Ballots to count: 5 by mail, 5 at the polls, 1 challenged envelope" in out
