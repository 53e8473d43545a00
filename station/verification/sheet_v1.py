"""The text of a `station-tally-v1` sheet: what Station 0.2.0 drew, block by block.

A format once released is never redrawn: this is the page of Station 0.2.0
(`docs/format.md`, "Format versions"), kept as it was so that a sheet it signed keeps
verifying by the same whole comparison as today's (`pdf_text`), never by trying
wordings. It differs from today's page (`sheet_page`) in what it left out: the type,
the unit and the date issued; the runoff's and the rerun's line under the title; the
objections deadline; "For the Regional Director"; the parties' service; a correction's
reason and figures replaced; "N of M"; the set-aside column (three columns); and
`--key FINGERPRINT` in the footer. Line 5 always named line 4 in its sum, and each
party's observers stood under their own heading.
"""

from collections.abc import Mapping
from typing import Any

from station.domain.election import DEMO_CASE
from station.domain.election_facts import parties_row, party_columns
from station.domain.mail_statements import over_accepted_statement
from station.domain.parties import Party
from station.domain.revised_sheet import COLUMN_TITLES, THREE_COLUMNS
from station.domain.table_statements import table_title
from station.domain.tally_form import FormBallot, line_words, with_line_4_before

# The certifications as Station 0.2.0 printed them: its sheets are read with these words.
AGENT_CERTIFICATION = (
    "I certify that the ballots cast in this election were counted under my supervision,"
    " in the presence of the observers named below, and that the figures above are the"
    " result of that count as recorded, call by call, in the journal identified at the foot"
    " of this sheet."
)
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " ballots were counted fairly and accurately in our presence, that the secrecy of every"
    " ballot was kept, and that the results are as shown above."
)

_ENVELOPE_LABELS = (
    ("returned", "Envelopes returned"),
    ("accepted", "Accepted and opened"),
    ("challenged", "Challenged (sealed)"),
    ("void", "Void"),
    ("late", "Late (not opened)"),
)
_BLANK_OBSERVER_LINES = 2


