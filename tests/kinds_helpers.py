"""Elections of other kinds (RD, RM, several unions) made, counted and tallied at the
command line, in this process."""

import contextlib
import io
import json
import subprocess
from pathlib import Path

from station.cli import main
from station.domain import Action, Call
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
