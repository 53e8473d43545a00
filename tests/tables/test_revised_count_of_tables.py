"""The revised count of a count run at several tables (*Allied Acoustics*, 300 NLRB 1181:
"commingled ballots from separate election locations were opened and counted"): a file
of its own made from the tables' consolidation (`station new --revised-of`), carrying
its lines as the Original tally and its register under one numbering; the decision is
recorded once for the whole election, the ballots ordered opened are counted together
in that file, and its Revised Tally is verified with the consolidation it names."""

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import StationKey
from tests.tables.helpers import run, sign_and_export, table_export

pytestmark = pytest.mark.long  # several tables, each signed and revised: seconds


def _one_line(code: int, err: str) -> None:
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


@pytest.fixture(scope="module")
def revised(
    three: tuple[Path, StationKey], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path]:
    """The revised count: challenges 1-3 ordered opened and 4 sustained, by the Regional
    Director; the three opened ballots counted FOR, FOR, AGAINST; its Revised Tally
    signed and exported."""
    from station.cli import main

    out, key = three
    folder = tmp_path_factory.mktemp("revised")
    path = folder / "revised.station"
    new = ["new", str(path), "--revised-of", str(out), "--agent", "Regional agent"]
    assert main([*new, "--key", key.fingerprint]) == 0  # the tables' key: not this station's
    assert main(["decide", str(path), "--open", "1,2,3", "--sustain", "4", "--by", "RD 29"]) == 0
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for call in (Call.FOR, Call.FOR, Call.AGAINST):
            session.record(call)
    return path, sign_and_export(path, folder / "export", key)


def test_the_revised_tally_adds_the_opened_ballots_to_the_consolidated_lines(
    revised: tuple[Path, Path],
) -> None:
    _path, export = revised
    document = json.loads((export / "tally.json").read_bytes())
    columns = document["sheet"]["columns"]
    pick = lambda column: [columns[column][n] for n in ("3", "4", "5", "6")]  # noqa: E731
    assert pick("original") == [4, 4, 8, 4]
    assert pick("challenged_counted") == [2, 1, 3, -3]
    assert pick("set_aside") == [0, 0, 0, -1]
    assert pick("final") == [6, 5, 11, 0]
    sheet = document["sheet"]
    assert sheet["title"] == "Revised" and sheet["unresolved_challenges"] == []
    assert sheet["revised_of_tables"].startswith("tables ")
    # The five days ran from the consolidated tally of ballots (*Remington Rand*).
    assert sheet["objections_from"] == sheet["count_date"]


def test_the_caption_names_the_consolidated_tally_by_its_case_and_day(
    revised: tuple[Path, Path],
) -> None:
    """A Board agent finds the consolidated tally by case and date, not by hash: the
    hash stays in the file (`revised_of_tables`)."""
    from station.domain.result_statements import date_words
    from station.verification.sheet_page import sheet_text

    _path, export = revised
    document = json.loads((export / "tally.json").read_bytes())
    sheet = document["sheet"]
    digest = sheet["revised_of_tables"].removeprefix("tables ")
    day = date_words(date.fromisoformat(sheet["objections_from"]))
    page = " ".join(sheet_text(document))
    assert (
        f"Revised count of case {sheet['case']}, counted at several tables: their"
        f" consolidated tally prepared {day} is the Original tally;" in page
    )
    assert digest[:16] not in page


