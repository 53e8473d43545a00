"""An export holds its journal as a static tlog (log/), which `verify FOLDER` recomputes
byte for byte, under a checkpoint signed by the export's key."""

import base64
import json
import shutil
from pathlib import Path

import pytest

from station.journal import Journal
from station.journal.cosigned import Cosignature, CosignedStore, cosigned_path
from station.sheet import export as export_module
from station.sheet.checkpoint_signing import election_vkey, sign_head, utc_now
from station.sheet.export import ExportError, export_sheet
from station.sheet.keys import StationKey, create_key, signature_holds_raw
from station.sheet.verify_export import verify_export
from station.verification.checkpoints import origin_of
from station.verification.merkle import Tree
from station.verification.signed_note import (
    parse_note,
    parse_vkey,
    signature_line,
    verified_signatures,
)
from station.verification.tiles import entry_bundles, tiles
from tests.sheet.helpers import station

# A witness's cosignature line as kept (the export does not check a witness's key).
_COSIGNATURE = Cosignature(
    "witness.example", "01020304", 1, signature_line("witness.example", b"\1\2\3\4", b"s" * 72)
)


def _lines(folder: Path) -> list[bytes]:
    return (folder / "journal.jsonl").read_bytes().splitlines()


def _origin(folder: Path) -> str:
    election = json.loads(_lines(folder)[0])["election"]
    return origin_of(election["case_number"], election["election_id"])


def _log(folder: Path) -> dict[str, bytes]:
    log = folder / "log"
    return {p.relative_to(log).as_posix(): p.read_bytes() for p in log.rglob("*") if p.is_file()}


def test_the_log_is_the_journals_tiles_under_a_checkpoint_of_its_root(
    exported: Path, key: StationKey
) -> None:
    lines = _lines(exported)
    tree = Tree(lines)
    expected = {**tiles(tree, len(lines)), **entry_bundles(lines)}
    log = _log(exported)
    assert {path: data for path, data in log.items() if path != "checkpoint"} == expected
    note = parse_note(log["checkpoint"].decode())
    origin, size, root64 = note.text.splitlines()[:3]
    assert (origin, int(size)) == (_origin(exported), len(lines))
    assert base64.b64decode(root64) == tree.root()
    vkey = parse_vkey(election_vkey(key, origin))
    assert verified_signatures(note, [vkey], signature_holds_raw)


def test_a_folder_without_its_log_verifies_as_before(exported: Path) -> None:
    shutil.rmtree(exported / "log")
    verdict = verify_export(exported)
    assert verdict.ok, verdict.problem
    assert verdict.checkpoint is None
    code, out, err = station("verify", exported)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == (
        "This export holds no log/ (made before Station 0.3 wrote one): its journal was"
        " checked, but no tlog client can read it and `station prove` cannot prove an event"
        " of it"
    )


def test_a_folder_with_its_log_says_nothing_of_it(exported: Path) -> None:
    code, out, _ = station("verify", exported)
    assert code == 0 and "log/" not in out


