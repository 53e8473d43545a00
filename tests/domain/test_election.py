"""Validating the election setup as typed on the command line or in the dialog."""

import pytest

from station.domain import ElectionSetup, SetupError


def valid(**changes: object) -> ElectionSetup:
    fields: dict[str, object] = {
        "case_number": "29-RC-288020",
        "employer": "Amazon.com Services LLC",
        "union": "Amazon Labor Union",
        "eligible": "8325",
        "ballots": "4852",
        "agent": None,
    }
    fields.update(changes)
    return ElectionSetup.validated(**fields)  # type: ignore[arg-type]


def test_numbers_typed_as_text_become_numbers() -> None:
    setup = valid(eligible="8,325", ballots=" 4852 ")
    assert (setup.eligible, setup.ballots) == (8325, 4852)


def test_ballots_are_optional() -> None:
    assert valid(ballots=None).ballots is None
    assert valid(ballots="").ballots is None


def test_text_is_trimmed_to_one_line() -> None:
    assert valid(employer="  Amazon.com\n Services   LLC ").employer == "Amazon.com Services LLC"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("case_number", "", "case number must not be empty"),
        ("employer", "   ", "employer must not be empty"),
        ("union", "", "union must not be empty"),
        ("eligible", "0", "eligible voters must be a whole number greater than zero"),
        ("eligible", "-3", "eligible voters must be"),
        ("eligible", "12.5", "eligible voters must be"),
        ("eligible", "1,2,3", "eligible voters must be"),
        ("eligible", "٣", "eligible voters must be"),  # a non-ASCII digit
        ("eligible", True, "eligible voters must be"),
        ("ballots", "many", "ballots must be"),
        ("ballots", "99999999999", "ballots is larger than"),
        ("employer", "x" * 201, "longer than 200"),
        ("union", "Local\x00 1", "control characters"),
    ],
)
def test_bad_fields_are_named(field: str, value: object, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        valid(**{field: value})


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("29-RC-288020", "29-RC-288020"),
        (" 10-rd-269250 ", "10-RD-269250"),
        ("02-RM-000123", "02-RM-000123"),
    ],
)
def test_a_case_number_of_the_boards_shape_is_kept(typed: str, stored: str) -> None:
    assert valid(case_number=typed).case_number == stored


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("12345", "is not of the form NN-XX-NNNNNN"),
        ("29-RC-28802", "is not of the form NN-XX-NNNNNN"),
        ("29RC288020", "is not of the form NN-XX-NNNNNN"),
        ("29-CA-288020", "CA is not a kind of election Station counts"),
    ],
)
def test_a_case_number_of_another_shape_is_refused_saying_which_kinds(
    typed: str, message: str
) -> None:
    with pytest.raises(SetupError, match=message) as refused:
        valid(case_number=typed)
    assert "RC (a union petitions), RD (employees petition to remove the union), RM (the" in (
        str(refused.value)
    )


def test_the_case_kind_is_said() -> None:
    assert valid(case_number="10-RD-269250").case_kind == (
        "RD: employees petition to remove the union"
    )


def test_more_ballots_than_eligible_voters_is_warned() -> None:
    assert valid(eligible="5", ballots="50").warnings() == [
        "50 ballots in the box, but about 5 eligible voters: check both numbers"
    ]
    assert valid(eligible="50", ballots="50").warnings() == []
    assert valid(eligible="5", ballots=None).warnings() == []
