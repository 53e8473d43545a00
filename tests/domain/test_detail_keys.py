"""No event holds a detail its action does not have: a voter's name beside a call is
refused, under any key, by the rules every reader folds with."""

import pytest

from station import __version__
from station.domain import Action, Call, Event, ReplayError
from station.domain.detail_keys import DETAIL_KEYS, detail_problem
from tests.domain.helpers import Feed

VOTER = {"voter_name": "Hans Strauß"}


@pytest.mark.parametrize("action", list(Action))
def test_every_action_refuses_a_key_it_does_not_have(action: Action) -> None:
    """Whatever else is wrong with the event: its own rules may say so first."""
    refused = detail_problem(Event(2, action, detail={**VOTER}))
    assert refused == f"{action.value} events have no detail 'voter_name'"
    feed = Feed()
    feed(Action.OPEN)
    with pytest.raises(ReplayError):
        feed(action, **VOTER)


def test_every_action_has_its_keys_declared() -> None:
    assert set(DETAIL_KEYS) == set(Action)


def test_a_name_beside_an_undo_a_redo_or_a_close_is_refused() -> None:
    """Events whose detail no rule reads: they held any text before."""
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    for action, call, target in [
        (Action.UNDO, Call.FOR, 2),
        (Action.CLOSE, None, None),
    ]:
        with pytest.raises(ReplayError, match="have no detail 'voter_name'"):
            feed(action, call, target, **VOTER)
    feed(Action.UNDO, Call.FOR, 2)
    with pytest.raises(ReplayError, match="redo events have no detail 'voter_name'"):
        feed(Action.REDO, Call.FOR, 2, **VOTER)


def test_a_name_beside_a_pile_check_or_a_reopening_is_refused() -> None:
    feed = Feed(pile_size=1)
    feed(Action.OPEN)
    for _ in range(10):
        feed(Action.CALL, Call.FOR)
    with pytest.raises(ReplayError, match="pile events have no detail 'voter_name'"):
        feed(Action.PILE, Call.FOR, 1, found=10, **VOTER)
    feed(Action.PILE, Call.FOR, 1, found=10)
    feed(Action.SIGN, target=feed.count.last_seq, kind="interim")
    with pytest.raises(ReplayError, match="reopen events have no detail 'voter_name'"):
        feed(Action.REOPEN, reason="resumed", **VOTER)
    feed(Action.REOPEN, reason="resumed")


def test_a_long_key_is_shown_cut_short() -> None:
    feed = Feed()
    with pytest.raises(ReplayError) as refused:
        feed(Action.OPEN, **{"x" * 5000: 1})
    assert len(str(refused.value)) < 120


def test_an_open_event_says_only_the_version_and_how_the_last_session_ended() -> None:
    feed = Feed()
    feed(Action.OPEN, station=__version__, previous_session="none")
    feed(Action.OPEN, station="0.2.0", previous_session="closed")
    feed(Action.OPEN, station="1.0.0rc1+local", previous_session="interrupted")
    for detail, words in [
        ({"station": "Hans Strauß voted FOR"}, "station is the version number"),
        ({"station": 2}, "station is the version number"),
        ({"station": "1." + "0" * 60}, "station is the version number"),
        ({"previous_session": "Hans Strauß"}, "previous_session is one of"),
        ({"previous_session": ["none"]}, "previous_session is one of"),
    ]:
        with pytest.raises(ReplayError, match=words):
            feed(Action.OPEN, **detail)
