"""What the dashboard's status line says, decided without a widget.

Its words are Qt's to translate (context "DashboardState"), as every word a window
writes itself; the sentences of the domain it quotes are the domain's (`say`).
"""

from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from station.domain import Sheet, SheetKind
from station.domain.statements import EventFault, read_only_detail, read_only_status
from station.domain.words import say
from station.witness.statements import NO_FEED


class DashboardState(StrEnum):
    """The dashboard's state, as its status line shows it and the stylesheet colours it."""

    LIVE = "live"
    STALE = "stale"  # no word from the feed for a while: the figures may be old
    UNAVAILABLE = "unavailable"  # the journal cannot be read now
    READ_ONLY = "read-only"  # an event cannot be counted on: shown up to it, for good
    PAUSED = "paused"  # an interim tally locks the count
    LOCKED = "locked"  # a final tally locks the count
    CLOSED = "closed"  # the station closed the count


translate = QCoreApplication.translate


def _locked_detail(title: str, seq: int) -> str:
    """ "Final tally at event 1,204; the count is locked.", in the window's language, by
    the sheet's title (`Sheet.title`); a corrected sheet's number ("Corrected 2") is kept."""
    word, _, number = title.partition(" ")
    if title == "Final":
        said = translate("DashboardState", "Final tally at event {seq}; the count is locked.")
    elif title == "Revised":
        said = translate("DashboardState", "Revised tally at event {seq}; the count is locked.")
    elif title == "Corrected":
        said = translate("DashboardState", "Corrected tally at event {seq}; the count is locked.")
    elif word == "Corrected":
        said = translate(
            "DashboardState", "Corrected {number} tally at event {seq}; the count is locked."
        )
    else:  # a title without words here: said as the sheet says it
        said = translate("DashboardState", "{title} tally at event {seq}; the count is locked.")
    return said.format(title=title, number=number, seq=f"{seq:,}")


def state_of(
    problem: str | None,
    silent: float,
    stale_after: float,
    locked_by: Sheet | None,
    closed: bool,
    last_call: int,
    bad_event: tuple[int, EventFault] | None = None,
) -> tuple[DashboardState, str, str]:
    """The state, its status text and the line of detail under it (may be empty).

    `last_call`: the last call's number as the log numbers it (`decision.call_number`),
    the ballot a pause came after. `bad_event`: the event the file cannot be counted on
    at, and why. The first that holds wins: an event that cannot be counted on (which
    no retry will mend), the journal unreadable, the feed silent, a sheet locking the
    count, the station gone, else live.
    """
    if problem is not None and bad_event is not None:
        seq, fault = bad_event
        return DashboardState.READ_ONLY, read_only_status(seq, fault), read_only_detail(problem)
    if problem is not None and "\n" in problem:  # a remote feed's own status and detail
        status, _, detail = problem.partition("\n")
        quiet = status.startswith(f"\u26a0 {say(NO_FEED)}")
        return DashboardState.STALE if quiet else DashboardState.UNAVAILABLE, status, detail
    if problem is not None:
        return (
            DashboardState.UNAVAILABLE,
            say("\u26a0 JOURNAL UNAVAILABLE \u2014 retrying"),
            say("{problem}. Figures shown are the last known.", problem=problem),
        )
    if silent > stale_after:
        return (
            DashboardState.STALE,
            say("\u26a0 NO UPDATES FOR {seconds} SECONDS", seconds=int(silent)),
            say("Figures shown are the last known."),
        )
    if locked_by is not None:
        if locked_by.kind is SheetKind.INTERIM:
            return (
                DashboardState.PAUSED,
                say("COUNT PAUSED"),
                say(
                    "Interim tally after ballot {ballot:,} (event {seq:,}).",
                    ballot=last_call,
                    seq=locked_by.seq,
                ),
            )
        return (
            DashboardState.LOCKED,
            say("TALLY PREPARED"),
            locked_words(locked_by),
        )
    if closed:
        return (
            DashboardState.CLOSED,
            say("STATION CLOSED THE COUNT"),
            say("Figures are final for this session."),
        )
    return DashboardState.LIVE, say("LIVE"), ""


def locked_words(sheet: Sheet) -> str:
    """The detail under TALLY PREPARED: which tally locks the count, and where."""
    if sheet.revised:
        return say("Revised tally at event {seq:,}; the count is locked.", seq=sheet.seq)
    if not sheet.revision:
        return say("Final tally at event {seq:,}; the count is locked.", seq=sheet.seq)
    if sheet.revision == 1:
        return say("Corrected tally at event {seq:,}; the count is locked.", seq=sheet.seq)
    return say(
        "Corrected {revision} tally at event {seq:,}; the count is locked.",
        revision=sheet.revision,
        seq=sheet.seq,
    )
