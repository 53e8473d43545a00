"""After the first tally, the page gives `station verify`'s verdict word for word.

Disputes (carried as challenged, left as called, joined, withdrawn), challenges settled
at the table, the decision after the hearing, the Revised Tally with its four columns
and a Corrected Tally after it: one true export, and the same export as a forger holding
the key would change it (each event altered and every hash after it made anew), each
named by the page (its own script, in Node) exactly as `station verify FOLDER --key`
names it; the true export and a few forgeries in Chromium too. Station 0.2's exports of
every kind it made are held to the same verdicts.
"""

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, create_key
from station.sheet.prepare import reopen_count
from tests.helpers import JFK8
from tests.sheet.helpers import edit_json, rechain_from, resign, sheet_event, sign, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser
from tests.verifier.node import assert_same_verdict

__all__ = ["browser"]  # fixtures

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
OLD = Path(__file__).parent.parent / "fixtures" / "v0_2"


def session_of(journal: Journal) -> CountSession:
    return CountSession(journal, journal.restore(trust_snapshots=False))


@pytest.fixture(scope="module")
def signing_key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("key") / "signing-key.pem")


@pytest.fixture(scope="module")
def resolved_once(
    qapp: object, signing_key: StationKey, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, int]]:
    """The export of a Corrected Tally after a Revised one, and the seq of each step."""
    folder = tmp_path_factory.mktemp("resolved")
    Journal.create(folder / "jfk8.station", JFK8)
    with Journal.open(folder / "jfk8.station") as journal:
        journal.start_session()
        seqs = count_and_resolve(journal, signing_key)
        export_sheet(
            journal, journal.restore(trust_snapshots=False), folder / "corrected", signing_key
        )
    return folder / "corrected", seqs


@pytest.fixture
def resolved(
    resolved_once: tuple[Path, dict[str, int]], tmp_path: Path
) -> tuple[Path, dict[str, int]]:
    """A copy of the export, for a test to change."""
    shutil.copytree(resolved_once[0], tmp_path / "corrected")
    return tmp_path / "corrected", resolved_once[1]


@pytest.fixture
def key(signing_key: StationKey) -> StationKey:
    return signing_key


def count_and_resolve(journal: Journal, key: StationKey) -> dict[str, int]:
    session = session_of(journal)
    seqs: dict[str, int] = {}
    for name, call in (
        *(("f1", F), ("a1", A), ("v1", V), ("c1", C), ("c2", C), ("f2", F)),
        *(("c3", C), ("c4", C), ("a2", A), ("f3", F), ("c5", C)),
    ):
        seqs[name] = session.record(call).event.seq
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("amend", lambda: session.amend_challenge(seqs["c1"], {"party": "employer", "reason": "supervisor"})),
        ("dispute-void", lambda: session.dispute(seqs["v1"], V, "employer")),
        ("join", lambda: session.join_dispute(seqs["v1"], "petitioner")),
        ("noted", lambda: session.dispute(seqs["f2"], F, "employer", left_as_called=True)),
        ("dispute-call", lambda: session.dispute(seqs["a2"], A, "petitioner")),
        ("withdraw-dispute", lambda: session.settle(seqs["a2"], "withdrawn", "petitioner")),
        ("withdrawn", lambda: session.settle(seqs["c2"], "withdrawn")),
        ("opened", lambda: session.record(F)),
        ("sustained", lambda: session.settle(seqs["c3"], "sustained")),
    ]  # fmt: skip
    for name, step in steps:
        seqs[name] = step().event.seq
    seqs["final"] = sign(journal, key)
    session = session_of(journal)
    # Register: c1 1, c2 2, c3 3, c4 4, c5 5, the disputed void 6, the disputed AGAINST 7.
    seqs["decide"] = session.decide([1, 6], [4], "Regional Director").event.seq
    seqs["revised-1"] = session.record(F).event.seq
    seqs["revised-2"] = session.record(V).event.seq
    seqs["revised"] = sign(journal, key)
    reopen_count(session_of(journal), "the last opened ballot was AGAINST, not VOID")
    session = session_of(journal)
    session.undo()
    seqs["recalled"] = session.record(A).event.seq
    seqs["corrected"] = sign(journal, key, SheetKind.FINAL)
    return seqs


def test_the_true_export_passes_in_the_page_as_in_verify(
    page: Path, resolved: tuple[Path, dict[str, int]], key: StationKey
) -> None:
    folder, _ = resolved
    verdict = assert_same_verdict(page, folder, key.fingerprint)
    assert verdict["lines"][0].startswith(f"OK: {folder}: Corrected 2 tally")


