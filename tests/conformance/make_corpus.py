"""Make the conformance corpus in `conformance/cases` from Station itself.

Run from the repository's root: `python -m tests.conformance.make_corpus` (add
`--out FOLDER` to write elsewhere, as the test that compares it with the committed
corpus does). Every case is a folder: `export/`, the folder a verifier is given, and
`case.json`, what it must answer. Genuine exports are counted, signed and exported by
Station's own commands with the corpus's key (`conformance/corpus-signing-key.pem`,
made for the corpus alone) under a clock that ticks one second per reading from a fixed
time, so the same Station makes the same bytes (but for the time Qt's PDF writer stamps
in each PDF, and so the hashes and signatures over it); forgeries are those exports changed as
an attacker would, most of them re-signed with the same key (the attacker who holds the
station's key is the case that matters).

What `case.json` says a verifier prints is what `station verify` printed when the corpus
was made; the verdict and the failing step are the case's own, declared here. Where
`station verify` gives another verdict, or a traceback, the generator names the case and
exits 1, unless the case is declared `known_wrong` (its words are then left unknown).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import datetime as dt
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.domain import Call, SheetKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.domain.parties import Party
from station.domain.tally_sheet import Observer
from station.journal import Journal
from station.journal.bounded_json import canonical_detail
from station.journal.session import CountSession
from station.sheet.keys import StationKey, load_key
from station.verification.document import canonical_json
from tests.cli_helpers import station_here
from tests.sheet import helpers as forge

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "conformance"
KEY_FILE = CORPUS / "corpus-signing-key.pem"
V0_2 = ROOT / "tests" / "fixtures" / "v0_2"
V0_2_KEY = (V0_2 / "key.txt").read_text().strip()

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
OBSERVERS = ["--observer", "Employer:Jane Roe", "--observer", "Union:John Doe"]
START = dt.datetime(2026, 11, 3, 14, 0, tzinfo=dt.UTC)
EASTERN = dt.timezone(dt.timedelta(hours=-5))


class Clock:
    """Every reading of the time a second after the last: the wall clock (UTC and the
    station's own zone, five hours behind) and the monotonic one, from fixed values."""

    def __init__(self) -> None:
        self.reset()

    def reset(self, mono_ns: int = 5_000_000_000_000) -> None:
        self.now, self.mono, self.ids = START, mono_ns, 0

    def tick(self) -> dt.datetime:
        self.now += dt.timedelta(seconds=1)
        self.mono += 1_000_000_000
        return self.now

    def utc_now(self) -> str:
        return self.tick().isoformat(timespec="microseconds")

    def monotonic_ns(self) -> int:
        return self.mono

    def uuid4(self) -> uuid.UUID:
        self.ids += 1
        return uuid.UUID(int=(0xC0FFEE << 96) + self.ids, version=4)


CLOCK = Clock()


class _FixedDatetime(dt.datetime):
    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> _FixedDatetime:
        moment = CLOCK.tick().astimezone(tz or EASTERN)
        return cls.fromtimestamp(moment.timestamp(), moment.tzinfo)


class _Module:
    """A stand-in for a module in one of Station's modules: `names` replaced, the rest
    the module's own."""

    def __init__(self, module: Any, **names: Any) -> None:
        self._module, self._names = module, names

    def __getattr__(self, name: str) -> Any:
        return self._names[name] if name in self._names else getattr(self._module, name)


@contextlib.contextmanager
def fixed_clocks() -> Iterator[None]:
    import station.journal.creating as creating
    import station.journal.store as store
    import station.sheet.consolidate as consolidate
    import station.sheet.export as export
    import station.sheet.prepare as prepare

    fixed = {
        (creating, "utc_now"): CLOCK.utc_now,
        (creating, "uuid"): _Module(uuid, uuid4=CLOCK.uuid4),
        (store, "utc_now"): CLOCK.utc_now,
        (prepare, "utc_now"): CLOCK.utc_now,
        (store, "time"): _Module(time, monotonic_ns=CLOCK.monotonic_ns),
        (prepare, "datetime"): _FixedDatetime,
        (consolidate, "datetime"): _FixedDatetime,
        # The checkpoint's time line: the clock as it reads, not moved on (every other
        # time in the corpus stays as it was before exports held a log).
        (export, "utc_now"): lambda: CLOCK.now.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    }
    saved = {(module, name): getattr(module, name) for module, name in fixed}
    for (module, name), value in fixed.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for (module, name), value in saved.items():
            setattr(module, name, value)


def cli(*args: object) -> None:
    done = station_here(*map(str, args))
    if done.returncode != 0:
        raise SystemExit(f"station {' '.join(map(str, args))}: {done.stderr}")


def script(path: Path, letters: str) -> None:
    """Record `letters`: F A V C; 1-9 a union's FOR on a ballot of several (0 Neither);
    after a C, 'e'/'u' amends its party; 'z' undoes the last call; 'd' disputes it."""
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        last = None
        for letter in letters:
            if letter in "FAVC":
                last = session.record({"F": F, "A": A, "V": V, "C": C}[letter])
            elif letter.isdigit():
                last = (
                    session.record(Vote(F, choice=int(letter)))
                    if letter != "0"
                    else session.record(A)
                )
            elif letter in "eu" and last is not None:
                party = {"e": "employer", "u": "petitioner"}[letter]
                session.amend_challenge(last.event.seq, {"party": party, "reason": "supervisor"})
            elif letter == "z":
                session.undo()
            elif letter == "d":
                seq, call = session.count.done(last=1)[0]
                session.dispute(seq, call, Party.UNION)
    finally:
        journal.close()


def grouped(path: Path, ballots: list[tuple[str, Call, str | None]]) -> None:
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        for group, call, inclusion in ballots:
            session.record(Vote(call, group=group, inclusion=inclusion))
    finally:
        journal.close()


def ballots(group: str, letters: str, inclusion: str | None = None) -> list[Any]:
    calls = {"F": F, "A": A, "V": V, "C": C}
    return [(group, calls[letter], inclusion if letter in "FA" else None) for letter in letters]


def voters_csv(path: Path, names: list[str], group: str | None = None) -> Path:
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["id", "name", *(["group"] if group else [])])
        for n, name in enumerate(names):
            writer.writerow([str(100 + n), name, *([group[n]] if group else [])])
    return path


RC = [
    "--case",
    "29-RC-288020",
    "--employer",
    "Amazon.com Services LLC",
    "--union",
    "Amazon Labor Union",
    "--agent",
    "R. Agent",
]
VOTERS = [
    "Ada Lovelace",
    "Charles Babbage",
    "Grace Hopper",
    "Alan Turing",
    "Edsger Dijkstra",
    "Ada Yonath",
    "Barbara Liskov",
    "Frances Allen",
]


# Each genuine kind: (its case's name, what it is, how to make it in a folder). Each
# maker returns the export folder it wrote.
Maker = Callable[[Path], Path]


def one_union(work: Path) -> Path:
    cli("new", work / "e.station", *RC, "--eligible", "40", "--ballots", "24", "--pile", "5")
    script(work / "e.station", "FFAFACeVFAFzAFFAFCuAFFAVAF")
    cli("sign", work / "e.station", *OBSERVERS, "--place", "Staten Island, NY")
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def interim(work: Path) -> Path:
    cli("new", work / "e.station", *RC, "--eligible", "40", "--ballots", "20", "--pile", "0")
    script(work / "e.station", "FFAFACeVFA")
    cli("sign", work / "e.station", "--interim", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def final_after_interim(work: Path) -> Path:
    interim(work)
    cli("reopen", work / "e.station", "--reason", "next morning")
    script(work / "e.station", "FAFAFFAVFA")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "y")
    return work / "y"


def several_unions(work: Path) -> Path:
    cli(
        "new",
        work / "e.station",
        "--case",
        "10-RC-301717",
        "--employer",
        "Harbor Freight Logistics",
        "--union",
        "Teamsters Local 901",
        "--intervenor",
        "Warehouse Workers United",
        "--eligible",
        "30",
        "--ballots",
        "20",
        "--agent",
        "R. Agent",
        "--pile",
        "0",
    )
    script(work / "e.station", "1120012120V1202Ce121")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def three_unions(work: Path) -> Path:
    cli(
        "new",
        work / "e.station",
        "--case",
        "10-RC-301718",
        "--employer",
        "Acme",
        "--union",
        "Union One",
        "--union",
        "Union Two",
        "--intervenor",
        "Union Three",
        "--eligible",
        "30",
        "--pile",
        "0",
        "--agent",
        "R. Agent",
    )
    script(work / "e.station", "2212302212320V21C")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def runoff(work: Path) -> Path:
    several_unions(work)
    cli("new", work / "r.station", "--runoff-of", work / "x", "--pile", "0")
    script(work / "r.station", "12121112V")
    cli("sign", work / "r.station", *OBSERVERS)
    cli("export", work / "r.station", "--out", work / "y")
    return work / "y"


