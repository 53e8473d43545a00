"""End to end: three tables of one count, each counted, signed and exported with the
`station` command, consolidated, verified, and every refusal the issue names.

Run by `.ci/run` with `pytest -m long` (each command is a process of its own: 20-55 s on this machine).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession

pytestmark = pytest.mark.long

CALLS = {"F": Call.FOR, "A": Call.AGAINST, "V": Call.VOID, "C": Call.CHALLENGE}
NEW = ["--case", "29-RC-288020", "--employer", "Amazon.com Services LLC"]
NEW += ["--union", "Amazon Labor Union", "--eligible", "8325", "--agent", "R. Agent"]
# Table: the calls typed there. 4 + 2 + 4 = 10 FOR, 3 + 4 + 1 = 8 AGAINST, 2 void, 4 challenged.
TABLES = {"1": "FFAFAVCFA", "2": "AFAAACF", "3": "FFFVFCCA"}


def station(*args: object, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if home is not None:  # another station, with its own key
        env["XDG_DATA_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "station", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def ok(*args: object, home: Path | None = None) -> str:
    done = station(*args, home=home)
    assert done.returncode == 0, done.stderr
    return done.stdout


def count(path: Path, calls: str) -> None:
    """The operator's calls, through the count session every window commits through."""
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for letter in calls:
            session.record(CALLS[letter])


def table(folder: Path, label: str, calls: str, *extra: str, home: Path | None = None) -> Path:
    path = folder / f"t{label}.station"
    ok("new", path, *NEW, "--ballots", len(calls), "--table", label, *extra)
    count(path, calls)
    ok("sign", path, "--observer", "Employer:Jane Roe", "--observer", "Union:John Doe", home=home)
    ok("export", path, "--out", folder / f"export-{label}", home=home)
    return folder / f"export-{label}"


def refused(out: Path, *args: object) -> str:
    done = station("consolidate", "--out", out, *args)
    assert done.returncode == 2, done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not out.exists()
    return done.stderr


def test_three_tables_consolidated_verified_and_every_refusal(tmp_path: Path) -> None:
    exports = [table(tmp_path, label, calls) for label, calls in TABLES.items()]
    key = ok("key").strip().splitlines()[-1]
    keys = [arg for _ in exports for arg in ("--key", key)]
    out = tmp_path / "jfk8-tally"
    summary = json.loads(ok("consolidate", "--out", out, *exports, *keys, "--json"))
    assert (summary["for"], summary["against"], summary["void"], summary["challenged"]) == (
        10,
        8,
        2,
        4,
    )
    assert summary["counted"] == summary["ballots"] == 24
    assert summary["majority_for_union"] is False  # 20 is not more than 22 (10 + 8 + 4)
    assert summary["challenges_determinative"] is True  # 10 > 8, but 8 + 4 >= 10
    said = ok("verify", out, "--key", key)
    assert "Every summed line and the PDF match the tables' sheets" in said

    # A changed table export.
    changed = tmp_path / "changed"
    shutil.copytree(exports[1], changed)
    with (changed / "tally.pdf").open("ab") as pdf:
        pdf.write(b"%")
    assert "tally.pdf was changed" in refused(tmp_path / "a", exports[0], changed, exports[2])
    # A duplicated table.
    assert "appears twice" in refused(tmp_path / "b", *exports, exports[1])
    # An interim sheet.
    interim_file = tmp_path / "t4.station"
    ok("new", interim_file, *NEW, "--table", "4")
    count(interim_file, "FA")
    ok("sign", interim_file, "--interim")
    ok("export", interim_file, "--out", tmp_path / "export-4")
    assert "interim" in refused(tmp_path / "c", exports[0], tmp_path / "export-4")
    # A mismatched setup.
    (tmp_path / "other").mkdir()
    other = tmp_path / "other" / "t5.station"
    ok("new", other, *NEW[:2], "--employer", "Amazon.com Inc.", *NEW[4:], "--table", "5")
    count(other, "F")
    ok("sign", other)
    ok("export", other, "--out", tmp_path / "export-5")
    assert "employer" in refused(tmp_path / "d", exports[0], tmp_path / "export-5")
    # A table signed by an unexpected key: table 6 on another station.
    (tmp_path / "elsewhere").mkdir()
    foreign = table(tmp_path / "elsewhere", "6", "FA", home=tmp_path / "station-b")
    assert "not by the expected key" in refused(
        tmp_path / "e", exports[0], foreign, "--key", key, "--key", key
    )
    # And a change to the consolidation names the table and the file.
    journal = out / "tables" / "table-3" / "journal.jsonl"
    journal.write_bytes(journal.read_bytes().replace(b'"call":"for"', b'"call":"against"', 1))
    done = station("verify", out, "--key", key)
    assert done.returncode == 1
    assert "Table 3: tables/table-3/journal.jsonl was changed" in done.stderr
