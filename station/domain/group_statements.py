"""What the windows say of voting groups and units, written once for every view."""

from collections.abc import Callable, Sequence

from station.domain.calls import Call, vote_words
from station.domain.choices import ONE_UNION_WORDS, choice_words
from station.domain.events import Action, Event
from station.domain.group_calls import answer_read
from station.domain.groups import GroupSpec, GroupTally, UnitResult, included
from station.domain.runoff import several_unions
from station.domain.words import say, say_count


def counting_group_statement(spec: GroupSpec) -> str:
    """The group whose pile is being counted: "Counting group A — Professional employees"."""
    return say("Counting group {group} \u2014 {name}", group=spec.key, name=spec.name)


def locked_unit_statement(unit: UnitResult, group: str) -> str:
    """Over the big figures once the count is locked: whose figures they are now, the
    unit group `group` (the one last counted, or chosen with G) votes in: "Unit A + B —
    Professional employees and Nonprofessional employees"."""
    if len(unit.groups) == 1:
        return say("Unit {groups} \u2014 {name}", groups=group, name=unit.name_words)
    return unit_title(unit)


def paused_group_statement(spec: GroupSpec) -> str:
    """Over the big figures while an interim sheet pauses the count: the group's own
    figures, for no unit is determined yet (a Sonotone group's pooling waits on its
    question 1): "Group A — Professional employees"."""
    return say("Group {group} \u2014 {name}", group=spec.key, name=spec.name)


def paused_groups_note(sonotone: bool) -> str:
    """Under it: why the figures are a group's, and how to see another's."""
    if sonotone:
        return say(
            "Paused: the figures below are this group's; whether the groups are pooled is not"
            " yet determined (G: another group)"
        )
    return say("Paused: the figures below are this group's (G: another group)")


def locked_units_note(unit: UnitResult, units: int) -> str:
    """Under it: the count is locked, so the big figures are a unit's, not a pile's."""
    other = say(" (G and a group's letter: another unit)") if units > 1 else ""
    if len(unit.groups) > 1:
        return say(
            "The count is locked: the figures below are this unit's, its groups' together{other}",
            other=other,
        )
    return say("The count is locked: the figures below are this unit's{other}", other=other)


def group_figures_statement(
    spec: GroupSpec, tally: GroupTally, choices: Sequence[str], box: int | None = None
) -> str:
    """One line of a group's figures: its choices, void, challenged, question 1, progress
    (`box`: its ballots to count by mail, its envelopes', when known). `choices` are the
    figures' words (`Ballot.choice_words`): FOR and AGAINST where one union is on it."""
    votes, void, challenged, inclusion, progress = _figure_parts(spec, tally, choices, box)
    parts = [f"{spec.key}: {votes}", void, challenged, *inclusion, progress]
    return " \u2014 ".join(parts)


def _figure_parts(
    spec: GroupSpec, tally: GroupTally, choices: Sequence[str], box: int | None
) -> tuple[str, str, str, list[str], str]:
    """A group's figures, each said apart: its votes, void, challenged, question 1 (where
    asked) and its progress."""
    votes = " \u00b7 ".join(
        f"{vote_words(name)} {count:,}" for name, count in zip(choices, tally.votes, strict=True)
    )
    inclusion = []
    if spec.asks_inclusion:
        inclusion.append(
            say(
                "inclusion yes {yes:,} \u00b7 no {no:,}{spoilt}",
                yes=tally.yes,
                no=tally.no,
                spoilt=_spoilt(tally),
            )
        )
    handled = tally.handled
    box = spec.ballots if box is None else box
    if box is not None:
        progress = say_count(
            box,
            "{handled:,} of {n:,} ballot counted",
            "{handled:,} of {n:,} ballots counted",
            handled=handled,
        )
    else:
        progress = say_count(handled, "{n:,} ballot counted", "{n:,} ballots counted")
    return (
        votes,
        say("void {void:,}", void=tally.void),
        say("challenged {challenged:,}", challenged=tally.challenged),
        inclusion,
        progress,
    )


def _spoilt(tally: GroupTally) -> str:
    """Question 1's void and unmarked answers, where there are any."""
    void, blank = tally.inclusion_void, tally.inclusion_blank
    if not void and not blank:
        return ""
    return say(" \u00b7 void {void:,} \u00b7 unmarked {blank:,}", void=void, blank=blank)


def pooling_pending_statement(key: str, others: Sequence[str], why: str) -> str:
    """Lines 8 and 9 of a group whose pooling waits on a Sonotone question 1 still open
    (an interim sheet): neither its own result nor its pooling is stated."""
    return (
        f"Not stated for voting group {key}: whether its votes are pooled with group"
        f" {', '.join(others)} is not yet determined: {why}."
    )