def rerun(work: Path) -> Path:
    one_union(work)
    cli("new", work / "r.station", "--rerun-of", work / "x", "--eligible", "40", "--pile", "0")
    script(work / "r.station", "FAAFAAFVA")
    cli("sign", work / "r.station", *OBSERVERS)
    cli("export", work / "r.station", "--out", work / "y")
    return work / "y"


def further_election(work: Path) -> Path:
    """12 / 8 / 8 ends the first election a nullity (29 CFR 102.70(d)); the one further
    election splits again and its results are certified."""
    several_unions_split(work)
    cli("new", work / "r.station", "--rerun-of", work / "x", "--pile", "0")
    script(work / "r.station", "11222000")
    cli("sign", work / "r.station", *OBSERVERS)
    cli("export", work / "r.station", "--out", work / "y")
    return work / "y"


def several_unions_split(work: Path) -> Path:
    cli(
        "new", work / "e.station", "--case", "10-RC-301719", "--employer", "Harbor",
        "--union", "Teamsters Local 901", "--intervenor", "Warehouse Workers United",
        "--eligible", "30", "--agent", "R. Agent", "--pile", "0",
    )  # fmt: skip
    script(work / "e.station", "1112200")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def runoff_off_ballot(work: Path) -> Path:
    """The Petitioner third: the runoff is the Intervenor against Neither, and the
    Petitioner stays a party with its observer and service lines."""
    cli(
        "new", work / "e.station", "--case", "10-RC-301720", "--employer", "Harbor",
        "--union", "Teamsters Local 901", "--intervenor", "Warehouse Workers United",
        "--eligible", "30", "--agent", "R. Agent", "--pile", "0",
    )  # fmt: skip
    script(work / "e.station", "1222200000")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    cli("new", work / "r.station", "--runoff-of", work / "x", "--pile", "0")
    script(work / "r.station", "FFFAAF")
    cli("sign", work / "r.station", *OBSERVERS, "--observer", "Petitioner:Ann Lee")
    cli("export", work / "r.station", "--out", work / "y")
    return work / "y"


def rd(work: Path) -> Path:
    cli(
        "new",
        work / "e.station",
        "--case",
        "10-RD-000017",
        "--employer",
        "Acme",
        "--union",
        "Local 1",
        "--petitioner",
        "J. Worker",
        "--eligible",
        "20",
        "--ballots",
        "9",
        "--agent",
        "R. Agent",
        "--pile",
        "0",
    )
    script(work / "e.station", "FAACuFAVA")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def rm(work: Path) -> Path:
    cli(
        "new",
        work / "e.station",
        "--case",
        "10-RM-000018",
        "--employer",
        "Acme",
        "--union",
        "Local 2",
        "--eligible",
        "20",
        "--ballots",
        "6",
        "--agent",
        "R. Agent",
        "--pile",
        "0",
        "--type",
        "stipulated",
        "--unit",
        "All full-time and regular part-time drivers",
    )
    script(work / "e.station", "FAAFAF")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def _mail(work: Path, polls: bool) -> Path:
    listed = voters_csv(work / "voters.csv", VOTERS)
    cli(
        "new",
        work / "e.station",
        "--case",
        "10-RC-269250",
        "--employer",
        "Amazon.com Services LLC",
        "--union",
        "RWDSU",
        "--mail",
        "--voters",
        listed,
        "--pile",
        "0",
        "--agent",
        "R. Agent",
        *(["--polls"] if polls else []),
    )
    rulings = [
        Ruling.ACCEPTED,
        Ruling.ACCEPTED,
        Ruling.CHALLENGED,
        Ruling.VOID,
        Ruling.LATE,
        Ruling.AT_POLLS if polls else Ruling.ACCEPTED,
        Ruling.ACCEPTED,
        Ruling.ACCEPTED,
    ]
    journal = Journal.open(work / "e.station")
    try:
        session = CountSession.resume(journal, keep=0)
        for n, ruling in enumerate(rulings):
            change = session.rule_envelope(ruling, str(100 + n))
            if ruling is Ruling.CHALLENGED:
                session.amend_challenge(change.event.seq, {"party": "employer"})
        session.rule_envelope(Ruling.CHALLENGED, write_in="Margaret Hamilton")
        session.end_envelopes()
        for call in (F, A, F, V, F) + ((A,) if polls else ()):
            session.record(call)
    finally:
        journal.close()
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def mail(work: Path) -> Path:
    return _mail(work, polls=False)


def mail_and_polls(work: Path) -> Path:
    return _mail(work, polls=True)


GROUPS = [
    "--case",
    "10-RC-000026",
    "--employer",
    "Mercy Hospital",
    "--union",
    "Nurses United",
    "--group",
    "A=Professional employees",
    "--group",
    "B=Nonprofessional employees",
    "--eligible",
    "A=30",
    "--eligible",
    "B=80",
    "--pile",
    "0",
    "--agent",
    "R. Agent",
]


def sonotone(work: Path) -> Path:
    cli("new", work / "e.station", *GROUPS, "--sonotone", "A")
    grouped(
        work / "e.station",
        ballots("A", "FFAF", "yes") + ballots("A", "AV", "no") + ballots("B", "FAFFAVC"),
    )
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def self_determination(work: Path) -> Path:
    cli("new", work / "e.station", *GROUPS, "--self-determination", "A")
    grouped(work / "e.station", ballots("A", "FFAFV") + ballots("B", "FAAFAC"))
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def globe_incumbent(work: Path) -> Path:
    """A self-determination group voting on the petitioning craft union and the
    incumbent (108 NLRB 244): the craft union's majority makes a separate unit."""
    cli(
        "new", work / "e.station", "--case", "10-RC-000027", "--employer", "Acme Tool",
        "--union", "Machinists", "--intervenor", "Steelworkers", "--incumbent",
        "Steelworkers", "--group", "A=Toolroom employees", "--self-determination", "A",
        "--eligible", "A=20", "--ballots", "A=6", "--pile", "0", "--agent", "R. Agent",
    )  # fmt: skip
    journal = Journal.open(work / "e.station")
    try:
        session = CountSession.resume(journal, keep=0)
        for call, choice in ((F, 1), (F, 1), (F, 1), (F, 2), (A, None), (V, None)):
            session.record(Vote(call, group="A", choice=choice))
    finally:
        journal.close()
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def several_units(work: Path) -> Path:
    cli("new", work / "e.station", *GROUPS, "--ballots", "A=4", "--ballots", "B=5")
    grouped(work / "e.station", ballots("A", "FFAV") + ballots("B", "FAAFC"))
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def _revised(work: Path) -> None:
    cli(
        "new",
        work / "e.station",
        "--case",
        "29-RC-288022",
        "--employer",
        "Acme",
        "--union",
        "ALU",
        "--eligible",
        "50",
        "--ballots",
        "12",
        "--agent",
        "R. Agent",
        "--pile",
        "0",
    )
    script(work / "e.station", "FACeCuCeFAFFAd")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "first")


def challenged_final(work: Path) -> Path:
    _revised(work)
    return work / "first"


def revised(work: Path) -> Path:
    _revised(work)
    cli(
        "decide",
        work / "e.station",
        "--open",
        "1,2",
        "--sustain",
        "3,4",
        "--by",
        "Regional Director",
    )
    script(work / "e.station", "FA")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def corrected(work: Path) -> Path:
    revised(work)
    cli("reopen", work / "e.station", "--reason", "a FOR was recorded as AGAINST")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "y")
    return work / "y"


def _tables(work: Path, letters: dict[str, str]) -> list[Path]:
    folders = []
    for label, calls in letters.items():
        name = work / f"table-{label}.station"
        cli(
            "new",
            name,
            "--case",
            "29-RC-288030",
            "--employer",
            "Acme",
            "--union",
            "ALU",
            "--eligible",
            "40",
            "--table",
            label,
            "--ballots",
            str(len(calls)),
            "--agent",
            "R. Agent",
            "--pile",
            "0",
        )
        script(name, calls)
        cli("sign", name, *OBSERVERS)
        cli("export", name, "--out", work / f"table-{label}")
        folders.append(work / f"table-{label}")
    return folders


