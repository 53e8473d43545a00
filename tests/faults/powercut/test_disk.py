"""The power-cut model itself: what an fsync makes durable, and what a state holds."""

import random
from pathlib import Path

from tests.faults.powercut.disk import Before, Crash, Op, Trace, persisted_at, sectors_of

ROOT = (1, 0)
FILE = (7, 1)


def make_file() -> list[Op]:
    """Create a file, write it, fsync it, fsync its folder."""
    return [
        Op("C", FILE, parent=ROOT, name="f"),
        Op("W", FILE, offset=0, data=b"x" * 1024),
        Op("S", FILE),
        Op("S", ROOT, offset=1),
    ]


def trace_of(ops: list[Op]) -> Trace:
    return Trace(Before(ROOT, {}, {}, {ROOT}), ops)


def laid_out(trace: Trace, crash: Crash, tmp_path: Path) -> dict[str, bytes]:
    target = tmp_path / f"state{crash.at}{crash.how}{sorted(crash.kept)}{crash.torn}"
    trace.state(crash).write_to(target)
    return {path.name: path.read_bytes() for path in target.iterdir()}


def test_a_file_fsync_makes_its_data_durable_but_only_the_folders_makes_its_name() -> None:
    assert persisted_at(make_file()) == [3, 2, 4, 4]


def test_a_rename_needs_both_folders_synced() -> None:
    other = (2, 0)
    ops = [
        Op("R", FILE, parent=ROOT, name="a", to_parent=other, to_name="b"),
        Op("S", other, offset=1),
        Op("S", ROOT, offset=1),
    ]
    assert persisted_at(ops)[0] == 2


def test_before_the_folder_fsync_the_name_may_be_lost_with_the_data_kept(tmp_path: Path) -> None:
    trace = trace_of(make_file())
    assert trace.unsynced(3) == [0]  # the data is durable, the name is not
    assert laid_out(trace, Crash(3, "none", frozenset()), tmp_path) == {}
    assert laid_out(trace, Crash(3, "all", frozenset({0})), tmp_path) == {"f": b"x" * 1024}
    assert laid_out(trace, Crash(4, "none", frozenset()), tmp_path) == {"f": b"x" * 1024}


def test_a_torn_write_keeps_whole_sectors_only(tmp_path: Path) -> None:
    ops = [*make_file(), Op("W", FILE, offset=256, data=b"y" * 1024)]
    trace = trace_of(ops)
    assert sectors_of(ops[4]) == [0, 1, 2]
    files = laid_out(trace, Crash(5, "torn", frozenset(), 4, frozenset({1})), tmp_path)
    assert files["f"] == b"x" * 512 + b"y" * 512  # sectors 0 and 2 lost: no growth either


def test_one_lost_drops_each_change_the_next_fsync_would_make_durable_alone() -> None:
    ops = [
        Op("C", FILE, parent=ROOT, name="f"),
        Op("L", FILE, parent=ROOT, name="g"),
        Op("S", ROOT, offset=1),
    ]
    crashes = trace_of(ops).one_lost()
    assert [sorted(crash.kept) for crash in crashes] == [[1], [0]]


def test_every_kind_of_loss_is_built() -> None:
    ops = [*make_file(), Op("W", FILE, offset=0, data=b"z" * 2048), Op("K", data=b"ACK\n")]
    crashes = trace_of(ops).crashes(30, random.Random(0))
    assert {crash.how for crash in crashes} == {
        "none",
        "all",
        "prefix",
        "subset",
        "drop one",
        "torn",
    }


def test_a_name_is_never_kept_for_a_file_whose_creation_was_lost(tmp_path: Path) -> None:
    ops = [
        Op("M", FILE, parent=ROOT, name=".staging"),
        Op("R", FILE, parent=ROOT, name=".staging", to_parent=ROOT, to_name="sheet"),
        Op("S", ROOT, offset=1),
    ]
    trace = trace_of(ops)
    assert laid_out(trace, Crash(2, "drop one", frozenset({1})), tmp_path) == {}