def test_the_revised_tally_verifies_with_the_consolidation_it_names(
    three: tuple[Path, StationKey], revised: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    out, key = three
    path, export = revised
    code, printed, err = run(capsys, "verify", export, "--tables", out, "--key", key.fingerprint)
    assert code == 0, err
    assert printed.startswith(f"OK: {export}: Revised tally of case")
    assert f"are those of {out}, verified whole" in printed
    code, printed, err = run(capsys, "verify", path)  # the file itself: chain and replay
    assert code == 0 and printed.startswith(f"OK: {path}:"), err


def test_without_its_consolidation_no_verdict_is_given(
    revised: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _path, export = revised
    code, printed, err = run(capsys, "verify", export)
    _one_line(code, err)
    assert printed == "" and "is the Revised Tally of a count run at several tables" in err
    assert "--tables CONSOLIDATION" in err


def test_another_consolidation_is_refused_in_one_line(
    revised: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from station.sheet.consolidate import consolidate
    from station.sheet.keys import create_key

    key = create_key(tmp_path / "key.pem")
    exports = [table_export(tmp_path, "A", "FFAC", key), table_export(tmp_path, "B", "ACAC", key)]
    other = tmp_path / "other"
    consolidate(exports, other, key)
    _path, export = revised
    code, printed, err = run(capsys, "verify", export, "--tables", other)
    _one_line(code, err)
    assert printed == "" and f"{other}: is not the consolidation {export} revises" in err


def test_a_tables_export_given_as_the_consolidation_names_tables(
    three: tuple[Path, StationKey],
    revised: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """The refusal names the option the folder was given to, --tables."""
    _out, key = three
    one_table = table_export(tmp_path, "A", "FFAC", key)
    _path, export = revised
    code, printed, err = run(capsys, "verify", export, "--tables", one_table)
    _one_line(code, err)
    assert printed == "" and err == (
        f"station: {one_table}: is not a consolidation of a count's tables; --tables takes"
        " the folder `station consolidate` made\n"
    )


def test_a_forged_revised_tally_is_not_intact(
    three: tuple[Path, StationKey],
    revised: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    out, _key = three
    forged = tmp_path / "forged"
    shutil.copytree(revised[1], forged)
    document = json.loads((forged / "tally.json").read_bytes())
    document["sheet"]["columns"]["original"]["4"] = 5  # one AGAINST more at the tables
    (forged / "tally.json").write_text(json.dumps(document), "utf-8")
    code, printed, err = run(capsys, "verify", forged, "--tables", out)
    assert code == 1 and printed == "" and err.startswith(f"NOT INTACT: {forged}:"), err


def test_a_revised_count_carrying_other_lines_is_not_intact(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Signed whole by the station's own key, but its Original tally is not the tables':
    one FOR moved to AGAINST in what its setup carries from the consolidation it names."""
    from dataclasses import replace

    from station.cli.revising import revision_of
    from station.domain.tally import Tally

    out, key = three
    first, revision = revision_of(out)
    forged = replace(revision, original=Tally(3, 5, 0, 4))
    path = tmp_path / "forged.station"
    Journal.create(path, replace(first, choices=replace(first.ballot, revised_of_tables=forged)))
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        session.decide([1, 2, 3, 4], [], "RD 29")
        for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.FOR):
            session.record(call)
    export = sign_and_export(path, tmp_path / "export", key)
    code, printed, err = run(capsys, "verify", export, "--tables", out)
    assert code == 1 and printed == "", err
    assert err.strip() == (
        f"NOT INTACT: {export}: (V12, the tables revised) its Original tally is not what"
        f" the consolidation {out} gives"
    )


def test_the_decision_and_the_calls_keep_to_the_election_register(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, key = three
    path = tmp_path / "revised.station"
    assert run(capsys, "new", path, "--revised-of", out, "--key", key.fingerprint)[0] == 0
    code, printed, err = run(capsys, "tally", path, "--json")
    assert code == 0, err
    tally = json.loads(printed)  # before the decision: the tables' line 6, by party
    assert tally["challenged"] == 4 and sum(tally["challenges_by_party"].values()) == 4
    code, _, err = run(capsys, "decide", path, "--open", "5", "--by", "RD 29")
    _one_line(code, err)
    assert "there is no challenge 5 in the election's register" in err
    with Journal.open(path) as journal:  # nothing is counted before the decision
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        with pytest.raises(Exception, match="record the decision first"):
            session.record(Call.FOR)
    code, _, err = run(capsys, "decide", path, "--open", "4", "--by", "RD 29")
    _one_line(code, err)  # one ballot opened alone shows how that voter voted
    assert "shows how that voter voted" in err and "add --reveal-ok" in err
    assert run(capsys, "decide", path, "--open", "1,2", "--by", "RD 29")[0] == 0
    code, _, err = run(capsys, "decide", path, "--open", "3", "--by", "RD 29")
    _one_line(code, err)
    with Journal.open(path) as journal:  # no more calls than ballots ordered opened
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
        with pytest.raises(Exception, match="only 2 challenged ballots ordered opened"):
            session.record(Call.FOR)


def test_its_register_says_where_each_challenge_stands(
    revised: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _export = revised
    code, printed, err = run(capsys, "challenges", path, "--json")
    assert code == 0, err
    register = json.loads(printed)
    assert [
        (c["number"], c["table"], c["table_number"], c["status"]) for c in register["challenges"]
    ] == [
        (1, "A", 1, "counted"),
        (2, "B", 1, "counted"),
        (3, "C", 1, "counted"),
        (4, "C", 2, "sustained"),
    ]
    code, printed, err = run(capsys, "challenges", path)
    assert code == 0, err
    lines = printed.splitlines()
    assert "the challenges of 3 tables under one numbering" in lines[0]
    assert lines[4].split()[:2] == ["4", "sustained"] and lines[4].endswith("[Table C #2]")
    code, printed, err = run(capsys, "tally", path)
    assert code == 0, err
    figures = {line.split(":")[0]: line.split()[-1] for line in printed.splitlines()[1:9]}
    assert figures["Votes FOR the petitioner"] == "6" and figures["Votes AGAINST"] == "5"
    assert figures["Challenges sustained, never opened"] == "1"
    assert "opens no new time for objections" in printed
    code, printed, err = run(capsys, "tally", path, "--json")
    assert code == 0, err
    tally = json.loads(printed)
    assert (tally["original"]["for"], tally["original"]["challenged"]) == (4, 4)
    assert (tally["challenged_counted"]["for"], tally["challenged_counted"]["against"]) == (2, 1)
    assert tally["challenges_by_party"] == {}  # every challenge decided


def test_a_decision_that_only_sustains_is_signed_on_the_carried_ballots(
    three: tuple[Path, StationKey],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nothing is called in the file, but its Revised Tally certifies the consolidated
    tally's 8 ballots: no "nothing is counted" refusal, no --none-counted asked for."""
    out, key = three
    path = tmp_path / "sustained.station"
    made = run(capsys, "new", path, "--revised-of", out, "--agent", "X", "--key", key.fingerprint)
    assert made[0] == 0
    assert run(capsys, "decide", path, "--sustain", "1,2,3,4", "--by", "RD")[0] == 0
    code, printed, err = run(capsys, "sign", path)
    assert (code, err) == (0, ""), err
    assert "Revised tally prepared" in printed


def test_its_register_carries_the_reasons_the_tables_registers_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Table A's challenge was made by the employer as a supervisor's, with a note: the
    revised count's register says so, as table A's does; B's gave no reason."""
    from station.sheet.consolidate import consolidate
    from station.sheet.keys import create_key
    from tests.tables.helpers import table_file

    key = create_key(tmp_path / "key.pem")
    path_a = table_file(tmp_path, "A", "FFAC")
    with Journal.open(path_a) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        seq = next(iter(session.count.challenges.counting())).seq
        changes = {"party": "employer", "reason": "supervisor", "note": "foreman"}
        session.amend_challenge(seq, changes)
    exports = [
        sign_and_export(path_a, tmp_path / "export-A", key),
        table_export(tmp_path, "B", "AFCA", key),
    ]
    consolidate(exports, tmp_path / "consolidated", key)
    path = tmp_path / "revised.station"
    made = run(
        capsys, "new", path, "--revised-of", tmp_path / "consolidated", "--agent", "X",
        "--key", key.fingerprint,
    )  # fmt: skip
    assert made[0] == 0
    code, printed, err = run(capsys, "challenges", path)
    assert code == 0, err
    lines = printed.splitlines()[1:]
    assert lines[0].endswith("challenged by the Employer: supervisor (foreman)  [Table A #1]")
    assert lines[1].endswith("open             challenged by the Board agent  [Table B #1]")
    code, printed, err = run(capsys, "challenges", path, "--json")
    rows = json.loads(printed)["challenges"]
    assert [(r["reason"], r["note"]) for r in rows] == [("supervisor", "foreman"), (None, None)]
    assert all("voter" not in row for row in rows)
    # The Revised Tally verifies with its consolidation: the reasons carried are its own.
    assert run(capsys, "decide", path, "--sustain", "1,2", "--by", "RD")[0] == 0
    export = sign_and_export(path, tmp_path / "out", key)
    code, printed, err = run(capsys, "verify", export, "--tables", tmp_path / "consolidated")
    assert code == 0 and printed.startswith("OK:"), err


def test_the_verifier_page_refuses_it_in_one_line(revised: tuple[Path, Path]) -> None:
    """The page is handed one folder: it says why it gives no verdict and how to get one."""
    from station.domain.table_statements import PAGE_REVISED_OF_TABLES
    from tests.verifier.picked import in_page

    _path, export = revised
    verdict = in_page(export, None)
    assert not verdict["ok"] and verdict["cannot"]
    assert verdict["lines"] == [f"{export.name}: {PAGE_REVISED_OF_TABLES}"]


def test_a_revised_count_is_made_only_from_an_intact_consolidation(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, _key = three
    path = tmp_path / "revised.station"
    table = out / "tables" / "table-A"  # one table's export: not the election's tally
    for given, words in (
        (tmp_path / "missing", "is not a consolidation of a count's tables"),
        (table, "is not a consolidation of a count's tables"),
    ):
        code, printed, err = run(capsys, "new", path, "--revised-of", given)
        _one_line(code, err)
        assert printed == "" and words in err and not path.exists()
    forged = tmp_path / "forged"
    shutil.copytree(out, forged)
    document = json.loads((forged / "tally.json").read_bytes())
    document["lines"]["3"] = 5
    (forged / "tally.json").write_text(json.dumps(document), "utf-8")
    code, printed, err = run(capsys, "new", path, "--revised-of", forged)
    _one_line(code, err)
    assert printed == "" and "is not an intact consolidation" in err and not path.exists()
    code, printed, err = run(capsys, "new", path, "--revised-of", out, "--eligible", "9000")
    _one_line(code, err)
    assert printed == "" and "leave out --eligible" in err and not path.exists()
