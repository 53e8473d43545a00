"""Go's reference code (sumdb/note, sumdb/tlog) reads the static log that Station's
`tiles`, `merkle.Tree` and `sign_head` write, and refuses each kind of forgery."""

import base64
from pathlib import Path

import pytest

from station.verification.merkle import Tree
from station.verification.signed_note import (
    COSIGNATURE,
    cosigned_message,
    key_id,
    parse_note,
    signature_line,
)
from station.verification.tiles import CHECKPOINT, bundle, read_bundle, tile_path
from tests.tlog.helpers import (
    LATER,
    a_key,
    checkpoint_note,
    entry_lines,
    run_checker,
    served_folder,
    write_log,
)

pytestmark = pytest.mark.long  # Go's reading, built once (tests/tlog/checker): seconds


@pytest.mark.parametrize(
    "size",
    [
        1,
        2,
        255,
        256,
        257,
        513,
        *(pytest.param(n, marks=pytest.mark.long) for n in (65_537, 70_000)),
    ],
)
def test_a_log_of_each_shape_holds(checker: Path, tmp_path: Path, size: int) -> None:
    """One tile, full and partial tiles, a level-1 tile, and the tlog-tiles example's
    70,000 entries (a partial level-2 tile of width 1)."""
    vkey = write_log(tmp_path, entry_lines(size), a_key())
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.ok, checked
    assert f", {size} entries," in checked.line
    assert f"{size} inclusion proofs hold" in checked.line


def test_a_sample_of_inclusion_proofs(checker: Path, tmp_path: Path) -> None:
    vkey = write_log(tmp_path, entry_lines(1000), a_key())
    checked = run_checker(checker, tmp_path, vkey, "-sample", "100")
    assert checked.ok, checked
    assert "11 inclusion proofs hold" in checked.line  # 0, 100, ..., 900 and the last


def test_a_changed_entry_is_named(checker: Path, tmp_path: Path) -> None:
    lines = entry_lines(300)
    vkey = write_log(tmp_path, lines, a_key())
    path = tmp_path / tile_path("entries", 1, 44)
    entries = read_bundle(path.read_bytes())
    entries[3] = entries[3].replace(b"for", b"xyz")
    path.write_bytes(bundle(entries))
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert checked.line == "FAIL: entry 259 does not hash to its level-0 tile hash"


def test_a_changed_entry_with_its_tile_hash_changed_to_match(checker: Path, tmp_path: Path) -> None:
    """The forger rewrites the entry and its level-0 hash, but cannot sign a new root."""
    lines = entry_lines(300)
    vkey = write_log(tmp_path, lines, a_key())
    forged = [*lines[:17], b'{"seq":17,"call":"against"}', *lines[18:]]
    forged_tree = Tree(forged)
    (tmp_path / tile_path("entries", 0)).write_bytes(bundle(forged[:256]))
    (tmp_path / tile_path(0, 0)).write_bytes(b"".join(forged_tree.levels[0][:256]))
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert checked.line.startswith("FAIL: the root from the entries (")
    assert checked.line.endswith(
        f") is not the checkpoint's ({base64.b64encode(Tree(lines).root()).decode()})"
    )


def test_an_entry_left_out_of_its_bundle(checker: Path, tmp_path: Path) -> None:
    vkey = write_log(tmp_path, entry_lines(300), a_key())
    path = tmp_path / tile_path("entries", 1, 44)
    path.write_bytes(bundle(read_bundle(path.read_bytes())[:-1]))
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert "holds 43 entries, not 44" in checked.line


@pytest.mark.parametrize(
    ("tile", "size"),
    [
        ((0, 0, 256), 300),  # a full level-0 tile under a level-1 hash
        ((0, 1, 44), 300),  # the partial level-0 tile at the right edge
        ((1, 0, 1), 300),  # the level-1 tile the root is read from
        ((0, 0, 5), 5),  # the only tile
    ],
)
def test_a_changed_hash_tile_is_caught(
    checker: Path, tmp_path: Path, tile: tuple[int, int, int], size: int
) -> None:
    vkey = write_log(tmp_path, entry_lines(size), a_key())
    path = tmp_path / tile_path(*tile)
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert checked.line.startswith("FAIL: "), checked
    assert "tile" in checked.line or "entry" in checked.line, checked


def test_a_missing_tile_is_named(checker: Path, tmp_path: Path) -> None:
    vkey = write_log(tmp_path, entry_lines(300), a_key())
    (tmp_path / tile_path(0, 1, 44)).unlink()
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert "tile/0/001.p/44" in checked.line


def test_a_root_the_tiles_do_not_give(checker: Path, tmp_path: Path) -> None:
    key = a_key()
    lines = entry_lines(300)
    vkey = write_log(tmp_path, lines, key)
    other_root = Tree(entry_lines(300, salt="!")).root()
    note = checkpoint_note(Tree(lines), key, root=other_root)
    (tmp_path / CHECKPOINT).write_text(note)
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert "is not the checkpoint's" in checked.line
    assert base64.b64encode(other_root).decode() in checked.line


def test_a_checkpoint_signed_by_another_key(checker: Path, tmp_path: Path) -> None:
    vkey = write_log(tmp_path, entry_lines(10), a_key())
    (tmp_path / "forged").mkdir()
    write_log(tmp_path / "forged", entry_lines(10), a_key())
    (tmp_path / CHECKPOINT).write_bytes((tmp_path / "forged" / CHECKPOINT).read_bytes())
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert "the checkpoint: not signed by station/29-RC-288020/4f1c2a9e's key" in checked.line


