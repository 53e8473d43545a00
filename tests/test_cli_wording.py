"""The words of the command's success lines: one event is "1 event", and a file name
holding a newline is escaped there exactly as it is in the error lines."""

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from station.cli import main
from station.domain.statements import how_many
from station.journal import Journal

NEW = ["--case", "29-RC-444444", "--employer", "Acme", "--union", "Local 1", "--eligible", "20"]


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def one_event(path: Path) -> None:
    """The file with its opening only: a station that stopped without closing it."""
    journal = Journal.open(path)
    journal.start_session()
    journal.session = None  # no CLOSE event: the one event stays the only one
    journal.close()


def test_how_many() -> None:
    assert [how_many(n, "event") for n in (0, 1, 2, 1204)] == [
        "0 events",
        "1 event",
        "2 events",
        "1,204 events",
    ]


def test_one_event_is_one_event(tmp_path: Path) -> None:
    path = tmp_path / "one.station"
    assert run("new", path, *NEW)[0] == 0
    one_event(path)
    code, out, _ = run("tally", path)
    assert code == 0 and "Journal: 1 event, head " in out, out
    code, out, _ = run("verify", path)
    assert code == 0 and ": 1 event, chain and replay intact" in out, out
    code, out, _ = run("copy", path, tmp_path / "two.station")
    assert code == 0 and ": 1 event, head " in out, out


def test_a_newline_in_a_name_is_escaped_in_every_line(tmp_path: Path) -> None:
    path = tmp_path / "new\nline.station"
    code, out, _ = run("new", path, *NEW)
    assert code == 0 and out.startswith("created ") and "new\\nline.station" in out, out
    assert out.count("\n") == 1, out
    for argv in (["verify", path], ["copy", path, tmp_path / "copy\nof.station"]):
        code, out, _ = run(*argv)
        assert code == 0 and out.count("\n") == 1 and "new\\nline.station" in out, out
    assert "copy\\nof.station" in out
    # The error line, for comparison: the same escaping.
    code, _, err = run("new", path, *NEW)
    assert code == 2 and "new\\nline.station" in err and err.count("\n") == 1, err
