"""The facts of the election a tally sheet adds: its parties, its choices, its runoff.

A one-union RC election's sheet is exactly as it always was: nothing here adds to it.
Any other election's sheet names the parties by role (`parties`: each signs its own
observer block, a runoff's union left off its ballot too) and, for a runoff, the first
election's certified head (`runoff_of`) and the day it was counted (`runoff_date`).
A ballot of several unions has line 3 once per union ("3a", "3b", … in ballot order;
"3" stays the unions together, as FOR is in the journal), line 4 is Neither, line 8
says whether the challenges could change the result under 29 CFR 102.70, and line 9
whether a union has a majority; `choices`, `majority_for`, `runoff` and `rerun` are as
in `station tally --json`.
"""

from collections.abc import Mapping

from station.domain.choices import Ballot, Role, case_kind
from station.domain.description import (
    EMPLOYEE_PETITIONER,
    EMPLOYER,
    ONE_UNION,
    UNNAMED_UNION,
    off_ballot_id,
    union_id,
)
from station.domain.election import ElectionSetup
from station.domain.party_words import OFF_BALLOT_WORDS, parties_words, with_incumbent
from station.domain.result_statements import stated_lines
from station.domain.runoff import several_unions
from station.domain.tally import Tally
from station.domain.tally_form import Figures, ballot_form


def names_roles(setup: ElectionSetup) -> bool:
    """Whether the sheet names the parties by role: every election but a plain RC one."""
    return setup.choices is not None or setup.ballot.kind.union_role is not Role.PETITIONER


def kinds_facts(setup: ElectionSetup, tally: Tally, pending: str | None) -> dict[str, object]:
    """The facts to add to a sheet's `computed_facts` (none for a plain RC election)."""
    if not names_roles(setup):
        return {}
    ballot = setup.ballot
    facts: dict[str, object] = {"parties": party_facts(ballot)}
    if ballot.runoff_of is not None:
        facts["runoff_of"] = ballot.runoff_of
    if ballot.runoff_date is not None:
        facts["runoff_date"] = ballot.runoff_date
    if ballot.revised_of_tables is not None:  # the consolidated tally it revises
        facts["revised_of_tables"] = ballot.revised_of_tables.consolidation
    facts.update(form_facts(setup))
    if not ballot.several:
        return facts
    said = stated_lines(ballot_form(setup), Figures(setup.eligible, tally), pending)
    shown = said.outcome
    facts.update(
        {
            "choices": [
                {"name": name, "votes": vote}
                for name, vote in zip(ballot.choices, tally.choices, strict=True)
            ],
            "majority_for": None
            if said.majority_for is None
            else ballot.choices[said.majority_for],
            "runoff": (
                None
                if shown is None or shown.runoff is None
                else {"between": [ballot.choices[index] for index in shown.runoff]}
            ),
            "rerun": bool(shown and shown.rerun),
        }
    )
    return facts


def party_facts(ballot: Ballot) -> list[dict[str, object]]:
    """The sheet's `parties`: each by role and name; a party whose choice is not on this
    ballot (a runoff's union left off it) also says `"ballot": false`."""
    off = set(ballot.others)
    return [
        {"role": party.role.value, "name": party.name} | ({"ballot": False} if party in off else {})
        for party in ballot.parties
    ]


def form_facts(setup: ElectionSetup) -> dict[str, object]:
    """The type of election, the unit, the election a rerun reruns and the incumbent,
    when the setup names them (the sheet's header prints them)."""
    ballot = setup.ballot
    facts: dict[str, object] = {}
    if ballot.election_type is not None:
        facts["type"] = ballot.election_type.value
    if ballot.unit is not None:
        facts["unit"] = ballot.unit
    if ballot.rerun is not None:
        facts["rerun_of"] = ballot.rerun
    if ballot.incumbent is not None:
        facts["incumbent"] = ballot.incumbent
    return facts


def party_ids(sheet: Mapping[str, object]) -> list[str]:
    """The id each party of a sheet naming the parties by role signs under, in the
    sheet's order (`Election.parties`' ids, read back from the roles a signed sheet keeps:
    an export is checked without the election's setup)."""
    parties = sheet.get("parties")
    if not isinstance(parties, list):
        return [EMPLOYER, ONE_UNION]
    # Where employees petition (RD, UD) the Petitioner is the employee(s), who sign
    # apart from the union; in RC it is a union.
    employees = case_kind(str(sheet.get("case", ""))).employees_petition
    roles = [str(party["role"]) for party in parties]
    unions = [
        index
        for index, role in enumerate(roles)
        if role in ("Union", "Intervenor") or (role == "Petitioner" and not employees)
    ]
    off = [index for index, party in enumerate(parties) if party.get("ballot") is False]
    unions = [index for index in unions if index not in off]
    ids = []
    for index, role in enumerate(roles):
        if index in off:
            ids.append(off_ballot_id(off.index(index) + 1))
        elif role.startswith("Employer"):
            ids.append(EMPLOYER)
        elif index not in unions:
            ids.append(EMPLOYEE_PETITIONER)
        elif not several_unions(len(unions)):
            ids.append(ONE_UNION)
        else:
            ids.append(union_id(unions.index(index) + 1))
    return ids


def party_columns(sheet: Mapping[str, object], union_label: str) -> list[tuple[str, list[str]]]:
    """Each observer column of a sheet: its heading and the observers named for it.

    A sheet naming the parties by role has a column per party (the employer, an RD or
    UD petitioner, each union), each with the observers entered for that party; on a
    ballot of several unions, observers a file made before each union was named stored
    as "petitioner" sign under the first union, as they did. A plain RC sheet has its
    two columns as always.
    """
    observers = sheet.get("observers")
    named = observers if isinstance(observers, list) else []

    def names(*ids: str) -> list[str]:
        return [str(o["name"]) for o in named if isinstance(o, dict) and o.get("party") in ids]

    parties = sheet.get("parties")
    if not isinstance(parties, list):
        return [
            ("For the Employer", names(EMPLOYER)),
            (f"For {union_label}", names(ONE_UNION)),
        ]
    columns: list[tuple[str, list[str]]] = []
    for party, id in zip(parties, party_ids(sheet), strict=True):
        role, name = str(party["role"]), str(party["name"])
        if id == EMPLOYER:
            columns.append((f"For the {role}", names(EMPLOYER)))
        elif id == union_id(1):
            columns.append((f"For the {role} ({name})", names(id, UNNAMED_UNION)))
        else:
            columns.append((f"For the {role} ({name})", names(id)))
    return columns


def parties_row(sheet: Mapping[str, object]) -> tuple[str, str]:
    """The sheet's header row of the unions (and an RD petitioner), by role."""
    parties = sheet.get("parties")
    if not isinstance(parties, list):
        return "Petitioner", str(sheet["union"])
    named = [
        (str(p["role"]) + (OFF_BALLOT_WORDS if p.get("ballot") is False else ""), str(p["name"]))
        for p in parties[1:]
    ]
    incumbent = sheet.get("incumbent")
    return "Parties", parties_words(
        with_incumbent(named, incumbent if isinstance(incumbent, str) else None)
    )


def service_parties(sheet: Mapping[str, object]) -> list[tuple[str, str]]:
    """Each party served with the tally, by role and name, in the Board's caption order:
    each acknowledges service on its own line."""
    parties = sheet.get("parties")
    if isinstance(parties, list):
        return [(str(party["role"]), str(party["name"])) for party in parties]
    return [("Employer", str(sheet["employer"])), ("Petitioner", str(sheet["union"]))]
