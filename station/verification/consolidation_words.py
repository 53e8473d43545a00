"""What `station verify FOLDER` says of a consolidation, line by line: written once, for
the command line to print and the observers' page to show."""

from station.domain.group_sheet import units_said
from station.domain.statements import votes_words
from station.domain.table_statements import table_title, tables_counted_statement
from station.domain.tally_form import FormBallot
from station.verification.consolidation_check import ConsolidationVerdict
from station.verification.report import not_intact_line


def consolidation_said(verdict: ConsolidationVerdict, folder: str, not_checked: str) -> list[str]:
    """The lines that say `verdict` on the consolidation in `folder` (as the user named
    it): "NOT INTACT: …" alone, or the OK lines (the sums, each table, the key, and each
    unit decided apart). `not_checked` follows the key when no fingerprint was written
    down (the command line says how to give one; a page, where)."""
    document = verdict.document
    if not verdict.ok or document is None:
        return [not_intact_line(folder, verdict.problem, verdict.step)]
    lines, tables = document["lines"], document["tables"]
    said = [
        f"OK: {folder}: consolidated tally of case {document['election']['case']},"
        f" {tables_counted_statement(len(tables))}: {votes_words(document)},"
        f" {lines['2']:,} void, {lines['6']:,} challenged."
    ]
    said += [
        f"OK: {table_title(table['label'])} ({table['folder']}): its export verifies,"
        f" head {table['head']['hash']}, signed by key {table['key']}"
        for table in tables
    ]
    said.append(
        "Every summed line and the PDF match the tables' sheets; signed by key"
        f" {verdict.key}" + ("" if verdict.key_checked else not_checked)
    )
    ballot = FormBallot.of_sheet({**document, "union": document["election"]["union"]})
    return said + units_said(document, ballot)
