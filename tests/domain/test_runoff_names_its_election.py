"""A runoff names the election it is a runoff of by its day and case, never by a hash
(the hash of what certified it stays in the file)."""

from station.domain.election_statements import runoff_of_statement


def test_a_runoff_names_its_election_by_the_day_it_was_counted_and_its_case() -> None:
    said = runoff_of_statement("10-RC-301717", "2026-12-08")
    assert said == "Runoff of the election of 2026-12-08, case 10-RC-301717"


def test_a_runoff_counted_at_tables_over_several_days_names_the_days() -> None:
    said = runoff_of_statement("10-RC-301717", "2026-12-08 to 2026-12-09")
    assert said == "Runoff of the election of 2026-12-08 to 2026-12-09, case 10-RC-301717"


def test_a_runoff_made_before_its_day_was_stored_names_its_case_alone() -> None:
    assert (
        runoff_of_statement("10-RC-301717", None) == "Runoff of the election in Case 10-RC-301717"
    )