def inclusion_statement(spec: GroupSpec, tally: GroupTally, decided: bool) -> str:
    """Where a Sonotone group's question 1 stands, said as decided only once it is."""
    if not decided:
        if included(tally):
            return say(
                "Group {group}, question 1 (inclusion): yes so far \u2014 not yet determined",
                group=spec.key,
            )
        return say(
            "Group {group}, question 1 (inclusion): no majority yes so far \u2014 not yet"
            " determined",
            group=spec.key,
        )
    if included(tally):
        return say("Group {group} voted for inclusion: its votes are pooled", group=spec.key)
    return say("Group {group} did not vote for inclusion: it is a unit of its own", group=spec.key)


def inclusion_challenges_statement(decisive: bool, pending: str | None) -> str:
    """A Sonotone group's tally: whether its challenged ballots (sealed whole) could
    change question 1's result, as line 8 says it of question 2's."""
    if pending is not None:
        return (
            "Question 1: whether challenges are sufficient in number to affect its result"
            f" is not yet determined: {pending}."
        )
    which = "are" if decisive else "are not"
    return f"Question 1: challenges {which} sufficient in number to affect its result."


def inclusion_result_statement(
    key: str, partner: str | None, yes: bool, unions: int, pending: str | None
) -> str:
    """A Sonotone group's tally: question 1's result, and what it makes of the group's
    votes on question 2. Without inclusion the professionals are a unit of their own
    only if the union wishes to represent them in a separate unit (*Sonotone Corp.*,
    90 NLRB 1236)."""
    if pending is not None:
        return (
            "Question 1: whether a majority of its valid votes has been cast for inclusion"
            f" is not yet determined: {pending}."
        )
    if yes:
        return (
            "Question 1: a majority of its valid votes has been cast for inclusion: the"
            f" votes of group {key} on question 2 are pooled with group {partner or '?'}'s"
            " to decide one unit."
        )
    union = "the union" if unions == 1 else "the union chosen"
    return (
        "Question 1: a majority of its valid votes has not been cast for inclusion: the"
        f" employees of group {key} are not included with the nonprofessional employees;"
        f" they form a separate unit, decided by their votes on question 2, only if {union}"
        " wishes to represent them in a separate unit."
    )


def group_panel_lines(
    spec: GroupSpec,
    tally: GroupTally,
    choices: Sequence[str],
    decided: bool,
    box: int | None = None,
    *,
    withheld: bool = False,
) -> tuple[str, ...]:
    """A group's figures on a panel whose title names the group, in as few lines as read
    well from across the room: its votes; void, challenged and progress (`box`: by mail,
    its envelopes'); and a Sonotone group's question 1 with where it stands (as
    `inclusion_statement` says it). `withheld`: the challenged figure is left out
    (`--hide-challenges`, until a final sheet)."""
    votes, void, challenged, _, progress = _figure_parts(spec, tally, choices, box)
    marks = [void, progress] if withheld else [void, challenged, progress]
    lines = [votes, " \u00b7 ".join(marks)]
    if spec.asks_inclusion:
        figures = dict(yes=tally.yes, no=tally.no, spoilt=_spoilt(tally))
        if not decided and included(tally):
            said = say(
                "Inclusion yes {yes:,} \u00b7 no {no:,}{spoilt}: a majority yes so far, not yet"
                " determined",
                **figures,
            )
        elif not decided:
            said = say(
                "Inclusion yes {yes:,} \u00b7 no {no:,}{spoilt}: no majority yes so far, not yet"
                " determined",
                **figures,
            )
        elif included(tally):
            said = say(
                "Inclusion yes {yes:,} \u00b7 no {no:,}{spoilt}: voted for inclusion, pooled",
                **figures,
            )
        else:
            said = say(
                "Inclusion yes {yes:,} \u00b7 no {no:,}{spoilt}: not for inclusion, a unit of its"
                " own",
                **figures,
            )
        lines.append(said)
    return tuple(lines)


def unit_title(unit: UnitResult) -> str:
    """A pooled unit's panel title: "Unit A + B — Professional employees and Nonprofessional
    employees"."""
    return say("Unit {groups} \u2014 {name}", groups=" + ".join(unit.groups), name=unit.name_words)


def unit_panel_lines(
    unit: UnitResult, labels: Sequence[str], unions: int, *, withheld: bool = False
) -> tuple[str, ...]:
    """A pooled unit's figures on its panel, as a group's panel says its own: its votes
    (`labels`: FOR and AGAINST, or each choice's name), then void and challenged (left
    out while `withheld`, `--hide-challenges`)."""
    votes = " \u00b7 ".join(
        f"{vote_words(label)} {count:,}" for label, count in zip(labels, unit.votes, strict=True)
    )
    marks = [say("void {void:,}", void=unit.void)]
    if not withheld:
        marks.append(say("challenged {challenged:,}", challenged=unit.challenged))
    return votes, " \u00b7 ".join(marks)