def sheet_text(document: Mapping[str, Any]) -> list[str]:
    """The blocks of text of a `station-tally-v1` sheet above its footers, in order."""
    sheet = document["sheet"]
    lines = sheet["lines"]
    parties = parties_row(sheet)
    blocks = [
        _title_words(sheet),
        f"National Labor Relations Board \u00b7 {_election_words(sheet)}",
        _kind_words(sheet),
        "Case",
        _case_words(document),
        "Date of count",
        str(sheet["count_date"]),
        "Employer",
        str(sheet["employer"]),
        "Place of count",
        str(sheet["place"] or ""),
        parties[0],
        parties[1],
        "Ballots counted",
        _counted_words(sheet),
        _notice_words(sheet),
        *_envelopes(sheet.get("envelopes"), lines.get("1")),
    ]
    # Lines 1-7, with 3a, 3b, … in place of 3, and line 4 even with no "against" choice.
    per_union = sorted(n for n in lines if n.startswith("3") and n != "3")
    numbers = ["1", "2", *(per_union or ["3"]), "4", "5", "6", "7"]
    if "columns" in sheet:
        blocks += [word for c in THREE_COLUMNS for word in COLUMN_TITLES[c].split(" ", 1)]
    for number in numbers:
        blocks += [f"{number}.", _line_label(number, sheet), *_figures(sheet, number)]
    for number in [n for n in ("8", "9", "runoff") if n in sheet["statements"]]:
        blocks += [f"{number}." if number != "runoff" else "", str(sheet["statements"][number])]
    if "columns" in sheet:
        blocks.append(_decisions(sheet))
    blocks += ["Certification of the Board agent", AGENT_CERTIFICATION]
    blocks += _signature(str(sheet["agent"]), "Board agent")
    blocks += ["Certification of the observers", OBSERVERS_CERTIFICATION]
    columns = party_columns(sheet, Party.UNION.label(str(sheet["union"])))
    for title, names in columns:
        blocks.append(title)
        for name in names or [""] * _BLANK_OBSERVER_LINES:
            blocks += _signature(name, "", 72 // len(columns))
    return [" ".join(block.split()) for block in blocks if block.strip()]


def footer_words(document: Mapping[str, Any], page: int, pages: int) -> str:
    """The foot of each page of a `station-tally-v1` sheet."""
    sheet = document["sheet"]
    return (
        f"Case {_case_words(document)} \u00b7 {_kind_words(sheet).lower()} \u00b7 certifies journal"
        f" events 1\u2013{sheet['head']['seq']:,}, head {sheet['head']['hash']}\n"
        f"Prepared at journal event {document['sheet_event']['seq']:,} ({sheet['prepared']})"
        f" \u00b7 election {document['election']['election_id']}\n"
        f"Signing key {sheet['key']} \u00b7 check with: station verify FOLDER"
        f" \u00b7 page {page} of {pages}"
    )


def _line_label(number: str, sheet: Mapping[str, Any]) -> str:
    return with_line_4_before(line_words(number, FormBallot.of_sheet(sheet)))


def _figures(sheet: Mapping[str, Any], number: str) -> list[str]:
    """A line's figure, or its three columns' (line 1: the eligible, in the last)."""
    if "columns" not in sheet:
        return [f"{sheet['lines'][number]:,}"]
    columns = sheet["columns"]
    if number == "1":
        return [f"{columns['final']['1']:,}"]
    middle = columns["challenged_counted"][number]
    return [f"{columns['original'][number]:,}", f"{middle:+,}", f"{columns['final'][number]:,}"]


def _decisions(sheet: Mapping[str, Any]) -> str:
    parts = [str(words) for words in sheet.get("decisions", [])]
    unresolved = sheet.get("unresolved_challenges", [])
    if unresolved:
        numbers = ", ".join(str(n) for n in unresolved)
        parts.append(f"Challenges left unresolved, still challenged (register numbers): {numbers}.")
    else:
        parts.append("No challenge is left unresolved.")
    parts.append("Lines 8 and 9 are stated on the final tally.")
    return " ".join(parts)


def _envelopes(figures: Mapping[str, int] | None, eligible: object) -> list[str]:
    if not figures:
        return []
    blocks = ["Mail ballots: the envelope stage"]
    for key, label in _ENVELOPE_LABELS:
        blocks += [label, f"{figures[key]:,}"]
    if isinstance(eligible, int):
        blocks.append(
            over_accepted_statement(figures["accepted"], eligible, "eligible voters (line 1)")
        )
    return blocks


def _signature(name: str, role: str, line: int = 36) -> list[str]:
    return ["_" * line, f"{name}, {role}" if role else name]


def _case_words(document: Mapping[str, Any]) -> str:
    table = document["election"].get("table")
    case = str(document["sheet"]["case"])
    return case if table is None else f"{case} \u2014 {table_title(table)}"


def _kind_words(sheet: Mapping[str, Any]) -> str:
    if sheet["case"] == DEMO_CASE:
        return f"DEMO \u2014 {_kind_words({**sheet, 'case': ''})}"
    if sheet["kind"] == "interim":
        return "INTERIM TALLY"
    if "columns" in sheet and str(sheet["title"]) == "Revised":
        return "REVISED TALLY"
    if sheet["revision"]:
        return "CORRECTED TALLY" + (f" {sheet['revision']}" if sheet["revision"] > 1 else "")
    return "FINAL TALLY"


def _title_words(sheet: Mapping[str, Any]) -> str:
    title = str(sheet.get("title", ""))
    if title == "Revised" or title.startswith("Corrected"):
        return f"{title.split()[0]} Tally of Ballots"
    return "Tally of Ballots"


def _counted_words(sheet: Mapping[str, Any]) -> str:
    counted, ballots = sheet["counted"], sheet["ballots"]
    if ballots is None:
        return f"{counted:,}"
    words = f"{counted:,} of {ballots:,} ballots in the box"
    if counted < ballots:
        return f"{words} \u2014 {ballots - counted:,} not counted"
    if counted > ballots:
        return f"{words} \u2014 {counted - ballots:,} more than the box held"
    return words


def _notice_words(sheet: Mapping[str, Any]) -> str:
    words = ""
    if sheet["kind"] == "interim":
        words = (
            "Interim tally: the count was paused and will resume."
            " These figures are not the result of the election."
        )
    elif sheet["supersedes"]:
        superseded = sheet["supersedes"]
        words = (
            f"This tally supersedes the tally prepared at journal event"
            f" {superseded['seq']:,} (event hash {superseded['hash'][:16]}),"
            " which remains a true record of the count as it stood then."
        )
    if sheet["case"] == DEMO_CASE:
        demo = (
            "DEMO \u2014 not a real election. This sheet was made with the demo of Station"
            " (station demo); it certifies nothing."
        )
        words = f"{demo} {words}" if words else demo
    return words


def _election_words(sheet: Mapping[str, Any]) -> str:
    return "runoff election" if sheet.get("runoff_of") else "representation election"
