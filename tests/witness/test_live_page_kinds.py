"""The live page shows each kind of count as the station's dashboard shows it, in Chromium.

A ballot of several unions: a figure per choice by name, never FOR and AGAINST, and the
last calls in the dashboard's words. One table's count: no result stated, as `station
tally` states none. A mail ballot: the envelope stage's figures, then the ballots' with
the envelopes accepted as the box. Every figure and statement is `station tally --json`'s.
Each page load is seconds: the README's run keeps one kind (mail voting groups after the
hearing), the rest run with `-m long`.
"""

from pathlib import Path
from typing import Any

import pytest

import tests.groups_helpers as groups
from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.kinds_helpers import THREE, count_votes, new, tally
from tests.mail.helpers import SIX_RULINGS, counting, groups_counted, groups_decided
from tests.tables.helpers import table_file
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import LIVE_PAGE_SHOWS, live_feed

__all__ = ["browser"]  # fixtures


def shown_at(browser: Any, events: int) -> dict[str, Any]:
    """What the page shows once it has checked every one of `events` events."""
    wait_for(
        browser,
        "return document.getElementById('status').textContent.startsWith("
        f"'LIVE · event {events:,} signed by key ')",
    )
    return browser.execute_script(LIVE_PAGE_SHOWS)  # type: ignore[no-any-return]


def events_of(path: Path) -> int:
    with Journal.open(path) as journal:
        return journal.head_seq


def stated(expected: dict[str, Any]) -> list[str]:
    return [expected["statements"]["8"], expected["statements"]["9"]]


