from station.domain import Sheet, SheetKind, Tally
from station.domain.statements import (
    challenges_statement,
    decision_statement,
    locked_statement,
    majority_statement,
    pending_reason,
    sheet_pending_reason,
)


def test_jfk8_statements() -> None:
    tally = Tally(for_union=2654, against=2131, challenged=67)
    assert challenges_statement(tally) == (
        "Challenges are not sufficient in number to affect the results of the election."
    )
    assert majority_statement(tally, "Amazon Labor Union") == (
        "A majority of the valid votes counted plus challenged ballots has"
        " been cast for Amazon Labor Union."
    )


def test_a_tie_is_not_a_majority() -> None:
    tally = Tally(for_union=10, against=10)
    assert "has not been cast" in majority_statement(tally, "U")
    assert decision_statement(tally, 20, "U") == "Result decided: U loses."


def test_determinative_challenges_are_stated() -> None:
    tally = Tally(for_union=12, against=10, challenged=2)
    assert challenges_statement(tally).startswith("Challenges are sufficient")
    assert decision_statement(tally, 24, "U") is None


def test_decided_while_counting() -> None:
    assert (
        decision_statement(Tally(for_union=60, against=10), 100, "U") == "Result decided: U wins."
    )
    assert decision_statement(Tally(for_union=60, against=10), None, "U") is None


def _sheet(kind: SheetKind, tally: Tally) -> Sheet:
    return Sheet(seq=90, head=89, kind=kind, revision=0, supersedes=None, tally=tally)


def test_mid_count_lines_8_and_9_are_not_yet_determined() -> None:
    # The demo at 79 of 150: a lead, no challenge that could change it, yet 71 ballots
    # remain, and lines 8-9 must not read as the result.
    tally = Tally(for_union=45, against=30, void=2, challenged=2)
    pending = pending_reason(tally, 150, None)
    assert pending == "71 ballots remain uncounted"
    assert challenges_statement(tally, pending) == (
        "Whether challenges are sufficient in number to affect the results of the election"
        " is not yet determined: 71 ballots remain uncounted."
    )
    line9 = majority_statement(tally, "U", pending)
    assert line9.endswith("cast for U is not yet determined: 71 ballots remain uncounted.")
    assert "has been cast" not in line9.replace("has been cast for U is not yet", "")


def test_lines_8_and_9_state_the_result_once_no_ballot_remains() -> None:
    tally = Tally(for_union=100, against=49, challenged=1)
    assert pending_reason(tally, 150, None) is None
    assert pending_reason(Tally(for_union=149), 150, None) == "1 ballot remains uncounted"
    # The box size unknown: only a final sheet ends the count.
    assert pending_reason(tally, None, None) == "the count is not finished"
    assert pending_reason(tally, None, _sheet(SheetKind.FINAL, tally)) is None
    # An interim tally never states the result, even with every ballot counted.
    assert pending_reason(tally, 150, _sheet(SheetKind.INTERIM, tally)) == (
        "this is an interim tally; the count goes on"
    )
    assert sheet_pending_reason(SheetKind.INTERIM) is not None
    assert sheet_pending_reason(SheetKind.FINAL) is None


def test_the_lock_is_said_in_words() -> None:
    tally = Tally(for_union=3)
    assert locked_statement(None, 0) == "The count is open: calls can be recorded."
    assert "paused (locked) by the interim tally prepared at event 90, after ballot 3" in (
        locked_statement(_sheet(SheetKind.INTERIM, tally), 3)
    )
    assert locked_statement(_sheet(SheetKind.FINAL, tally), 3).startswith(
        "The count is locked by the final tally prepared at event 90;"
    )


def test_one_word_for_the_challenged_call() -> None:
    from station.domain import Call

    assert [call.label for call in Call] == ["FOR", "AGAINST", "VOID", "CHALLENGED"]


def test_one_ballot_counted_with_no_box_size_is_said_in_the_singular() -> None:
    from station.domain.statements import counted_statement

    assert counted_statement(1, None) == "1 ballot counted"
    assert counted_statement(2, None) == "2 ballots counted"
    assert counted_statement(1, 150) == "1 of 150 ballots counted"
