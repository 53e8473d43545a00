"""A runoff names the election it is a runoff of by its case and what certified its
result, never by a bare hash."""

from station.domain.election_statements import runoff_of_statement

SHA = "bce077e025dab4ced585b5c7f32598e9a3fb70df26c90a2f363e20ff4da97a05"


def test_a_runoff_of_a_count_at_several_tables_names_the_case_and_the_tables() -> None:
    said = runoff_of_statement("10-RC-301717", f"tables {SHA}")
    assert said == (
        "Runoff of the election in Case 10-RC-301717, counted at several tables"
        " (their consolidated tally bce077e025dab4ce)"
    )
    assert SHA not in said


def test_a_runoff_of_a_count_at_one_table_names_the_case_and_its_certified_events() -> None:
    said = runoff_of_statement("10-RC-301717", f"7:{SHA}")
    assert said == (
        "Runoff of the election in Case 10-RC-301717 (its final tally certifies events"
        " 1\u20137, head bce077e025dab4ce)"
    )
