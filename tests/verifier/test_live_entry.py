"""The live page's Python, handed the feed's answers as the page fetches them.

A count served on 127.0.0.1 is asked as the page asks it; each answer's bytes go to
`LiveCount`, which says what the page draws: the figures `station tally --json` gives
once a signed head covers them, the events after the last head said apart and never
counted, NOT SIGNED past 10 s, a lost feed, a forged history NOT INTACT.
"""

import dataclasses
import io
import json
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from station.cli import main
from station.domain import Action, Call
from station.domain.words import in_language, sheet_translation
from station.journal import Journal
from station.sheet.keys import create_key, key_for_signing, signature_holds_raw
from station.verifier.live_entry import LiveCount
from station.witness.serve import FeedServer
from station.witness.statements import MAX_UNSIGNED
from tests.helpers import JFK8
from tests.verifier.live_helpers import ask, counted, followed, signed_to
from tests.witness.helpers import cosigned, forged_tail, live_feed

__all__ = ["counted"]  # fixtures


def tally(path: Path) -> dict[str, Any]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["tally", str(path), "--json"]) == 0
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def test_the_page_shows_what_the_station_signed_in_the_dashboards_words(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    expected = tally(path)
    live, _ = followed(server, expected["events"])
    view = live.view(time.time())
    assert view["kind"] == "ok"
    assert view["status"].startswith(f"LIVE \u00b7 event {expected['events']} signed by key ")
    for name in ("for", "against", "void", "challenged", "valid", "counted", "remaining"):
        assert view["figures"][name] == f"{expected[name]:,}", name
    assert [view["s8"], view["s9"]] == [expected["statements"]["8"], expected["statements"]["9"]]
    assert view["head"] == f"event {expected['events']}, head {expected['head'][:16]}"
    assert view["calls"][0]["text"] == "Station closed the count"
    assert view["calls"][1]["text"] == "Ballot 26 AGAINST"
    assert view["unsigned"] == ""


def test_the_page_s_own_words_follow_the_language_chosen(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    english = live.view(time.time())
    with in_language("es"):
        view = live.view(time.time())
    assert view["title"] == "Conteo en vivo, caso 29-RC-288020"
    assert view["case"] == english["case"].replace("Case ", "Caso ", 1)
    assert view["head"] == english["head"].replace("event", "evento").replace(
        "head", "hash de cabecera"
    )
    assert view["figures"] == english["figures"]  # figures, and the choices' names, as they are
    for choice in (*view["choices"], *english["choices"]):
        choice.pop("word")
    assert view["choices"] == english["choices"]


def test_the_choices_words_and_a_correction_s_tag_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        wrong = journal.append(Action.CALL, Call.AGAINST)
        journal.append(Action.UNDO, Call.AGAINST, target=wrong.seq)
    with live_feed(path, key_for_signing(), page=False) as server:
        live, _ = followed(server, 5)  # and the session closed
    english = live.view(time.time())
    with in_language("es"):
        view = live.view(time.time())
    assert [choice["word"] for choice in english["choices"]] == ["FOR", "AGAINST"]
    assert [choice["word"] for choice in view["choices"]] == ["A FAVOR", "EN CONTRA"]
    calls = zip(english["calls"], view["calls"], strict=True)
    tags = [(call["tag"], spanish["tag"]) for call, spanish in calls]
    assert ("CORRECTION", "CORRECCIÓN") in tags, tags


def test_events_no_head_covers_are_said_apart_then_not_signed_after_10_s(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    events = tally(path)["events"]
    live, last = followed(server, events)
    now = time.time()
    tail = {"events": forged_tail(last["events"], 52), "heads": []}
    assert live.answer(200, json.dumps(tail).encode(), now) == "next"
    view = live.view(now)
    assert view["figures"]["for"] == "4"  # the 52 forged FOR calls are not counted
    assert view["unsigned"] == (
        f"52 events after event {events} not yet signed by the station: not counted"
    )
    assert view["kind"] == "ok"
    late = live.view(now + 11)
    assert late["kind"] == "lost"
    assert late["status"].startswith("NOT SIGNED FOR 11 SECONDS: 52 events after event")
    assert late["figures"]["for"] == "4"


def test_more_unsigned_events_than_the_station_leaves_are_refused(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    events = tally(path)["events"]
    live, last = followed(server, events)
    tail = {"events": forged_tail(last["events"], MAX_UNSIGNED + 1), "heads": []}
    assert live.answer(200, json.dumps(tail).encode(), time.time()) == "stop"
    view = live.view(time.time())
    assert view["kind"] == "bad" and view["stop"]
    assert view["status"].startswith(f"NOT INTACT: the feed sent more than {MAX_UNSIGNED:,} events")


def test_heads_carrying_twenty_big_cosignatures_are_followed(
    counted: tuple[Path, FeedServer],
) -> None:
    """Notes the spec makes every reader accept (16 signatures and more, post-quantum
    sizes): the page's Python verifies the station's signature among them."""
    path, server = counted
    events = tally(path)["events"]
    live = LiveCount("http://127.0.0.1", signature_holds_raw)
    assert live.setup(*ask(server, "/setup"), time.time())
    assert live.follower is not None
    for _ in range(20):
        status, body = ask(server, live.path().replace("wait=20", "wait=1"))
        answer = json.loads(body)
        answer["heads"] = [cosigned(note) for note in answer["heads"]]
        answer["newest_head"] = cosigned(answer["newest_head"])
        assert live.answer(status, json.dumps(answer).encode(), time.time()) == "next"
        if live.follower.head_seq == events:
            break
    assert live.follower.broken is None and live.follower.head_seq == events
    assert live.follower.last_head is not None
    assert len(live.follower.last_head.note) > 20 * 3200
    assert live.view(time.time())["figures"]["for"] == "4"


def test_a_history_other_than_the_one_signed_is_not_intact(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    live, last = followed(server, tally(path)["events"])
    forged = dict(forged_tail(last["events"], 1)[0], call="against")  # its hash of a FOR
    assert live.answer(200, json.dumps({"events": [forged], "heads": []}).encode(), 0) == "stop"
    view = live.view(time.time())
    assert (
        view["status"] == f"NOT INTACT: event {forged['seq']} was altered (its hash does not match)"
    )


def test_an_event_whose_clock_runs_back_in_its_session_is_not_intact(
    counted: tuple[Path, FeedServer],
) -> None:
    # Well made and chained, but stamped before the event it follows in one session:
    # no station writes that, whatever key signs it later.
    from station.journal.chain import event_hash
    from station.journal.records import EVENT_FIELDS

    path, server = counted
    live, last = followed(server, tally(path)["events"])
    forged = forged_tail(last["events"], 1)[0]
    forged["mono_ns"] = last["events"][-1]["mono_ns"] - 1
    forged["hash"] = event_hash(*(forged[name] for name in EVENT_FIELDS[:-1]))
    assert live.answer(200, json.dumps({"events": [forged], "heads": []}).encode(), 0) == "stop"
    status = live.view(time.time())["status"]
    assert status.startswith(f"NOT INTACT: event {forged['seq']} ") and "clock" in status, status


def test_a_silent_feed_is_lost_and_a_garbled_answer_is_no_forgery(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    events = tally(path)["events"]
    live, _ = followed(server, events)
    now = time.time()
    assert live.answer(200, b"<html>proxy</html>", now) == "retry"
    garbled = live.view(now)
    assert garbled["kind"] == "lost"
    assert "FEED GARBLED" in garbled["status"] and "not JSON" in garbled["status"]
    assert garbled["status"].endswith(f"(signed to event {events})")
    assert live.answer(0, b"", now) == "retry"  # no answer: asked again
    lost = live.view(now + 13)
    assert lost["status"] == f"NO FEED FOR 13 SECONDS (signed to event {events})"
    assert lost["figures"]["for"] == "4"


def test_a_refused_token_or_no_station_stops_at_once() -> None:
    live = LiveCount("http://10.0.0.9:8765", signature_holds_raw)
    assert not live.setup(401, b"{}", 0)
    assert live.view(0)["status"].startswith(
        "The feed cannot be followed: the station refused the token"
    )
    live = LiveCount("http://10.0.0.9:8765", signature_holds_raw)
    assert not live.setup(0, b"", 0)
    assert "does not answer" in live.view(0)["status"]


def test_a_fingerprint_typed_holds_the_count_back_until_it_is_the_keys(
    counted: tuple[Path, FeedServer],
) -> None:
    path, server = counted
    live, _ = followed(server, tally(path)["events"])
    assert live.follower is not None
    key = live.follower.heads_key
    assert live.view(0, "a1b2")["status"].startswith("REFUSED: 'a1b2' is not a key fingerprint")
    other = "0" * 32
    assert live.view(0, other)["hidden"] is True
    assert live.view(time.time(), key.upper())["status"].endswith(", the key written down")


def test_the_pages_hold_every_module_the_live_pythons_imports() -> None:
    """What `live_in_browser` imports of Station is in the pages, and no database, key
    store, window or HTTP client (the page fetches; its Python only checks)."""
    import subprocess
    import sys

    from station.verifier import python_page

    listing = "import sys, station.verifier.live_in_browser; print('\\n'.join(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", listing], capture_output=True, text=True, check=True, timeout=60
    )
    imported = set(done.stdout.split())
    held = {
        name.removesuffix("/__init__.py").removesuffix(".py").replace("/", ".")
        for name in python_page.station_modules(python_page.pinned())
    }
    assert {name for name in imported if name.split(".")[0] == "station"} <= held
    forbidden = {"sqlite3", "cryptography", "PySide6", "platformdirs", "http.client"}
    assert not imported & forbidden


def test_a_count_from_a_machine_up_for_months_is_followed_with_its_own_clocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past 2**53 nanoseconds up (104 days), an event's clock is beyond what a browser's
    JSON reads exactly; the page's Python reads the numbers the station wrote."""
    up = time.monotonic_ns
    monkeypatch.setattr(time, "monotonic_ns", lambda: (1 << 60) + up())
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=50))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR] * 7 + [Call.AGAINST] * 4:
            journal.append(Action.CALL, call)
        assert all(record.mono_ns > 2**53 for record in journal.records())
    events = tally(path)["events"]
    monkeypatch.undo()
    with live_feed(path, key_for_signing(), page=False) as server:
        live, _ = followed(server, events)
    view = live.view(time.time())
    assert view["kind"] == "ok", view
    assert view["figures"]["for"] == "7"


def test_a_screen_reader_is_told_the_figures_every_ten_calls_or_five_seconds(
    tmp_path: Path,
) -> None:
    """The status is said when the page goes LIVE; the figures after that, at most every
    10 calls or 5 s, never at each call; a lost feed as an alert, once."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal, live_feed(path, key_for_signing(), page=False) as server:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 8:
            journal.append(Action.CALL, call)
        live, _ = followed(server, journal.head_seq)
        now = time.time()
        first = live.view(now)
        assert first["said"] == first["status"] and first["status"].startswith("LIVE")
        assert first["alarm"] == ""
        assert live.view(now)["said"] == (
            "12 of 80 ballots counted: FOR 4, AGAINST 8, VOID 0, CHALLENGED 0."
        )
        assert "said" not in live.view(now + 1)  # nothing new: nothing said

        for _ in range(3):
            journal.append(Action.CALL, Call.VOID)
        signed_to(live, server, journal.head_seq)
        assert "said" not in live.view(now + 1)  # 3 calls within 5 s: not yet
        assert live.view(now + 5)["said"].startswith("15 of 80 ballots counted")
        for _ in range(10):
            journal.append(Action.CALL, Call.FOR)
        signed_to(live, server, journal.head_seq)
        assert live.view(now + 6)["said"] == (
            "25 of 80 ballots counted: FOR 14, AGAINST 8, VOID 3, CHALLENGED 0."
        )

    lost = live.view(now + 60)
    assert lost["kind"] == "lost" and lost["alarm"] == lost["status"]
    assert "alarm" not in live.view(now + 61)  # said once, however long it lasts


def test_a_problem_is_said_once_however_it_is_typed_and_another_problem_again(
    counted: tuple[Path, FeedServer], tmp_path: Path
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    assert live.follower is not None
    key = live.follower.heads_key
    other = create_key(tmp_path / "other.pem").fingerprint
    now = time.time()
    assert live.view(now, "")["said"].startswith("LIVE")
    said = [live.view(now, other[:n]).get("alarm") for n in range(1, len(other) + 1)]
    assert said[0] == (
        f"REFUSED: '{other[0]}' is not a key fingerprint (32 hex digits): the count is not"
        " shown until the fingerprint is whole"
    )
    assert said[1:-1] == [None] * (len(other) - 2)  # the same problem, still being typed
    assert said[-1] == (
        f"REFUSED: the feed's heads are signed by key {key}, not by the expected key {other}"
    )
    back = live.view(now, key)
    assert back["said"].startswith("LIVE") and back["alarm"] == ""


def test_the_heads_signatures_are_asked_first_and_their_answers_used(
    counted: tuple[Path, FeedServer],
) -> None:
    """The page asks its worker the signature checks an answer holds before handing the
    answer in: with those answers the page's Python asks nothing more of its own check,
    an answer saying a signature does not hold breaks the feed, and a signature asked
    of no one is checked at once."""
    path, server = counted
    events = tally(path)["events"]
    asked_here: list[bytes] = []

    def holds_here(public_key: bytes, signature: bytes, data: bytes) -> bool:
        asked_here.append(data)
        return signature_holds_raw(public_key, signature, data)

    live = LiveCount("http://127.0.0.1", holds_here)
    assert live.setup(*ask(server, "/setup"), time.time())
    assert live.follower is not None
    assert live.questions(None) == [] and live.questions(b"not json") == []
    for _ in range(20):
        status, body = ask(server, live.path().replace("wait=20", "wait=1"))
        questions = live.questions(body)
        answer = json.loads(body)
        notes = {answer["newest_head"], *answer["heads"]} - {None}
        assert len(questions) == len(notes)  # one question a head, asked once
        assert {data for _, _, data in questions} == {
            note.encode().split(b"\n\n")[0] + b"\n" for note in notes
        }
        answers = {question: signature_holds_raw(*question) for question in questions}
        assert all(answers.values())
        assert live.answer(status, body, time.time(), answers) == "next"
        if live.follower.head_seq == events:
            break
    assert asked_here == [] and live.follower.head_seq == events

    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
    events = tally(path)["events"]
    for _ in range(40):  # the next head, answered wrongly: nothing of it is counted
        status, body = ask(server, live.path().replace("wait=20", "wait=1"))
        questions = live.questions(body)
        if questions and json.loads(body)["heads"]:
            break
    assert live.answer(status, body, time.time(), dict.fromkeys(questions, False)) == "stop"
    assert asked_here == []
    view = live.view(time.time())
    assert view["kind"] == "bad"
    assert view["status"].startswith("NOT INTACT: the head at event ")
    assert "has a signature that does not hold" in view["status"]

    again = LiveCount("http://127.0.0.1", holds_here)  # no answers: checked here, at once
    assert again.setup(*ask(server, "/setup"), time.time())
    status, body = ask(server, again.path().replace("wait=20", "wait=1"))
    assert again.answer(status, body, time.time()) == "next"
    assert len(asked_here) >= 1 and again.follower is not None
    assert again.follower.broken is None


def test_a_result_decided_and_then_stated_is_said_at_once_and_once(tmp_path: Path) -> None:
    """ "Result decided" is said as soon as the figures decide it, not left in a line a
    screen reader never hears; lines 8-9 once they state the result; each once."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal, live_feed(path, key_for_signing(), page=False) as server:
        journal.start_session()
        for _ in range(40):
            journal.append(Action.CALL, Call.FOR)
        live, _ = followed(server, journal.head_seq)
        now = time.time()
        live.view(now)  # LIVE
        assert "Result" not in live.view(now)["said"]  # 40 of 80: not decided
        journal.append(Action.CALL, Call.FOR)
        signed_to(live, server, journal.head_seq)
        view = live.view(now + 1)  # one call after the figures were said
        assert view["s10"].startswith("Result decided:")
        assert view["said"] == view["s10"]
        assert "said" not in live.view(now + 2)
        for _ in range(39):
            journal.append(Action.CALL, Call.AGAINST)
        signed_to(live, server, journal.head_seq)
        stated = live.view(now + 3)
    assert stated["s9"] and stated["s9"] in stated["said"] and stated["s8"] in stated["said"]
    assert "said" not in live.view(now + 4)


def test_lines_8_and_9_in_spanish_are_said_to_be_a_translation(
    counted: tuple[Path, FeedServer],
) -> None:
    _, server = counted
    live, _ = followed(server, 28)
    english = live.view(time.time())
    with in_language("es"):
        view = live.view(time.time())
        assert view["translation"] == sheet_translation()
    assert english["translation"] == ""
    assert view["translation"].startswith("Traducción del Acta de Escrutinio")


def test_a_language_switch_says_the_status_and_figures_again(tmp_path: Path) -> None:
    """The page empties its announcing regions on a switch: what they said is said again,
    in the new words, rather than lost."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal, live_feed(path, key_for_signing(), page=False) as server:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 8:
            journal.append(Action.CALL, call)
        live, _ = followed(server, journal.head_seq)
    now = time.time()
    live.view(now)
    live.view(now)
    assert "said" not in live.view(now + 1)
    live.said_again()
    with in_language("es"):
        assert live.view(now + 2)["said"].startswith("EN VIVO")
        assert live.view(now + 2)["said"].startswith("12 de 80")
