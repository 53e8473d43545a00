"""The words the Board's form adds to a sheet, from its facts (`tally.json`'s `sheet`).

Written once for the page that draws them (`pdf.py`) and the check that reads them back
(`pdf_text.py`), which needs no Qt: the type of election, the date issued, the
election a rerun reruns, when objections are due, and a corrected tally's reason and
the figures it replaces.
"""

from collections.abc import Mapping
from datetime import date
from typing import Any

from station.domain.choices import ElectionType
from station.domain.election_statements import (
    held_again_kind,
    held_again_statement,
    runoff_of_statement,
)
from station.domain.objections import prepared_day
from station.domain.result_statements import date_words, objections_statement
from station.domain.table_statements import revised_of_tables_statement
from station.domain.tally_form import FormBallot
from station.domain.text import full_sentence

FOR_THE_REGIONAL_DIRECTOR = "For the Regional Director"
SERVICE_ACKNOWLEDGED = "The undersigned acknowledge service of this tally."


def type_words(sheet: Mapping[str, Any]) -> str:
    """ "Stipulated", "Consent — runoff": the type of election as the sheet says it, the
    kind of election qualifying it. A runoff, rerun, further or third election is no type
    (the types are consent, stipulated, directed, …): with no type given at `station new`
    there is none to print ("" ), and the caption names the kind of election."""
    given = sheet.get("type")
    if not isinstance(given, str):
        return ""
    words = [ElectionType(given).words]
    if sheet.get("runoff_of"):
        words.append("runoff")
    first = sheet.get("rerun_of")
    if isinstance(first, dict):
        words.append(held_again_kind(first).removesuffix(" election"))
    text = " \u2014 ".join(words)
    return text[0].upper() + text[1:]


def issued_words(sheet: Mapping[str, Any]) -> str:
    """The day the tally issued: the day it was prepared, at the station."""
    day = prepared_day(str(sheet.get("prepared", "")))
    return "" if day is None else date_words(day)


def objections_words(sheet: Mapping[str, Any]) -> str:
    """When objections are due, for a sheet that states it ("" otherwise); on a revised
    tally, when they ran from the tally of ballots."""
    return objections_statement(sheet) or ""


def runoff_words(sheet: Mapping[str, Any]) -> str:
    """ "Runoff of the election of DATE, case N", for a runoff's sheet ("" otherwise)."""
    if not isinstance(sheet.get("runoff_of"), str):
        return ""
    date = sheet.get("runoff_date")
    return runoff_of_statement(str(sheet["case"]), date if isinstance(date, str) else None)


def revised_of_tables_words(sheet: Mapping[str, Any]) -> str:
    """What a revised count of a count at several tables revises ("" for any other)."""
    consolidation = sheet.get("revised_of_tables")
    if not isinstance(consolidation, str):
        return ""
    # The consolidated tally's day: the one objections ran from (*Remington Rand*).
    day = sheet.get("objections_from")
    prepared = date_words(date.fromisoformat(day)) if isinstance(day, str) else None
    return revised_of_tables_statement(str(sheet["case"]), prepared)


def rerun_words(sheet: Mapping[str, Any]) -> str:
    """ "Rerun of the election of DATE, case N" (or a further election's, a second
    rerun's line), for the sheet of an election held again ("" otherwise)."""
    first = sheet.get("rerun_of")
    return held_again_statement(first) if isinstance(first, dict) else ""


def election_words(sheet: Mapping[str, Any]) -> str:
    """ "representation election", "deauthorization election" (a UD case),
    "runoff election" (29 CFR 102.70), "rerun election", "third election", "further
    election": beside the Board's name."""
    first = sheet.get("rerun_of")
    if isinstance(first, dict):
        return held_again_kind(first)
    if sheet.get("runoff_of"):
        return "runoff election"
    return kind_of_election(FormBallot.of_sheet(sheet).majority_of_eligible)


def kind_of_election(deauthorization: bool) -> str:
    """What a first election is, beside the Board's name: a UD case's asks whether a
    union's authority to make a union-security agreement is rescinded, not who
    represents the employees."""
    return "deauthorization election" if deauthorization else "representation election"


def correction_words(sheet: Mapping[str, Any]) -> str:
    """Why a corrected tally's count was reopened, as given at the reopening."""
    correction = sheet.get("correction")
    if not isinstance(correction, dict) or not correction.get("reason"):
        return ""
    return f"The count was reopened because: {full_sentence(str(correction['reason']))}"


def replaced_heading(sheet: Mapping[str, Any]) -> str:
    """Above the figures a corrected tally replaces: the sheet they were on."""
    return f"Replaces (event {sheet['supersedes']['seq']:,})"


def replaced_words(sheet: Mapping[str, Any], number: str) -> str:
    """Beside a line a corrected tally changed: the figure it replaces ("" if unchanged)."""
    correction = sheet.get("correction")
    replaces = correction.get("replaces") if isinstance(correction, dict) else None
    if not isinstance(replaces, dict) or number not in replaces:
        return ""
    return f"was {replaces[number]:,}"


def replaced_sentence(sheet: Mapping[str, Any]) -> str:
    """A corrected tally in columns (after a decision): the figures it replaces, in one
    sentence under the lines ("" when no line changed)."""
    correction = sheet.get("correction")
    replaces = correction.get("replaces") if isinstance(correction, dict) else None
    if not isinstance(replaces, dict) or not replaces:
        return ""
    figures = "; ".join(f"line {number} was {value:,}" for number, value in replaces.items())
    return f"{replaced_heading(sheet)}: {figures}."
