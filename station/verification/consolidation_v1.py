"""The text of a `station-consolidated-tally-v1` page: what Station 0.2.0 drew, block by
block.

A version once released is never redrawn: this is the consolidated tally of Station
0.2.0 (`docs/format.md`, "Format versions"), kept as it was so that a consolidation it
signed keeps verifying by the same whole comparison as today's (`consolidation_pdf`),
never by trying wordings. It differs from today's page in what it left out: the date
issued, the objections deadline, the runoff's condition, the voting groups' tallies,
the agent's name and "For the Regional Director", the observers' names, and the
parties' service. Line 4 was always printed and line 5 named it in its sum, the
observers' headings stood above their lines in one row, and a table's mail row named
its late envelopes "late".
"""

from collections.abc import Mapping
from typing import Any

from station.domain.consolidation import SUMMED_LINES
from station.domain.election_facts import parties_row, party_columns
from station.domain.parties import Party
from station.domain.table_statements import table_title, tables_counted_statement
from station.domain.tally_form import FormBallot, line_words, with_line_4_before

CONSOLIDATION_CERTIFICATION = (
    "I certify that the figures above are the sums of the signed tally sheets of the"
    " tables listed, each verified with its journal before it was added."
)
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " figures above are the sums of the tables' signed tally sheets listed."
)
_ENVELOPE_LABELS = (
    ("returned", "Envelopes returned"),
    ("accepted", "Accepted and opened"),
    ("challenged", "Challenged (sealed)"),
    ("void", "Void"),
    ("late", "Late (not opened)"),
)
_BLANK_LINES = 2


def consolidation_text(document: Mapping[str, Any]) -> list[str]:
    """The blocks of text of a `station-consolidated-tally-v1` page above its footers."""
    election, tables = document["election"], document["tables"]
    union = str(election["union"])
    sheet = _as_sheet(document)
    parties = parties_row(sheet)
    counted = f"{document['counted']:,}"
    if document["ballots"] is not None:
        counted += f" of {document['ballots']:,} ballots in the boxes"
    blocks = [
        "Tally of Ballots",
        "National Labor Relations Board \u00b7 representation election",
        "CONSOLIDATED TALLY",
        tables_counted_statement(len(tables)),
        *("Case", str(election["case"]), "Prepared", str(document["prepared"])),
        *("Employer", str(election["employer"]), "Tables", str(len(tables))),
        *(parties[0], parties[1], "Ballots counted", counted),
    ]
    envelopes = document.get("envelopes")
    if envelopes:
        blocks.append("Mail ballots: the envelope stage")
        for key, label in _ENVELOPE_LABELS:
            blocks += [label, f"{envelopes[key]:,}"]
    lines = document["lines"]
    ballot = FormBallot.of_sheet({**document, "union": union})
    per_union = sorted(n for n in lines if n.startswith("3") and n != "3")
    for number in ["1", "2", *(per_union or ["3"]), "4", "5", "6", "7"]:
        label = with_line_4_before(line_words(number, ballot))
        blocks += [f"{number}.", label, f"{lines[number]:,}"]
    for number in [n for n in ("8", "9", "runoff") if n in document["statements"]]:
        blocks += [f"{number}." if number != "runoff" else "", str(document["statements"][number])]
    blocks += ["The tables", "Table", "Counted", *(f"Line {n}" for n in SUMMED_LINES)]
    for table in tables:
        blocks += [table_title(table["label"]), f"{table['counted']:,}"]
        blocks += [f"{table['lines'][number]:,}" for number in SUMMED_LINES]
        blocks.append(_kinds_row_text(table))
        blocks.append(
            f"head {table['head']['hash']} (event {table['head']['seq']:,}) \u00b7 signed by"
            f" key {table['key']} \u00b7 agent {table['agent']}"
        )
    blocks += ["Certification of the Board agent", CONSOLIDATION_CERTIFICATION]
    blocks += ["_" * 36, "Board agent"]
    blocks += ["Certification of the observers", OBSERVERS_CERTIFICATION]
    columns = party_columns(sheet, Party.UNION.label(union))
    for title, _ in columns:
        blocks += [title, *["_" * (72 // len(columns))] * _BLANK_LINES]
    return [" ".join(block.split()) for block in blocks if block.strip()]


def footer_words(document: Mapping[str, Any], page: int, pages: int) -> str:
    """The foot of each page of a `station-consolidated-tally-v1` page."""
    labels = ", ".join(table_title(table["label"]) for table in document["tables"])
    return (
        f"Case {document['election']['case']} \u00b7 consolidated tally of {labels}\n"
        f"Prepared {document['prepared']} \u00b7 signing key {document['key']}\n"
        f"Check with: station verify FOLDER --key FINGERPRINT \u00b7 page {page} of {pages}"
    )


def _as_sheet(document: Mapping[str, Any]) -> dict[str, Any]:
    election = document["election"]
    return {"case": election["case"], "union": election["union"], "observers": []} | (
        {"parties": document["parties"]} if "parties" in document else {}
    )


def _kinds_row_text(table: Mapping[str, Any]) -> str:
    words = [f"{c['name']} {c['votes']:,}" for c in table.get("choices") or ()]
    envelopes = table.get("envelopes")
    if envelopes:
        words.append(
            f"envelopes: {envelopes['returned']:,} returned, {envelopes['accepted']:,} accepted,"
            f" {envelopes['challenged']:,} challenged, {envelopes['void']:,} void,"
            f" {envelopes['late']:,} late"
        )
    return " \u00b7 ".join(words)