def _changed(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 1
    path.write_bytes(bytes(data))


def test_a_changed_tile_or_entry_is_named(exported: Path) -> None:
    assert verify_export(exported).checkpoint is not None
    tile = _first_file(exported / "log/tile/0")
    _changed(tile, 5)
    verdict = verify_export(exported)
    assert (verdict.ok, verdict.step) == (False, "V14")
    assert verdict.problem == (
        f"{_in(exported, tile)} is not what journal.jsonl gives (it was changed)"
    )
    _changed(tile, 5)
    bundle = _first_file(exported / "log/tile/entries")
    _changed(bundle, 40)
    assert verify_export(exported).problem == (
        f"{_in(exported, bundle)} is not what journal.jsonl gives (it was changed)"
    )


def _first_file(folder: Path) -> Path:
    return sorted(p for p in folder.rglob("*") if p.is_file())[0]


def _in(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()


def test_a_missing_or_extra_log_file_is_named(exported: Path) -> None:
    bundle = _first_file(exported / "log/tile/entries")
    data = bundle.read_bytes()
    bundle.unlink()
    assert verify_export(exported).problem == f"{_in(exported, bundle)} is missing"
    bundle.write_bytes(data)
    (exported / "log/tile/1/000.p").mkdir(parents=True)
    (exported / "log/tile/1/000.p/1").write_bytes(b"\0" * 32)
    assert verify_export(exported).problem == (
        "log/tile/1/000.p/1 is not part of the log journal.jsonl gives"
    )
    shutil.rmtree(exported / "log/tile/1")
    (exported / "log/checkpoint").unlink()
    assert verify_export(exported).problem == "log/checkpoint is missing"


def test_a_checkpoint_of_another_root_or_by_another_key_is_refused(
    exported: Path, key: StationKey, tmp_path: Path
) -> None:
    origin, size = _origin(exported), len(_lines(exported))
    checkpoint = exported / "log/checkpoint"
    checkpoint.write_text(sign_head(key, origin, size - 1, "00" * 32, utc_now()).note)
    verdict = verify_export(exported)
    assert verdict.step == "V14"
    assert str(verdict.problem).startswith(
        "log/checkpoint: its root AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= is not the root"
    )
    root = Tree(_lines(exported)).root().hex()
    checkpoint.write_text(sign_head(key, origin, size - 2, root, utc_now()).note)
    assert "is of " in str(verify_export(exported).problem)
    other = create_key(tmp_path / "other.pem")
    checkpoint.write_text(sign_head(other, origin, size - 1, root, utc_now()).note)
    assert str(verify_export(exported).problem).startswith(
        f"log/checkpoint: the head at event {size - 1:,} is signed by another key"
    )
    checkpoint.write_text(sign_head(key, "station/other/x", size - 1, root, utc_now()).note)
    assert verify_export(exported).problem == (
        "log/checkpoint: a signed head of another election (station/other/x)"
    )


def test_the_export_keeps_the_checkpoint_its_witnesses_cosigned(
    signed: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = tmp_path / "first"
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    lines = _lines(folder)
    origin, size = _origin(folder), len(lines)
    root = Tree(lines).root().hex()
    kept = sign_head(key, origin, size - 1, root, "2026-12-07T05:00:00.000000Z").note
    cosignature = _COSIGNATURE
    store = CosignedStore(cosigned_path(signed.path), origin, create=True)
    store.record(size, kept, [cosignature])
    store.close()
    again = tmp_path / "again"
    export_sheet(signed, signed.restore(trust_snapshots=False), again, key)
    assert (again / "log/checkpoint").read_text() == kept + cosignature.line
    assert verify_export(again).ok


def test_a_kept_checkpoint_whose_root_is_not_the_journals_is_not_exported(
    signed: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = tmp_path / "first"
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    origin, size = _origin(folder), len(_lines(folder))
    wrong = sign_head(key, origin, size - 1, "11" * 32, "2026-12-07T05:00:01.000000Z").note
    cosignature = _COSIGNATURE
    store = CosignedStore(cosigned_path(signed.path), origin, create=True)
    store.record(size, wrong, [cosignature])
    store.close()
    again = tmp_path / "again"
    export_sheet(signed, signed.restore(trust_snapshots=False), again, key)
    assert "witness.example" not in (again / "log/checkpoint").read_text()
    assert verify_export(again).ok


def test_a_line_too_long_for_a_bundle_is_refused_before_anything_is_written(
    signed: Journal, key: StationKey, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = export_module.journal_lines

    def with_a_long_line(journal: Journal, seq: int):  # type: ignore[no-untyped-def]
        lines = list(real(journal, seq))
        lines[3] = b'{"x":"' + b"y" * 70_000 + b'"}\n'
        return iter(lines)

    monkeypatch.setattr(export_module, "journal_lines", with_a_long_line)
    with pytest.raises(ExportError, match=r"^line 4 of journal.jsonl is 70,008 bytes; a tlog"):
        export_sheet(signed, signed.restore(trust_snapshots=False), tmp_path / "x", key)
    assert not (tmp_path / "x").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".station-export")] == []
