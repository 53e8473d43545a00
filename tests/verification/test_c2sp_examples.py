"""`signed_note` and `tiles` against the C2SP specs' own examples (c2sp.org, repository
C2SP/C2SP at 5ba5ee830903e91240fc6f9f3a7a9293d49e69c9: signed-note.md,
tlog-cosignature.md, tlog-witness.md, tlog-tiles.md) and the example of Go's reference
signed-note code (golang.org/x/mod v0.7.0, sumdb/note/example_test.go)."""

import pytest

from station.sheet.keys import signature_holds_raw
from station.verification.merkle import Tree
from station.verification.signed_note import (
    COSIGNATURE,
    ED25519,
    BadNote,
    Vkey,
    parse_checkpoint,
    parse_note,
    parse_vkey,
    verified_signatures,
)
from station.verification.tiles import index_path, parse_tile_path, tile_path, tiles

# signed-note.md, "Example".
SPEC_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k"
SPEC_NOTE = (
    "This is an example message.\n"
    "\n"
    "\u2014 example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3"
    "mFXmRKuwHjG1Yu72IneyaQM=\n"
)
# Go's sumdb/note/example_test.go, ExampleOpen.
GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_NOTE = (
    "If you think cryptography is the answer to your problem,\n"
    "then you don't know what your problem is.\n"
    "\n"
    "\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngot"
    "pRZb6KE6RyyBwJnAM=\n"
)
# tlog-cosignature.md, the introduction: a checkpoint with the log's signature and a
# witness's cosignature (their keys are not given: it parses, it cannot be verified).
COSIGNED = (
    "example.com/behind-the-sofa\n"
    "20852163\n"
    "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n"
    "\n"
    "\u2014 example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/"
    "Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n"
    "\u2014 witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrD"
    "JsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==\n"
)


@pytest.mark.parametrize(("vkey", "note"), [(SPEC_VKEY, SPEC_NOTE), (GO_VKEY, GO_NOTE)])
def test_the_examples_verify(vkey: str, note: str) -> None:
    key = parse_vkey(vkey)
    assert key.kind == ED25519
    verified = verified_signatures(parse_note(note), [key], signature_holds_raw)
    assert [v.vkey for v in verified] == [key]
    assert verified[0].timestamp is None


@pytest.mark.parametrize(("vkey", "note"), [(SPEC_VKEY, SPEC_NOTE), (GO_VKEY, GO_NOTE)])
def test_the_examples_changed_do_not(vkey: str, note: str) -> None:
    key = parse_vkey(vkey)
    changed = note.replace("example", "Example", 1).replace("cryptography", "Cryptography", 1)
    with pytest.raises(BadNote, match="does not hold"):
        verified_signatures(parse_note(changed), [key], signature_holds_raw)


def test_the_example_key_by_another_name_is_not_its_own() -> None:
    with pytest.raises(BadNote, match="key ID is not its own"):
        parse_vkey(SPEC_VKEY.replace("example.com/foo", "example.com/bar"))


def test_an_example_note_read_without_its_key_has_no_signature_verified() -> None:
    assert (
        verified_signatures(parse_note(SPEC_NOTE), [parse_vkey(GO_VKEY)], signature_holds_raw) == []
    )


def test_the_cosigned_checkpoint_parses() -> None:
    note = parse_note(COSIGNED)
    checkpoint = parse_checkpoint(note.text)
    assert (checkpoint.origin, checkpoint.size, checkpoint.extensions) == (
        "example.com/behind-the-sofa",
        20852163,
        (),
    )
    assert checkpoint.text == note.text
    log, witness = note.signatures
    assert (log.name, log.key_id.hex(), len(log.signature)) == (
        "example.com/behind-the-sofa",
        "033de0ae",
        64,
    )
    # A cosignature: key ID, then an 8-byte timestamp (2023-03-20 12:25:47 UTC) and 64 bytes.
    assert (witness.name, witness.key_id.hex(), len(witness.signature)) == (
        "witness.example.com/w1",
        "8d66cf3f",
        72,
    )
    assert int.from_bytes(witness.signature[:8], "big") == 1679315147


def test_a_cosignature_by_a_key_of_its_name_and_id_that_did_not_sign_it() -> None:
    """A known cosigner whose signature does not hold makes the note bad; unknown ones are
    ignored."""
    note = parse_note(COSIGNED)
    witness = note.signatures[1]
    stranger = Vkey("witness.example.com/w2", witness.key_id, COSIGNATURE, bytes(32))
    assert verified_signatures(note, [stranger], signature_holds_raw) == []
    impostor = Vkey(witness.name, witness.key_id, COSIGNATURE, bytes(range(32)))
    with pytest.raises(BadNote, match="does not hold"):
        verified_signatures(note, [impostor], signature_holds_raw)


def test_the_index_path_example() -> None:
    assert index_path(1234067) == "x001/x234/067"
    assert parse_tile_path("tile/0/x001/x234/067") == (0, 1234067, 256)
    assert parse_tile_path("tile/entries/x001/x234/067.p/5") == ("entries", 1234067, 5)


def test_the_tiles_of_a_tree_of_70000() -> None:
    """273 full level-0 tiles, a partial one of 112, one full level-1 tile, a partial one
    of 17, and a partial level-2 tile of width 1."""
    found = tiles(Tree(n.to_bytes(4, "big") for n in range(70_000)), 70_000)
    shapes = sorted(parse_tile_path(path) for path in found)
    assert shapes == sorted(
        [(0, n, 256) for n in range(273)] + [(0, 273, 112), (1, 0, 256), (1, 1, 17), (2, 0, 1)]
    )
    assert all(
        len(data) == width * 32
        for (_, _, width), data in zip(
            (parse_tile_path(p) for p in found), found.values(), strict=True
        )
    )
    assert tile_path(2, 0, 1) == "tile/2/000.p/1"


def test_the_tiles_of_a_tree_of_256() -> None:
    """A full level-0 tile and a partial level-1 tile of width 1."""
    tree = Tree(n.to_bytes(2, "big") for n in range(256))
    found = tiles(tree, 256)
    assert sorted(found) == ["tile/0/000", "tile/1/000.p/1"]
    assert found["tile/1/000.p/1"] == tree.root()
