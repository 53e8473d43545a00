"""The live page's tally-along, as its script calls it: actions in, what to draw out.

The count (4 FOR, then 22 AGAINST) is served and followed as the page follows it; the
observer's actions are handed in as the page hands them once stored. What the panel
shows, the record made anew from the stored actions, and the record downloaded are
checked here, without a browser (the Chromium test drives the page itself).
"""

import dataclasses
import hashlib
import json
import time
from pathlib import Path
from typing import Any

from station.domain import Action, Call
from station.domain.words import in_language
from station.journal import Journal
from station.sheet.keys import key_for_signing
from station.verifier.live_along import Along
from station.witness.serve import FeedServer
from tests.helpers import JFK8
from tests.verifier.live_helpers import counted, followed, signed_to
from tests.witness.helpers import forged_tail, live_feed

__all__ = ["counted"]  # fixtures

UTC = "2026-12-07T06:00:00.000Z"


def taps(calls: list[str]) -> list[dict[str, Any]]:
    return [{"kind": "tap", "call": call, "group": None, "utc": UTC} for call in calls]


def test_a_mis_key_is_flagged_resolved_and_kept(counted: tuple[Path, FeedServer]) -> None:
    _, server = counted
    live, _ = followed(server, 28)  # the session opened, 26 calls, the session closed
    assert live.follower is not None
    along = Along(live.follower)
    assert along.begin() == {"store": live.follower.origin, "groups": []}
    assert [(b["key"], b["shortcut"]) for b in along.calls(None)] == [
        ("for", "F"),
        ("against", "A"),
        ("challenge", "C"),
        ("void", "V"),
    ]
    assert along.act({"kind": "undo", "utc": UTC}) is False  # nothing to undo yet
    actions = taps(["for"] * 5 + ["against"] * 21)
    for action in actions:
        assert along.act(action)

    view = along.view()
    assert view["line"] == "You and the station agree on 25 of 26"
    assert view["flag"]["ballot"] == 5
    assert view["flag"]["text"].startswith("Ballot 5: you called FOR, the station AGAINST (")
    assert view["flag"]["seq"] == 6  # the station's call for ballot 5: event 1 opened

    resolved = {"kind": "resolve", "ballot": 5, "how": "mistap", "utc": UTC}
    resolved["station_call"] = view["flag"]["station_call"]
    assert along.act(resolved)
    assert along.view()["flag"] is None
    made = along.document()
    doc = json.loads(made["json"])
    assert {row["lane"]: (row["observer"], row["station"]) for row in doc["summary"]} == {
        "for": (4, 4),
        "against": (22, 22),
    }
    assert [(d["ballot"], d["resolved"]) for d in doc["disagreements"]] == [(5, "mistap")]
    assert made["text"].endswith(f"SHA-256 of this record: {made['hash']}\n")
    # the file downloaded is this text, UTF-8: `sha256sum` of it gives the hash shown
    assert hashlib.sha256(made["json"].encode("utf-8")).hexdigest() == made["hash"]

    again = Along(live.follower)  # the page reloaded: the record made anew from the store
    again.restore([{"kind": "undo", "utc": UTC}, *actions, resolved])
    assert again.view() == along.view()
    assert again.document()["hash"] == made["hash"]


