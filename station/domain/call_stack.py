"""The count's stacks of calls, packed: each entry is `seq << 2 | call code`.

A journal of a million events replays into a few megabytes this way, and a run of plain
calls folds at the speed of C (`Count.extend_calls`); snapshots store the stacks as
little-endian bytes whatever the machine.
"""

from __future__ import annotations

import sys
from array import array

from station.domain.calls import Call
from station.domain.changes import ReplayError
from station.domain.events import Event

CALLS = tuple(Call)  # a call's code is its place here: 0 FOR, 1 AGAINST, 2 VOID, 3 CHALLENGE
CALL_CODE = {call: code for code, call in enumerate(CALLS)}
LOW_TWO_BITS = bytes(byte & 3 for byte in range(256))  # a packed entry's low byte -> its code


def whole(value: object) -> int:
    """`value`, if it is a whole number (not a bool): what a snapshot may hold."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def little_endian(stack: array[int]) -> bytes:
    if sys.byteorder == "little":
        return stack.tobytes()
    swapped = array("q", stack)
    swapped.byteswap()
    return swapped.tobytes()


def from_little_endian(data: bytes) -> array[int]:
    stack = array("q")
    stack.frombytes(data)  # raises ValueError unless whole entries
    if sys.byteorder != "little":
        stack.byteswap()
    return stack


def tail(stack: array[int], last: int | None) -> array[int]:
    return stack if last is None else stack[len(stack) - min(last, len(stack)) :]


def unpack(packed: int) -> tuple[int, Call]:
    return packed >> 2, CALLS[packed & 3]


def checked_move(event: Event, source: array[int], verb: str, empty: str) -> Call:
    """The call an UNDO or REDO moves, if it names the top of `source`."""
    call = checked_call(event)
    if not source:
        raise ReplayError(event.seq, empty)
    expected_seq, expected_call = unpack(source[-1])
    if event.target != expected_seq or call is not expected_call:
        raise ReplayError(
            event.seq,
            f"{verb} must name event {expected_seq} ({expected_call.label}),"
            f" not {event.target} ({call.label})",
        )
    return call


def checked_call(event: Event) -> Call:
    if event.call is None or event.target is None:
        raise ReplayError(event.seq, f"{event.action} names the call and the event it targets")
    return event.call
