"""Elections of other kinds (RD, RM, several unions) made, counted and tallied at the
command line, in this process."""

import contextlib
import io
import json
import subprocess
from pathlib import Path

from station.cli import main
from station.domain import Action, Call, Count
from station.journal import Journal


def station(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """`station ARGS` in this process (a subprocess each costs half a second)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(arg) for arg in args])
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


THREE = ["--union", "Machinists", "--intervenor", "Carpenters"]


def new(path: Path, *args: str, case: str = "10-RC-000017", eligible: str = "120") -> None:
    made = station(
        "new", path, "--case", case, "--employer", "Fraser & Johnston", "--eligible", eligible,
        "--pile", "0", *args,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr


def count_votes(path: Path, votes: list[int], challenged: int = 0, void: int = 0) -> None:
    """votes[i] ballots for choice i+1 (the last is Neither), then the others."""
    journal = Journal.open(path)
    journal.start_session()
    neither = len(votes)
    for choice, number in enumerate(votes, start=1):
        for _ in range(number):
            if choice == neither:
                journal.append(Action.CALL, Call.AGAINST)
            else:  # one union: FOR as it always was
                detail = {"choice": choice} if neither > 2 else None
                journal.append(Action.CALL, Call.FOR, detail=detail)
    for _ in range(challenged):
        journal.append(Action.CALL, Call.CHALLENGE)
    for _ in range(void):
        journal.append(Action.CALL, Call.VOID)
    journal.close()


def tally(path: Path) -> dict[str, object]:
    done = station("tally", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


def disputed_then_undone_and_redone(path: Path) -> None:
    """The events of five keys on a ballot of two unions: a vote for the second union,
    its dispute carried as challenged (D), Ctrl+Z, Ctrl+Y, then a vote for the first:
    the events a station writes for them, which must fold to one vote and one
    challenged ballot, the redone one carried as challenged still."""
    new(path, *THREE)
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.CALL, Call.FOR, detail={"choice": 2})
    journal.append(Action.DISPUTE, Call.FOR, 2, {"party": "employer"})
    journal.append(Action.UNDO, Call.CHALLENGE, 2)
    journal.append(Action.REDO, Call.CHALLENGE, 2)
    journal.append(Action.CALL, Call.FOR, detail={"choice": 1})
    journal.close()


def redo_gives_the_vote_back(self: Count, seq: int, call: Call, counting: bool) -> None:
    """A `Count._set_counting` that lets a redo give a union back a vote its ballot,
    carried as challenged, no longer carries: a rule whose count does not add up."""
    self.challenges.set_counting(seq, counting)
    self.votes.set_counting(seq, counting)
    self.groups.set_counting(seq, counting)