def test_the_panel_speaks_the_page_s_language_and_the_record_stays_english(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    for action in taps(["for"] * 5 + ["against"] * 20):
        along.act(action)
    english = along.document()
    with in_language("es"):
        view = along.view()
        made = along.document()
    assert view["line"] == (
        "Usted y la estación coinciden en 24 de 25 \u00b7 la estación le lleva 1 de ventaja"
    )
    assert view["flag"]["text"].startswith(
        "Papeleta 5: usted anotó A FAVOR, la estación EN CONTRA ("
    )
    assert view["piles"][0] == ["Pila", "Estación", "Usted"]
    assert made == english  # a file a party brings to a hearing: the Board's English


def test_only_calls_a_signed_head_covers_are_the_station_s(
    counted: tuple[Path, FeedServer],
) -> None:
    """Calls received but not signed (here appended by someone on the path) are not
    the station's: the observer's taps for them wait, compared with nothing."""
    _, server = counted
    live, last = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    for action in taps(["for"] * 4 + ["against"] * 22 + ["for"] * 3):
        along.act(action)
    tail = {"events": forged_tail(last["events"], 3), "heads": []}
    assert live.answer(200, json.dumps(tail).encode(), time.time()) == "next"
    assert live.follower.received_seq == 31
    view = along.view()
    assert view["line"] == (
        "You and the station agree on 26 of 26 · 3 of yours not yet called by the station"
    )
    assert view["flag"] is None


def test_a_station_s_undo_and_new_call_is_kept_as_its_correction(tmp_path: Path) -> None:
    """The station undoes its call for ballot 3 (the flag goes: ballot 3 is not called)
    and calls it the observer's way: the page is told to store that the station
    corrected it, and the record downloaded says so, with the call it had before."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal, live_feed(path, key_for_signing(), page=False) as server:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        journal.append(Action.CALL, Call.FOR)
        wrong = journal.append(Action.CALL, Call.AGAINST)
        live, _ = followed(server, wrong.seq)
        assert live.follower is not None
        along = Along(live.follower)
        for action in taps(["for", "for", "for"]):
            along.act(action)
        assert along.view()["flag"]["ballot"] == 3

        journal.append(Action.UNDO, Call.AGAINST, target=wrong.seq)
        signed_to(live, server, wrong.seq + 1)
        undone = along.view()
        assert undone["flag"] is None and undone["corrected"] == []

        journal.append(Action.CALL, Call.FOR)
        signed_to(live, server, wrong.seq + 2)
        view = along.view()
    assert view["corrected"] == [{"ballot": 3, "station_call": "against", "pile": "AGAINST pile 1"}]
    assert along.view()["corrected"] == []  # said once
    assert along.act({"kind": "resolve", "how": "station", "utc": UTC, **view["corrected"][0]})
    doc = json.loads(along.document()["json"])
    assert [
        (d["ballot"], d["station_call"], d["pile"], d["resolved"]) for d in doc["disagreements"]
    ] == [(3, "against", "AGAINST pile 1", "station")]
    assert doc["entries"][-1] == {
        "resolve": 3,
        "how": "station",
        "station_call": "against",
        "pile": "AGAINST pile 1",
        "utc": UTC,
    }


def test_a_screen_reader_is_told_the_agreement_every_ten_calls_not_each(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    assert along.said(0.0) is None  # nothing called yet
    said = []
    for n, action in enumerate(taps(["for"] * 4 + ["against"] * 22)):
        along.act(action)
        said.append(along.said(n * 0.3))  # a brisk observer: a call each 0.3 s
    assert [n + 1 for n, line in enumerate(said) if line] == [1, 11, 21]
    assert said[20] == "You and the station agree on 21 of 21 · the station is 5 ahead of you"
    assert along.said(7.8) is None  # under 5 s since the 21st
    assert along.said(11.0) == "You and the station agree on 26 of 26"


def test_a_change_held_back_is_said_when_its_seconds_are_up_even_with_no_call(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    for action in taps(["for"] * 5):
        along.act(action)
    assert along.said(0.0) == "You and the station agree on 4 of 5 · the station is 21 ahead of you"
    assert along.said_in(0.0) is None  # nothing held back

    resolved = {"kind": "resolve", "ballot": 5, "how": "mistap", "station_call": "against"}
    along.act({**resolved, "utc": UTC})  # the line changes with no call
    assert along.said(1.0) is None
    assert along.said_in(1.0) == 4.0
    assert along.said(5.0) == "You and the station agree on 5 of 5 · the station is 21 ahead of you"
    assert along.said(9.0) is None and along.said_in(9.0) is None  # said: nothing stale


def test_resolving_and_downloading_are_confirmed_in_words(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    assert along.resolved(5, "stands") == "Ballot 5: your call stands."
    assert along.resolved(5, "mistap") == "Ballot 5: your call is corrected to the station's."
    with in_language("es"):
        assert along.resolved(5, "stands") == "Papeleta 5: su anotación se mantiene."
    assert (
        along.downloaded("r.json")
        == "Your record was downloaded as r.json; its hash is shown below."
    )


def test_a_language_switch_names_the_piles_in_the_new_language_at_once(
    counted: tuple[Path, FeedServer],
) -> None:
    """The pile table is drawn again on a switch: its piles named in the words chosen,
    not in those of the last call's time."""
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    along = Along(live.follower)
    for action in taps(["for"] * 4 + ["against"] * 22):
        along.act(action)
    english = [row[0] for row in along.view()["piles"][1:]]
    with in_language("es"):
        spanish = [row[0] for row in along.view()["piles"][1:]]
    assert english[0] == "FOR pile 1"
    assert spanish[0] == "pila 1 de A FAVOR"
    assert [row[0] for row in along.view()["piles"][1:]] == english
