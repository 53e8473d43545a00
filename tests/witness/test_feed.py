"""The feed and its followers on 127.0.0.1: every event and head verified, forgeries caught."""

import copy
import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal.chain import event_hash
from station.sheet.keys import create_key
from station.witness import serve as serve_module
from station.witness.follow import FeedError, RemoteFollower
from station.witness.heads import sign_head
from tests.witness.helpers import Served, cosigned


def counted(served: Served, calls: int = 6) -> dict[str, Any]:
    """Count a few ballots, let the feed see them, and return its whole answer."""
    for index in range(calls):
        served.journal.append(Action.CALL, (Call.FOR, Call.AGAINST, Call.VOID)[index % 3])
    served.poll()
    follower = served.follow()
    response = follower.request(0, None, 0)
    assert len(response["events"]) == served.journal.head_seq
    return response


def taken(served: Served, response: dict[str, Any]) -> RemoteFollower:
    follower = served.follow()
    follower.take(response)
    return follower


def test_a_follower_gets_every_event_and_verified_heads(served: Served) -> None:
    response = counted(served, 3)
    follower = served.follow()
    batch = follower.step(wait_s=0)
    assert follower.broken is None, follower.broken
    assert (follower.head_seq, follower.head_hash) == (
        served.journal.head_seq,
        served.journal.head_hash,
    )
    assert (follower.count.tally.for_union, follower.count.tally.against) == (1, 1)
    assert [head.seq for head in batch.heads] == [1, served.journal.head_seq]
    assert all(head.key == served.key.fingerprint for head in batch.heads)
    assert response["problem"] is None


def test_new_events_reach_a_waiting_follower_and_nothing_is_doubled(served: Served) -> None:
    follower = served.follow()
    follower.step(wait_s=0)
    served.journal.append(Action.CALL, Call.CHALLENGE)
    served.poll()
    again = follower.step(wait_s=5)
    assert [record.seq for record in again.records] == [served.journal.head_seq]
    assert follower.count.tally.challenged == 1
    assert follower.step(wait_s=0).records == []


def test_requests_without_the_token_are_refused(served: Served) -> None:
    base = served.url.split("?")[0]
    for path in ("setup", "events?after=0", "", "setup?token=wrong"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}{path}", timeout=5)
        assert refused.value.code == 401
        refused.value.close()
    with pytest.raises(FeedError, match="refused the access token"):
        RemoteFollower(base + "?token=0123").close()


