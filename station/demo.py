"""The demo election: a count already part-way through, to try Station without a real one.

`create_demo` writes a new election file whose case number is `DEMO_CASE` (which no
typed setup may use, so a real file can never show DEMO) and records, through the same
journal API the operator window uses, the kinds of event a real count has: calls,
challenges with the party and reason given, a correction (undo), a pile recount and a
VOID disputed by a party. Every window and sheet of it is marked DEMO.
"""

import tempfile
from pathlib import Path

from station.domain import Action, Call, ElectionSetup
from station.domain.challenges import Reason
from station.domain.election import DEMO_CASE
from station.domain.parties import Party
from station.journal import Journal

DEMO_PILE = 20
DEMO_FILE = "demo.station"

DEMO_SETUP = ElectionSetup(
    case_number=DEMO_CASE,
    employer="Demo Warehouse Inc. (DEMO)",
    union="Demo Workers United (DEMO)",
    eligible=180,
    ballots=150,
    agent="D. Emo (Board agent)",
    pile=DEMO_PILE,
)

# The calls in the order they are made: F, A, V, C. Each letter is one ballot.
_CALLS = (
    "FAFFAFAAFF" "AFFAVFAFFA" "FACFFAAFAF" "FFAFAFVFAA" "FAFFCFAFAF"
    "AFAFFAFFAV" "FAFAFFAFCA" "FFAAFFAFAF"
)  # fmt: skip
_LETTERS = {"F": Call.FOR, "A": Call.AGAINST, "V": Call.VOID, "C": Call.CHALLENGE}
_CHALLENGES = (
    (Party.EMPLOYER, Reason.SUPERVISOR),
    (Party.UNION, Reason.NOT_ON_LIST),
    (Party.BOARD_AGENT, Reason.MISMATCH),
)


def demo_folder() -> Path:
    """A new temporary folder for one demo file."""
    return Path(tempfile.mkdtemp(prefix="station-demo-"))


def create_demo(path: Path) -> Path:
    """Write the demo election, part-way through its count, to the new file `path`."""
    Journal.create(path, DEMO_SETUP)
    journal = Journal.open(path)
    try:
        journal.start_session()
        totals = dict.fromkeys(Call, 0)
        challenges = iter(_CHALLENGES)
        last_void = 0
        for index, letter in enumerate(_CALLS):
            call = _LETTERS[letter]
            record = journal.append(Action.CALL, call)
            totals[call] += 1
            if call is Call.VOID:
                last_void = record.seq
            if call is Call.CHALLENGE:
                party, reason = next(challenges)
                journal.append(
                    Action.AMEND,
                    target=record.seq,
                    detail={"party": party.value, "reason": reason.value},
                )
            if index == 12:  # the operator pressed the wrong key: a visible correction
                journal.append(Action.UNDO, call, record.seq)
                totals[call] -= 1
            if call in (Call.FOR, Call.AGAINST) and totals[call] % DEMO_PILE == 0:
                pile = totals[call] // DEMO_PILE
                journal.append(Action.PILE, call, pile, {"found": DEMO_PILE})
            if index == 16:  # the union's observer disputes the agent's last VOID
                detail = {"party": Party.UNION.value}
                journal.append(Action.DISPUTE, Call.VOID, last_void, detail)
        journal.end_session()
    finally:
        journal.close()
    return path
