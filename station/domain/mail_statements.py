"""Sentences of a mail ballot's envelope stage that more than one view prints."""

from __future__ import annotations

from station.domain.election import ElectionSetup
from station.domain.envelopes import EnvelopeStage, box_setup
from station.domain.statements import counted_statement
from station.domain.words import say_count

# Whom `over_accepted_statement` holds the envelopes accepted to.
ON_THE_LIST = "voters on the list"
ELIGIBLE_VOTERS = "eligible voters (line 1)"


def over_accepted_statement(accepted: int, voters: int, of: str = ON_THE_LIST) -> str:
    """A warning when more envelopes were accepted than there are voters ("" otherwise).

    One voter's ballot only may reach the pile, so more ballots than voters means an
    envelope was accepted that should not have been (a voter written in twice under
    another spelling, or a write-in accepted though not eligible). No Board text was
    found for it: the warning says so where the agent and the parties look (the end of
    the stage, the sheet) and leaves the ruling to them; nothing is refused.
    """
    if accepted <= voters:
        return ""
    if of == ON_THE_LIST:
        return say_count(
            voters,
            "WARNING: {accepted:,} envelopes accepted, more than the {n:,} voter on the list:"
            " check the write-ins and second envelopes before the ballots are opened",
            "WARNING: {accepted:,} envelopes accepted, more than the {n:,} voters on the list:"
            " check the write-ins and second envelopes before the ballots are opened",
            accepted=accepted,
        )
    if of == ELIGIBLE_VOTERS:
        return say_count(
            voters,
            "WARNING: {accepted:,} envelopes accepted, more than the {n:,} eligible voter"
            " (line 1): check the write-ins and second envelopes before the ballots are opened",
            "WARNING: {accepted:,} envelopes accepted, more than the {n:,} eligible voters"
            " (line 1): check the write-ins and second envelopes before the ballots are opened",
            accepted=accepted,
        )
    if voters == 1:
        of = of.replace("voters", "voter", 1)
    return (
        f"WARNING: {accepted:,} envelopes accepted, more than the {voters:,} {of}:"
        " check the write-ins and second envelopes before the ballots are opened"
    )


AFTER_TALLY_MAIL_ONLY = (
    "--after-tally: only a mail-ballot election set up with this Station's rules records"
    " envelopes received after the tally"
)

AFTER_TALLY_NOT_MAIL = (
    "--after-tally: this is not a mail-ballot election (it was not created with --mail):"
    " it has no envelopes to record; open it without --after-tally"
)

AFTER_TALLY_BEFORE_FINAL = (
    "--after-tally: no final tally sheet is prepared yet, and an envelope is received after"
    " the tally only once one is (station sign FILE); until then open the file without"
    " --after-tally, where an envelope that came late is ruled"
)

AFTER_TALLY_ONLY_RECORDED = (
    "after the tally an envelope is recorded by voter and never opened (L);"
    " it is not ruled, undone or redone"
)

ENVELOPE_STAGE_OPEN = (
    "The envelope stage is under way: envelopes can be ruled; no ballot is opened or"
    " called until the stage ends."
)


def mail_warnings(setup: ElectionSetup, stage: EnvelopeStage, counted: int) -> list[str]:
    """What a mail count warns of, in the words the sheet and the dashboard use: more
    envelopes accepted than eligible voters (line 1), and ballots counted beyond the box
    (the envelopes accepted). `station tally` printed neither and its --json had no key
    for them; a count at a poll has none."""
    if not setup.mail:
        return []
    figures = stage.figures
    said = [over_accepted_statement(figures.box, setup.eligible, ELIGIBLE_VOTERS)]
    box = box_setup(setup, stage).ballots  # known once the stage has ended
    if stage.ended_at is not None and box is not None and counted > box:
        said.append(counted_statement(counted, box))  # "… more than the ballots in the box!"
    return [sentence for sentence in said if sentence]
