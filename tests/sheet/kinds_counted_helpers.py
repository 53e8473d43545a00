"""Every kind of election Station makes, counted through its session and signed: the
counts the sheet tests hold to their arithmetic and verify in both verifiers."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from station.domain import Action, Call, SheetKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.kinds_helpers import station
from tests.mail.helpers import groups_counted, groups_decided

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
INTERIM = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
SUMMED = ("2", "3", "4", "5", "6", "7")

Count = Callable[[Path], None]


def session(path: Path) -> CountSession:
    return CountSession.resume(Journal.open(path), keep=0)


def counting(*steps: Callable[[CountSession], object]) -> Count:
    """Each step on a session of the file, the journal closed after each."""

    def count(path: Path) -> None:
        for step in steps:
            now = session(path)
            try:
                step(now)
            finally:
                now.journal.close()

    return count


def calls(*made: Call, **detail: Any) -> Callable[[CountSession], None]:
    def record(now: CountSession) -> None:
        over_count = bool(detail.pop("over_count", False))
        for call in made:
            now.record(Vote(call, **detail), over_count=over_count)

    return record


def sign(now: CountSession) -> None:
    prepare_sheet(now, FINAL, key_fingerprint=key_for_signing().fingerprint)


def interim(now: CountSession) -> None:
    prepare_sheet(now, INTERIM, key_fingerprint=key_for_signing().fingerprint)


def last_call(now: CountSession) -> int:
    return max(r.event().seq for r in now.journal.records() if r.event().action is Action.CALL)


def sustained_at_the_table(now: CountSession) -> None:
    """The parties agree at the table that the last challenge is sustained."""
    now.settle(last_call(now), "sustained")


def void_disputed(now: CountSession) -> None:
    """The Employer disputes the last VOID: it is carried as a challenged ballot."""
    now.dispute_void(last_call(now), "employer")


def decide(opened: list[int], sustained: list[int] = []) -> Callable[[CountSession], None]:  # noqa: B006
    return lambda now: now.decide(opened, sustained, "Regional Director")


def envelopes(*rulings: tuple[str, Ruling]) -> Callable[[CountSession], None]:
    def rule(now: CountSession) -> None:
        for voter, ruling in rulings:
            now.rule_envelope(ruling, voter)
        now.end_envelopes()

    return rule


def new(*args: str, voters: int = 0) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        extra: list[str | Path] = []
        if voters:
            listed = path.parent / "voters.csv"
            listed.write_text(
                "id,name\n" + "".join(f"{100 + n},Voter {n}\n" for n in range(voters)),
                encoding="utf-8",
            )
            extra = ["--mail", "--voters", listed]
        made = station(
            "new", path, "--case", args[0], "--employer", "Acme", "--pile", "0", *extra,
            *args[1:],
        )  # fmt: skip
        assert made.returncode == 0, made.stderr

    return make


GROUPS = ["--group", "A=Professional employees", "--group", "B=Nonprofessional employees"]
SONOTONE = [*GROUPS, "--eligible", "A=9", "--eligible", "B=12", "--sonotone", "A"]
# Five accepted, five at the polls, one challenged (at the polls, in an envelope).
MIXED = [(str(100 + n), Ruling.ACCEPTED) for n in range(5)] + [
    *((str(105 + n), Ruling.AT_POLLS) for n in range(5)),
    ("110", Ruling.CHALLENGED),
]
MAIL = [(str(100 + n), Ruling.ACCEPTED) for n in range(7)] + [
    ("107", Ruling.CHALLENGED), ("108", Ruling.CHALLENGED), ("109", Ruling.VOID),
    ("110", Ruling.LATE),
]  # fmt: skip
ONE_TO_FOUR = (F, A, F, V, A, F, A, F)  # 4 FOR, 3 AGAINST, 1 void

KINDS: dict[str, tuple[Callable[[Path], None], Count]] = {
    "one union, revised": (
        new("10-RC-000041", "--union", "Local 7", "--eligible", "14", "--ballots", "11"),
        counting(calls(*ONE_TO_FOUR, C, C, C), sign, decide([1, 2], [3]), calls(A, A), sign),
    ),
    "RD": (
        new("10-RD-000042", "--petitioner", "J. Worker", "--union", "Local 7", "--eligible", "9"),
        counting(calls(*ONE_TO_FOUR, C), sign),
    ),
    "RM": (
        new("10-RM-000043", "--union", "Local 7", "--eligible", "9"),
        counting(calls(*ONE_TO_FOUR, C), sign),
    ),
    "several unions, revised": (
        new(
            "10-RC-000044",
            "--union",
            "Machinists",
            "--intervenor",
            "Carpenters",
            "--eligible",
            "20",
        ),
        counting(
            calls(F, F, F, choice=1),
            calls(F, F, choice=2),
            calls(A, A, V, C, C),
            sign,
            decide([1, 2]),
            calls(F, choice=2),
            calls(A),
            sign,
        ),
    ),
    "a table": (
        new("10-RC-000045", "--union", "Local 7", "--eligible", "12", "--table", "3"),
        counting(calls(*ONE_TO_FOUR, C, C), sign),
    ),
    "mail, revised": (
        new("10-RC-000046", "--union", "Local 7", voters=12),
        counting(
            envelopes(*MAIL), calls(F, F, F, F, A, A, A, V), sign, decide([1], [2]), calls(A), sign
        ),
    ),
    "mail and polls, revised": (
        new("10-RC-000040", "--union", "Union", "--polls", voters=12),
        counting(
            envelopes(*MIXED),
            calls(F, F, F, F, F, A, A, A, A, V),
            sign,
            decide([1]),
            calls(F),
            sign,
        ),
    ),
    "voting groups": (
        new(
            "10-RC-000047",
            "--union",
            "Nurses United",
            *GROUPS,
            "--eligible",
            "A=8",
            "--eligible",
            "B=10",
        ),
        counting(calls(F, F, A, C, group="A"), calls(F, A, A, V, C, group="B"), sign),
    ),
    "self-determination": (
        new(
            "10-RC-000049",
            "--union",
            "Nurses United",
            "--group",
            "A=Technical employees",
            "--self-determination",
            "A",
            "--eligible",
            "A=9",
        ),
        counting(calls(F, F, F, A, A, V, C, group="A"), sign),
    ),
    "one union, a challenge sustained at the table": (
        new("10-RC-000027", "--union", "Local 7", "--eligible", "14", "--ballots", "10"),
        counting(calls(C), sustained_at_the_table, calls(F, F, F, F, A, A, A, V, C), sign),
    ),
    "Sonotone, a challenge sustained at the table": (
        new(
            "10-RC-000026",
            "--union",
            "Nurses United",
            *GROUPS,
            "--eligible",
            "A=20",
            "--eligible",
            "B=30",
            "--ballots",
            "A=4",
            "--ballots",
            "B=5",
            "--sonotone",
            "A",
        ),
        counting(
            calls(C, group="A"),
            sustained_at_the_table,
            calls(F, F, A, inclusion="yes", group="A"),
            calls(F, A, A, F, V, group="B"),
            sign,
        ),
    ),
    "mail and polls, sealed envelopes and a disputed ballot": (
        new("10-RC-000050", "--union", "Union", "--polls", voters=14),
        counting(
            envelopes(
                *((str(100 + n), Ruling.ACCEPTED) for n in range(6)),
                *((str(106 + n), Ruling.AT_POLLS) for n in range(4)),
                *((str(110 + n), Ruling.CHALLENGED) for n in range(3)),
            ),
            calls(F, F, F, F, F, A, A, A, A, V),
            void_disputed,
            sign,
        ),
    ),
    "Sonotone, an interim tally": (
        new("10-RC-000051", "--union", "Nurses United", *SONOTONE),
        counting(
            calls(C, C, group="A"),
            calls(F, inclusion="yes", group="A"),
            calls(F, A, V, group="B"),
            interim,
        ),
    ),
    "mail and voting groups, revised": (groups_counted, groups_decided),
    "Sonotone, revised": (
        new("10-RC-000048", "--union", "Nurses United", *SONOTONE),
        counting(
            calls(F, F, inclusion="yes", group="A"),
            calls(A, inclusion="no", group="A"),
            calls(C, group="A"),
            calls(F, F, A, A, V, C, group="B"),
            sign,
            decide([1, 2]),
            calls(A, inclusion="yes", group="A"),
            calls(A, group="B"),
            sign,
        ),
    ),
}