def test_any_origin_may_read_the_feed_but_only_with_its_token(served: Served) -> None:
    """A party's saved verifier page (origin `null`, from disk) reads the JSON answers;
    a browser's preflight is answered without the token, and says nothing of the count."""
    base, token = served.url.split("?token=")
    preflight = urllib.request.Request(
        f"{base}events?after=0",
        method="OPTIONS",
        headers={"Origin": "null", "Access-Control-Request-Headers": "authorization"},
    )
    with urllib.request.urlopen(preflight, timeout=5) as answer:
        assert answer.status == 204
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert answer.headers["Access-Control-Allow-Headers"] == "Authorization"
        assert answer.read() == b""
    asked = urllib.request.Request(
        f"{base}setup", headers={"Origin": "null", "Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(asked, timeout=5) as answer:
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert json.load(answer)["key"] == served.key.fingerprint
    refused = urllib.request.Request(f"{base}setup", headers={"Origin": "null"})
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(refused, timeout=5)
    assert error.value.code == 401
    assert error.value.headers["Access-Control-Allow-Origin"] == "*"  # the page can say why
    error.value.close()


def test_an_altered_event_is_caught(served: Served) -> None:
    response = counted(served)
    response["events"][3]["call"] = "for" if response["events"][3]["call"] != "for" else "void"
    follower = taken(served, response)
    assert follower.broken == "event 4 was altered (its hash does not match)"
    # What a signed head covers before it is kept (the head at event 1); nothing after.
    assert (follower.head_seq, follower.received_seq, follower.held) == (1, 3, 2)


def test_an_altered_event_rehashed_is_caught_by_its_link(served: Served) -> None:
    response = counted(served)
    event = response["events"][3]
    event["call"] = "against" if event["call"] != "against" else "for"
    event["hash"] = event_hash(*(event[k] for k in _HASHED))
    follower = taken(served, response)
    assert follower.broken == "event 5 does not chain to the event before it"


def test_reordered_events_are_caught(served: Served) -> None:
    response = counted(served)
    events = response["events"]
    events[2], events[3] = events[3], events[2]
    assert taken(served, response).broken == "event 3 is missing (the next one found is 4)"


def test_a_dropped_event_is_caught(served: Served) -> None:
    response = counted(served)
    del response["events"][4]
    assert taken(served, response).broken == "event 5 is missing (the next one found is 6)"


def test_an_invented_event_is_caught_by_the_next_signed_head(served: Served) -> None:
    response = counted(served)
    real = copy.deepcopy(response)
    last = response["events"][-1]
    invented = dict(last, seq=last["seq"] + 1, prev_hash=last["hash"], call="for")
    invented["hash"] = event_hash(*(invented[k] for k in _HASHED))
    response["events"].append(invented)
    response["heads"] = []
    follower = taken(served, response)
    assert follower.broken is None  # a well-made event chains: only a signed head can tell
    served.journal.append(Action.CALL, Call.AGAINST)
    served.poll()
    follower.take(follower.request(last["seq"] + 1, real["heads"][-1].split("\n")[3][5:], 0))
    assert follower.broken is not None
    assert f"does not match event {invented['seq']}" in follower.broken


def test_a_head_signed_by_another_key_is_caught(served: Served, tmp_path: Any) -> None:
    response = counted(served)
    other = create_key(tmp_path / "other.pem")
    last = response["events"][-1]
    root = served.source.tree.root(last["seq"] + 1).hex()
    forged = sign_head(
        other, served.source.origin, last["seq"], root, "2099-01-01T00:00:00.000000Z"
    )
    response["heads"].append(forged.note)
    follower = taken(served, response)
    assert follower.broken is not None and "signed by another key" in follower.broken


def test_a_replayed_old_head_is_caught(served: Served) -> None:
    response = counted(served)
    assert len(response["heads"]) == 2
    response["heads"].append(response["heads"][0])
    follower = taken(served, response)
    assert follower.broken is not None and "a replayed head" in follower.broken


def test_a_head_whose_size_is_changed_is_caught(served: Served) -> None:
    response = counted(served)
    size = served.journal.head_seq + 1
    response["heads"][-1] = response["heads"][-1].replace(f"\n{size}\n", f"\n{size - 1}\n")
    follower = taken(served, response)
    assert follower.broken is not None and "a signature that does not hold" in follower.broken


def test_a_head_whose_root_is_not_of_the_lines_received_is_caught(served: Served) -> None:
    """The station's own key signing a root of other lines: a broken feed (an event
    served is not the one the station's tree holds)."""
    response = counted(served)
    seq = served.journal.head_seq
    other_root = served.source.tree.root(seq).hex()  # the tree one line short
    head = sign_head(
        served.key, served.source.origin, seq, other_root, "2099-01-01T00:00:00.000000Z"
    )
    response["heads"] = [head.note]
    follower = taken(served, response)
    assert follower.broken is not None
    assert f"does not match event {seq:,} as received" in follower.broken
    assert (follower.head_seq, follower.count.tally.for_union) == (0, 0)  # nothing counted


def test_a_head_naming_lines_not_received_is_refused(served: Served) -> None:
    response = counted(served)
    seq = served.journal.head_seq
    response["events"] = response["events"][:-2]  # the last two lines held back
    follower = taken(served, response)
    assert follower.broken == f"the head at event {seq:,} names an event the feed did not send"
    assert follower.head_seq < seq - 1


_HASHED = ("seq", "utc", "mono_ns", "session", "action", "call", "target", "detail", "prev_hash")


def test_the_setup_served_is_the_exported_line(served: Served) -> None:
    follower = served.follow()
    assert follower.election_row == served.journal.election.row
    assert json.loads(json.dumps(follower.election_row)) == follower.election_row


def test_a_head_is_signed_at_each_sheet_at_once(served: Served, qapp: object) -> None:
    from tests.sheet.helpers import sign

    counted(served, 3)
    served.source.poll_once()
    seq = sign(served.journal, served.key)
    served.journal.append(Action.REOPEN, detail={"reason": "a pile recounted"})
    served.poll()  # the sheet and the event after it come in one look
    heads = served.source.heads
    assert seq in [head.seq for head in heads]
    assert heads[-1].seq == served.journal.head_seq


def test_a_late_follower_gets_the_events_no_longer_kept_in_memory(served: Served) -> None:
    from station.witness.serve import FeedSource

    for _ in range(12):
        served.journal.append(Action.CALL, Call.FOR)
    source = FeedSource(served.journal.path, served.key, keep_lines=5)
    try:
        served.server.source = source  # the same server, now over a feed keeping 5 lines
        follower = served.follow()
        while follower.received_seq < served.journal.head_seq and follower.broken is None:
            before = follower.received_seq
            follower.step(wait_s=0)
            assert follower.received_seq > before
        assert follower.broken is None
        assert (follower.head_seq, follower.unsigned) == (served.journal.head_seq, 0)
        assert follower.count.tally.for_union == 12
    finally:
        served.server.source = served.source
        source.stop()


def test_an_answer_stops_at_its_size_and_the_follower_takes_the_rest_in_the_next(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Events and heads past an answer's bytes wait for the next answer: no answer is
    larger than a follower accepts, whatever the events hold."""
    monkeypatch.setattr(serve_module, "PAGE_BYTES", 1000)  # three or four events
    monkeypatch.setattr(serve_module, "HEAD_BYTES", 600)  # two heads
    for _ in range(12):
        served.journal.append(Action.CALL, Call.FOR)
        served.poll()  # a head at each event
    follower = served.follow()
    sizes = []
    while (
        follower.head_seq < served.journal.head_seq or follower.last_head != served.source.heads[-1]
    ):
        since = None if follower.last_head is None else follower.last_head.time
        response = follower.request(follower.received_seq, since, 0)
        sizes.append((len(response["events"]), len(response["heads"])))
        follower.take(response)
        assert follower.broken is None, follower.broken
        assert len(sizes) < 30
    assert len(sizes) > 3 and all(events <= 4 and heads <= 2 for events, heads in sizes), sizes
    assert follower.count.tally.for_union == 12


def test_a_head_carrying_twenty_big_cosignatures_is_verified_and_kept(
    served: Served, tmp_path: Any
) -> None:
    from station.witness.store import WitnessFile

    response = counted(served)
    big = cosigned(response["heads"][-1])
    assert len(big.encode()) > 20 * 3200 and big.count("\n\u2014 ") == 21  # and the station's
    response["heads"][-1] = response["newest_head"] = big
    follower = served.follow()
    follower.store = WitnessFile.create(
        tmp_path / "w.witness",
        {
            "election": json.dumps(follower.election_row),
            "public_key": follower.public_key_text,
            "url": "",
        },
    )
    batch = follower.take(response)
    assert follower.broken is None, follower.broken
    assert follower.head_seq == served.journal.head_seq
    assert batch.heads[-1].note == big
    assert [note for note, _ in follower.store.heads()][-1] == big
    follower.store.close()
