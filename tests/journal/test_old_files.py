"""Files and exports made by Station 0.2.0 open, verify and export as they did.

`tests/fixtures/v0_2` holds one election of each kind that release counted (RC, RD, RM,
several unions, a runoff, a mail ballot, a revised and a corrected tally, two tables and
their consolidation), made by `tests/fixtures/make_fixtures.py`, with their exports and
what `station tally --json` printed then. Whatever the code becomes, each file must
verify, each export must verify against the key that signed it, and a new export of
the same sheet must hold the same signed bytes (the journal and tally.json; a PDF
carries its creation time, so its text is what `verify` reads back).
"""

import json
import os
import shutil
from pathlib import Path

import pytest

from station.cli import main
from station.domain.result_statements import RUNOFF_CONDITION, as_stated_before
from station.sheet.keys import default_key_path
from station.verification import formats
from station.verification.document import canonical_json

FIXTURES = Path(__file__).parents[1] / "fixtures" / "v0_2"
KEY = (FIXTURES / "key.txt").read_text().strip()
FILES = sorted(path.stem for path in FIXTURES.glob("*.station"))
# Each file's last export: the sheet a new export of the file makes again.
EXPORTS = {
    "rc": "rc-export",
    "rd": "rd-export",
    "rm": "rm-export",
    "three": "three-export",
    "runoff": "runoff-export",
    "mail": "mail-export",
    "revised": "corrected-export",
    "table-1": "table-1-export",
    "table-2": "table-2-export",
}
CONSOLIDATIONS = ["consolidated", "consolidated-runoff"]  # each holds its tables' exports
FOLDERS = sorted([*EXPORTS.values(), "revised-first-export", "revised-export", *CONSOLIDATIONS])


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def old(tmp_path: Path) -> Path:
    """A copy of the fixtures (a command must never be given the kept ones to change)."""
    copy = tmp_path / "v0_2"
    shutil.copytree(FIXTURES, copy)
    return copy


@pytest.fixture
def fixture_key(station_home: Path) -> None:
    """This station signs with the key that signed the fixtures."""
    path = default_key_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / "test-signing-key.pem", path)
    os.chmod(path, 0o600)


def test_every_kind_is_kept_as_a_fixture() -> None:
    assert sorted(EXPORTS) == FILES


@pytest.mark.parametrize("name", FILES)
def test_an_old_file_verifies(
    old: Path, name: str, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    code, out, err = run(capsys, "verify", old / f"{name}.station")
    assert (code, err) == (0, "")
    assert out.startswith("OK")


@pytest.mark.parametrize("folder", FOLDERS)
def test_an_old_export_verifies_against_its_key(
    old: Path, folder: str, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    code, out, err = run(capsys, "verify", old / folder, "--key", KEY)
    assert (code, err) == (0, "")
    assert out.startswith("OK")


@pytest.mark.parametrize("name", FILES)
def test_an_old_file_tallies_with_every_key_it_had(
    old: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """New keys may be added to `tally --json`; the old ones keep their values.

    `challenges_by_party` lists every party of the election: on a ballot of several
    unions each union by its own key where 0.2.0 had one "petitioner" for all of them,
    and an RD case's petitioner beside the union. Each challenge is still counted once,
    and a key that counted challenges then counts the same now. The runoff's sentence
    now names its condition (29 CFR 102.70(a)).
    """
    code, out, _ = run(capsys, "tally", "--json", old / f"{name}.station")
    then = json.loads((FIXTURES / "tally" / f"{name}.json").read_text())
    now = json.loads(out)
    assert code == 0
    if now["statements"].get("runoff"):
        assert RUNOFF_CONDITION in now["statements"]["runoff"]
        now["statements"] = as_stated_before(now["statements"])
    by_party_then, by_party_now = then.pop("challenges_by_party"), now["challenges_by_party"]
    assert sum(by_party_now.values()) == sum(by_party_then.values())
    assert all(by_party_now.get(key) == n for key, n in by_party_then.items() if n)
    if now["locked"] and then["outcome_so_far"] == "undecided" and now["result_decided"]:
        then |= {key: now[key] for key in ("result_decided", "outcome_so_far")}
    assert {key: now.get(key) for key in then} == then


@pytest.mark.parametrize("name", FILES)
def test_an_old_sheet_exports_again_to_the_same_signed_bytes(
    old: Path,
    name: str,
    tmp_path: Path,
    fixture_key: None,
    capsys: pytest.CaptureFixture[str],
    qapp: object,
) -> None:
    out = tmp_path / "again"
    code, _, err = run(capsys, "export", old / f"{name}.station", "--out", out)
    assert (code, err) == (0, "")
    kept = FIXTURES / EXPORTS[name]
    assert (out / "journal.jsonl").read_bytes() == (kept / "journal.jsonl").read_bytes()
    # The same facts, stated in the current format: the PDF beside it is drawn today.
    then = formats.upgraded(json.loads((kept / "tally.json").read_bytes()))
    assert (out / "tally.json").read_bytes() == canonical_json(then)
    code, verdict, _ = run(capsys, "verify", out, "--key", KEY)
    assert code == 0 and verdict.startswith("OK")


def test_the_fixtures_are_left_as_they_were(old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Reading a kept file writes nothing beside it (a -wal or -shm would be a change)."""
    for name in FILES:
        run(capsys, "tally", old / f"{name}.station")
    assert sorted(p.name for p in old.glob("*.station*")) == [f"{n}.station" for n in FILES]
