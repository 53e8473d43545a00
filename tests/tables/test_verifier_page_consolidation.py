"""A consolidation of several tables gets `station verify`'s verdict in the page.

The folder's own manifest and files, every table's export checked fully, the tables
one count's final sheets, and every line, statement and row of `tally.json` the sum of
theirs: true consolidations of one union, several unions and mail ballots pass, and
each one a forger changed (holding the key, so that only the sums and the tables can
tell) is named by the page word for word as
`station verify FOLDER --key` names it.
"""

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain.voters import VoterList
from station.sheet.consolidate import consolidate
from station.sheet.keys import StationKey
from station.verification.document import canonical_json
from tests.tables.helpers import (
    MAIL,
    SEVERAL,
    VOTERS,
    calls,
    envelopes,
    resign,
    table,
    table_export,
)
from tests.verifier.picked import assert_same_verdict as assert_same

# Every kind of export checked in a real Chromium, seconds a module: run by .ci/run's
# long run, outside the README's three minutes (the conformance corpus and the Node
# runs of the page stay in it).
pytestmark = pytest.mark.long


OLD = Path(__file__).parent.parent / "fixtures" / "v0_2"


@pytest.mark.parametrize("written_down", [True, False], ids=["key", "no-key"])
def test_a_true_consolidation_passes_in_the_page_as_in_verify(
    made: tuple[Path, StationKey], written_down: bool
) -> None:
    folder, key = made
    verdict = assert_same(folder, key.fingerprint if written_down else None)
    assert verdict["lines"][0].startswith(f"OK: {folder.name}: consolidated tally of case")


def edited(change: Callable[[dict[str, Any]], None]) -> Callable[[Path, StationKey], None]:
    """tally.json changed, and the consolidation signed again with its own key."""

    def forge(folder: Path, key: StationKey) -> None:
        document = json.loads((folder / "tally.json").read_bytes())
        change(document)
        (folder / "tally.json").write_bytes(canonical_json(document))
        resign(folder, key)

    return forge


def table_b_truncated(folder: Path, key: StationKey) -> None:
    """Table B's journal without its sheet's event, Table B and the whole re-signed."""
    table = folder / "tables" / "table-B"
    lines = (table / "journal.jsonl").read_bytes().splitlines(keepends=True)
    (table / "journal.jsonl").write_bytes(b"".join(lines[:-1]))
    resign(table, key)
    resign(folder, key)


def one_table_left(folder: Path, key: StationKey) -> None:
    shutil.rmtree(folder / "tables" / "table-B")
    document = json.loads((folder / "tally.json").read_bytes())
    document["tables"] = document["tables"][:1]
    (folder / "tally.json").write_bytes(canonical_json(document))
    manifest = json.loads((folder / "manifest.json").read_bytes())
    manifest["files"] = {n: h for n, h in manifest["files"].items() if "table-B" not in n}
    (folder / "manifest.json").write_bytes(canonical_json(manifest))
    resign(folder, key)


def tables_swapped(folder: Path, key: StationKey) -> None:
    """Table A's export lies where Table B's was (and the rows follow)."""
    shutil.rmtree(folder / "tables" / "table-B")
    shutil.copytree(folder / "tables" / "table-A", folder / "tables" / "table-B")
    resign(folder, key)


def changed_bytes(name: str) -> Callable[[Path, StationKey], None]:
    def change(folder: Path, key: StationKey) -> None:
        path = folder / name
        path.write_bytes(path.read_bytes()[:-2] + b"0\n")

    return change


def written(name: str) -> Callable[[Path, StationKey], None]:
    def write(folder: Path, key: StationKey) -> None:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x")

    return write


