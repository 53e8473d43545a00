"""`station consolidate`: several tables' signed sheets summed into one, or refused whole."""

import base64
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from station.domain import SheetKind
from station.sheet.keys import StationKey, create_key, key_for_signing
from station.verification.document import canonical_json
from tests.tables.helpers import refused, run, sign_and_export, table_export, table_file

# Three tables of one count: (label, calls).
TABLES = (("1", "FFFAAVC"), ("2", "FAAACC"), ("3", "FFFFAVVC"))


@pytest.fixture(scope="module")
def tables_key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    """The key the tables' stations signed with (not the consolidating station's)."""
    return create_key(tmp_path_factory.mktemp("tables-key") / "signing-key.pem")


@pytest.fixture(scope="module")
def exports(
    qapp: object, tmp_path_factory: pytest.TempPathFactory, tables_key: StationKey
) -> list[Path]:
    folder = tmp_path_factory.mktemp("tables")
    return [table_export(folder, label, calls, tables_key) for label, calls in TABLES]


def test_three_tables_are_summed_signed_and_verified(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], tables_key: StationKey
) -> None:
    out = tmp_path / "consolidated"
    keys = [arg for _ in exports for arg in ("--key", tables_key.fingerprint)]
    code, printed, err = run(capsys, "consolidate", "--out", out, *exports, *keys, "--json")
    assert code == 0, err
    summary = json.loads(printed)
    # 8 FOR (3+1+4), 6 AGAINST (2+3+1), 3 void, 4 challenged.
    assert (summary["for"], summary["against"], summary["void"], summary["challenged"]) == (
        8,
        6,
        3,
        4,
    )
    assert summary["valid"] == 14 and summary["valid_plus_challenged"] == 18
    assert summary["counted"] == summary["ballots"] == 21
    # 8 > 6, but 6 + 4 >= 8: the challenges are determinative, and 16 is not > 18.
    assert summary["challenges_determinative"] is True
    assert summary["majority_for_union"] is False
    assert [table["label"] for table in summary["tables"]] == ["1", "2", "3"]
    assert sum(table["for"] for table in summary["tables"]) == 8
    tally_keys = _tally_json_keys(tmp_path / "single.station", capsys)
    assert set(summary) == tally_keys | {"tables"}
    assert sorted(path.name for path in (out / "tables").iterdir()) == [
        "table-1",
        "table-2",
        "table-3",
    ]
    for index, label in enumerate("123"):  # each export copied byte for byte
        for name in ("tally.pdf", "journal.jsonl", "manifest.sig"):
            assert (out / "tables" / f"table-{label}" / name).read_bytes() == (
                exports[index] / name
            ).read_bytes()
    code, said, err = run(capsys, "verify", out, "--key", key_for_signing().fingerprint)
    assert code == 0, err
    assert "Every summed line and the PDF match" in said


def _tally_json_keys(path: Path, capsys: pytest.CaptureFixture[str]) -> set[str]:
    table_file(path.parent, "x", "FA")
    code, printed, _ = run(capsys, "tally", path.parent / "table-x.station", "--json")
    assert code == 0
    return set(json.loads(printed))


def test_a_changed_table_export_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = tmp_path / "changed"
    shutil.copytree(exports[1], changed)
    with (changed / "journal.jsonl").open("ab") as journal:
        journal.write(b"\n")
    err = refused(capsys, tmp_path / "out", exports[0], changed)
    assert f"{changed}: NOT INTACT: journal.jsonl was changed" in err


def test_a_table_given_twice_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, tmp_path / "out", exports[0], exports[1], exports[0])
    assert "Table 1 appears twice" in err


def test_the_same_count_under_another_label_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same head twice: one table's sheet copied, whatever the folders are called."""
    copy = tmp_path / "copy"
    shutil.copytree(exports[2], copy)
    err = refused(capsys, tmp_path / "out", exports[2], exports[0], copy)
    assert "Table 3 appears twice" in err or "same table's count" in err


def test_an_interim_sheet_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = table_export(tmp_path, "1", "FA")
    interim = sign_and_export(
        table_file(tmp_path, "2", "AAF"), tmp_path / "interim", kind=SheetKind.INTERIM
    )
    err = refused(capsys, tmp_path / "out", one, interim)
    assert "holds an interim tally; only final sheets are consolidated" in err


def test_a_mismatched_setup_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = table_export(tmp_path, "4", "FA", employer="Amazon.com Inc.")
    err = refused(capsys, tmp_path / "out", exports[0], other)
    assert "Table 4 is not a table of the same count" in err and "employer" in err


def test_a_table_signed_by_an_unexpected_key_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], tables_key: StationKey
) -> None:
    mine = create_key(tmp_path / "mine.pem")
    err = refused(
        capsys,
        tmp_path / "out",
        exports[0],
        exports[1],
        "--key",
        tables_key.fingerprint,
        "--key",
        mine.fingerprint,
    )
    assert f"{exports[1]}: NOT INTACT: signed by key {tables_key.fingerprint}" in err


def test_one_key_for_two_folders_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], tables_key: StationKey
) -> None:
    err = refused(capsys, tmp_path / "out", *exports[:2], "--key", tables_key.fingerprint)
    assert err == (
        "station: --key is given once for 2 folders: give one fingerprint per folder, in the"
        " same order\n"
    )


def test_a_folder_that_is_not_an_export_is_refused(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "photos").mkdir()
    err = refused(capsys, tmp_path / "out", exports[0], tmp_path / "photos")
    assert "is not a folder made by `station export`" in err


def test_a_count_at_one_table_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = table_export(tmp_path, "1", "FA")
    single = table_export(tmp_path, "9", "AF", table=None)
    err = refused(capsys, tmp_path / "out", one, single)
    assert "made without --table" in err


def test_a_sheet_of_a_kind_it_cannot_sum_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sheet with facts consolidation does not know (voting groups counted apart, not
    yet in Station) is refused by what it says, even signed by its station's key."""
    key = create_key(tmp_path / "k.pem")
    one = table_export(tmp_path, "1", "FA", key)
    mail = table_export(tmp_path, "2", "FFA", key)
    document = json.loads((mail / "tally.json").read_bytes())
    document["sheet"]["voting_groups"] = [{"group": "professionals", "for": 2}]
    (mail / "tally.json").write_bytes(canonical_json(document))
    manifest = json.loads((mail / "manifest.json").read_bytes())
    manifest["files"]["tally.json"] = hashlib.sha256((mail / "tally.json").read_bytes()).hexdigest()
    (mail / "manifest.json").write_bytes(canonical_json(manifest))
    (mail / "manifest.sig").write_bytes(base64.b64encode(key.sign(canonical_json(manifest))))
    err = refused(capsys, tmp_path / "out", one, mail)
    assert "sheet facts voting_groups, which consolidation cannot sum yet" in err


def test_an_existing_folder_is_never_written_over(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    code, _, err = run(capsys, "consolidate", "--out", out, *exports)
    assert code == 2 and "already exists" in err
    assert list(out.iterdir()) == []
