"""What a verdict on an export says, word for word, wherever it is checked.

`station verify FOLDER` prints these lines, and the observers' page shows the same
ones from the same function: what an observer reads on either is one text, so a
verdict cannot read one way in a terminal and another in a browser.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from station.domain.election_facts import parties_row
from station.domain.group_sheet import stated_unit_lines
from station.domain.group_statements import GROUPS_SUMMED_ABOVE
from station.domain.statements import accounted_statement, how_many
from station.domain.tally_form import FormBallot
from station.verification.export_check import ExportVerdict

KEY_NOT_CHECKED = " (NOT checked against a fingerprint written down; add --key FINGERPRINT)"


@dataclass(frozen=True)
class Report:
    """A verdict in words: what goes to the standard output, what to the standard error.

    Attributes:
        ok: the folder is intact (the exit status is 0; 1 otherwise).
        stdout: the lines of an intact folder's verdict ("OK: …", then more).
        stderr: "NOT INTACT: …", or a warning beside an OK (a clock set back).
    """

    ok: bool
    stdout: tuple[str, ...]
    stderr: tuple[str, ...]

    @property
    def exit(self) -> int:
        """The exit status `station verify` gives this verdict."""
        return 0 if self.ok else 1


def export_report(verdict: ExportVerdict, folder: str) -> Report:
    """`station verify FOLDER`'s words on an export; `folder` as the user gave it."""
    if not verdict.ok or verdict.document is None:
        return Report(False, (), (not_intact_line(folder, verdict.problem),))
    sheet = verdict.document["sheet"]
    lines = sheet["lines"]
    accounted = accounted_statement(lines, sheet.get("apart"))
    said = [
        f"OK: {folder}: {verdict.title} tally of case {sheet['case']},"
        f" {sheet['employer']} / {parties_row(sheet)[1]}: {votes_words(sheet)},"
        f" {lines['2']:,} void, {lines['6']:,} challenged."
        + (f" {accounted}" if accounted else ""),
        f"Every line and the PDF match the journal at event {verdict.head_seq:,},"
        f" head {verdict.head_hash}; signed by key {verdict.key}"
        + ("" if verdict.key_checked else KEY_NOT_CHECKED),
        *unit_lines(sheet, FormBallot.of_sheet(sheet)),
    ]
    warned = () if verdict.clock_warning is None else (f"warning: {verdict.clock_warning}",)
    return Report(True, tuple(said), warned)


def not_intact_line(folder: str, problem: str | None) -> str:
    """ "NOT INTACT: FOLDER: journal.jsonl: …": the first thing wrong."""
    return f"NOT INTACT: {folder}: {problem}"


def votes_words(sheet: Mapping[str, Any]) -> str:
    """ "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions)."""
    choices = sheet.get("choices")
    if isinstance(choices, list):
        return ", ".join(f"{choice['votes']:,} {choice['name']}" for choice in choices)
    lines = sheet["lines"]
    assert isinstance(lines, dict)
    return f"{lines['3']:,} FOR, {lines['4']:,} AGAINST"


def unit_lines(sheet: Mapping[str, Any], ballot: FormBallot) -> list[str]:
    """After a verdict's OK lines, where a sheet's voting groups decide several units
    apart: each unit's figures and result (the OK line's figures are the groups' sums,
    which decide none of them). Nothing otherwise."""
    units = stated_unit_lines(sheet, ballot)
    if not units:
        return []
    heading = f"{how_many(len(units), 'unit')}, each decided on its own ({GROUPS_SUMMED_ABOVE}):"
    return [heading, *(f"  {line}" for line in units)]
