"""Go's reference code reads the log of every genuine export in the conformance corpus:
each kind of sheet Station makes (one union, several, voting groups, mail, revised,
runoff, witnessed, ...) is a static tlog any client of the spec can check; and each
forged log of the corpus is refused by it too."""

import base64
import json
from pathlib import Path

import pytest

from station.verification.checkpoints import origin_of, station_vkey
from tests.conformance.make_corpus import CORPUS
from tests.tlog.helpers import run_checker

# Every case through a Go process: the other tests of tests/tlog keep the default run's
# second reading; the whole corpus is read by `-m long`.
pytestmark = pytest.mark.long

CASES = sorted((CORPUS / "cases").iterdir())
GENUINE = [
    case.name
    for case in CASES
    if (case / "export" / "log").is_dir()
    and json.loads((case / "case.json").read_text())["kind"] == "genuine"
]
FORGED_LOGS = [case.name for case in CASES if case.name.startswith("log-")]


def vkey_of(export: Path) -> str:
    """The station's verifier key of the export's log: its manifest's key, under the
    origin its journal's first line names."""
    manifest = json.loads((export / "manifest.json").read_bytes())
    setup = json.loads((export / "journal.jsonl").read_bytes().split(b"\n", 1)[0])["election"]
    origin = origin_of(setup["case_number"], setup["election_id"])
    return station_vkey(origin, base64.b64decode(manifest["public_key"]))


def test_the_corpus_has_genuine_logs_of_every_kind() -> None:
    assert len(GENUINE) >= 25 and "witnessed" in GENUINE


@pytest.mark.parametrize("name", GENUINE)
def test_go_checks_the_log_of_each_genuine_export(checker: Path, name: str) -> None:
    export = CORPUS / "cases" / name / "export"
    checked = run_checker(checker, export / "log", vkey_of(export), "-sample", "7")
    assert checked.ok, checked.line


@pytest.mark.parametrize("name", FORGED_LOGS)
def test_go_refuses_each_forged_log_of_the_corpus(checker: Path, name: str) -> None:
    export = CORPUS / "cases" / name / "export"
    assert not run_checker(checker, export / "log", vkey_of(export)).ok
