"""A mail ballot's count, envelope stage first, gets `station verify`'s verdict in the page.

An election under MAIL_RULES with voting at the polls too: every ruling (a write-in, a
replacement after a void stub, a ruling undone and redone), a challenged envelope
withdrawn by agreement during the stage, the stage's end, the ballots called, a
decision opening a challenged envelope, the Revised Tally and an envelope received
after the tally. The true export passes; the same export as a forger holding the key
would change it is named by the page (its own script, in Node) word for word as
`station verify FOLDER --key` names it.
"""

import dataclasses
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, create_key
from tests.mail.helpers import BESSEMER, VOTERS
from tests.sheet.helpers import edit_json, rechain_from, resign, sheet_event, sign
from tests.verifier.picked import assert_same_verdict

F, A, V = Call.FOR, Call.AGAINST, Call.VOID


def session_of(journal: Journal) -> CountSession:
    return CountSession(journal, journal.restore(trust_snapshots=False))


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("key") / "signing-key.pem")


@pytest.fixture(scope="module")
def mailed_once(
    key: StationKey, qapp: object, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, int]]:
    folder = tmp_path_factory.mktemp("mail")
    path = folder / "bhm1.station"
    setup = dataclasses.replace(BESSEMER, mail_rules=MAIL_RULES, polls=True)
    Journal.create(path, setup, VOTERS)
    with Journal.open(path) as journal:
        journal.start_session()
        return count(journal, key, folder / "revised")


@pytest.fixture
def mailed(mailed_once: tuple[Path, dict[str, int]], tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """The export of the Revised Tally of a mail election (a copy to change), and the seq
    of each step."""
    shutil.copytree(mailed_once[0], tmp_path / "revised")
    return tmp_path / "revised", mailed_once[1]


def count(journal: Journal, key: StationKey, folder: Path) -> tuple[Path, dict[str, int]]:
    session = session_of(journal)
    seqs: dict[str, int] = {}
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("accepted", lambda: session.rule_envelope(Ruling.ACCEPTED, "100")),
        ("accepted-2", lambda: session.rule_envelope(Ruling.ACCEPTED, "101")),
        ("challenged", lambda: session.rule_envelope(Ruling.CHALLENGED, "102")),
        ("void", lambda: session.rule_envelope(Ruling.VOID, "103")),
        ("late", lambda: session.rule_envelope(Ruling.LATE, "104")),
        ("polls", lambda: session.rule_envelope(Ruling.AT_POLLS, "105")),
        ("write-in", lambda: session.rule_envelope(Ruling.CHALLENGED, write_in="Jo Smith")),
        ("replacement", lambda: session.rule_envelope(Ruling.ACCEPTED, "103")),
        ("undo", lambda: session.undo_envelope()),
        ("redo", lambda: session.redo_envelope()),
        ("amend", lambda: session.amend_challenge(seqs["challenged"], {"party": "employer"})),
        ("withdrawn", lambda: session.settle(seqs["challenged"], "withdrawn")),
        ("end", lambda: session.end_envelopes()),
    ]
    for name, step in steps:
        seqs[name] = step().event.seq
    for index, call in enumerate((F, F, A, A, V, F)):
        seqs[f"call-{index}"] = session.record(call).event.seq
    seqs["final"] = sign(journal, key)
    seqs["after-tally"] = session_of(journal).record_after_tally("101").event.seq
    # The register: the envelope of 102 is 1 (withdrawn), the write-in's 2.
    seqs["decide"] = session_of(journal).decide([2], [], "Regional Director").event.seq
    seqs["opened"] = session_of(journal).record(F).event.seq
    seqs["revised"] = sign(journal, key)
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder, seqs


def test_the_true_mail_export_passes_in_the_page_as_in_verify(
    mailed: tuple[Path, dict[str, int]], key: StationKey
) -> None:
    folder, _ = mailed
    verdict = assert_same_verdict(folder, key.fingerprint)
    assert verdict["lines"][0].startswith(f"OK: {folder.name}: Revised tally")


def detail(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def changed(event: dict[str, Any]) -> None:
        value = json.loads(event["detail"])
        change(value)
        event["detail"] = json.dumps(value, sort_keys=True, separators=(",", ":"))

    return changed


FORGED: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "accepted-made-challenged": ("accepted-2", detail(lambda d: d.update(ruling="challenged"))),
    "ruling-unknown": ("accepted-2", detail(lambda d: d.update(ruling="lost"))),
    "ruling-after-tally": ("accepted-2", detail(lambda d: d.update(ruling="after tally"))),
    "voter-padded": ("accepted-2", detail(lambda d: d.update(voter=" 101"))),
    "voter-and-write-in": ("accepted-2", detail(lambda d: d.update(write_in="Bo"))),
    "ruling-with-a-target": ("accepted-2", lambda e: e.update(target=1)),
    "second-accepted": ("accepted-2", detail(lambda d: d.update(voter="100"))),
    "polls-written-in": ("write-in", detail(lambda d: d.update(ruling="polls"))),
    "write-in-spaced": ("write-in", detail(lambda d: d.update(write_in="Jo  Smith"))),
    "write-in-control": ("write-in", detail(lambda d: d.update(write_in="Jo\u202eSmith"))),
    "replacement-made-late": ("replacement", detail(lambda d: d.update(voter="104"))),
    "undo-of-another": ("undo", lambda e: e.update(target=e["target"] - 1)),
    "redo-with-detail": ("redo", lambda e: e.update(detail='{"x":1}')),
    "withdrawn-made-sustained": ("withdrawn", detail(lambda d: d.update({"as": "sustained"}))),
    "end-one-more": ("end", detail(lambda d: d.update(accepted=5))),
    "end-early": ("withdrawn", lambda e: e.update(action="end_envelopes", target=None, detail='{"accepted":4}')),
    "ballot-challenged": ("call-2", lambda e: e.update(call="challenge")),
    "after-tally-ruled": ("after-tally", detail(lambda d: d.update(ruling="late"))),
    "after-tally-as-envelope": ("after-tally", lambda e: e.update(action="envelope")),
    "decision-opens-the-withdrawn": ("decide", detail(lambda d: d.update(open=[1]))),
    "revised-envelopes": ("revised", detail(lambda d: d["envelopes"].update(returned=9))),
    "revised-ballots": ("revised", detail(lambda d: d.update(ballots=6))),
    "final-envelopes": ("final", detail(lambda d: d["envelopes"].update(after_tally=1))),
    "final-line-6": ("final", detail(lambda d: d["lines"].update({"6": 2}))),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_envelope_stage_is_named_in_the_page_as_in_verify(
    mailed: tuple[Path, dict[str, int]], key: StationKey, case: str
) -> None:
    folder, seqs = mailed
    step, change = FORGED[case]
    rechain_from(folder, seqs[step], change)
    last = sheet_event(folder)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=last))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=last))
    resign(folder, key)
    verdict = assert_same_verdict(folder, key.fingerprint)
    assert not verdict["ok"], verdict
