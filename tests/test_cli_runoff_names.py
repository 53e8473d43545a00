"""`station new --runoff-of` and `station tally` of a runoff name the election it follows."""

from pathlib import Path

from station.domain import ElectionSetup
from station.journal import Journal
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import count_votes
from tests.sheet.helpers import station

SHA = "bce077e025dab4ced585b5c7f32598e9a3fb70df26c90a2f363e20ff4da97a05"


def test_the_tally_of_a_runoff_names_its_election_not_a_hash(tmp_path: Path) -> None:
    path = tmp_path / "runoff.station"
    setup = ElectionSetup.validated(
        case_number="10-RC-301717",
        employer="Harbor",
        union="Teamsters",
        unions=["Warehouse Workers"],
        runoff_of=f"tables {SHA}",
        runoff_date="2026-12-08 to 2026-12-09",
        runoff_neither=False,
        eligible=40,
    )
    Journal.create(path, setup)
    code, out, err = station("tally", path)
    assert code == 0, err
    assert "Runoff of the election of 2026-12-08 to 2026-12-09, case 10-RC-301717" in out
    assert SHA[:16] not in out


def test_the_runoff_sheet_names_the_election_it_is_a_runoff_of(
    tmp_path: Path, qapp: object
) -> None:
    path = tmp_path / "runoff.station"
    setup = ElectionSetup.validated(
        case_number="10-RC-301717",
        employer="Harbor",
        union="Teamsters",
        runoff_of=f"7:{SHA}",
        runoff_date="2026-12-08",
        eligible=40,
    )
    Journal.create(path, setup)
    count_votes(path, [3, 2])
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    code, _, err = station("export", path, "--out", tmp_path / "export")
    assert code == 0, err
    words = pdf_words((tmp_path / "export" / "tally.pdf").read_bytes())
    assert "Runoff of the election of 2026-12-08, case 10-RC-301717" in words
    assert SHA[:16] not in words
    assert station("verify", tmp_path / "export")[0] == 0
