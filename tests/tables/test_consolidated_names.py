"""Who the consolidated tally names: the Board agent who certifies it (`--agent`) and every
union on the ballot; and the table a window counts, in its header."""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.sheet.keys import StationKey, create_key, key_for_signing
from station.verification.pdf_text import pdf_words
from tests.tables.helpers import SEVERAL, calls, changed_sum, refused, run, table
from tests.ui.windows import open_window


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("names-key") / "signing-key.pem")


@pytest.fixture
def exports(qapp: object, key: StationKey, tmp_path: Path) -> list[Path]:
    return [
        table(tmp_path, SEVERAL, "1", calls("12AVC"), key),
        table(tmp_path, SEVERAL, "2", calls("2AA1"), key),
    ]


def test_the_agent_named_with_agent_is_printed_kept_and_verified(
    exports: list[Path], key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sum"
    code, printed, err = run(capsys, "consolidate", "--out", out, *exports, "--agent", "R. Agent")
    assert code == 0, err
    assert "Board agent:                           R. Agent" in printed
    document = json.loads((out / "tally.json").read_bytes())
    assert document["agent"] == "R. Agent"
    assert "R. Agent Board agent" in pdf_words((out / "tally.pdf").read_bytes())
    code, _, err = run(capsys, "verify", out, "--key", document["key"])
    assert code == 0, err

    def other_agent(document: dict[str, object]) -> None:
        document["agent"] = "Someone Else"

    station_key = key_for_signing()  # the key that signed the consolidation
    named = changed_sum(out, station_key, other_agent, capsys)
    assert named.startswith("tally.pdf: ") and 'tally.json gives "Someone Else"' in named


def test_without_agent_the_line_is_left_for_a_handwritten_name(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sum"
    code, printed, err = run(capsys, "consolidate", "--out", out, *exports)
    assert code == 0, err
    assert "Board agent:" not in printed
    assert "agent" not in json.loads((out / "tally.json").read_bytes())


def test_a_bad_agent_name_is_refused_in_one_line_and_writes_nothing(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad in ("   ", "x" * 500):
        err = refused(capsys, tmp_path / "sum", *exports, "--agent", bad)
        assert "Board agent's name" in err


def test_the_consolidation_names_every_union(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "sum", *exports)
    assert code == 0, err
    assert printed.startswith("Case 10-RC-000017: Fraser & Johnston / Machinists / Carpenters")


def test_the_operator_window_names_its_table_in_its_header(
    qtbot: QtBot, exports: list[Path], tmp_path: Path
) -> None:
    window = open_window(qtbot, tmp_path / "10-RC-000017-2.station")
    try:
        assert "Table 2" in window.election_label.text()
        assert "Table 2" in window.windowTitle()
    finally:
        window.close()