def table(work: Path) -> Path:
    return _tables(work, {"1": "FFACAF"})[0]


def consolidation(work: Path) -> Path:
    tables = _tables(work, {"1": "FFACAFFA", "2": "FAAVFAFF"})
    cli("consolidate", "--out", work / "x", *tables)
    return work / "x"


def big_clock(work: Path) -> Path:
    """A station up more than 104 days: its monotonic clock past 2^53 ns."""
    CLOCK.mono = 2**53 + 123_456_789
    return one_union(work)


WITNESSES = [
    forge.party_witness("employer-witness.example", 0x45),
    forge.party_witness("union-witness.example", 0x55),
]
"""The parties' witnesses of the witnessed case: keys made from fixed bytes, for it alone."""


def witnessed(work: Path) -> Path:
    """One union, served to the employer's and the union's witnesses, which cosigned the
    log at the head the sheet certifies, as the operator window signs it."""
    from station.sheet.checkpoint_signing import raw_key
    from station.sheet.prepare import SheetRequest, prepare_sheet
    from station.sheet.witnessed import cosigned_at_head
    from station.ui.display import ensure_offscreen_app

    cli("new", work / "e.station", *RC, "--eligible", "40", "--ballots", "24", "--pile", "5")
    script(work / "e.station", "FFAFACeVFAFzAFFAFCuAFFAVAF")
    ensure_offscreen_app()  # the sheet's font says which names it can print
    key = load_key()
    journal = Journal.open(work / "e.station")
    try:
        session = CountSession.resume(journal, keep=0)
        signed = CLOCK.tick().strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        forge.cosign_head(journal, key, WITNESSES, at=int(CLOCK.tick().timestamp()), signed=signed)
        cosigned = cosigned_at_head(journal, raw_key(key.public_key))
        observers = [Observer("employer", "Jane Roe"), Observer("petitioner", "John Doe")]
        request = SheetRequest(SheetKind.FINAL, "R. Agent", observers, "Staten Island, NY")
        prepare_sheet(session, request, key_fingerprint=key.fingerprint, witnessed=cosigned.fact)
    finally:
        journal.close()
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def undone_and_disputed(work: Path) -> Path:
    cli("new", work / "e.station", *RC, "--eligible", "40", "--pile", "4")
    script(work / "e.station", "FAFzFFAdVAFCeAFzFAF")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def clock_set_back(work: Path) -> Path:
    """The station's clock set back two hours mid-count: OK, with a warning."""
    cli("new", work / "e.station", *RC, "--eligible", "40", "--pile", "0")
    script(work / "e.station", "FFAFA")
    CLOCK.now -= dt.timedelta(hours=2)
    script(work / "e.station", "FAAFV")
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def over_count(work: Path) -> Path:
    """More ballots than the box was said to hold, each one past it confirmed."""
    cli("new", work / "e.station", *RC, "--eligible", "40", "--ballots", "5", "--pile", "0")
    script(work / "e.station", "FFAFA")
    with Journal.open(work / "e.station") as journal:
        session = CountSession.resume(journal, keep=0)
        session.record(F, over_count=True)
        session.record(A, over_count=True)
    cli("sign", work / "e.station", *OBSERVERS)
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def mail_groups(work: Path) -> Path:
    """Mail ballots of two voting groups (one Sonotone), a voter written in."""
    from tests.mail.helpers import groups_counted

    groups_counted(work / "e.station")
    cli("export", work / "e.station", "--out", work / "x")
    return work / "x"


def mail_groups_revised(work: Path) -> Path:
    from tests.mail.helpers import groups_decided

    mail_groups(work)
    groups_decided(work / "e.station")
    cli("export", work / "e.station", "--out", work / "y")
    return work / "y"


GENUINE: dict[str, tuple[str, Maker]] = {
    "one-union": ("one union (RC), piles of 5, a challenge, an undo", one_union),
    "interim": ("an interim tally, the count to go on", interim),
    "final-after-interim": (
        "the final tally after an interim one and a reopening",
        final_after_interim,
    ),
    "several-unions": ("two unions (one an intervenor) and Neither", several_unions),
    "three-unions-no-majority": ("three unions and Neither, no majority", three_unions),
    "runoff": ("the runoff of the two unions' election", runoff),
    "rerun": ("the rerun of a one-union election set aside", rerun),
    "further-election": (
        "the one further election of 29 CFR 102.70(d), split again: results certified",
        further_election,
    ),
    "runoff-off-ballot": (
        "a runoff without the Petitioner's union, the Petitioner still a party",
        runoff_off_ballot,
    ),
    "rd": ("a decertification (RD) election", rd),
    "rm": ("an employer's petition (RM), stipulated, with its unit", rm),
    "mail": ("mail ballots: envelopes ruled, a voter written in, then the calls", mail),
    "mail-and-polls": (
        "mail ballots and voting at the polls, counted together",
        mail_and_polls,
    ),
    "groups-sonotone": ("voting groups: professionals (Sonotone) and others", sonotone),
    "groups-self-determination": (
        "voting groups: a self-determination group",
        self_determination,
    ),
    "groups-globe-incumbent": (
        "a self-determination group voting on a craft union and the incumbent",
        globe_incumbent,
    ),
    "groups-several-units": (
        "voting groups tallied as several units, boxes known",
        several_units,
    ),
    "challenged-final": (
        "a final tally with determinative challenges and a dispute",
        challenged_final,
    ),
    "revised": ("the revised tally after the Regional Director's decision", revised),
    "corrected": ("a corrected revised tally", corrected),
    "table": ("one table of a count at several tables", table),
    "consolidation": ("two tables consolidated", consolidation),
    "clock-past-2-53": ("a station up more than 104 days (mono_ns past 2^53)", big_clock),
    "clock-set-back": ("the station's clock set back mid-count: OK with a warning", clock_set_back),
    "over-count-confirmed": ("two ballots past the box's size, each confirmed", over_count),
    "mail-groups": ("mail ballots of two voting groups, one Sonotone", mail_groups),
    "mail-groups-revised": (
        "the revised tally of the mail ballots of two voting groups",
        mail_groups_revised,
    ),
    "witnessed": (
        "one union, its head cosigned by the employer's and the union's witnesses",
        witnessed,
    ),
    "undone-and-disputed": (
        "undos, a dispute and a challenge, piles of 4",
        undone_and_disputed,
    ),
}

OLD = {
    "v0_2-one-union": ("Station 0.2.0's one-union export, kept as it was written", "rc-export"),
    "v0_2-several-unions": ("Station 0.2.0's several-unions export", "three-export"),
    "v0_2-mail": ("Station 0.2.0's mail export", "mail-export"),
    "v0_2-revised": ("Station 0.2.0's revised tally", "revised-export"),
    "v0_2-consolidation": ("Station 0.2.0's consolidation of two tables", "consolidated"),
    "v0_2-consolidation-runoff": (
        "Station 0.2.0's consolidation of two tables whose sums call for a runoff",
        "consolidated-runoff",
    ),
    "v0_2-rd": ("Station 0.2.0's decertification (RD) export", "rd-export"),
    "v0_2-rm": ("Station 0.2.0's employer-petition (RM) export", "rm-export"),
    "v0_2-runoff": ("Station 0.2.0's runoff export", "runoff-export"),
    "v0_2-corrected": ("Station 0.2.0's corrected revised tally", "corrected-export"),
}


# Forgeries. Each changes a genuine export (`base`) as an attacker would.
Tamper = Callable[[Path, StationKey], object]


@dataclass(frozen=True)
class Forgery:
    base: str
    about: str
    step: str
    tamper: Tamper
    key: str | None = None  # the fingerprint given to the verifier, if not the corpus's
    # Why `station verify` does not give this case's verdict yet: its words are then
    # not known, and the corpus's test expects verify to fail it until it does.
    known_wrong: str | None = None


