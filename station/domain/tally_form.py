"""The Tally of Ballots as one table of lines, in the order of the Board's form (NLRB-760).

Every line of the sheet is declared here once: its number, its words, how its value
follows from the count and when it appears. Computing a sheet's facts
(`tally_sheet.py`), its revised columns (`revised_sheet.py`), drawing it and reading it
back (`station/sheet/pdf.py`, `pdf_text.py`), `verify` and `consolidate` all walk
`form_lines`; a new line, or a line's new words, is one edit here. The words are our
own; the order and the arithmetic are the form's (docs/rules.md, "The arithmetic").

The lines follow the ballot's representation question. With one union on it, line 3
is that union's votes and line 9 says whether it has a majority. With several, line 3
is printed once per union (3a, 3b, … in ballot order) and stays among the facts as the
unions together (FOR in the journal); line 4 is Neither; lines 8 and 9 follow 29 CFR
102.70 (`runoff.py`), which for one union is the arithmetic of `tally.py` (a test holds
the two equal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from station.domain.calls import Call
from station.domain.choices import ONE_UNION_WORDS, RerunCause, case_kind
from station.domain.description import Question, deauthorization_question_of, describe
from station.domain.election import ElectionSetup
from station.domain.runoff import final_result, majority_for, several_unions
from station.domain.tally import Tally

LineValue = int | bool
_LETTERS = "abcdefghi"


@dataclass(frozen=True, slots=True)
class FormBallot:
    """What the lines' words and values need of the ballot.

    Attributes:
        union: the first union's name: the one union of lines 3 and 9, when there is one.
        choices: every choice's name in ballot order (each union, then Neither if any).
        unions: how many of `choices` are unions (are stored as FOR: a UD's YES).
        majority_of_eligible: a UD election, decided by a majority of the employees
            eligible to vote (`Question.majority_of_eligible`); `union` is its union.
        further: the one further election of 29 CFR 102.70(d): a split vote ends it
            with the results certified rather than voiding it.
        vote_words: what a one-union ballot's two figures are called (FOR and AGAINST,
            a UD's YES and NO: `Question.vote_words`).
    """

    union: str
    choices: tuple[str, ...]
    unions: int
    majority_of_eligible: bool = False
    further: bool = False
    vote_words: tuple[str, str] = ONE_UNION_WORDS

    @property
    def neither(self) -> bool:
        """The ballot has a no-union choice: a runoff between two unions has none, and
        so no line 4 to print (a sheet naming no choices is one union and Neither)."""
        return not self.choices or len(self.choices) > self.unions

    @property
    def several(self) -> bool:
        """A ballot of several unions: line 3 once per union (3a, 3b, …)."""
        return several_unions(self.unions)

    @classmethod
    def of_question(cls, question: Question, further: bool = False) -> FormBallot:
        """The ballot of a voting group's representation question."""
        union = question.about or question.unions[0].name
        unions = sum(1 for choice in question.choices if choice.call is Call.FOR)
        return cls(
            union,
            question.names,
            unions,
            question.majority_of_eligible,
            further,
            question.vote_words,
        )

    @classmethod
    def of_sheet(cls, sheet: Mapping[str, object]) -> FormBallot:
        """The ballot as a sheet's facts (`tally.json`) name it."""
        named = sheet.get("choices")
        choices = tuple(str(c["name"]) for c in named) if isinstance(named, list) else ()
        lines = sheet.get("lines")
        groups = sheet.get("groups")
        if lines is None and isinstance(groups, list) and groups:  # each group's own lines
            lines = groups[0].get("lines")
        unions = sum(1 for number in lines if _per_union(number)) if isinstance(lines, dict) else 0
        election = sheet.get("election")
        case = sheet.get("case", election.get("case") if isinstance(election, Mapping) else "")
        eligible = case_kind(str(case)).deauthorization
        rerun = sheet.get("rerun_of")
        further = isinstance(rerun, dict) and rerun.get("cause") == RerunCause.NULLITY
        words = deauthorization_question_of("").vote_words if eligible else ONE_UNION_WORDS
        return cls(str(sheet.get("union", "")), choices, max(unions, 1), eligible, further, words)


def ballot_form(setup: ElectionSetup) -> FormBallot:
    """The ballot of the election's (first) voting group, as its tally's lines need it."""
    election = describe(setup)
    return FormBallot.of_question(election.ballot, election.further)


@dataclass(frozen=True, slots=True)
class Figures:
    """What the lines' values come from: the eligible voters and the tally."""

    eligible: int
    tally: Tally

    @property
    def votes(self) -> tuple[int, ...]:
        """Each choice's votes in ballot order (FOR and AGAINST with one union)."""
        tally = self.tally
        return tally.choices or (tally.for_union, tally.against)


@dataclass(frozen=True, slots=True)
class FormLine:
    """One line of the Tally of Ballots.

    Attributes:
        number: as printed and as `tally.json` keys it ("1" … "9", "3a" …).
        words: what the line states, for this ballot.
        value: the line's figure (or yes/no for lines 8 and 9).
        printed: a numbered figure of the page's table (lines 1-7); lines 8 and 9 are
            printed as their sentences (`statements.py`).
        summed: a number of ballots: it adds up across a revised sheet's columns and
            over the tables of a consolidation.
    """

    number: str
    words: Callable[[FormBallot], str]
    value: Callable[[Figures], LineValue]
    printed: bool = True
    summed: bool = True


def rescinded(yes: int, eligible: int) -> bool:
    """Whether YES votes are a majority of the employees eligible to vote (a tie, or
    any fewer, is no majority): NLRA 8(a)(3), 9(e)(1)."""
    return 2 * yes > eligible


def eligible_majority(eligible: int) -> int:
    """The fewest YES votes that are a majority of `eligible` employees (`rescinded`)."""
    return eligible // 2 + 1


def eligible_determinative(yes: int, eligible: int, swing: int) -> bool:
    """Whether `swing` ballots (challenged, or still uncounted) could change whether YES
    is a majority of those eligible: YES has none yet and could reach one. Judged
    against line 1's number of eligible voters."""
    return not rescinded(yes, eligible) and rescinded(yes + swing, eligible)


def _line_9_words(ballot: FormBallot) -> str:
    if ballot.majority_of_eligible:
        return f"A majority of the employees eligible to vote have voted to rescind the authority of {ballot.union}"
    return (
        "A majority of the valid votes counted plus challenged ballots has been cast for"
        f" {ballot.union}"
    )


def _line_5_words(ballot: FormBallot) -> str:
    if not ballot.several:
        return LINE_5_BEFORE
    summed = [*_union_numbers(ballot), *(["4"] if ballot.neither else [])]
    return f"Number of valid votes counted (lines {' + '.join(summed)})"


def _line_3_words(ballot: FormBallot) -> str:
    if ballot.majority_of_eligible:
        return f"Number of votes cast YES (to rescind the authority of {ballot.union})"
    return f"Number of votes cast for {ballot.union}"


def _line_4_words(ballot: FormBallot) -> str:
    if ballot.majority_of_eligible:
        return "Number of votes cast NO"
    return "Number of votes cast against participating labor organization(s)"


def challenges_determinative(ballot: FormBallot, figures: Figures) -> bool:
    """Line 8: whether the challenged ballots could change the result under this
    ballot's majority rule. The decision after a hearing asks the same before it orders
    any opened (`decision.new_decision_problem`)."""
    return _determinative(figures, ballot.unions, ballot.majority_of_eligible)


def _determinative(figures: Figures, unions: int, of_eligible: bool) -> bool:
    tally = figures.tally
    if of_eligible:
        return eligible_determinative(tally.for_union, figures.eligible, tally.challenged)
    return final_result(figures.votes, unions, tally.challenged, figures.eligible)[1]


def _majority_for_a_union(figures: Figures, unions: int, of_eligible: bool) -> bool:
    if of_eligible:
        return rescinded(figures.tally.for_union, figures.eligible)
    majority = majority_for(figures.votes, figures.tally.challenged)
    return majority is not None and majority < unions


def _base_lines(unions: int, of_eligible: bool = False) -> tuple[FormLine, ...]:
    return (
        FormLine(
            "1", lambda _: "Approximate number of eligible voters", lambda f: f.eligible,
            summed=False,
        ),
        FormLine("2", lambda _: "Number of void ballots", lambda f: f.tally.void),
        FormLine("3", _line_3_words, lambda f: f.tally.for_union),
        FormLine("4", _line_4_words, lambda f: f.tally.against),
        FormLine("5", _line_5_words, lambda f: f.tally.valid),
        FormLine("6", lambda _: "Number of challenged ballots", lambda f: f.tally.challenged),
        FormLine(
            "7",
            lambda _: "Number of valid votes counted plus challenged ballots (lines 5 + 6)",
            lambda f: f.tally.valid_plus_challenged,
        ),
        FormLine(
            "8",
            lambda _: "Challenges are sufficient in number to affect the results",
            lambda f: _determinative(f, unions, of_eligible),
            printed=False,
            summed=False,
        ),
        FormLine(
            "9",
            _line_9_words,
            lambda f: _majority_for_a_union(f, unions, of_eligible),
            printed=False,
            summed=False,
        ),
    )  # fmt: skip


def _union_line(index: int) -> FormLine:
    return FormLine(
        f"3{_LETTERS[index]}",
        lambda b: f"Number of votes cast for {b.choices[index]}",
        lambda f: f.votes[index],
    )


def form_lines(ballot: FormBallot) -> tuple[FormLine, ...]:
    """Every line of this ballot's tally, in the order the page prints them: lines 1-7
    (3a, 3b, … after line 3 on a ballot of several unions), then 8 and 9."""
    lines: list[FormLine] = []
    for line in _base_lines(ballot.unions, ballot.majority_of_eligible):
        lines.append(line)
        if line.number == "3" and ballot.several:
            lines += [_union_line(index) for index in range(ballot.unions)]
    return tuple(lines)


def line_values(ballot: FormBallot, figures: Figures) -> dict[str, LineValue]:
    """Every line's value, by number: the `lines` of a sheet's facts."""
    return {line.number: line.value(figures) for line in form_lines(ballot)}


def printed_lines(ballot: FormBallot) -> tuple[FormLine, ...]:
    """The numbered rows of the page's table, in order: 1, 2, 3 (or 3a, 3b, …), 4-7; no
    line 4 on a ballot without "Neither" (a runoff between two unions: it has no votes
    against, and stays 0 among the facts)."""
    return tuple(
        line
        for line in form_lines(ballot)
        if line.printed
        and not (line.number == "3" and ballot.several)
        and not (line.number == "4" and not ballot.neither)
    )


def summed_numbers(ballot: FormBallot) -> tuple[str, ...]:
    """The lines that count ballots (2-7, and 3a, 3b, …): a revised sheet's middle
    column, and what consolidation adds up over the tables."""
    return tuple(line.number for line in form_lines(ballot) if line.summed)


def line_words(number: str, ballot: FormBallot) -> str:
    """What line `number` states, in words (KeyError for a line this ballot has not)."""
    for line in form_lines(ballot):
        if line.number == number:
            return line.words(ballot)
    raise KeyError(number)


def differences(ballot: FormBallot, before: Figures, after: Figures) -> dict[str, int]:
    """What changed on each line that counts ballots: a revised sheet's middle column."""
    earlier, later = line_values(ballot, before), line_values(ballot, after)
    return {number: int(later[number]) - int(earlier[number]) for number in summed_numbers(ballot)}


def _union_numbers(ballot: FormBallot) -> list[str]:
    return [f"3{_LETTERS[index]}" for index in range(ballot.unions)]


def _per_union(number: str) -> bool:
    return len(number) == 2 and number[0] == "3" and number[1] in _LETTERS


def per_union_numbers(numbers: Iterable[str]) -> list[str]:
    """The per-union lines (3a, 3b, …) among `numbers`, in order."""
    return sorted(number for number in numbers if _per_union(number))


def known_numbers(numbers: Sequence[str]) -> bool:
    """Whether a sheet's lines are those of some ballot: 1-9, and 3a, 3b, … of several
    unions (at most one per union key)."""
    base = {line.number for line in _base_lines(1)}
    return set(numbers) >= base and all(n in base or _per_union(n) for n in numbers)


# Line 5 as sheets of several unions were drawn before it named the lines it sums: a
# verifier still accepts such a signed PDF exactly as it is.
LINE_5_BEFORE = "Number of valid votes counted (lines 3 + 4)"


_LINE_5_WITHOUT_4 = re.compile(r"(Number of valid votes counted \(lines 3[a-i](?: \+ 3[a-i])*)\)")


def with_line_4_before(text: str) -> str:
    """`text` with line 5's words as a runoff between two unions drew them before it
    left out line 4 ("(lines 3a + 3b + 4)")."""
    return _LINE_5_WITHOUT_4.sub(lambda found: f"{found[1]} + 4)", text)