def detail(step: str, change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def changed(event: dict[str, Any]) -> None:
        value = json.loads(event["detail"])
        change(value)
        event["detail"] = json.dumps(value, sort_keys=True, separators=(",", ":"))

    return changed


def columns(column: str, line: str, by: int) -> Callable[[dict[str, Any]], None]:
    def change(sheet: dict[str, Any]) -> None:
        sheet["columns"][column][line] += by

    return change


# Each case: the step whose event is changed, and how (the whole event, a dict).
FORGED: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "amended-as-disputed": ("amend", detail("amend", lambda d: d.update(reason="disputed void"))),
    "amended-by-nobody": ("amend", detail("amend", lambda d: d.update(party="the press"))),
    "disputed-by-the-agent": (
        "dispute-void",
        detail("dispute-void", lambda d: d.update(party="board agent")),
    ),
    "disputed-as-for": ("dispute-void", lambda e: e.update(call="for")),
    "joined-by-the-disputer": ("join", detail("join", lambda d: d.update(party="employer"))),
    "noted-carried": ("noted", detail("noted", lambda d: d.pop("left_as_called"))),
    "withdrawn-by-the-other": (
        "withdraw-dispute",
        detail("withdraw-dispute", lambda d: d.update(party="employer")),
    ),
    "withdrawn-made-sustained": ("withdrawn", detail("withdrawn", lambda d: d.update({"as": "sustained"}))),
    "sustained-made-withdrawn": ("sustained", detail("sustained", lambda d: d.update({"as": "withdrawn"}))),
    "settled-twice": ("sustained", lambda e: e.update(target=e["target"] - 1)),
    "decision-opens-a-settled-one": ("decide", detail("decide", lambda d: d.update(open=[1, 3]))),
    "decision-opens-one-twice": ("decide", detail("decide", lambda d: d.update(sustain=[1]))),
    "decision-names-nobody": ("decide", detail("decide", lambda d: d.update(by=" "))),
    "decision-sustains-instead": ("decide", detail("decide", lambda d: d.update(open=[], sustain=[1, 4, 6]))),
    "revised-call-challenged": ("revised-1", lambda e: e.update(call="challenge")),
    "revised-call-changed": ("revised-2", lambda e: e.update(call="against")),
    "original-column": ("revised", detail("revised", columns("original", "3", 1))),
    "set-aside-column": ("revised", detail("revised", columns("set_aside", "6", -1))),
    "counted-column": ("revised", detail("revised", columns("challenged_counted", "2", 1))),
    "decisions-reworded": (
        "revised",
        detail("revised", lambda d: d.update(decisions=["Decision by nobody."])),
    ),
    "unresolved-hidden": ("revised", detail("revised", lambda d: d.update(unresolved_challenges=[]))),
    "revised-called-final": ("revised", detail("revised", lambda d: d.update(title="Final"))),
    "revised-line-6": ("revised", detail("revised", lambda d: d["lines"].update({"6": 3}))),
    "correction-hidden": ("corrected", detail("corrected", lambda d: d.pop("columns"))),
    "corrected-counted": ("corrected", detail("corrected", lambda d: d.update(counted=3))),
    "corrected-supersedes": (
        "corrected",
        detail("corrected", lambda d: d["supersedes"].update(seq=d["supersedes"]["seq"] - 1)),
    ),
    "recalled-as-void": ("recalled", lambda e: e.update(call="void")),
}  # fmt: skip


def forge(folder: Path, seqs: dict[str, int], case: str, key: StationKey) -> None:
    """Change the case's event, hash every event after it anew, and sign it all again."""
    step, change = FORGED[case]
    rechain_from(folder, seqs[step], change)
    last = sheet_event(folder)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=last))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=last))
    resign(folder, key)


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_resolution_is_named_in_the_page_as_in_verify(
    page: Path, resolved: tuple[Path, dict[str, int]], key: StationKey, case: str
) -> None:
    folder, seqs = resolved
    forge(folder, seqs, case, key)
    verdict = assert_same_verdict(page, folder, key.fingerprint)
    assert not verdict["ok"], verdict


def test_a_forged_revised_tally_is_named_in_chromium_as_in_verify(
    browser: Any, page: Path, resolved: tuple[Path, dict[str, int]], key: StationKey, tmp_path: Path
) -> None:
    folder, seqs = resolved
    true = tmp_path / "true"
    shutil.copytree(folder, true)
    said = station_verify(true, key)
    assert_page_says_what_verify_says(browser, page, true, key.fingerprint, said)
    for case in ("set-aside-column", "decision-opens-a-settled-one", "withdrawn-by-the-other"):
        forged = tmp_path / case
        shutil.copytree(folder, forged)
        forge(forged, seqs, case, key)
        said = station_verify(forged, key)
        assert said[0] == 1, said
        assert_page_says_what_verify_says(browser, page, forged, key.fingerprint, said)


def station_verify(folder: Path, key: StationKey) -> tuple[int, str, str]:
    return station("verify", folder, "--key", key.fingerprint)


OLD_EXPORTS = sorted(p.name for p in OLD.iterdir() if p.name.endswith("-export"))


@pytest.mark.parametrize("name", OLD_EXPORTS)
def test_station_0_2_exports_get_verify_s_verdict(page: Path, name: str) -> None:
    """A Revised Tally signed with three columns, a Corrected one, a runoff, RD, RM, a
    mail ballot's (ruled before MAIL_RULES), two tables' of one count."""
    key = (OLD / "key.txt").read_text().strip()
    assert_same_verdict(page, OLD / name, key)