@pytest.mark.long
def test_a_ballot_of_several_unions_is_shown_by_choice(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "three.station"
    new(path, *THREE)
    count_votes(path, [5, 3, 2], challenged=1, void=1)
    with Journal.open(path) as journal:
        journal.start_session()
        last = journal.append(Action.CALL, Call.AGAINST)
        journal.append(Action.UNDO, Call.AGAINST, target=last.seq)
    expected = tally(path)
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        page = shown_at(browser, events_of(path))
    assert page["kind"] == "ok", page
    assert page["choices"] == [
        [choice["name"].upper(), f"{choice['votes']:,}"] for choice in expected["choices"]
    ]
    assert [name for name, _ in page["choices"]] == ["MACHINISTS", "CARPENTERS", "NEITHER"]
    assert "for" not in page["figures"] and "against" not in page["figures"]
    for figure in ("void", "challenged", "valid", "counted"):
        assert page["figures"][figure] == f"{expected[figure]:,}", figure
    assert page["statements"][:2] == stated(expected)
    assert page["progress"] == "12 ballots counted"  # the box's size not given
    assert page["calls"][:6] == [  # as the dashboard's ticker lists them
        "Station closed the count",
        "\u21b6 Ballot 13 for Neither \u2014 undone",
        "Ballot 13 for Neither",
        "Station closed the count, then opened it again",
        "Ballot 12 VOID",
        "Ballot 11 CHALLENGED",
    ]
    assert "Ballot 8 for Carpenters" in page["calls"]


@pytest.mark.long
def test_one_tables_count_states_no_result(browser: Any, tmp_path: Path) -> None:
    path = table_file(tmp_path, "2", "FFFAVC")  # every ballot of the table counted
    expected = tally(path)
    assert "Table 2 alone" in expected["statements"]["8"]
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        page = shown_at(browser, events_of(path))
    assert page["statements"] == [*stated(expected), ""]
    assert page["figures"]["for"] == "3" and page["figures"]["remaining"] == "0"


@pytest.mark.long
def test_a_mail_count_shows_its_envelopes_then_its_ballots(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "bhm1.station"
    with counting(path, new=True) as session, live_feed(path, key_for_signing()) as server:
        for voter, ruling in SIX_RULINGS[:4]:
            session.rule_envelope(ruling, voter)
        browser.get(server.url)
        page = shown_at(browser, session.journal.head_seq)
        expected = tally(path)
        assert expected["stage"] == "envelopes"
        assert page["envelopes"] == {
            name: f"{value:,}"
            for name, value in expected["envelopes"].items()
            if name in page["envelopes"]
        }
        assert {"returned", "accepted", "challenged", "void"} <= set(page["envelopes"])
        assert page["envelopes"]["accepted"] == "2"
        assert page["figures"]["ballots"] == "\u2014"
        assert page["calls"] == [
            "Envelope VOID",
            "Envelope CHALLENGED",
            "Envelope ACCEPTED",
            "Envelope ACCEPTED",
            "Station opened the count",
        ]  # no voter named, as on the dashboard
        assert page["statements"][:2] == stated(expected)

        for voter, ruling in SIX_RULINGS[4:]:
            session.rule_envelope(ruling, voter)
        session.end_envelopes()
        for call in (Call.FOR, Call.FOR, Call.AGAINST):
            session.record(call)
        page = shown_at(browser, session.journal.head_seq)
        expected = tally(path)
    assert expected["stage"] == "ballots" and expected["ballots"] == 3
    assert page["envelopes"] == {
        name: f"{value:,}"
        for name, value in expected["envelopes"].items()
        if name in page["envelopes"]
    }
    assert page["envelopes"]["accepted"] == "3"
    for figure in (
        "for",
        "against",
        "void",
        "challenged",
        "valid",
        "counted",
        "ballots",
        "remaining",
    ):
        assert page["figures"][figure] == f"{expected[figure]:,}", figure
    assert page["statements"][:2] == stated(expected)
    assert page["progress"] == "3 of 3 ballots counted \u00b7 0 remaining"
    assert page["calls"][:4] == [
        "Ballot 3 AGAINST",
        "Ballot 2 FOR",
        "Ballot 1 FOR",
        "Envelope stage ended: 3 envelopes accepted, ballots to be opened",
    ]


@pytest.mark.long
def test_an_rd_case_is_shown_as_the_dashboard_shows_it(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "rd.station"
    new(path, "--union", "Local 1", "--petitioner", "J. Worker", case="10-RD-000017")
    count_votes(path, [4, 6], challenged=1)
    expected = tally(path)
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        page = shown_at(browser, events_of(path))
    assert page["choices"] == [["FOR", "4"], ["AGAINST", "6"]]
    for figure in ("for", "against", "void", "challenged", "valid", "counted"):
        assert page["figures"][figure] == f"{expected[figure]:,}", figure
    assert page["statements"][:2] == stated(expected)
    assert "Local 1" in page["statements"][1] and "J. Worker" not in page["statements"][1]


@pytest.mark.long
def test_voting_groups_are_shown_group_by_group(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    groups.new(path)
    groups.calls(
        path,
        ("A", Call.FOR, None),
        ("A", Call.AGAINST, None),
        ("B", Call.FOR, None),
        ("B", Call.VOID, None),
        ("B", Call.CHALLENGE, None),
    )
    expected = tally(path)
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        page = shown_at(browser, events_of(path))
        rows = browser.execute_script(
            "return [...document.querySelectorAll('#groups tr')].map((row) =>"
            " [...row.cells].map((cell) => cell.textContent));"
        )
        caption = browser.execute_script(
            "return document.querySelector('#groups caption').textContent"
        )
        whole_hidden = browser.execute_script(
            "return ['choices', 'lines'].map((id) => document.getElementById(id))"
            ".concat([document.querySelector('#live .small')]).map((e) => e.offsetParent === null"
            " || e.textContent.trim() === '')"
        )
    assert rows[0] == ["Voting group", "FOR", "AGAINST", "Void", "Challenged"]
    assert rows[1:] == [
        [g["name"], str(g["for"]), str(g["against"]), str(g["void"]), str(g["challenged"])]
        for g in expected["groups"]  # type: ignore[attr-defined]
    ]
    assert "not on this page" in caption
    assert whole_hidden == [True, True, True]  # the whole count decides no unit
    assert page["statements"] == ["", "", ""]


@pytest.mark.long  # a Pyodide start in Chromium: seconds
def test_mail_voting_groups_after_the_hearing_are_shown_group_by_group(
    browser: Any, tmp_path: Path
) -> None:
    path = tmp_path / "mail.station"
    groups_counted(path)
    groups_decided(path)
    expected = tally(path)
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        page = shown_at(browser, events_of(path))
        rows = browser.execute_script(
            "return [...document.querySelectorAll('#groups tr')].map((row) =>"
            " [...row.cells].map((cell) => cell.textContent));"
        )
    assert page["kind"] == "ok", page
    # Group A's opened envelope counted in its pile, group B's sustained one set aside.
    assert rows[1:] == [
        [g["name"], str(g["for"]), str(g["against"]), str(g["void"]), str(g["challenged"])]
        for g in expected["groups"]  # type: ignore[attr-defined]
    ]
    # Group B's envelope ruled void (voter 106) is a void ballot on its line 2.
    assert rows[1:] == [
        ["Professional employees", "2", "1", "0", "0"],
        ["Nonprofessional employees", "1", "2", "1", "0"],
    ]