def restated(change: Callable[[dict[str, Any]], None], redraw: bool = True) -> Tamper:
    """The sign event's detail changed by `change`, the chain hashed again from it, the
    sheet made to say the same (tally.json, and the PDF drawn again), all re-signed: a
    forger holding the key who leaves only the journal to tell."""

    def tamper(folder: Path, key: StationKey) -> None:
        def edit(event: dict[str, Any]) -> None:
            detail = json.loads(event["detail"])
            change(detail)
            event["detail"] = canonical_detail(detail)

        forge.rechain_from(folder, forge.last_seq(folder), edit)
        event = json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])
        document = json.loads((folder / "tally.json").read_bytes())
        document["sheet"] = json.loads(event["detail"])
        document["sheet_event"] = forge.sheet_event(folder)
        (folder / "tally.json").write_bytes(canonical_json(document))
        if redraw:
            from station.sheet.pdf import render_pdf

            (folder / "tally.pdf").write_bytes(render_pdf(document))
        forge.edit_json(
            folder / "manifest.json", lambda m: m.update(sheet_event=forge.sheet_event(folder))
        )
        forge.resign(folder, key)

    return tamper


def _cosignature_time_zeroed(detail: dict[str, Any]) -> None:
    """The last cosignature of the sheet's witnessed checkpoint with its time zeroed: no
    longer a timestamped cosignature, whatever key it is checked with."""
    text, _, last = detail["witnessed"].rstrip("\n").rpartition("\n")
    name, signed = last.removeprefix("\u2014 ").split(" ")
    raw = base64.b64decode(signed)
    raw = raw[:4] + bytes(8) + raw[12:]
    detail["witnessed"] = f"{text}\n\u2014 {name} {base64.b64encode(raw).decode()}\n"


def in_text(name: str, old: bytes, new: bytes, resign: bool = True) -> Tamper:
    def tamper(folder: Path, key: StationKey) -> None:
        data = (folder / name).read_bytes()
        assert old in data, (name, old)
        (folder / name).write_bytes(data.replace(old, new, 1))
        if resign:
            forge.resign(folder, key)

    return tamper


def event_rechained(
    seq_of: Callable[[list[dict[str, Any]]], int], change: Callable[[dict[str, Any]], None]
) -> Tamper:
    """An event changed and every later one hashed again, the sheets made to certify the
    new head, tally.json and the manifest made to name it, all re-signed."""

    def tamper(folder: Path, key: StationKey) -> None:
        lines = (folder / "journal.jsonl").read_text().splitlines()[1:]
        seq = seq_of([json.loads(line) for line in lines])
        forge.rechain_with_sheets(folder, seq, change)
        event = json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])
        forge.edit_json(
            folder / "tally.json",
            lambda d: d.update(
                sheet=json.loads(event["detail"]), sheet_event=forge.sheet_event(folder)
            ),
        )
        (folder / "tally.json").write_bytes(
            canonical_json(json.loads((folder / "tally.json").read_bytes()))
        )
        forge.edit_json(
            folder / "manifest.json", lambda m: m.update(sheet_event=forge.sheet_event(folder))
        )
        (folder / "manifest.json").write_bytes(
            canonical_json(json.loads((folder / "manifest.json").read_bytes()))
        )
        forge.resign(folder, key)

    return tamper


def first(action: str, call: str | None = None) -> Callable[[list[dict[str, Any]]], int]:
    return lambda events: next(
        e["seq"] for e in events if e["action"] == action and (call is None or e["call"] == call)
    )


