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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action
from station.domain.envelope_parties import stage_line
from station.domain.envelopes import counted_together_statement, opened_of
from station.domain.statements import accounted_statement
from station.domain.tally_form import per_union_numbers
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import station
from tests.sheet.kinds_counted_helpers import KINDS, SUMMED


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


def _said(sheet: Mapping[str, Any]) -> str:
    return accounted_statement(sheet["lines"], sheet.get("apart") or {})


def assert_groups_add_up(sheet: Mapping[str, Any], where: str) -> None:
    """A sheet of voting groups: each group's and pooled unit's tally adds up, and the
    sheet states none of the groups together (*Sutherland Paper*, 7-RC-2677)."""
    assert not {"lines", "statements", "columns", "apart"} & set(sheet), where
    assert sheet["ballots"] is None or 0 <= sheet["counted"] <= sheet["ballots"], where
    groups = sheet["groups"]
    for group in groups:
        assert_tally_adds_up(group, f"{where}, group {group['key']}")
        if "inclusion" in group:  # question 1 is answered on ballots voting on question 2
            answered = group["inclusion"]["yes"] + group["inclusion"]["no"]
            assert answered <= group["lines"]["5"], f"{where}, group {group['key']}"
    by_key = {group["key"]: group for group in groups}
    for unit in sheet.get("units") or []:
        assert_tally_adds_up(unit, f"{where}, unit {unit['name']}")
        for line in SUMMED:
            assert unit["lines"][line] == sum(by_key[k]["lines"][line] for k in unit["groups"])


def assert_sheet_adds_up(sheet: Mapping[str, Any], where: str) -> None:
    if sheet.get("groups"):
        assert_groups_add_up(sheet, where)
        return
    lines = sheet["lines"]
    assert_tally_adds_up(sheet, where)
    # N of M: no more ballots counted than the box holds, and each one a void, a valid
    # vote or a challenged ballot (line 6 also holds sealed envelopes, never counted).
    assert sheet["ballots"] is None or 0 <= sheet["counted"] <= sheet["ballots"], where
    # Every ballot counted is on line 2, 5 or 6, or a challenge sustained (on no line);
    # line 6 also holds sealed envelopes and opened ballots not yet called, and line 2 a
    # mail ballot's envelopes ruled void, never counted.
    apart = sheet.get("apart", {})
    challenged = lines["6"] - apart.get("sealed_envelopes", 0) - apart.get("opened_uncounted", 0)
    assert challenged >= 0, f"{where}: line 6 holds fewer than it says apart"
    void = lines["2"] - apart.get("void_envelopes", 0)
    assert void >= 0, f"{where}: line 2 holds fewer than it says apart"
    if figures := sheet.get("envelopes"):  # line 2 holds every envelope ruled void
        assert apart.get("void_envelopes", 0) in (0, figures["void"]), where
        if "after_tally" in figures:
            assert apart.get("void_envelopes", 0) == figures["void"], where
    assert sheet["counted"] == (void + lines["5"] + challenged + apart.get("sustained", 0)), (
        f"{where}: {sheet['counted']} ballots counted are not lines 2, 5 and 6 and the sustained"
    )
    if apart:  # and the sheet says so in words
        said = _said(sheet).removeprefix("Ballots counted: ").split(" = ")[0]
        stated = [int(part.split()[0].replace(",", "")) for part in said.split(" + ")]
        assert sum(stated) == sheet["counted"], f"{where}: {_said(sheet)!r}"
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


@pytest.mark.parametrize("kind", KINDS)
def test_every_figure_on_every_sheet_adds_up(tmp_path: Path, kind: str) -> None:
    make, count = KINDS[kind]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    sheets = signed_sheets(path)
    assert len(sheets) == (2 if "revised" in kind else 1)
    if "interim" in kind:
        assert sheets[0]["kind"] == "interim"
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


def test_station_tally_names_a_challenge_sustained_at_the_table(tmp_path: Path) -> None:
    make, count = KINDS["one union, a challenge sustained at the table"]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    said = station("tally", path).stdout.splitlines()
    assert "Ballots counted:                       10 of 10" in said
    assert "Challenges sustained, never opened:    1" in said


def test_an_interim_sonotone_sheet_leaves_the_pooling_undetermined(
    tmp_path: Path, key: StationKey
) -> None:
    """Question 1 leans yes at the pause, but ballots remain: the signed interim sheet
    pools nothing and says whether the groups are pooled is not yet determined."""
    make, count = KINDS["Sonotone, an interim tally"]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    (sheet,) = signed_sheets(path)
    assert sheet["units"] == []
    with Journal.open(path) as journal:
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "out", key)
    words = pdf_words((tmp_path / "out" / "tally.pdf").read_bytes())
    assert "its votes are pooled with group B, and the unit's tally" not in words
    assert "Unit " not in words
    for group, other in (("A", "B"), ("B", "A")):
        said = (
            f"Not stated for voting group {group}: whether its votes are pooled with group"
            f" {other} is not yet determined: this is an interim tally; the count goes on."
        )
        assert said in words
