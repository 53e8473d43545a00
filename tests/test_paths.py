"""The names and paths each desktop can hold, and how SQLite is given a path
(station/paths.py). Windows's rules are pure functions, checked here on any platform;
the tests marked `stand_in` take the Windows branch with `sys.platform` set to it."""

import os
import sqlite3
import sys
from pathlib import Path, PureWindowsPath
from urllib.parse import unquote

import pytest

from station import paths
from station.domain.election import MAX_TABLE
from station.journal import creating
from station.sheet import consolidate, export
from station.verification.consolidated import table_folder
from tests.platforms import Calls, pretend


@pytest.mark.parametrize(
    "name",
    [
        "CON",
        "nul",
        "NUL.station",
        "nul .station",
        "aux.tar.gz",
        "Com1",
        "lpt9.pdf",
        "COM\u00b9",
        "conin$",
        "count.",
        "count ",
        "29-RC-288020: final",
        "what?",
        "a*b",
        'say "hi"',
        "tab\there",
    ],
)
def test_windows_refuses_device_names_last_dots_and_its_characters(name: str) -> None:
    problem = paths.windows_name_problem(name)
    assert problem is not None and repr(name) in problem


@pytest.mark.parametrize(
    "name",
    ["count.station", "console.station", "nully.station", "COM10", "lpt", ".", "..", "a.b.c"],
)
def test_windows_takes_names_that_only_look_like_its_devices(name: str) -> None:
    assert paths.windows_name_problem(name) is None


def test_every_folder_of_a_windows_path_is_held_to_the_rules() -> None:
    problem = paths.windows_path_problem(
        PureWindowsPath(r"C:\Users\agent\aux\count.station"), 40, long_paths=False
    )
    assert problem is not None and problem.startswith(r"C:\Users\agent\aux\count.station: ")
    assert "AUX" in problem
    # The drive and a network share's server and share are not names of Station's to judge.
    assert paths.windows_path_problem(PureWindowsPath("C:count"), 10, long_paths=False) is None
    unc = PureWindowsPath(r"\\nlrb-files\region 29$\count.station")
    assert paths.windows_path_problem(unc, 40, long_paths=False) is None


def test_a_windows_path_leaves_room_for_what_station_adds_unless_long_paths_are_on() -> None:
    path = PureWindowsPath(r"C:\elections\count.station")
    longest = paths.WINDOWS_MAX_PATH - paths.LONGEST_ADDED
    assert paths.windows_path_problem(path, longest, long_paths=False) is None
    problem = paths.windows_path_problem(path, longest + 1, long_paths=False)
    assert problem is not None and "long paths" in problem and f"{longest + 1:,}" in problem
    assert paths.windows_path_problem(path, 5_000, long_paths=True) is None


def test_station_adds_no_more_than_it_leaves_room_for() -> None:
    """The longest names Station makes beside or inside a path it is given."""
    longest_file = max(len(name) for name in export.ALL_FILES)
    table = table_folder("x" * MAX_TABLE)
    added = {
        "consolidation": len(f"/{consolidate.STAGING_PREFIX}01234567/{table}/") + longest_file,
        "export": len(f"/{export.STAGING_PREFIX}01234567/") + longest_file,
        "new file": len(creating.temporary_beside(Path("/nowhere")).name) + len("/-journal"),
    }
    assert max(added.values()) <= paths.LONGEST_ADDED, added


@pytest.mark.stand_in("win32")
def test_on_windows_a_path_is_refused_by_windows_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = Calls()
    monkeypatch.setattr(paths, "_long_paths_enabled", asked.recorder("long", False), raising=False)
    pretend(monkeypatch, "win32")
    problem = paths.path_problem(Path("nul.station"))
    assert problem is not None and "device" in problem
    assert paths.path_problem(Path("count.station")) is None
    assert paths.path_problem(Path("x" * 300)) is not None  # long paths off
    assert asked.made  # the system was asked whether long paths are on


def test_off_windows_any_name_is_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    if sys.platform == "win32":
        pytest.skip("Windows refuses these (the test above)")
    assert paths.path_problem(Path("nul.station")) is None
    assert paths.path_problem(Path("count.")) is None


@pytest.mark.parametrize(
    ("path", "uri"),
    [
        (r"C:\Users\agent\count.station", "file:///C:/Users/agent/count.station"),
        (r"C:\a b\#1 50%?.station", "file:///C:/a%20b/%231%2050%25%3F.station"),
        ("C:\\R\u00e9gion\\count.station", "file:///C:/R%C3%A9gion/count.station"),
        (r"D:\count.station", "file:///D:/count.station"),
        # A network share: no authority (SQLite refuses any but localhost).
        (r"\\nlrb-files\region29\count.station", "file:////nlrb-files/region29/count.station"),
        # A verbatim path keeps its form; SQLite drops the "/" before \\?\.
        (r"\\?\C:\count.station", "file:///%5C%5C%3F%5CC:%5Ccount.station"),
    ],
)
def test_windows_paths_are_given_to_sqlite_as_uris_it_takes(path: str, uri: str) -> None:
    assert paths.windows_uri(PureWindowsPath(path)) == uri


def test_a_uri_names_no_authority_but_an_empty_one() -> None:
    for path in (r"C:\x.station", r"\\server\share\x.station"):
        after_scheme = paths.windows_uri(PureWindowsPath(path)).removeprefix("file://")
        assert after_scheme.startswith("/")  # the authority, up to the next "/", is empty


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX path, with a ? Windows refuses")
def test_sqlite_reads_the_quoted_names_back(tmp_path: Path) -> None:
    """The quoting `windows_uri` uses is SQLite's: a file with every character that
    means something in a URI is opened under its own name."""
    name = "a b#c%d?e&f=\u00e9.station"
    uri = f"file://{paths._quoted(str(tmp_path / name))}?mode=rwc"
    sqlite3.connect(uri, uri=True).close()
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert unquote(paths._quoted(name)) == name


@pytest.mark.stand_in("win32")
def test_on_windows_sqlite_is_given_the_windows_uri(monkeypatch: pytest.MonkeyPatch) -> None:
    made = Calls()
    monkeypatch.setattr(paths, "windows_uri", made.recorder("uri", "file:///C:/x.station"))
    pretend(monkeypatch, "win32")
    assert paths.sqlite_uri(Path("x.station"), "mode=ro") == "file:///C:/x.station?mode=ro"
    assert made.made and isinstance(made.made[0][1][0], PureWindowsPath)


def test_sqlite_opens_a_file_by_its_uri_here(tmp_path: Path) -> None:
    path = tmp_path / "a b#1.station"
    sqlite3.connect(path).close()
    conn = sqlite3.connect(paths.sqlite_uri(path, "mode=ro"), uri=True)
    try:
        assert os.path.samefile(conn.execute("PRAGMA database_list").fetchone()[2], path)
    finally:
        conn.close()
