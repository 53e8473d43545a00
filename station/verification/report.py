"""What a verdict on an export says, word for word, wherever it is checked.

`station verify FOLDER` prints these lines, and the observers' page shows the same
ones from the same function: what an observer reads on either is one text, so a
verdict cannot read one way in a terminal and another in a browser.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from station.domain.election_facts import parties_row
from station.domain.group_sheet import units_heading, units_said
from station.domain.statements import accounted_statement, how_many, votes_words
from station.domain.tally_form import FormBallot
from station.verification.export_check import ExportVerdict
from station.verification.signed_note import Vkey
from station.verification.witnessed import (
    FACT as WITNESSED,
)
from station.verification.witnessed import (
    WitnessCheck,
    witnessed_seq,
    witnesses,
)

STEPS = {
    "V1": "the files",
    "V2": "the signature",
    "V3": "the key",
    "V4": "the hashes",
    "V5": "the journal's lines",
    "V6": "the chain",
    "V7": "the sheet event",
    "V8": "the replay",
    "V9": "lines 8-9",
    "V10": "the PDF",
    "V11": "the consolidation",
    "V12": "the tables revised",
    "V13": "the witnessed checkpoint",
    "V14": "the log",
}
"""The steps of docs/format.md's "Checking an export", each by the name a verdict gives it."""

WITNESSES_NOT_CHECKED = (
    "NOT checked against the witnesses' keys; add --witness-key VKEY or --witness-policy FILE"
)
"""What follows the witnesses' cosignatures when no witness key was given, on the command
line and on the observers' pages alike (a page takes no witness key: the command checks
them)."""

NO_LOG = (
    "This export holds no log/ (made before Station 0.3 wrote one): its journal was checked,"
    " but no tlog client can read it and `station prove` cannot prove an event of it"
)
NO_LOG_PICKED = (
    "The files picked hold no log/ (a files picker takes no folder): the journal was"
    " checked, not its log; pick the export's folder to check that too"
)
"""What follows the OK of an intact export without `log/`: V14 was skipped, and what it
would have given (a log any tlog client reads, proofs of events) is not there; on the
observers' page, of files picked without their folder, that they came without it."""

KEY_NOT_CHECKED = " (NOT checked against a fingerprint written down; add --key FINGERPRINT)"
KEY_NOT_TYPED = " (NOT checked against a fingerprint written down: type it above)"
"""What follows the key when no fingerprint was given: on the command line, and on the
observers' pages, where there is no `--key` to add (the field is above the verdict)."""


@dataclass(frozen=True)
class Report:
    """A verdict in words: what goes to the standard output, what to the standard error.

    Attributes:
        ok: the folder is intact (the exit status is 0; 1 otherwise).
        stdout: the lines of an intact folder's verdict ("OK: …", then more).
        stderr: "NOT INTACT: …", or a warning beside an OK (a clock set back).
        given: False when no verdict is given (the exit status is 2), as for a Revised
            Tally of several tables on a page that holds no consolidation.
    """

    ok: bool
    stdout: tuple[str, ...]
    stderr: tuple[str, ...]
    given: bool = True

    @property
    def exit(self) -> int:
        """The exit status `station verify` gives this verdict."""
        if not self.given:
            return 2
        return 0 if self.ok else 1


def export_report(
    verdict: ExportVerdict,
    folder: str,
    not_checked: str = KEY_NOT_CHECKED,
    *,
    witnesses: WitnessCheck | None = None,
    no_log: str = NO_LOG,
) -> Report:
    """`station verify FOLDER`'s words on an export; `folder` as the user gave it;
    `not_checked` after the key when no fingerprint was given (`KEY_NOT_TYPED` on the
    page). `witnesses`: the witnesses' keys asked for (`--witness-key`,
    `--witness-policy`) held to the sheet's cosignatures; an intact export without the
    cosignatures asked for is NOT OK, and nothing of it reads as OK. `no_log`: the line
    after the OK of an export without `log/` (`NO_LOG_PICKED` for files picked alone)."""
    if not verdict.ok or verdict.document is None:
        return Report(False, (), (not_intact_line(folder, verdict.problem, verdict.step),))
    sheet = verdict.document["sheet"]
    if witnesses is not None and not witnesses.ok:
        return Report(False, (), (witnesses_refused_line(folder, sheet, witnesses),))
    said = [
        f"OK: {folder}: {verdict.title} tally of case {sheet['case']},"
        f" {sheet['employer']} / {parties_row(sheet)[1]}: {_figures_words(sheet)}",
        f"Every line and the PDF match the journal at event {verdict.head_seq:,},"
        f" head {verdict.head_hash}; signed by key {verdict.key}"
        + ("" if verdict.key_checked else not_checked),
        *units_said(sheet, FormBallot.of_sheet(sheet)),
        *witnesses_said(sheet, witnesses, WITNESSES_NOT_CHECKED),
        *([no_log] if verdict.checkpoint is None else []),
    ]
    warned = () if verdict.clock_warning is None else (f"warning: {verdict.clock_warning}",)
    return Report(True, tuple(said), warned)


