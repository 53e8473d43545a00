"""The challenges of a count run at several tables, listed under the election's one
numbering for the hearing: `station challenges CONSOLIDATION_FOLDER` reads them from the
tables' exports the consolidation sums, checked whole first, table by table in its order.
A table's own numbers repeat from table to table; the election's name each once."""

import hashlib
import json
from pathlib import Path

import pytest

from station.domain.table_statements import REVISED_OF_TABLES
from station.sheet.keys import StationKey
from tests.tables.helpers import run


def test_the_tables_challenges_are_numbered_once_in_table_order(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    out, key = three
    document = json.loads((out / "tally.json").read_bytes())
    assert document["lines"]["6"] == 4 and document["lines"]["8"] is True
    code, printed, err = run(capsys, "challenges", out, "--json")
    assert code == 0, err
    register = json.loads(printed)
    places = [(c["number"], c["table"], c["table_number"]) for c in register["challenges"]]
    assert places == [(1, "A", 1), (2, "B", 1), (3, "C", 1), (4, "C", 2)]
    assert all(c["status"] == "open" and c["stage"] == "ballot" for c in register["challenges"])
    assert register["tables"] == ["A", "B", "C"]
    # The numbers are given for this consolidation, named as a runoff of it names it.
    digest = hashlib.sha256((out / "tally.json").read_bytes()).hexdigest()
    assert register["consolidation"] == f"tables {digest}"
    assert register["key"] == key.fingerprint


def test_the_register_prints_each_challenge_with_its_table(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _key = three
    code, printed, err = run(capsys, "challenges", out)
    assert code == 0, err
    lines = printed.splitlines()
    assert (
        lines[0].startswith("Case ")
        and "the challenges of 3 tables under one numbering" in lines[0]
    )
    assert [line.split()[0] for line in lines[1:]] == ["1", "2", "3", "4"]
    assert lines[4].endswith("[Table C #2]") and "open" in lines[4]


def test_a_forged_consolidation_gives_no_register(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import shutil

    forged = tmp_path / "forged"
    shutil.copytree(three[0], forged)
    document = json.loads((forged / "tally.json").read_bytes())
    document["lines"]["6"] = 3  # one challenge fewer than the tables hold
    (forged / "tally.json").write_text(json.dumps(document), "utf-8")
    code, printed, err = run(capsys, "challenges", forged, "--json")
    assert code == 2 and printed == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "is not an intact consolidation" in err


def test_a_decision_on_the_tables_points_to_their_register(
    three: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _key = three
    code, printed, err = run(capsys, "decide", out, "--open", "1,2,3,4", "--by", "RD 10")
    assert code == 2 and printed == "" and len(err.strip().splitlines()) == 1
    assert REVISED_OF_TABLES in err and f"station challenges {out}" in err
    table = out.parent / "table-C.station"
    code, printed, err = run(capsys, "decide", table, "--open", "1", "--by", "RD 10")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "station challenges CONSOLIDATION_FOLDER" in err


def test_a_mail_tables_challenged_envelope_is_named_by_its_voter_id(
    key: StationKey, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.sheet.consolidate import consolidate
    from tests.tables.helpers import MAIL, VOTERS, envelopes, table

    exports = [
        table(tmp_path, MAIL, "1", envelopes("012", "FFA", challenged="3"), key, VOTERS),
        table(tmp_path, MAIL, "2", envelopes("45", "AV"), key, VOTERS),
    ]
    out = tmp_path / "consolidated"
    consolidate(exports, out, key)
    code, printed, err = run(capsys, "challenges", out, "--json")
    assert code == 0, err
    (only,) = json.loads(printed)["challenges"]
    # An export holds no voter list: the voter is named by the id the parties hold.
    assert only["stage"] == "envelope" and only["voter"] == {"id": "103", "name": None}
    assert (only["number"], only["table"], only["table_number"]) == (1, "1", 1)


def test_a_consolidation_of_station_0_2_is_numbered_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    released = Path(__file__).parents[1] / "fixtures" / "v0_2" / "consolidated"
    code, printed, err = run(capsys, "challenges", released, "--json")
    assert code == 0, err
    (only,) = json.loads(printed)["challenges"]
    assert (only["number"], only["table"], only["table_number"]) == (1, "1", 1)
