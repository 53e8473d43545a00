"""One tally from several tables' sheets: the arithmetic of a count run at several tables.

Each table counts its own ballots and certifies them on its own signed sheet. The
election's tally is the sum of the tables' calls (lines 2, 3, 4 and 6; lines 5 and 7
follow from them), with lines 8 and 9 stated on the sums, never on any one table: a
union that leads at every table may still fall short of a majority overall, and
challenges that decide nothing at one table may decide the election. Line 1 (the
eligible voters) is the unit's, the same on every table's sheet, so it is not summed.

Every kind of sheet that can be summed is summed the same way, from what the tables
certified, and everything stated on the result is computed again on the sums:

* RD and RM cases (and every ballot not a plain RC one) name the parties by role, as
  each table's sheet does (`election_facts.kinds_facts`): in an RD case the union is "the
  Union", never "the Petitioner";
* a ballot of several unions sums each choice's votes (lines 3a, 3b, …); lines 8-9,
  `majority_for`, `runoff` and `rerun` follow from the summed votes under 29 CFR 102.70
  (`runoff.py`), never from any table's own;
* a mail ballot sums the envelope figures; the ballots to count are the envelopes
  accepted at every table, and line 6 holds the challenged envelopes as each table's;
* an election of voting groups sums each group's figures over the tables (each table
  counts the piles of every group it holds, on its own tally per group) and states
  each unit's result on the sums, the Sonotone rule applied to the summed inclusion
  vote (`group_sheet.groups_facts`): a table's inclusion vote decides nothing.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from station.domain.election import ElectionSetup
from station.domain.election_facts import kinds_facts
from station.domain.group_sheet import groups_facts
from station.domain.groups import GroupTally
from station.domain.result_statements import stated_lines
from station.domain.tally import Tally
from station.domain.tally_form import (
    Figures,
    FormBallot,
    LineValue,
    ballot_form,
    line_values,
    summed_numbers,
)
from station.domain.words import english

# The lines each table's row shows: those that count ballots, on every ballot (a ballot
# of several unions' own lines, 3a, 3b, …, are in the row's choices).
SUMMED_LINES = summed_numbers(FormBallot("", (), 1))


@dataclass(frozen=True, slots=True)
class TableLines:
    """One table's certified figures, as its signed sheet states them.

    Attributes:
        choices: each choice's votes in ballot order (a ballot of several unions).
        envelopes: a mail ballot's envelope figures, as the table ruled them.
    """

    label: str
    lines: Mapping[str, LineValue]
    counted: int
    ballots: int | None
    choices: tuple[int, ...] = ()
    envelopes: Mapping[str, int] | None = None
    groups: tuple[GroupTally, ...] = ()  # an election of voting groups: each group's

    def tally(self) -> Tally:
        """The table's calls, from its lines 2, 3, 4 and 6 (and its choices)."""
        for_union, against = int(self.lines["3"]), int(self.lines["4"])
        void, challenged = int(self.lines["2"]), int(self.lines["6"])
        # The ballots counted are not always lines 2, 3, 4 and 6 together: line 6 of a
        # mail ballot holds the envelopes challenged before any ballot was opened (never
        # counted), and a challenge sustained by agreement at the table is counted but
        # on no line (tally.py). Only the difference matters to "N of M".
        # Line 2 of a mail ballot holds its envelopes ruled void, never counted either:
        # its envelope figures say how many (a table set up before `MAIL_RULES`, whose
        # figures name no envelope received after the tally, kept them off line 2).
        envelopes = self.envelopes or {}
        voided = envelopes.get("void", 0) if "after_tally" in envelopes else 0
        beyond = self.counted - (for_union + against + void - voided + challenged)
        return Tally(
            for_union, against, void, challenged, self.choices,
            sealed_envelopes=max(0, -beyond), set_aside=max(0, beyond),
            void_envelopes=voided,
        )  # fmt: skip


def summed_tally(tables: Sequence[TableLines]) -> Tally:
    """The election's calls: each call (and each choice's votes) summed over the tables."""
    tallies = [table.tally() for table in tables]
    widths = {len(t.choices) for t in tallies}
    if len(widths) != 1:
        raise ValueError("the tables' ballots do not offer the same choices")
    return Tally(
        for_union=sum(t.for_union for t in tallies),
        against=sum(t.against for t in tallies),
        void=sum(t.void for t in tallies),
        challenged=sum(t.challenged for t in tallies),
        choices=tuple(sum(votes) for votes in zip(*(t.choices for t in tallies), strict=True)),
        sealed_envelopes=sum(t.sealed_envelopes for t in tallies),
        set_aside=sum(t.set_aside for t in tallies),
        void_envelopes=sum(t.void_envelopes for t in tallies),
    )


