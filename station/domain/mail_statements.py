"""Sentences of a mail ballot's envelope stage that more than one view prints."""

from __future__ import annotations


def over_accepted_statement(accepted: int, voters: int, of: str = "voters on the list") -> str:
    """A warning when more envelopes were accepted than there are voters ("" otherwise).

    One voter's ballot only may reach the pile, so more ballots than voters means an
    envelope was accepted that should not have been (a voter written in twice under
    another spelling, or a write-in accepted though not eligible). No Board text was
    found for it: the warning says so where the agent and the parties look (the end of
    the stage, the sheet) and leaves the ruling to them; nothing is refused.
    """
    if accepted <= voters:
        return ""
    return (
        f"WARNING: {accepted:,} envelopes accepted, more than the {voters:,} {of}:"
        " check the write-ins and second envelopes before the ballots are opened"
    )


ENVELOPE_STAGE_OPEN = (
    "The envelope stage is under way: envelopes can be ruled; no ballot is opened or"
    " called until the stage ends."
)
