"""Reruns (`station new --rerun-of`), a runoff or a rerun of a count run at several
tables (a consolidation folder), and a runoff between two unions on paper."""

import json
from pathlib import Path

import pytest

from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import THREE, count_votes, new, station, tally


def signed(path: Path, votes: list[int], *more: str) -> Path:
    new(path, *THREE, *more)
    count_votes(path, votes)
    done = station("sign", path, "--agent", "R. Agent")
    assert done.returncode == 0, done.stderr
    return path


def exported(path: Path, out: Path) -> Path:
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("source", ["file", "export"])
def test_a_rerun_names_the_election_it_reruns(tmp_path: Path, qapp: object, source: str) -> None:
    first = signed(tmp_path / "first.station", [20, 5, 3], "--type", "directed")
    given = first if source == "file" else exported(first, tmp_path / "first-export")
    rerun = tmp_path / "rerun.station"
    made = station("new", rerun, "--rerun-of", given, "--eligible", "110")
    assert made.returncode == 0, made.stderr
    summary = tally(rerun)
    rerun_of = summary["rerun_of"]
    assert isinstance(rerun_of, dict)
    assert rerun_of["case"] == "10-RC-000017" and rerun_of["date"] == tally_date(first)
    assert rerun_of["head"].split(":")[0].isdigit()
    assert summary["type"] == "directed"  # the first election's, unless given
    assert [c["name"] for c in summary["choices"]] == ["Machinists", "Carpenters", "Neither"]  # type: ignore[union-attr]
    assert summary["eligible"] == 110
    count_votes(rerun, [20, 5, 3])
    assert station("sign", rerun, "--agent", "R. Agent").returncode == 0
    out = exported(rerun, tmp_path / "rerun-export")
    words = pdf_words((out / "tally.pdf").read_bytes())
    said = f"Rerun of the election of {rerun_of['date']}, case 10-RC-000017"
    assert said in words and "rerun election" in words
    assert station("verify", out).returncode == 0


def tally_date(path: Path) -> str:
    rows = [json.loads(line) for line in station("log", path, "--json").stdout.splitlines()]
    sign = next(row for row in rows if row["action"] == "sign")
    return str(sign["detail"]["count_date"])


def test_a_rerun_of_a_file_without_a_final_tally_is_refused(tmp_path: Path) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    done = station("new", tmp_path / "r.station", "--rerun-of", first)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "no final tally sheet" in done.stderr and not (tmp_path / "r.station").exists()
    both = station("new", tmp_path / "r.station", "--rerun-of", first, "--runoff-of", first)
    assert both.returncode == 2 and "not both" in both.stderr


def test_a_runoff_between_two_unions_prints_no_against_line(tmp_path: Path, qapp: object) -> None:
    first = signed(tmp_path / "first.station", [12, 10, 8])
    runoff = tmp_path / "runoff.station"
    assert station("new", runoff, "--runoff-of", first).returncode == 0
    count_votes(runoff, [16, 12, 0])  # no Neither on this ballot: none called
    assert station("sign", runoff, "--agent", "R. Agent").returncode == 0
    out = exported(runoff, tmp_path / "runoff-export")
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "5. Number of valid votes counted (lines 3a + 3b) 28" in words
    assert "against participating labor organization" not in words
    assert "4. " not in words.split("3b.")[1].split("6.")[0]
    assert json.loads((out / "tally.json").read_bytes())["sheet"]["lines"]["4"] == 0
    assert station("verify", out).returncode == 0


def test_the_windows_name_the_election_a_rerun_reruns(tmp_path: Path, qapp: object) -> None:
    from station.domain.description import describe
    from station.journal import Journal
    from station.ui.operator.choice_pad import election_html

    first = signed(tmp_path / "first.station", [20, 5, 3])
    rerun = tmp_path / "rerun.station"
    assert station("new", rerun, "--rerun-of", first).returncode == 0
    journal = Journal.open(rerun, read_only=True)
    setup = journal.election.setup
    journal.close()
    said = f"Rerun of the election of {tally_date(first)}, case 10-RC-000017"
    assert said in describe(setup).parties_line  # the dashboard's header
    assert said in election_html(describe(setup))  # the operator and envelope windows'
