"""What a tally sheet adds for RD and RM cases, several unions and runoffs (issue 17).

A one-union RC election's sheet is exactly as it always was: nothing here adds to it.
Any other election's sheet names the parties by role (`parties`: each signs its own
observer block) and, for a runoff, the first election's certified head (`runoff_of`).
A ballot of several unions has line 3 once per union ("3a", "3b", … in ballot order;
"3" stays the unions together, as FOR is in the journal), line 4 is Neither, line 8
says whether the challenges could change the result under 29 CFR 102.70, and line 9
whether a union has a majority; `choices`, `majority_for`, `runoff` and `rerun` are as
in `station tally --json`.
"""

from collections.abc import Mapping, Sequence

from station.domain.choices import CaseKind
from station.domain.election import ElectionSetup
from station.domain.kinds_statements import (
    challenges_line,
    choice_majority_statement,
    runoff_statement,
)
from station.domain.party_words import parties_words
from station.domain.runoff import final_result, majority_for
from station.domain.tally import Tally

_LETTERS = "abcdefghi"


def names_roles(setup: ElectionSetup) -> bool:
    """Whether the sheet names the parties by role: every election but a plain RC one."""
    return setup.choices is not None or setup.ballot.kind is not CaseKind.RC


def kinds_facts(
    setup: ElectionSetup, tally: Tally, pending: str | None, lines: dict[str, int | bool]
) -> dict[str, object]:
    """The facts to add to a sheet's `computed_facts` (none for a plain RC election).

    Changes `lines` in place for a ballot of several unions (lines 3a…, 8 and 9).
    """
    if not names_roles(setup):
        return {}
    ballot = setup.ballot
    facts: dict[str, object] = {
        "parties": [{"role": party.role.value, "name": party.name} for party in ballot.parties]
    }
    if ballot.runoff_of is not None:
        facts["runoff_of"] = ballot.runoff_of
    if not ballot.several:
        return facts
    votes = tally.choices
    unions = len(ballot.unions)
    for letter, vote in zip(_LETTERS, votes[:unions], strict=False):
        lines[f"3{letter}"] = vote
    majority = majority_for(votes, tally.challenged)
    outcome, decisive = final_result(votes, unions, tally.challenged, setup.eligible)
    lines["8"] = decisive
    lines["9"] = majority is not None and majority < unions
    shown = None if pending is not None else outcome
    facts.update(
        {
            "choices": [
                {"name": name, "votes": vote}
                for name, vote in zip(ballot.choices, votes, strict=True)
            ],
            "majority_for": None if majority is None else ballot.choices[majority],
            "runoff": (
                None
                if shown is None or shown.runoff is None
                else {"between": [ballot.choices[index] for index in shown.runoff]}
            ),
            "rerun": bool(shown and shown.rerun),
        }
    )
    statements = {
        "8": challenges_line(decisive, pending),
        "9": choice_majority_statement(ballot, majority, pending),
    }
    runoff = runoff_statement(ballot, shown, pending, decisive)
    if runoff is not None:
        statements["runoff"] = runoff
    facts["statements"] = statements
    return facts


def line_numbers(lines: Mapping[str, object]) -> list[str]:
    """The numbered lines 1-7 a sheet prints: 3a, 3b, … in place of 3 when it has them."""
    per_union = sorted(number for number in lines if number.startswith("3") and number != "3")
    return ["1", "2", *(per_union or ["3"]), "4", "5", "6", "7"]


def union_line_label(number: str, choices: Sequence[str]) -> str:
    """ "Number of votes cast for Machinists": line 3a, 3b, … of a ballot of several."""
    return f"Number of votes cast for {choices[_LETTERS.index(number[1])]}"


def party_columns(sheet: Mapping[str, object], union_label: str) -> list[tuple[str, list[str]]]:
    """Each observer column of a sheet: its heading and the observers named for it.

    A sheet naming the parties by role has a column per party (the employer, an RD
    petitioner, each union); observers given as Employer go under the employer and as
    Union under the first union, the other columns get blank lines to sign by hand.
    A plain RC sheet has its two columns as always.
    """
    observers = sheet.get("observers")
    named = observers if isinstance(observers, list) else []

    def names(party: str) -> list[str]:
        return [str(o["name"]) for o in named if isinstance(o, dict) and o.get("party") == party]

    parties = sheet.get("parties")
    if not isinstance(parties, list):
        return [
            ("For the Employer", names("employer")),
            (f"For {union_label}", names("petitioner")),
        ]
    # In an RD case the Petitioner is the employee(s); in RC it is a union.
    rd = "-RD-" in str(sheet.get("case", "")).upper()
    columns: list[tuple[str, list[str]]] = []
    first_union = True
    for party in parties:
        role, name = str(party["role"]), str(party["name"])
        if role.startswith("Employer"):
            columns.append((f"For the {role}", names("employer")))
        elif role in ("Union", "Intervenor") or (role == "Petitioner" and not rd):
            columns.append((f"For the {role} ({name})", names("petitioner") if first_union else []))
            first_union = False
        else:
            columns.append((f"For the {role} ({name})", []))
    return columns


def parties_row(sheet: Mapping[str, object]) -> tuple[str, str]:
    """The sheet's header row of the unions (and an RD petitioner), by role."""
    parties = sheet.get("parties")
    if not isinstance(parties, list):
        return "Petitioner", str(sheet["union"])
    return "Parties", parties_words((str(p["role"]), str(p["name"])) for p in parties[1:])
