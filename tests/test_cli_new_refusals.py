"""`station new` refuses an empty `--table` or `--neither`, and an intervenor that is
the first union, in one line (exit 2), creating no file."""

from pathlib import Path

import pytest

from tests.cli_helpers import one_line_refusal
from tests.kinds_helpers import station


@pytest.mark.parametrize(
    ("option", "words"), [("--table", "a table's label"), ("--neither", "the no-union choice")]
)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_table_or_neither_is_refused(
    tmp_path: Path, option: str, words: str, empty: str
) -> None:
    path = tmp_path / "e.station"
    done = station(
        "new", path, "--case", "10-RC-000017", "--employer", "E", "--union", "U",
        "--eligible", "10", option, empty,
    )  # fmt: skip
    err = one_line_refusal(done)
    assert f"{option} is empty" in err and words in err
    assert not path.exists()


def test_an_intervenor_that_is_the_first_union_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    made = station(
        "new", path, "--case", "10-RC-100001", "--employer", "E", "--union", "U",
        "--intervenor", " u ", "--eligible", "5",
    )  # fmt: skip
    assert "not an intervenor" in one_line_refusal(made)
    assert not path.exists()