# What a consolidation's own figures are, where its groups decide several units.
GROUPS_SUMMED_ABOVE = "the figures above are all groups' together"


def unit_statement(
    unit: UnitResult,
    choices: Sequence[str],
    unions: int,
    figures: bool | None = None,
    *,
    withheld: bool = False,
    incumbent: str | None = None,
) -> str:
    """A unit's line 8 and 9 in one sentence, or what is not yet determined, after its
    votes, void and challenged ballots: by default (`figures` None) for a unit pooling
    several groups, whose figures no group's line shows; with `figures` True for every
    unit (where several units are decided apart); with False for none (a screen that
    shows the unit's figures beside it).

    Once the count of its ballots is over, line 8 is stated either way, as the whole
    tally's is: challenges that could change the result are then the result's to state,
    not a reason to call it undetermined. Before that, a result no remaining ballot can
    change is said alone (the live "result decided" notice).

    `withheld`: the challenge figures are withheld (`--hide-challenges`), so neither the
    challenged ballots nor line 8 is said; line 9 is, once decided, as the whole count's
    dashboard says it.

    `incumbent`: the union representing the existing unit (`Ballot.incumbent`), by
    which a self-determination group's result says what becomes of the group
    (`self_determination_outcome`).
    """
    # A unit of one group is named by its key (its panel and sheet name it); a pooled
    # unit by its groups' names too.
    groups = " + ".join(unit.groups)
    if len(unit.groups) > 1:
        who = say("Unit {groups} ({name})", groups=groups, name=unit.name_words)
    else:
        who = say("Unit {groups}", groups=groups)
    if figures or (figures is None and len(unit.groups) > 1):
        words = choice_words(choices, unions)
        votes = " \u00b7 ".join(
            f"{vote_words(name)} {count:,}" for name, count in zip(words, unit.votes, strict=True)
        )
        marks = [votes, say("void {void:,}", void=unit.void)]
        if not withheld:
            marks.append(say("challenged {challenged:,}", challenged=unit.challenged))
        who += ": " + " \u00b7 ".join(marks) + " \u2014"
    else:
        who += ":"
    if withheld:
        said = (
            _said(unit, choices, unions, incumbent) if unit.decided else say("not yet determined")
        )
        return f"{who} {said}"
    if unit.over:
        said = _said(unit, choices, unions, incumbent)
        if unit.determinative:
            return say(
                "{who} challenges are sufficient to affect the result \u2014 {said}",
                who=who,
                said=said,
            )
        return say(
            "{who} challenges are not sufficient to affect the result \u2014 {said}",
            who=who,
            said=said,
        )
    if not unit.decided:
        if unit.determinative:
            return say(
                "{who} not yet determined \u2014 challenges could affect the result so far", who=who
            )
        return say(
            "{who} not yet determined \u2014 challenges are not sufficient to affect the result"
            " so far",
            who=who,
        )
    return f"{who} {_said(unit, choices, unions, incumbent)}"


def _said(
    unit: UnitResult, choices: Sequence[str], unions: int, incumbent: str | None = None
) -> str:
    """A unit's line 9 in a few words, and what becomes of a self-determination group."""
    return majority_said(unit.majority, choices, unions, joins=unit.joins, incumbent=incumbent)


def majority_said(
    majority: int | None,
    choices: Sequence[str],
    unions: int,
    *,
    joins: bool = False,
    incumbent: str | None = None,
) -> str:
    """Line 9 in a few words ("a majority for Steelworkers"), and, for a
    self-determination group (`joins`), what becomes of it: the words `station tally`
    and the group's sheet both say. `majority`: the choice with a majority of the valid
    votes plus challenged ballots (0-based), or None."""
    if majority is None:
        said = say("no choice has a majority")
    elif majority < unions:
        said = say("a majority for {choice}", choice=choices[majority])
    elif not several_unions(unions):
        said = say("a majority {against} (no union)", against=vote_words(ONE_UNION_WORDS[1]))
    else:
        said = say("a majority for {choice} (no union)", choice=choices[majority])
    if joins and incumbent is not None and majority is not None:
        chosen = choices[majority] if majority < unions else None
        outcome = self_determination_outcome(chosen, incumbent, several=unions > 1)
        return f"{said} \u2014 {outcome}"
    joined = (
        say(" \u2014 the group joins the existing unit")
        if joins and majority is not None and majority < unions
        else ""
    )
    return f"{said}{joined}"


