"""A mistyped command or option is named, with the closest one and the right --help."""

from pathlib import Path

import pytest

from station.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main([str(arg) for arg in args])
    return code, capsys.readouterr().err


def test_a_mistyped_command_is_named_with_the_closest(
    capsys: pytest.CaptureFixture[str], election_file: Path
) -> None:
    code, err = run(capsys, "talley", election_file)
    assert code == 2
    assert err == (
        "station: 'talley' is no command and no file: did you mean `tally`? (see `station --help`)\n"
    )
    assert "did you mean `dashboard`?" in run(capsys, "dashbord", election_file)[1]
    assert "did you mean `verify`?" in run(capsys, "verfy")[1]


def test_an_unknown_option_points_to_the_command_help(
    capsys: pytest.CaptureFixture[str], election_file: Path
) -> None:
    code, err = run(capsys, "tally", election_file, "--jsn")
    assert code == 2
    assert err == (
        "station: unrecognized arguments: --jsn (did you mean --json? see `station tally --help`)\n"
    )
    code, err = run(capsys, "log", election_file, "--colour")
    assert code == 2 and err.endswith("(see `station log --help`)\n")


def test_a_file_named_like_a_command_still_opens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `station FILE` with an existing file never gets a suggestion, however it is named.
    monkeypatch.chdir(tmp_path)
    Path("talley").write_text("not an election")
    code, err = run(capsys, "talley")
    assert code == 2 and "did you mean" not in err and "talley" in err


def test_new_checks_the_case_number_and_warns_of_more_ballots_than_voters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fields = ["--employer", "E", "--union", "U", "--eligible", "5", "--ballots", "50"]
    code, err = run(capsys, "new", tmp_path / "a.station", "--case", "12345", *fields)
    assert code == 2 and not (tmp_path / "a.station").exists()
    assert err.startswith("station: case number '12345' is not of the form NN-XX-NNNNNN")
    assert main(["new", str(tmp_path / "b.station"), "--case", "29-rc-288020", *fields]) == 0
    out, err = capsys.readouterr()
    assert (
        out == f"created {tmp_path / 'b.station'} for case 29-RC-288020 (RC: a union petitions);"
        " choices: FOR (U), AGAINST\n"
    )
    assert (
        err == "warning: 50 ballots in the box, but about 5 eligible voters: check both numbers\n"
    )


def test_log_columns_stay_aligned_with_long_descriptions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from station.demo import create_demo

    path = create_demo(tmp_path / "demo.station")  # disputes and amends: long descriptions
    assert main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(len(line) > 120 for line in lines)
    hashes = [line.split()[3] for line in lines]
    assert all(len(digest) == 16 for digest in hashes)
    # Every column starts where it starts on every other line.
    assert len({line.index(digest) for line, digest in zip(lines, hashes, strict=True)}) == 1
    assert len({line.index(" ", 12) for line in lines}) == 1
