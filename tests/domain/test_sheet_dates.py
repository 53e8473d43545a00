"""A sheet's dates are its SIGN event's own: a `prepared` moved to another day (and the
objections deadline moved with it) is a date the journal does not give."""

from datetime import datetime

from station.domain.sheet_dates import count_dates, dates_problem

SIGN_UTC = "2026-11-03T14:00:32.000000+00:00"
FIRST_CALL = "2026-11-03T14:00:03.000000+00:00"
SHEET = {"prepared": "2026-11-03T09:00:32-05:00", "count_date": "2026-11-03"}
SHEET_TIME = datetime.fromisoformat(SHEET["prepared"])


def test_a_sheet_dated_by_its_own_event_holds() -> None:
    assert dates_problem(SHEET, SIGN_UTC, FIRST_CALL) is None
    # An earlier Station read the clock a moment before it stamped the event.
    earlier = {**SHEET, "prepared": "2026-11-03T09:00:31-05:00"}
    assert dates_problem(earlier, SIGN_UTC, FIRST_CALL) is None


def test_a_backdated_prepared_is_not_the_events_own() -> None:
    backdated = {**SHEET, "prepared": "2026-10-27T09:00:32-05:00"}
    assert dates_problem(backdated, SIGN_UTC, FIRST_CALL) == (
        "its prepared says 2026-10-27T09:00:32-05:00; its own event gives"
        " 2026-11-03T09:00:32-05:00 (2026-11-03)"
    )


def test_a_prepared_after_its_event_or_without_offset_is_refused() -> None:
    later = {**SHEET, "prepared": "2026-11-03T09:00:40-05:00"}
    assert dates_problem(later, SIGN_UTC, FIRST_CALL) is not None
    naive = {**SHEET, "prepared": "2026-11-03T09:00:32"}
    assert dates_problem(naive, SIGN_UTC, FIRST_CALL) == (
        "its prepared says 2026-11-03T09:00:32, not a time with its offset"
    )


def test_the_count_date_runs_from_the_first_call_to_the_sheet() -> None:
    moved = {**SHEET, "count_date": "2026-11-02"}
    assert dates_problem(moved, SIGN_UTC, FIRST_CALL) == (
        "its count_date says 2026-11-02; the journal gives 2026-11-03"
    )
    # Counted from before midnight, in the station's offset, to the next morning.
    assert count_dates("2026-11-03T04:59:00+00:00", SHEET_TIME) == "2026-11-02 to 2026-11-03"
    assert count_dates(None, SHEET_TIME) == "2026-11-03"