def bump(line: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["lines"].update({line: d["lines"][line] + 1})


FORGED: dict[str, Callable[[Path, StationKey], None]] = {
    "line-3": edited(bump("3")),
    "line-8": edited(lambda d: d["lines"].update({"8": not d["lines"]["8"]})),
    "line-9-reworded": edited(lambda d: d["statements"].update({"9": "A majority has been cast."})),
    "counted": edited(lambda d: d.update(counted=d["counted"] + 1)),
    "ballots": edited(lambda d: d.update(ballots=99)),
    "a-row-counted": edited(lambda d: d["tables"][1].update(counted=0)),
    "a-row-head": edited(lambda d: d["tables"][0].update(head={"seq": 1, "hash": "0" * 64})),
    "a-row-title": edited(lambda d: d["tables"][1].update(title="Interim")),
    "election-case": edited(lambda d: d["election"].update(case="29-RC-000001")),
    "prepared-a-number": edited(lambda d: d.update(prepared=5)),
    "a-fact-more": edited(lambda d: d.update(note="also counted elsewhere")),
    "key-named": edited(lambda d: d.update(key="0000-0000-0000-0000-0000-0000-0000-0000")),
    "a-folder-elsewhere": edited(lambda d: d["tables"][0].update(folder="../../etc")),
    "format": edited(lambda d: d.update(format="station-tally-v1")),
    "table-b-journal-truncated": table_b_truncated,
    "one-table-left": one_table_left,
    "tables-swapped": tables_swapped,
    "table-b-journal-bytes": changed_bytes("tables/table-B/journal.jsonl"),
    "table-a-signature": changed_bytes("tables/table-A/manifest.sig"),
    "own-tally-json": changed_bytes("tally.json"),
    "a-file-beside-a-table": written("tables/table-A/notes.txt"),
    "a-folder-beside": written("extra/notes.txt"),
    "a-file-beside": written("README.txt"),
}


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_consolidation_is_named_in_the_page_as_in_verify(
    made: tuple[Path, StationKey], tmp_path: Path, case: str
) -> None:
    folder = tmp_path / "consolidated"
    shutil.copytree(made[0], folder)
    FORGED[case](folder, made[1])
    verdict = assert_same(folder, made[1].fingerprint)
    assert not verdict["ok"], verdict


@pytest.fixture(scope="module")
def several(qapp: object, folder: Path, key: StationKey) -> Path:
    """Two tables of several unions: summed, a runoff neither table states."""
    exports = [
        table(folder, SEVERAL, "1", calls("11111" + "2"), key),
        table(folder, SEVERAL, "2", calls("2" + "AAAAA"), key),
    ]
    out = folder / "several-consolidated"
    consolidate(exports, out, key)
    return out


@pytest.fixture(scope="module")
def mailed(qapp: object, folder: Path, key: StationKey) -> Path:
    """Two tables of a mail ballot, a challenged envelope at the first."""
    exports = [
        table(folder, MAIL, "1", envelopes("012", "FFA", challenged="3"), key, VOTERS),
        table(folder, MAIL, "2", envelopes("45", "AV"), key, VOTERS),
    ]
    out = folder / "mail-consolidated"
    consolidate(exports, out, key)
    return out


KINDS: dict[str, tuple[str, Callable[[Path, StationKey], None] | None]] = {
    "several": ("several", None),
    "several-3a": ("several", edited(bump("3a"))),
    "several-runoff": ("several", edited(lambda d: d.update(runoff=None))),
    "several-majority": ("several", edited(lambda d: d.update(majority_for="Machinists"))),
    "several-runoff-words": ("several", edited(lambda d: d["statements"].pop("runoff"))),
    "several-parties": ("several", edited(lambda d: d["parties"].reverse())),
    "mail": ("mailed", None),
    "mail-envelopes": ("mailed", edited(lambda d: d["envelopes"].update(accepted=6))),
    "mail-row-envelopes": ("mailed", edited(lambda d: d["tables"][0]["envelopes"].update(void=1))),
}


@pytest.mark.parametrize("case", sorted(KINDS))
def test_a_consolidation_of_each_kind_gets_verify_s_verdict_in_the_page(
    request: pytest.FixtureRequest, key: StationKey, tmp_path: Path, case: str
) -> None:
    fixture, change = KINDS[case]
    folder = tmp_path / "consolidated"
    shutil.copytree(request.getfixturevalue(fixture), folder)
    if change is not None:
        change(folder, key)
    verdict = assert_same(folder, key.fingerprint)
    assert verdict["ok"] is (change is None), verdict


@pytest.mark.parametrize(
    ("script", "voters", "named"),
    [
        # Voter 101's envelope accepted at Table 1 and again at this Table 2.
        (envelopes("12", "AA"), VOTERS, "two ballots of one voter would be counted"),
        # A table ruling its envelopes against another voter list.
        (envelopes("", ""), VoterList.of(VOTERS.voters[3:], ()), "its voter list is another"),
    ],
    ids=["accepted-twice", "another-voter-list"],
)
def test_a_table_consolidate_refuses_slipped_in_is_named_in_the_page_as_in_verify(
    mailed: Path, key: StationKey, tmp_path: Path, script: Any, voters: Any, named: str
) -> None:
    """A forger puts another Table 2 in the folder and signs it all again: the page names
    what `station consolidate` would have refused, as `verify` does."""
    other = table(tmp_path, MAIL, "2", script, key, voters)
    folder = tmp_path / "consolidated"
    shutil.copytree(mailed, folder)
    shutil.rmtree(folder / "tables" / "table-2")
    # as `station consolidate` copies a table: its five files, without its log/
    shutil.copytree(other, folder / "tables" / "table-2", ignore=shutil.ignore_patterns("log"))
    resign(folder, key)
    verdict = assert_same(folder, key.fingerprint)
    assert named in verdict["lines"][0]


def test_station_0_2_s_consolidation_gets_verify_s_verdict() -> None:
    key = (OLD / "key.txt").read_text().strip()
    assert assert_same(OLD / "consolidated", key)["ok"]


@pytest.fixture(scope="module")
def served(qapp: object, folder: Path, key: StationKey) -> Path:
    exports = [table_export(folder, f"served-{label}", "FFAVC", key) for label in ("1", "2")]
    out = folder / "served-consolidated"
    consolidate(exports, out, key, agent="R. Agent", observers=["Employer:Jane Roe"])
    return out


SERVED_FORGED = {
    "deadline-moved": edited(lambda d: d.update(objections_due="2099-01-01")),
    "deadline-dropped": edited(lambda d: d.pop("objections_due")),  # as one made before
    "observers-malformed": edited(lambda d: d.update(observers=["Jane Roe"])),
}


@pytest.mark.parametrize("case", [None, *sorted(SERVED_FORGED)])
def test_the_served_tally_s_deadline_and_observers_get_verify_s_verdict_in_the_page(
    served: Path, key: StationKey, tmp_path: Path, case: str | None
) -> None:
    folder = tmp_path / "consolidated"
    shutil.copytree(served, folder)
    if case is not None:
        SERVED_FORGED[case](folder, key)
    assert_same(folder, key.fingerprint)
