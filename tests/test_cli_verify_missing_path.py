"""`station verify` names a path that does not exist as such, whatever options come
with it: the missing file is the mistake to fix first."""

from pathlib import Path

import pytest

from tests.cli_helpers import one_line_refusal, station_here

FINGERPRINT = "5856-3f2c-d7c5-ec59-533c-d56f-a538-e7bc"


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--key", FINGERPRINT],
        ["--key", "not-a-key"],
        ["--head", "12:short"],
        ["--sheet", "no-such-folder"],
    ],
    ids=["alone", "--key", "a bad --key", "a bad --head", "--sheet"],
)
def test_a_missing_path_is_named_before_its_options(tmp_path: Path, options: list[str]) -> None:
    missing = tmp_path / "nonexist"
    said = one_line_refusal(station_here("verify", missing, *options))
    assert said == f"station: {missing}: no such file\n"