def detail_set(**changes: Any) -> Callable[[dict[str, Any]], None]:
    def change(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"]) if event["detail"] else {}
        detail.update(changes)
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    return change


def in_text_all(name: str, old: bytes, new: bytes) -> Tamper:
    def tamper(folder: Path, key: StationKey) -> None:
        (folder / name).write_bytes((folder / name).read_bytes().replace(old, new))
        forge.resign(folder, key)

    return tamper


def manifest_bom(folder: Path, key: StationKey) -> None:
    data = b"\xef\xbb\xbf" + (folder / "manifest.json").read_bytes()
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(base64.b64encode(key.sign(data)) + b"\n")


def event_after_sign(folder: Path, key: StationKey) -> None:
    """A FOR chained after the sign event, as a station would write it."""
    from station.journal.chain import event_hash

    lines = (folder / "journal.jsonl").read_text().splitlines()
    last = json.loads(lines[-1])
    fields = (
        last["seq"] + 1,
        last["utc"],
        last["mono_ns"] + 1,
        last["session"],
        "call",
        "for",
        None,
        None,
        last["hash"],
    )
    names = ("seq", "utc", "mono_ns", "session", "action", "call", "target", "detail", "prev_hash")
    event = {**dict(zip(names, fields, strict=True)), "hash": event_hash(*fields)}
    line = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    (folder / "journal.jsonl").write_text("\n".join([*lines, line]) + "\n")
    forge.resign(folder, key)


def _v0_2_key() -> StationKey:
    """The key Station 0.2.0's fixtures were signed with (kept in the repository, so
    readable by others: read here as the forger would, not as a station's own)."""
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    path = V0_2 / "test-signing-key.pem"
    private = load_pem_private_key(path.read_bytes(), password=None)
    assert isinstance(private, Ed25519PrivateKey)
    return StationKey(path, private)


def _deep(levels: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(levels):
        nested = [nested]
    return nested


def padded_signature(folder: Path, key: StationKey) -> None:
    signature = (folder / "manifest.sig").read_text().strip()
    (folder / "manifest.sig").write_text(signature + "==\n")


def without_last_newline(folder: Path, key: StationKey) -> None:
    path = folder / "journal.jsonl"
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    forge.resign(folder, key)


def with_bom(name: str) -> Tamper:
    def tamper(folder: Path, key: StationKey) -> None:
        (folder / name).write_bytes(b"\xef\xbb\xbf" + (folder / name).read_bytes())
        forge.resign(folder, key)

    return tamper


def setup_changed(folder: Path, key: StationKey) -> None:
    """The setup line's employer changed, its hash left as it was; re-signed."""
    in_text("journal.jsonl", b'"employer":"Amazon.com Services LLC"', b'"employer":"Amazon"')(
        folder, key
    )


def consolidation_sum(folder: Path, key: StationKey) -> None:
    document = json.loads((folder / "tally.json").read_bytes())
    document["lines"]["3"] += 1
    (folder / "tally.json").write_bytes(canonical_json(document))
    _resign_consolidation(folder, key)


def _resign_consolidation(folder: Path, key: StationKey) -> None:
    manifest = json.loads((folder / "manifest.json").read_bytes())
    for name in manifest["files"]:
        manifest["files"][name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    data = canonical_json(manifest)
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(base64.b64encode(key.sign(data)) + b"\n")


def consolidation_table_forged(folder: Path, key: StationKey) -> None:
    """Table 1's export inside the consolidation has one more FOR in its tally.json,
    re-signed, and the consolidation's manifest re-signed over it."""
    table = sorted((folder / "tables").iterdir())[0]
    forge.edit_json(table / "tally.json", forge.bump_for)
    forge.resign(table, key)
    _resign_consolidation(folder, key)


def consolidation_table_choices(folder: Path, key: StationKey) -> None:
    """Table 1's sheet inside the consolidation states a `choices` fact giving the union
    every vote, everywhere in its export, re-signed, and the consolidation re-signed."""
    table = sorted((folder / "tables").iterdir())[0]
    choices = [{"name": "ALU", "votes": 40}, {"name": "Neither", "votes": 0}]
    restated(_added("choices", choices))(table, key)
    _resign_consolidation(folder, key)


def _mail_table(work: Path, label: str, write_in: str) -> Path:
    """Mail table `label`: voters 100-102 accepted at it, `write_in` written in and
    accepted, four calls; signed and exported."""
    CLOCK.reset()
    CLOCK.ids = 10 * int(label)  # both of table 2's counts the same election
    listed = voters_csv(work / "voters.csv", VOTERS)
    name = work / f"mail-{label}-{write_in}.station"
    cli(
        "new",
        name,
        "--case",
        "10-RC-269251",
        "--employer",
        "Acme",
        "--union",
        "RWDSU",
        "--mail",
        "--voters",
        listed,
        "--table",
        label,
        "--pile",
        "0",
        "--agent",
        "R. Agent",
    )
    with Journal.open(name) as journal:
        session = CountSession.resume(journal, keep=0)
        for voter in ("100", "101", "102") if label == "1" else ("103", "104", "105"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        session.rule_envelope(Ruling.ACCEPTED, write_in=write_in)
        session.end_envelopes()
        for call in (F, A, F, F):
            session.record(call)
    cli("sign", name, *OBSERVERS)
    cli("export", name, "--out", work / f"{label}-{write_in}")
    return work / f"{label}-{write_in}"


def one_voter_at_two_tables(folder: Path, key: StationKey) -> None:
    """Two mail tables that accepted a written-in "Hans Strauß" and "HANS STRAUSS", one
    voter by the rules (names compared case-folded): the consolidation Station would
    refuse, made by hand from one of another table 2 and signed with the key."""
    work = Path(tempfile.mkdtemp())
    first = _mail_table(work, "1", "Hans Strauß")
    other = _mail_table(work, "2", "Ken Thompson")
    second = _mail_table(work, "2", "HANS STRAUSS")
    cli("consolidate", "--out", work / "x", first, other)
    shutil.rmtree(folder)
    shutil.copytree(work / "x", folder)
    shutil.rmtree(folder / "tables" / "table-2")
    # As `station consolidate` copies a table: its five files, not its log/.
    shutil.copytree(second, folder / "tables" / "table-2", ignore=shutil.ignore_patterns("log"))
    document = json.loads((folder / "tally.json").read_bytes())
    table = json.loads((second / "tally.json").read_bytes())
    for entry in document["tables"]:
        if entry["label"] == "2":
            entry.update(
                head=table["sheet"]["head"],
                sheet_event=table["sheet_event"],
                election_id=table["election"]["election_id"],
                setup_hash=table["election"]["setup_hash"],
            )
    (folder / "tally.json").write_bytes(canonical_json(document))
    _resign_consolidation(folder, key)
    shutil.rmtree(work)


def consolidation_extra(folder: Path, key: StationKey) -> None:
    (folder / "tables" / "notes.txt").write_text("recount tomorrow\n")


def resigned(tamper: Callable[[Path, StationKey], object]) -> Tamper:
    def both(folder: Path, key: StationKey) -> None:
        tamper(folder, key)
        forge.resign(folder, key)

    return both


def _added(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda detail: detail.update({name: value})


def _rulings_accepted(folder: Path) -> list[int]:
    """The envelope events of an export that ruled an envelope accepted, in order."""
    lines = (folder / "journal.jsonl").read_text().splitlines()[1:]
    events = [json.loads(line) for line in lines]
    return [
        e["seq"]
        for e in events
        if e["action"] == "envelope" and json.loads(e["detail"])["ruling"] == "accepted"
    ]


def _written_in(name: str) -> Callable[[dict[str, Any]], None]:
    """An envelope event's voter replaced by a name written in, its ruling kept."""

    def change(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        detail.pop("voter", None)
        detail["write_in"] = name
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    return change


def _one_voter_twice_at_a_table(folder: Path, key: StationKey) -> None:
    """The first two accepted envelopes made one written-in voter's, named in two cases."""
    first_seq, second_seq = _rulings_accepted(folder)[:2]

    def second(lines: list[str]) -> list[str]:
        event = json.loads(lines[second_seq - 1])
        _written_in("HANS STRAUSS")(event)
        lines[second_seq - 1] = json.dumps(
            event, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        return lines

    forge.edit_events(folder, second)  # hashed again below, from the first one on
    event_rechained(lambda _: first_seq, _written_in("Hans Strauß"))(folder, key)


def _accepted_as_float(event: dict[str, Any]) -> None:
    detail = json.loads(event["detail"])
    detail["accepted"] = float(detail["accepted"])
    event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))


CHOICES = [{"name": "Amazon Labor Union", "votes": 60}, {"name": "Neither", "votes": 4}]
# The forger's own key: fixed, so that the case is the same each time it is made.
FORGER = StationKey(Path("forger.pem"), Ed25519PrivateKey.from_private_bytes(bytes(range(32))))
PARTIES = [
    {"name": "Amazon.com Services LLC", "role": "Employer"},
    {"name": "Union One", "role": "Petitioner"},
]
FORGERIES: dict[str, Forgery] = {
    # V1: the folder's files
    "extra-file_fail": Forgery("one-union", "a sixth file beside the five", "V1", forge.extra_file),
    "staging-leftover_fail": Forgery(
        "one-union",
        "a tally.pdf with other figures in a leftover staging folder",
        "V1",
        forge.staging_leftover,
    ),
    **{
        f"{name.replace('.', '-')}-missing_fail": Forgery(
            "one-union",
            f"{name} removed",
            "V1",
            (lambda n: lambda f, k: (f / n).unlink())(name),
        )
        for name in ("manifest.sig", "manifest.json", "tally.pdf", "journal.jsonl", "tally.json")
    },
    # V2: the signature
    "signature-garbled_fail": Forgery(
        "one-union",
        "manifest.sig not base64",
        "V2",
        lambda f, k: (f / "manifest.sig").write_text("not base64!\n"),
    ),
    "signature-padded_fail": Forgery(
        "one-union", "manifest.sig's base64 padded with two more '='", "V2", padded_signature
    ),
    "signature-oversize_fail": Forgery(
        "one-union",
        "manifest.sig of 1,100 bytes, larger than any Station writes",
        "V2",
        lambda f, k: (f / "manifest.sig").write_text("A" * 1099 + "\n"),
    ),
    "manifest-changed_fail": Forgery(
        "one-union",
        "manifest.json's case changed, not re-signed",
        "V2",
        lambda f, k: forge.edit_json(f / "manifest.json", lambda m: m.update(case="1-RC-1")),
    ),
    "manifest-bom_fail": Forgery(
        "one-union",
        "manifest.json opened by a byte-order mark, re-signed over it",
        "V2",
        manifest_bom,
    ),
    # V3: the key
    "other-key_fail": Forgery(
        "one-union",
        "re-signed, whole, with a key of the forger's own",
        "V3",
        lambda f, k: forge.resign_with_other_key(f, FORGER),
    ),
    "wrong-fingerprint-given_fail": Forgery(
        "one-union",
        "a genuine export checked against another station's fingerprint",
        "V3",
        lambda f, k: None,
        key=V0_2_KEY,
    ),
    # V4: each file's hash
    "tally-number_fail": Forgery(
        "one-union",
        "one more FOR in tally.json, not re-signed",
        "V4",
        lambda f, k: forge.edit_json(f / "tally.json", forge.bump_for),
    ),
    "pdf-changed_fail": Forgery(
        "one-union",
        "a word of tally.pdf changed, not re-signed",
        "V4",
        in_text("tally.pdf", b"Tally", b"Tallx", resign=False),
    ),
    "call-changed_fail": Forgery(
        "one-union",
        "a FOR turned AGAINST in journal.jsonl, not re-signed",
        "V4",
        lambda f, k: forge.edit_events(f, lambda e: [e[0], forge.switch_call(e[1]), *e[2:]]),
    ),
    # V5: journal.jsonl's lines and its setup
    "journal-no-last-newline_fail": Forgery(
        "one-union",
        "journal.jsonl without its last newline, re-signed",
        "V5",
        without_last_newline,
    ),
    "journal-bom_fail": Forgery(
        "one-union",
        "journal.jsonl opened by a byte-order mark, re-signed",
        "V5",
        with_bom("journal.jsonl"),
    ),
    "garbage-line_fail": Forgery(
        "one-union",
        "a line that is not JSON in journal.jsonl, re-signed",
        "V5",
        resigned(lambda f, k: forge.edit_events(f, lambda e: [*e[:3], "not json", *e[3:]])),
    ),
    "spaced-line_fail": Forgery(
        "one-union",
        "journal.jsonl's setup line not canonical (a space), re-signed",
        "V5",
        resigned(lambda f, k: forge.edit_events(f, lambda e: [e[0].replace(",", ", ", 1), *e[1:]])),
    ),
    "setup-changed_fail": Forgery(
        "one-union",
        "the setup's employer changed, its hash not, re-signed",
        "V5",
        setup_changed,
    ),
    "journal-crlf_fail": Forgery(
        "one-union",
        "journal.jsonl's lines ended by CR LF, re-signed",
        "V5",
        in_text_all("journal.jsonl", b"\n", b"\r\n"),
    ),
    # V6: the chain
    "call-changed-resigned_fail": Forgery(
        "one-union",
        "a FOR turned AGAINST, re-signed (the chain not re-hashed)",
        "V6",
        resigned(
            lambda f, k: forge.edit_events(f, lambda e: [e[0], forge.switch_call(e[1]), *e[2:]])
        ),
    ),
    "event-missing_fail": Forgery(
        "one-union",
        "an event removed from journal.jsonl, re-signed",
        "V6",
        resigned(lambda f, k: forge.edit_events(f, lambda e: e[:4] + e[5:])),
    ),
    "events-swapped_fail": Forgery(
        "one-union",
        "two events swapped in journal.jsonl, re-signed",
        "V6",
        resigned(lambda f, k: forge.edit_events(f, lambda e: [e[0], e[2], e[1], *e[3:]])),
    ),
    "truncated_fail": Forgery(
        "one-union",
        "the last ten events cut from journal.jsonl, re-signed",
        "V6",
        resigned(lambda f, k: forge.edit_events(f, lambda e: e[:-10])),
    ),
    # V7: the sign event and tally.json
    "event-after-sign_fail": Forgery(
        "one-union",
        "a well-chained FOR appended after the sign event, re-signed",
        "V7",
        event_after_sign,
    ),
    "tally-number-resigned_fail": Forgery(
        "one-union",
        "one more FOR in tally.json, re-signed",
        "V7",
        resigned(lambda f, k: forge.edit_json(f / "tally.json", forge.bump_for)),
    ),
    "observer-removed_fail": Forgery(
        "one-union",
        "an observer removed from tally.json, re-signed",
        "V7",
        resigned(
            lambda f, k: forge.edit_json(f / "tally.json", lambda d: d["sheet"]["observers"].pop())
        ),
    ),
    "tally-not-canonical_fail": Forgery(
        "one-union",
        "tally.json with a space after each comma, re-signed",
        "V7",
        in_text_all("tally.json", b",", b", "),
    ),
    "tally-too-deep_fail": Forgery(
        "one-union",
        "tally.json holding a list 40 deep, re-signed",
        "V7",
        resigned(
            lambda f, k: forge.edit_json(
                f / "tally.json", lambda d: d["sheet"].update(place=_deep(40))
            )
        ),
    ),
    "lone-surrogate_fail": Forgery(
        "one-union",
        "the agent's name in tally.json a lone surrogate, re-signed",
        "V7",
        forge.lone_surrogate,
    ),
    "tally-bom_fail": Forgery(
        "one-union",
        "tally.json opened by a byte-order mark, re-signed",
        "V7",
        with_bom("tally.json"),
    ),
    "zero-as-float_fail": Forgery(
        "rm",
        "line 2's 0 written 0.0 in tally.json, re-signed",
        "V7",
        in_text("tally.json", b'"2":0,', b'"2":0.0,'),
    ),
    "zero-as-false_fail": Forgery(
        "rm",
        "line 2's 0 written false in tally.json, re-signed",
        "V7",
        in_text("tally.json", b'"2":0,', b'"2":false,'),
    ),
    "zero-as-float-restated_fail": Forgery(
        "rm",
        "line 2's 0 written 0.0 in the sign event and tally.json, re-signed",
        "V8",
        restated(lambda d: d["lines"].update({"2": 0.0}), redraw=False),
    ),
    "zero-as-false-restated_fail": Forgery(
        "rm",
        "line 2's 0 written false in the sign event and tally.json, re-signed",
        "V8",
        restated(lambda d: d["lines"].update({"2": False}), redraw=False),
    ),
    "one-table-named-table_fail": Forgery(
        "one-union",
        "tally.json of a one-table count says Table 3, PDF redrawn, re-signed",
        "V7",
        forge.a_table_named_on_a_one_table_sheet,
    ),
    "sheet-event-named-wrong_fail": Forgery(
        "one-union",
        "tally.json's sheet_event names the event before, re-signed",
        "V7",
        resigned(
            lambda f, k: forge.edit_json(
                f / "tally.json", lambda d: d["sheet_event"].update(seq=d["sheet_event"]["seq"] - 1)
            )
        ),
    ),
    # V8: the replay
    "rechained-replay_fail": Forgery(
        "one-union",
        "a call changed, the chain re-hashed, re-signed",
        "V8",
        forge.switch_and_rechain,
    ),
    "counted-restated_fail": Forgery(
        "one-union",
        "the sign event's `counted` changed, the chain re-hashed, re-signed",
        "V8",
        resigned(
            lambda f, k: forge.rechain_from(
                f,
                forge.last_seq(f),
                lambda e: e.update(detail=e["detail"].replace('"counted":', '"counted":1')),
            )
        ),
    ),
    "lines-restated_fail": Forgery(
        "one-union",
        "line 3 one more in the sign event and everywhere, PDF redrawn, re-signed",
        "V8",
        restated(lambda d: d["lines"].update({"3": d["lines"]["3"] + 1})),
    ),
    "choices-added_fail": Forgery(
        "one-union",
        "a `choices` fact added to a one-union sheet, everywhere, re-signed",
        "V8",
        restated(_added("choices", CHOICES)),
    ),
    "parties-added_fail": Forgery(
        "one-union",
        "a `parties` fact added to a one-union sheet, everywhere, re-signed",
        "V8",
        restated(_added("parties", PARTIES)),
    ),
    "groups-added_fail": Forgery(
        "one-union",
        "a `groups` fact added to a one-union sheet, everywhere, re-signed",
        "V8",
        restated(
            lambda d: d.update(
                groups=[
                    {
                        "key": "A",
                        "name": "Professional employees",
                        "lines": d["lines"],
                        "statements": d["statements"],
                    }
                ]
            )
        ),
    ),
    "envelopes-on-poll-sheet_fail": Forgery(
        "one-union",
        "an `envelopes` fact on a count at the polls, everywhere, re-signed",
        "V8",
        forge.envelopes_on_a_poll_sheet,
    ),
    "prepared-backdated_fail": Forgery(
        "one-union",
        "`prepared` set a week back, everywhere, PDF redrawn, re-signed",
        "V8",
        restated(lambda d: d.update(prepared=d["prepared"].replace("2026-11-03", "2026-10-27"))),
    ),
    "prepared-backdated-with-its-deadline_fail": Forgery(
        "one-union",
        "`prepared` and `objections_due` set a week back, everywhere, re-signed",
        "V8",
        restated(
            lambda d: d.update(
                prepared=d["prepared"].replace("2026-11-03", "2026-10-27"),
                objections_due=d["objections_due"].replace("2026-11-10", "2026-11-03"),
            )
        ),
    ),
    "over-count-null_fail": Forgery(
        "one-union",
        "a call's detail states `over_count: null`, rechained, re-signed",
        "V8",
        event_rechained(first("call", "for"), detail_set(over_count=None)),
    ),
    "ruling-constructor_fail": Forgery(
        "mail",
        'an envelope\'s ruling named "constructor", rechained, re-signed',
        "V8",
        event_rechained(first("envelope"), detail_set(ruling="constructor")),
    ),
    "corrected-unknown-line_fail": Forgery(
        "corrected",
        "the correction names a line 12, everywhere, re-signed",
        "V8",
        restated(
            lambda d: d["correction"].setdefault("replaces", {}).update({"12": 1}), redraw=False
        ),
    ),
    "several-unions-line9-restated_fail": Forgery(
        "three-unions-no-majority",
        "line 9 restated as a win for Union One, re-signed",
        "V9",
        restated(lambda d: d["lines"].update({"8": False, "9": True})),
    ),
    "mail-line-restated_fail": Forgery(
        "mail",
        "one more FOR on the mail sheet, everywhere, PDF redrawn, re-signed",
        "V8",
        restated(lambda d: d["lines"].update({"3": d["lines"]["3"] + 1})),
    ),
    "several-unions-statement9-restated_fail": Forgery(
        "three-unions-no-majority",
        "line 9's sentence restated as a win for Union One",
        "V9",
        restated(
            lambda d: d["statements"].update(
                {
                    "9": (
                        "A majority of the valid votes counted plus challenged ballots has been cast for"
                        " Union One."
                    )
                }
            )
        ),
    ),
    "v0_2-lines-restated_fail": Forgery(
        "v0_2-one-union",
        "Station 0.2.0's export: line 3 one more everywhere, re-signed with its key",
        "V8",
        lambda f, k: restated(
            lambda d: d["lines"].update({"3": d["lines"]["3"] + 1}), redraw=False
        )(f, _v0_2_key()),
        key=V0_2_KEY,
    ),
    # V10: the PDF's text
    "pdf-other-figures_fail": Forgery(
        "one-union",
        "tally.pdf drawn from other figures, re-signed",
        "V10",
        lambda f, k: _pdf_of_other_figures(f, k),
    ),
    # V13: the witnessed checkpoint
    "witnessed-cosignature-changed_fail": Forgery(
        "witnessed",
        "the union's witness's cosignature line changed (its time zeroed) in the sign event,"
        " everywhere, re-signed",
        "V13",
        restated(_cosignature_time_zeroed, redraw=False),
    ),
    "pdf-sentence-added_fail": Forgery(
        "one-union",
        "tally.pdf with a line 9 of its own added above the certifications, re-signed",
        "V10",
        lambda f, k: _pdf_with_a_sentence_added(f, k),
    ),
    # V11: a consolidation
    "consolidation-sum_fail": Forgery(
        "consolidation", "the consolidated line 3 one more, re-signed", "V11", consolidation_sum
    ),
    "consolidation-table-forged_fail": Forgery(
        "consolidation",
        "a table's tally.json one more FOR, both re-signed",
        "V11",
        consolidation_table_forged,
    ),
    "consolidation-table-choices-added_fail": Forgery(
        "consolidation",
        "a `choices` fact added to a table's sheet, both re-signed",
        "V11",
        consolidation_table_choices,
    ),
    "consolidation-one-voter-twice_fail": Forgery(
        "consolidation",
        '"Hans Strauß" accepted at one mail table, "HANS STRAUSS" at'
        " another, consolidated by hand and signed",
        "V11",
        one_voter_at_two_tables,
    ),
    "consolidation-extra-file_fail": Forgery(
        "consolidation", "a file added among the tables", "V11", consolidation_extra
    ),
    # The checks a reader makes on every event: a detail no action has (a voter's name
    # beside a call), the order of a session, a figure as JSON writes it, one voter at
    # one table, a change of key the journal does not give.
    "undo-names-a-voter_fail": Forgery(
        "undone-and-disputed",
        "a voter's name in an undo's detail, rechained, re-signed",
        "V8",
        event_rechained(first("undo"), detail_set(voter="Hans Strauß")),
    ),
    "reopen-names-a-voter_fail": Forgery(
        "corrected",
        "a voter's name beside a reopening's reason, rechained, re-signed",
        "V8",
        event_rechained(first("reopen"), detail_set(voter="Hans Strauß")),
    ),
    "open-names-a-voter_fail": Forgery(
        "one-union",
        "a voter's name in the first open event's detail, rechained, re-signed",
        "V8",
        event_rechained(first("open"), detail_set(voter="Hans Strauß")),
    ),
    "open-station-not-a-version_fail": Forgery(
        "one-union",
        "the open event's `station` holding a sentence, not a version, rechained, re-signed",
        "V8",
        event_rechained(first("open"), detail_set(station="Hans Strauß voted FOR")),
    ),
    "session-renumbered_fail": Forgery(
        "one-union",
        "a call's `session` other than its session's open event, rechained, re-signed",
        "V6",
        event_rechained(first("call", "for"), lambda event: event.update(session=2)),
    ),
    "clock-back-in-session_fail": Forgery(
        "one-union",
        "a call's `mono_ns` before the event before it in its session, rechained, re-signed",
        "V6",
        event_rechained(first("call", "against"), lambda event: event.update(mono_ns=0)),
    ),
    "end-envelopes-accepted-float_fail": Forgery(
        "mail",
        "the end of the envelope stage states `accepted` as a float (4.0), rechained, re-signed",
        "V8",
        event_rechained(first("end_envelopes"), _accepted_as_float),
    ),
    "one-voter-twice-at-a-table_fail": Forgery(
        "mail",
        'two envelopes accepted at one table, written in as "Hans Strauß" and "HANS'
        ' STRAUSS", rechained, re-signed',
        "V8",
        _one_voter_twice_at_a_table,
    ),
    "key-change-invented_fail": Forgery(
        "corrected",
        "the corrected sheet says its key changed from another, everywhere, re-signed",
        "V8",
        restated(lambda d: d.update(key_changed_from=FORGER.fingerprint)),
    ),
    # V11, a consolidation's version: the forms Station 0.2.0 wrote are read as its own
    # only on a document of its version (station-consolidated-tally-v1), never guessed.
    "consolidation-deadline-dropped_fail": Forgery(
        "consolidation",
        "today's consolidation without its objections_due, its PDF drawn again, re-signed",
        "V11",
        lambda f, k: consolidation_restated(lambda d: d.pop("objections_due"))(f, k),
    ),
    "consolidation-as-v0_2_fail": Forgery(
        "consolidation",
        "today's consolidation stated as Station 0.2.0's version, without its"
        " objections_due, its PDF drawn again, re-signed",
        "V11",
        lambda f, k: consolidation_restated(_as_v0_2)(f, k),
    ),
    "v0_2-consolidation-deadline-added_fail": Forgery(
        "v0_2-consolidation",
        "Station 0.2.0's consolidation stating an objections_due, re-signed with its key",
        "V11",
        lambda f, k: consolidation_restated(_deadline_added)(f, _v0_2_key()),
        key=V0_2_KEY,
    ),
    "v0_2-consolidation-runoff-reworded_fail": Forgery(
        "v0_2-consolidation-runoff",
        "Station 0.2.0's consolidation of a runoff with today's runoff sentence, its PDF"
        " drawn again, re-signed with its key",
        "V11",
        lambda f, k: consolidation_restated(_runoff_worded_today)(f, _v0_2_key()),
        key=V0_2_KEY,
    ),
    # V11, a consolidation's page: its text compared whole with its version's.
    "consolidation-pdf-sentence-added_fail": Forgery(
        "consolidation",
        "the consolidation's tally.pdf with a sentence of its own added above the"
        " certifications, re-signed",
        "V11",
        lambda f, k: _consolidation_sentence_added(f, k),
    ),
    "v0_2-consolidation-redrawn_fail": Forgery(
        "v0_2-consolidation",
        "Station 0.2.0's consolidation with its tally.pdf drawn as today's page,"
        " re-signed with its key",
        "V11",
        lambda f, k: consolidation_restated(lambda d: None)(f, _v0_2_key()),
        key=V0_2_KEY,
    ),
    # V8, a sheet in one form: today's states every later fact that applies.
    "apart-dropped_fail": Forgery(
        "mail",
        "the sheet's `apart` left out beside its objections deadline, as if Station 0.2.0"
        " had signed it, in the sign event and everywhere, PDF redrawn, re-signed",
        "V8",
        restated(lambda d: d.pop("apart")),
    ),
    # V14: the log
    "log-tile-changed_fail": Forgery(
        "one-union",
        "a byte of log/'s first level-0 tile changed (a leaf hash)",
        "V14",
        lambda folder, key: _flipped(_log_file(folder, "tile/0/"), 7),
    ),
    "log-entry-changed_fail": Forgery(
        "one-union",
        "a byte of an event inside log/'s entry bundle changed",
        "V14",
        lambda folder, key: _flipped(_log_file(folder, "tile/entries/"), 300),
    ),
    "log-root-wrong_fail": Forgery(
        "one-union",
        "log/checkpoint signed again by the station's key over a root that is not the journal's",
        "V14",
        lambda folder, key: _checkpoint_signed(folder, key, b"\x11" * 32),
    ),
    "log-other-key_fail": Forgery(
        "one-union",
        "log/checkpoint of the journal's very root signed by another key under the"
        " election's origin",
        "V14",
        lambda folder, key: _checkpoint_signed(folder, FORGER, None),
    ),
}


def _log_file(folder: Path, under: str) -> Path:
    """The first file of the export's log under `under` ("tile/0/")."""
    return sorted(p for p in (folder / "log" / under).rglob("*") if p.is_file())[0]


def _flipped(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x01
    path.write_bytes(bytes(data))


def _checkpoint_signed(folder: Path, key: StationKey, root: bytes | None) -> None:
    """log/checkpoint replaced by one of the same origin, size and time signed by `key`
    over `root` (None: the journal's own root)."""
    from station.sheet.checkpoint_signing import sign_head
    from station.verification.merkle import Tree

    lines = (folder / "journal.jsonl").read_bytes().splitlines()
    origin, size, _, time_line = (folder / "log/checkpoint").read_text().splitlines()[:4]
    root = Tree(lines).root() if root is None else root
    note = sign_head(key, origin, int(size) - 1, root.hex(), time_line.removeprefix("time "))
    (folder / "log/checkpoint").write_text(note.note)


def _consolidation_sentence_added(folder: Path, key: StationKey) -> None:
    from station.sheet.consolidate_pdf import consolidated_html
    from station.sheet.pdf import draw_pdf
    from station.verification.consolidation_pdf import footer_words

    document = json.loads((folder / "tally.json").read_bytes())
    heading = '<p class="section">Certification of the Board agent</p>'
    markup = consolidated_html(document).replace(
        heading, f"<p>The parties have agreed that no objections will be filed.</p>{heading}"
    )
    (folder / "tally.pdf").write_bytes(
        draw_pdf(
            markup,
            lambda page, pages: footer_words(document, page, pages),
            title=f"Consolidated Tally of Ballots \u2014 {document['election']['case']}",
            document_id="0" * 64,
            paper="letter",
        )
    )
    _resign_consolidation(folder, key)


def consolidation_restated(change: Callable[[dict[str, Any]], object]) -> Tamper:
    """A consolidation's `tally.json` changed by `change`, its PDF drawn again from it,
    the consolidation re-signed."""
    from station.sheet.consolidate_pdf import render_consolidated_pdf

    def tamper(folder: Path, key: StationKey) -> None:
        document = json.loads((folder / "tally.json").read_bytes())
        change(document)
        (folder / "tally.json").write_bytes(canonical_json(document))
        (folder / "tally.pdf").write_bytes(render_consolidated_pdf(document))
        _resign_consolidation(folder, key)

    return tamper


def _as_v0_2(document: dict[str, Any]) -> None:
    document["format"] = "station-consolidated-tally-v1"
    document.pop("objections_due")


def _deadline_added(document: dict[str, Any]) -> None:
    from station.domain.objections import objections_due, prepared_day

    day = prepared_day(document["prepared"])
    assert day is not None
    document["objections_due"] = objections_due(day).isoformat()


def _runoff_worded_today(document: dict[str, Any]) -> None:
    from station.domain.result_statements import RUNOFF_CONDITION

    runoff = document["statements"]["runoff"]
    document["statements"]["runoff"] = f"{runoff[:-1]}{RUNOFF_CONDITION}."


def _pdf_of_other_figures(folder: Path, key: StationKey) -> None:
    from station.sheet.pdf import render_pdf

    document = json.loads((folder / "tally.json").read_bytes())
    document["sheet"]["lines"]["3"] += 5
    (folder / "tally.pdf").write_bytes(render_pdf(document))
    forge.resign(folder, key)


def _pdf_with_a_sentence_added(folder: Path, key: StationKey) -> None:
    from station.sheet.pdf import draw_pdf, sheet_html
    from station.verification.sheet_page import footer_words

    document = json.loads((folder / "tally.json").read_bytes())
    added = (
        "<p><b>A majority of the valid votes counted plus challenged ballots has been cast"
        f" for {document['sheet']['union']}.</b></p>"
    )
    heading = '<p class="section">Certification of the Board agent'
    body = sheet_html(document).replace(heading, added + heading)
    (folder / "tally.pdf").write_bytes(
        draw_pdf(
            body,
            lambda page, pages: footer_words(document, page, pages),
            title="Tally of Ballots",
            document_id=document["sheet_event"]["hash"],
            paper="letter",
        )
    )
    forge.resign(folder, key)


def verified(case: Path, fingerprint: str) -> dict[str, Any]:
    """What `station verify export --key FINGERPRINT` answers, run in the case's folder."""
    done = station_here("verify", "export", "--key", fingerprint, cwd=case)
    return {"exit": done.returncode, "stdout": done.stdout, "stderr": done.stderr}


def write_case(
    case: Path,
    about: str,
    kind: str,
    verdict: str,
    step: str | None,
    fingerprint: str,
    known_wrong: str | None = None,
) -> list[str]:
    """case.json for the export in `case`; the problems found making it (none: a verify
    that answered as the case declares)."""
    answer = verified(case, fingerprint)
    printed = answer["stdout"] if answer["exit"] == 0 else answer["stderr"]
    said = "OK" if answer["exit"] == 0 and printed.startswith("OK: ") else "NOT INTACT"
    problems = []
    if "Traceback" in answer["stderr"] or answer["exit"] not in (0, 1):
        problems.append(f"{case.name}: exit {answer['exit']}: {answer['stderr'][-300:]}")
    elif said != verdict and known_wrong is None:
        problems.append(f"{case.name}: expected {verdict}, verify said {printed.strip()!r}")
    elif said == verdict and known_wrong is not None:
        problems.append(f"{case.name}: verify now says {verdict}: give it its words")
    lines = printed.splitlines()
    if known_wrong is not None:  # the words of a verdict verify does not give yet
        answer, lines = {"stdout": None, "stderr": None}, [None]
    document = {
        "about": about,
        "kind": kind,
        "verdict": verdict,
        "step": step,
        "key": fingerprint,
        "exit": 0 if verdict == "OK" else 1,
        "first_line": lines[0] if lines else "",
        "stdout": answer["stdout"],
        "stderr": answer["stderr"],
        **({"known_wrong": known_wrong} if known_wrong else {}),
    }
    (case / "case.json").write_text(
        json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    )
    return problems


def make(out: Path) -> list[str]:
    """Write every case into `out` (emptied first); return the problems found."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as scratch, fixed_clocks():
        home = Path(scratch) / "data"
        (home / "station").mkdir(parents=True)
        shutil.copyfile(KEY_FILE, home / "station" / "signing-key.pem")
        os.chmod(home / "station" / "signing-key.pem", 0o600)
        saved = os.environ.get("XDG_DATA_HOME"), os.environ.get("TZ")
        os.environ["XDG_DATA_HOME"] = str(home)
        os.environ["TZ"] = "America/New_York"  # the station's own zone: EST in November
        time.tzset()
        try:
            key = load_key(home / "station" / "signing-key.pem")  # a clone keeps no 0600
            made: dict[str, Path] = {}
            for name, (about, maker) in GENUINE.items():
                CLOCK.reset()
                work = Path(scratch) / name
                work.mkdir()
                with contextlib.chdir(work):
                    made[name] = maker(work)
                shutil.copytree(made[name], out / name / "export")
                problems += write_case(out / name, about, "genuine", "OK", None, key.fingerprint)
            for name, (about, folder) in OLD.items():
                made[name] = V0_2 / folder
                shutil.copytree(V0_2 / folder, out / name / "export")
                problems += write_case(out / name, about, "genuine", "OK", None, V0_2_KEY)
            for name, forgery in FORGERIES.items():
                case = out / name / "export"
                shutil.copytree(made[forgery.base], case)
                with contextlib.chdir(Path(scratch)):
                    forgery.tamper(case, key)
                problems += write_case(
                    out / name,
                    forgery.about,
                    f"forgery of {forgery.base}",
                    "NOT INTACT",
                    forgery.step,
                    forgery.key or key.fingerprint,
                    forgery.known_wrong,
                )
        finally:
            for name, value in zip(("XDG_DATA_HOME", "TZ"), saved, strict=True):
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
            time.tzset()
    return problems


def cases_table(out: Path) -> str:
    """The README's list of the cases in `out`: the genuine, then the forgeries by step."""
    cases = {case.name: json.loads((case / "case.json").read_text()) for case in out.iterdir()}
    rows = ["### Genuine exports (OK)", "", "| case | what it is |", "|---|---|"]
    rows += [f"| `{n}` | {c['about']} |" for n, c in sorted(cases.items()) if not c["step"]]
    rows += [
        "",
        "### Forgeries (NOT INTACT)",
        "",
        "| case | step | what was done |",
        "|---|---|---|",
    ]
    forged = sorted((int(c["step"][1:]), n) for n, c in cases.items() if c["step"])
    rows += [f"| `{n}` | V{step} | {cases[n]['about']} |" for step, n in forged]
    return "\n".join(rows) + "\n"


def write_readme_table(out: Path) -> None:
    readme = CORPUS / "README.md"
    head = readme.read_text().split(_CASES_HEADING)[0]
    readme.write_text(head + _CASES_HEADING + cases_table(out))


_CASES_HEADING = "## The cases\n\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=CORPUS / "cases")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    found = make(args.out.resolve())
    if args.out.resolve() == (CORPUS / "cases").resolve():
        write_readme_table(args.out)
    for problem in found:
        print(f"verify misbehaved: {problem}", file=sys.stderr)
    sys.exit(1 if found else 0)