def _figures_words(sheet: Mapping[str, Any]) -> str:
    """The sheet's figures after its OK: its votes, void and challenged ballots; for an
    election of voting groups, which states none together, where each unit's are."""
    if "lines" not in sheet:
        return units_heading(sheet)
    lines = sheet["lines"]
    accounted = accounted_statement(lines, sheet.get("apart"))
    return f"{votes_words(sheet)}, {lines['2']:,} void, {lines['6']:,} challenged." + (
        f" {accounted}" if accounted else ""
    )


def not_intact_line(folder: str, problem: str | None, step: str | None) -> str:
    """ "NOT INTACT: FOLDER: (V6, the chain) journal.jsonl: …": the first thing wrong,
    after the step of docs/format.md that found it (when a step did)."""
    named = "" if step is None else f"({step}, {STEPS[step]}) "
    return f"NOT INTACT: {folder}: {named}{problem}"


def witnesses_said(
    sheet: Mapping[str, Any], checked: WitnessCheck | None, not_checked: str
) -> list[str]:
    """The line on the witnesses' cosignatures of an intact sheet: none without them;
    which keys cosigned when keys were asked for; else that no key was given."""
    if WITNESSED not in sheet:  # keys asked for of such a sheet are refused before this
        return []
    seq = witnessed_seq(sheet[WITNESSED])
    found = witnesses(sheet[WITNESSED])
    named = "; ".join(f"{w.name} (key ID {w.key_id}, {w.utc})" for w in found)
    if checked is None:
        return [
            f"Witnessed to event {seq:,}: {how_many(len(found), 'cosignature')} on the"
            f" sheet's checkpoint, by {named}; {not_checked}"
        ]
    verified = ", ".join(_key_words(vkey) for vkey in checked.verified)
    return [
        f"Witnessed to event {seq:,}: the cosignatures of {verified} verify with the"
        f" witnesses' keys given ({_asked(checked)})"
    ]


def witnesses_refused_line(folder: str, sheet: Mapping[str, Any], checked: WitnessCheck) -> str:
    """ "NOT OK: FOLDER: …": an intact sheet without the cosignatures asked for, naming the
    witnesses' keys missing from its checkpoint and those whose cosignature does not hold."""
    return cosignatures_refused_line(folder, witnessed_seq(sheet.get(WITNESSED)), checked)


def cosignatures_refused_line(what: str, seq: int | None, checked: WitnessCheck) -> str:
    """ "NOT OK: WHAT: …": the checkpoint to event `seq` (None: there is none) of a
    sheet or a proof, without the witnesses' cosignatures asked for."""
    where = "the sheet, which carries none" if seq is None else f"its checkpoint (event {seq:,})"
    said = [f"the witnesses' cosignatures asked for are not on {where} ({_asked(checked)})"]
    if checked.missing:
        said.append(f"no cosignature by {', '.join(_key_words(v) for v in checked.missing)}")
    if checked.failed:
        said.append(
            f"the cosignature by {', '.join(_key_words(v) for v in checked.failed)} does not verify"
        )
    return f"NOT OK: {what}: {'; '.join(said)}"


def _asked(checked: WitnessCheck) -> str:
    """ "2 of 3 verify, 2 needed" """
    asked = len(checked.verified) + len(checked.missing) + len(checked.failed)
    return f"{len(checked.verified)} of {asked} verify, {checked.quorum} needed"


def _key_words(vkey: Vkey) -> str:
    return f"{vkey.name} (key ID {vkey.key_id.hex()})"
