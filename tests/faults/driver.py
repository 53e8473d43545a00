"""A real counting station in a child process, driven line by line over stdin.

The crash and fault tests run it so that it can be killed (SIGKILL) or starved of disk
without taking the test run with it. It opens the election file through the real
`CountController` (the same journal API, undo stack and session handling the operator
window uses), offscreen, and answers each command on stdout, flushed at once:

    F A C V      record FOR / AGAINST / CHALLENGE / VOID  -> "ACK seq action call target"
    U R          undo / redo the last call                 -> "ACK ..." or "NOP"
    W S O        settle the newest open challenge withdrawn / sustained, or take the
                 newest settlement back                    -> "ACK ..." or "NOP"
    LIMIT        cap the size of every file it writes at what they hold now
                 (RLIMIT_FSIZE, SIGXFSZ ignored: a write that grows a file fails, EFBIG)
    UNLIMIT      lift the cap again
    Q            close the file cleanly and exit           -> "BYE"

A mail ballot's file opens with the envelope controller, which also takes:

    a c v l      rule the envelope of a voter of the list (the next in turn) accepted /
                 challenged / void / late                   -> "ACK ..." or "NOP"
    u r          undo / redo the last ruling                 -> "ACK ..." or "NOP"
    E            end the envelope stage                      -> "ACK ..."

Each refused write answers "FAIL message" (what `write_failed` told the operator). The
first line, once the session is open, is "READY seq".
"""

import os
import resource
import signal
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from station.domain import Call
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.seal import station_secret
from station.ui.envelopes.controller import EnvelopeController
from station.ui.operator.controller import CountController

CALLS = {"F": Call.FOR, "A": Call.AGAINST, "C": Call.CHALLENGE, "V": Call.VOID}
RULINGS = {"a": Ruling.ACCEPTED, "c": Ruling.CHALLENGED, "v": Ruling.VOID, "l": Ruling.LATE}


SETTLE = {"W": "withdrawn", "S": "sustained", "O": "open"}


def settle(controller: CountController, command: str) -> None:
    """Settle (or unsettle) the newest challenge that may be; nothing if none may."""
    count = controller.count
    wanted = {"open"} if command != "O" else {"withdrawn", "sustained"}
    for entry in reversed(count.resolutions.numbered(count)):
        if entry.status.value in wanted and entry.dispute is None:
            controller.settle(entry.challenge.seq, SETTLE[command])
            return


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(path: Path) -> int:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    unlimited = resource.getrlimit(resource.RLIMIT_FSIZE)
    # As app.py opens a file to count: with this station's sealing secret, so that its
    # close stores a sealed snapshot (made here on first use, as in a real station).
    opened = Journal.open(path, seal_secret=station_secret())
    mail = opened.election.setup.mail
    controller = (EnvelopeController if mail else CountController)(opened)
    failures: list[str] = []
    controller.write_failed.connect(failures.append)
    journal = controller.journal
    say(f"READY {journal.head_seq}")
    for line in sys.stdin:
        command = line.strip()
        failures.clear()
        before = journal.head_seq
        if command in CALLS:
            controller.record(CALLS[command], over_count=True)
        elif command == "U":
            controller.undo()
        elif command == "R":
            controller.redo()
        elif command in RULINGS and isinstance(controller, EnvelopeController):
            voters = controller.voters.voters
            controller.rule(RULINGS[command], voters[journal.head_seq % len(voters)].id)
        elif command in ("u", "r", "E") and isinstance(controller, EnvelopeController):
            {"u": controller.undo_ruling, "r": controller.redo_ruling, "E": controller.end_stage}[
                command
            ]()
        elif command in SETTLE:
            settle(controller, command)
        elif command == "LIMIT":
            sizes = [
                os.path.getsize(name)
                for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm"))
                if name.exists()
            ]
            resource.setrlimit(resource.RLIMIT_FSIZE, (max(sizes), unlimited[1]))
            say("LIMITED")
            continue
        elif command == "UNLIMIT":
            resource.setrlimit(resource.RLIMIT_FSIZE, unlimited)
            say("UNLIMITED")
            continue
        elif command == "Q":
            break
        else:
            say(f"UNKNOWN {command}")
            continue
        if failures:
            say(f"FAIL {failures[0]}")
        elif journal.head_seq == before:
            say("NOP")
        else:
            record = journal.last_records(1)[0]
            say(f"ACK {record.seq} {record.action} {record.call} {record.target}")
    controller.close()
    say("BYE")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