def self_determination_outcome(union: str | None, incumbent: str, *, several: bool) -> str:
    """What becomes of a self-determination group whose majority is for `union` (None:
    for no union), the union representing the existing unit being `incumbent`
    (docs/rules.md, "Voting groups"). With several unions on the ballot (Direction of
    Election, 108 NLRB 244; *Globe Machine & Stamping*, 3 NLRB 294): a majority for the
    incumbent keeps the group in the existing unit and a certification of results
    issues; one for another union makes the group a separate unit, certified to it. A
    majority for no union leaves the group unrepresented (the Board's *Outline of Law
    and Procedure in Representation Cases*, ch. 21: inclusion "as against continued
    nonrepresentation")."""
    if union is None:
        return say("the group stays unrepresented (certification of results)")
    if union != incumbent:
        return say(
            "the group is a separate unit, represented by {union} (certification of"
            " representative)",
            union=union,
        )
    if several:
        return say(
            "the group stays in the existing unit {incumbent} represents (certification of"
            " results)",
            incumbent=incumbent,
        )
    return say("the group joins the existing unit {incumbent} represents", incumbent=incumbent)


def self_determination_rule(
    key: str, unions: Sequence[str], neither: str | None, incumbent: str
) -> str:
    """Under a lone self-determination group's tally, what each majority would make of
    the group, once the incumbent is named (`self_determination_outcome` for each):
    `unions` on the ballot, `neither` its no-union choice (None: it has none)."""
    several = len(unions) > 1
    said = [
        f"a majority for {name}: {self_determination_outcome(name, incumbent, several=several)}"
        for name in unions
    ]
    if neither is not None:
        none = f"a majority for {neither}" if several else f"a majority against {unions[0]}"
        said.append(f"{none}: {self_determination_outcome(None, incumbent, several=several)}")
    return f"Self-determination, voting group {key}: {'; '.join(said)}."


def self_determination_applies(said: str | None) -> str:
    """After the rule under a lone self-determination group's tally: the outcome that
    applies, in `majority_said`'s words (`station tally`'s), or, on an interim sheet
    (`said` None), that it is not yet determined."""
    if said is None:
        return "The outcome is not yet determined: this is an interim tally."
    return f"The outcome that applies: {said}."


def group_key(spec: GroupSpec | None) -> str | None:
    """A ballot's group as its line names it (None: no group)."""
    return None if spec is None else spec.key


def group_vote_words(
    event: Event, said: str | None, group_of: Callable[[int], GroupSpec | None]
) -> str | None:
    """A ballot's words with its group and question 1: "FOR — group A, inclusion YES".

    `said` is what the call's words are without groups (None: the call's label).
    """
    if event.call is None:
        return said
    seq = event.seq if event.action is Action.CALL else event.target or 0
    group = group_of(seq)
    if group is None:
        return said
    words = say(
        "{call} — group {group}", call=vote_words(said or event.call.label), group=group.key
    )
    if event.action is Action.CALL and group.asks_inclusion:
        stored = (event.detail or {}).get("inclusion")
        answer = answer_read(event.call, stored if isinstance(stored, str) else None)
        if answer is not None and (stored is not None or event.call is not Call.VOID):
            words += say(", inclusion {answer}", answer=inclusion_words(answer))
    return words


def inclusion_words(answer: str) -> str:
    """Question 1's answer as a ballot's line says it, in the language said."""
    if answer == "blank":
        return say("unmarked")
    return vote_words(INCLUSION_WORDS[answer])


# Question 1's answers as a ballot's line says them.
INCLUSION_WORDS = {"yes": "YES", "no": "NO", "void": "VOID", "blank": "unmarked"}


def opened_group_refusal(key: str) -> str:
    """Why a call of the revised count may not be made in this group."""
    return (
        f"no ballot of group {key} ordered opened is left to count: each opened ballot is"
        " counted in its own group's pile"
    )


def unit_not_determinative_statement(numbers: Sequence[int], unit: UnitResult) -> str:
    """Why challenges of a unit whose result they cannot change are not ordered opened."""
    which = "challenge" if len(numbers) == 1 else "challenges"
    return (
        f"{which} {', '.join(str(n) for n in numbers)} cannot be ordered"
        f" opened: unit {' + '.join(unit.groups)}'s challenges are not determinative (they"
        " cannot change its result), and the Board opens only determinative challenges;"
        " sustaining them is allowed"
    )


def groups_sequel_statement(where: str, sequel: str) -> str:
    """Why Station makes no runoff or rerun of an election of voting groups (`where`: the
    first election's file, or the option that asked for one)."""
    return (
        f"{where}: Station does not make the {sequel} of an election of voting groups"
        " (they are rare): set it up as an election of its own, with its --case, its parties"
        " and its --group options"
    )


def written_in_group_statement(specs: Sequence[GroupSpec]) -> str:
    """Why a written-in voter's envelope waits for its group."""
    keys = ", ".join(spec.key for spec in specs)
    return (
        "a voter not on the list of an election of voting groups is written in with their"
        f" group: type the group's key, a colon, then the name (e.g. {specs[0].key}: Jane Roe;"
        f" groups {keys})"
    )