def summed_groups(tables: Sequence[TableLines]) -> tuple[GroupTally, ...]:
    """Each voting group's figures summed over the tables, group by group (setup order)."""
    if len({len(table.groups) for table in tables}) != 1:
        raise ValueError("the tables' voting groups are not the same")
    return tuple(
        GroupTally(
            tuple(sum(votes) for votes in zip(*(t.votes for t in group), strict=True)),
            sum(t.void for t in group),
            sum(t.challenged for t in group),
            sum(t.yes for t in group),
            sum(t.no for t in group),
            inclusion_void=sum(t.inclusion_void for t in group),
            inclusion_blank=sum(t.inclusion_blank for t in group),
        )
        for group in zip(*(table.groups for table in tables), strict=True)
    )


def summed_ballots(tables: Sequence[TableLines]) -> int | None:
    """The ballots in all the tables' boxes, when every table knew its own."""
    if any(table.ballots is None for table in tables):
        return None
    return sum(int(table.ballots or 0) for table in tables)


def summed_envelopes(tables: Sequence[TableLines]) -> dict[str, int] | None:
    """A mail ballot's envelope figures, summed (None for a count at the polls)."""
    if all(table.envelopes is None for table in tables):
        return None
    if any(table.envelopes is None for table in tables):
        raise ValueError("some tables counted mail ballots and some did not")
    # The figures `EnvelopeFigures.as_dict` gave each table: the same rules at every
    # table (a file set up before the mail rules has five, one set up with them more).
    figures = list(tables[0].envelopes or {})
    if any(list(table.envelopes or {}) != figures for table in tables):
        raise ValueError("the tables' envelopes were ruled by different mail rules")
    return {
        figure: sum(int((table.envelopes or {})[figure]) for table in tables) for figure in figures
    }


@english
def consolidated_facts(setup: ElectionSetup, tables: Sequence[TableLines]) -> dict[str, object]:
    """Lines 1-9, the statements of lines 8-9 and the ballots, for the tables together.

    `setup` is the election the tables share (its table label and box are not used).
    Only final sheets are consolidated, so lines 8-9 state the result: the tables
    together hold every ballot counted.
    """
    tally = summed_tally(tables)
    shared = replace(setup, table=None, ballots=summed_ballots(tables))
    figures = Figures(shared.eligible, tally)
    envelopes = summed_envelopes(tables)
    return {
        "lines": line_values(ballot_form(shared), figures),
        "statements": stated_lines(ballot_form(shared), figures, None).as_sheet(),
        "counted": sum(table.counted for table in tables),
        "ballots": shared.ballots,
        **({} if envelopes is None else {"envelopes": envelopes}),
    } | (
        kinds_facts(shared, tally, None)  # RD, RM, several unions
        | (groups_facts(shared, summed_groups(tables), (), None) if setup.ballot.groups else {})
    )


@dataclass(frozen=True, slots=True)
class ElectionNumber:
    """A table's challenge under the election's one numbering.

    Attributes:
        number: its number in the election's register (1, 2, … over every table).
        table: the table whose register holds it, by label.
        table_number: its number in that table's own register.
    """

    number: int
    table: str
    table_number: int


def election_numbers(registers: Sequence[tuple[str, Sequence[int]]]) -> list[ElectionNumber]:
    """One numbering for the challenges of every table: table by table in the
    consolidation's order, each table's in its own register's order, numbered 1, 2, …
    without gaps.

    The Regional Director decides a count's challenges once for the whole election
    (docs/rules.md, "Revised and corrected tallies"), by numbers that must name one
    challenge each: a table's own numbers repeat from table to table. The tables'
    exports are final and fixed by the consolidation, so these numbers never change
    for it. `registers`: each table's label and its register numbers, in order.
    """
    numbered: list[ElectionNumber] = []
    for label, numbers in registers:
        for table_number in numbers:
            numbered.append(ElectionNumber(len(numbered) + 1, label, table_number))
    return numbered
