"""A witness file's own check recomputes what it stores: each head's event number, root
and time stored beside its signed note must be the note's, and each event's stored hash
must be the one its content chains to."""

from pathlib import Path

import pytest

from tests.witness.helpers import forged_witness, verify


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE heads SET root = '" + "0" * 64 + "' WHERE n = 2",
        "UPDATE heads SET seq = seq - 1 WHERE n = 2",
        "UPDATE heads SET time = '2020-01-01T00:00:00.000000Z' WHERE n = 1",
    ],
    ids=["root", "seq", "time"],
)
def test_a_stored_head_column_edited_is_caught(
    witnessed: tuple[Path, Path],
    statement: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, wfile = witnessed
    forged_witness(wfile, statement)
    assert verify(folder, "--witness", wfile) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "NOT INTACT" in err
    assert "is not what its signed note says" in err


def test_a_stored_event_hash_edited_is_caught(
    witnessed: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, wfile = witnessed
    forged_witness(wfile, "UPDATE events SET hash = '" + "0" * 64 + "' WHERE seq = 5")
    assert verify(folder, "--witness", wfile) == 1
    assert "NOT INTACT" in capsys.readouterr().err