def test_a_checkpoint_with_a_witness_s_cosignature_holds(checker: Path, tmp_path: Path) -> None:
    """A cosignature (c2sp.org/tlog-cosignature) by a key the checker does not know is
    left aside, as signed-note asks."""
    vkey = write_log(tmp_path, entry_lines(300), a_key())
    note = (tmp_path / CHECKPOINT).read_text()
    text = parse_note(note).text
    witness = a_key()
    raw = witness.public_key.public_bytes_raw()
    stamp = 1_796_000_000
    signed = witness.sign(cosigned_message(text, stamp))
    line = signature_line(
        "witness.example/w1",
        key_id("witness.example/w1", COSIGNATURE, raw),
        stamp.to_bytes(8, "big") + signed,
    )
    (tmp_path / CHECKPOINT).write_text(note + line)
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.ok, checked


def test_a_checkpoint_of_another_origin(checker: Path, tmp_path: Path) -> None:
    """Signed by the right key, but naming another election: the key's name is the origin."""
    key = a_key()
    vkey = write_log(tmp_path, entry_lines(10), key)
    note = checkpoint_note(Tree(entry_lines(10)), key, origin="station/29-RC-288020/other")
    (tmp_path / CHECKPOINT).write_text(note)
    checked = run_checker(checker, tmp_path, vkey)
    assert checked.code == 1
    assert checked.line.startswith("FAIL: the checkpoint: not signed by"), checked


def test_a_log_that_grew_is_consistent_with_its_old_checkpoint(
    checker: Path, tmp_path: Path
) -> None:
    key = a_key()
    lines = entry_lines(700)
    old = tmp_path / "old.checkpoint"
    old.write_text(checkpoint_note(Tree(lines[:300]), key))
    vkey = write_log(tmp_path / "log", lines, key, time=LATER)
    checked = run_checker(checker, tmp_path / "log", vkey, "-old", str(old))
    assert checked.ok, checked
    assert checked.line.endswith("consistent with the old checkpoint of 300 entries")


def test_a_fork_between_two_checkpoints(checker: Path, tmp_path: Path) -> None:
    """Both signed by the station's key; the later log changed line 120 of the earlier."""
    key = a_key()
    earlier = entry_lines(300)
    later = entry_lines(700)
    later[120] = b'{"seq":120,"call":"against"}'
    old = tmp_path / "old.checkpoint"
    old.write_text(checkpoint_note(Tree(earlier), key))
    vkey = write_log(tmp_path / "log", later, key, time=LATER)
    assert run_checker(checker, tmp_path / "log", vkey).ok
    checked = run_checker(checker, tmp_path / "log", vkey, "-old", str(old))
    assert checked.code == 1
    assert "the old checkpoint of 300 entries is not a prefix of this log (a fork)" in checked.line


def test_a_log_shorter_than_its_old_checkpoint(checker: Path, tmp_path: Path) -> None:
    key = a_key()
    lines = entry_lines(300)
    old = tmp_path / "old.checkpoint"
    old.write_text(checkpoint_note(Tree(lines), key))
    vkey = write_log(tmp_path / "log", lines[:200], key, time=LATER)
    checked = run_checker(checker, tmp_path / "log", vkey, "-old", str(old))
    assert checked.code == 1
    assert "shorter than the old checkpoint's 300" in checked.line


def test_an_old_checkpoint_signed_by_another_key(checker: Path, tmp_path: Path) -> None:
    lines = entry_lines(300)
    old = tmp_path / "old.checkpoint"
    old.write_text(checkpoint_note(Tree(lines[:100]), a_key()))
    vkey = write_log(tmp_path / "log", lines, a_key(), time=LATER)
    checked = run_checker(checker, tmp_path / "log", vkey, "-old", str(old))
    assert checked.code == 1
    assert checked.line.startswith("FAIL: the old checkpoint: not signed by"), checked


def test_a_log_read_over_http_with_its_token(checker: Path, tmp_path: Path) -> None:
    key = a_key()
    lines = entry_lines(600)
    write_log(tmp_path / "old", lines[:257], key)
    vkey = write_log(tmp_path / "log", lines, key, time=LATER)
    with served_folder(tmp_path, "s3cret") as url:
        checked = run_checker(checker, url + "log", vkey, "-token", "s3cret")
        assert checked.ok, checked
        old = url + "old/checkpoint"
        grown = run_checker(checker, url + "log/", vkey, "-token", "s3cret", "-old", old)
        assert grown.ok, grown
        assert grown.line.endswith("consistent with the old checkpoint of 257 entries")
        refused = run_checker(checker, url + "log/", vkey)
    assert refused.code == 1
    assert refused.line.startswith("FAIL: the checkpoint: ")
    assert "answered 401" in refused.line


def test_a_log_over_http_with_a_tile_missing(checker: Path, tmp_path: Path) -> None:
    vkey = write_log(tmp_path, entry_lines(300), a_key())
    (tmp_path / tile_path("entries", 0)).unlink()
    with served_folder(tmp_path, "s3cret") as url:
        checked = run_checker(checker, url, vkey, "-token", "s3cret")
    assert checked.code == 1
    assert checked.line.startswith("FAIL: entry bundle tile/entries/000: ")
    assert "answered 404" in checked.line
