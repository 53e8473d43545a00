"""docs/format.md says, word for word, what the code computes.

The format page is what an outside verifier is written from: its limits, its holiday
calendar, the words of the sheet's lines and the templates of its statements must be
the code's, or a verifier written from it fails genuine exports. The page keeps them as
plain text for that reader; these tests hold that text equal to the code's constants.
"""

import json
import re
from datetime import date
from pathlib import Path

import holidays
import pytest

from station.domain.challenges import MAX_NOTE, Reason
from station.domain.election_statements import held_again_statement, runoff_of_statement
from station.domain.envelopes import (
    CURRENT_FIGURE_LABELS,
    ENVELOPE_FIGURE_LABELS,
    MAX_NAME,
    REVISED_CHALLENGED_LABEL,
    Ruling,
    counted_together_statement,
)
from station.domain.group_sheet import GROUPS_TOGETHER, lone_group_rule
from station.domain.group_statements import pooling_pending_statement
from station.domain.mail_statements import over_accepted_statement
from station.domain.resolution import MAX_BY, Decision, decision_words
from station.domain.result_statements import (
    challenges_line,
    majority_line,
    objections_line,
    runoff_line,
)
from station.domain.revised_sheet import COLUMN_TITLES
from station.domain.runoff import Result
from station.domain.statements import INTERIM, accounted_statement
from station.domain.table_statements import table_pending_reason, tables_counted_statement
from station.domain.tally_form import FormBallot, line_words
from station.journal.bounded_json import MAX_DEPTH
from station.verification import consolidation_pdf, consolidation_v1, formats
from station.verification.consolidation_formats import CONSOLIDATED_V1
from station.verification.export_files import MAX_LINE, MAX_SIZES
from station.verification.form_words import FOR_THE_REGIONAL_DIRECTOR, SERVICE_ACKNOWLEDGED
from station.verification.sheet_page import AGENT_CERTIFICATION, OBSERVERS_CERTIFICATION

FORMAT_MD = Path(__file__).resolve().parent.parent / "docs" / "format.md"


@pytest.fixture(scope="module")
def page() -> str:
    return FORMAT_MD.read_text(encoding="utf-8")


def quoted(page: str) -> str:
    """The page's text with its white space made single (a span may wrap lines), so that
    `f"`{words}`" in quoted(page)` asks whether the page quotes `words` as code."""
    return " ".join(page.split())


def test_the_limits_are_the_code_limits(page: str) -> None:
    text = " ".join(page.split())
    for name, size in MAX_SIZES.items():
        assert f"`{name}` {size:,}" in text
    assert f"{MAX_LINE:,} bytes (`MAX_LINE`)" in text
    assert f"more than {MAX_DEPTH} arrays and objects deep" in text
    assert f"at most {MAX_NOTE} characters" in text
    assert f"`by` (text, at most {MAX_BY} characters)" in text
    assert f"at most {MAX_NAME} characters)" in text


def holiday_rows(page: str) -> dict[int, list[str]]:
    """The page's table of Federal holidays, by year."""
    table = page.split("<!-- holidays:", 1)[1]
    rows = re.findall(r"^\| (\d{4}) \| ([^|]+) \|$", table, re.MULTILINE)
    return {int(year): [day.strip() for day in days.split(",")] for year, days in rows}


def test_the_holidays_are_the_library_calendar(page: str) -> None:
    rows = holiday_rows(page)
    assert rows, "the page lists the holidays of some years"
    for year, days in rows.items():
        calendar = holidays.country_holidays("US", years=(year,))
        assert days == [day.strftime("%m-%d") for day in sorted(calendar)], year


def test_the_statements_are_the_code_statements(page: str) -> None:
    one = FormBallot("{union}", ("{union}", "Neither"), 1)
    several = FormBallot("{choice}", ("{choice}", "{second}", "Neither"), 2)
    pending = "{pending}"
    said = [
        challenges_line(True, pending),
        challenges_line(True, None),
        challenges_line(False, None),
        majority_line(one, None, pending),
        majority_line(one, 0, None),
        majority_line(one, None, None),
        majority_line(several, None, pending),
        majority_line(several, 0, None),
        majority_line(several, None, None),
        GROUPS_TOGETHER,
        pooling_pending_statement("{key}", ["{others}"], pending),
    ]
    spans = quoted(page)
    for sentence in said:
        assert f"`{sentence}`" in spans, sentence
    three = FormBallot("{first}", ("{first}", "{second}", "{third}", "Neither"), 3)
    unless = ", unless the challenged ballots change it"
    for outcome in (
        Result(None, None, (0, 1), False),
        Result(None, None, None, True),
        Result(None, None, None, False, exception=True),
    ):
        stated = runoff_line(three, outcome, None, decisive=True)
        assert stated is not None
        assert f"`{stated.replace(unless, '{unless}')}`" in spans, stated
        without = runoff_line(three, outcome, None, decisive=False)
        assert without == stated.replace(unless, "")


def test_the_reasons_pending_are_the_code_reasons(page: str) -> None:
    text = " ".join(page.split())
    assert f"`{INTERIM}`" in text
    table = table_pending_reason("{label}")
    assert table is not None and f"`{table}`" in text


def test_the_lines_words_are_the_code_words(page: str) -> None:
    spans = quoted(page)
    one = FormBallot("{union}", ("{union}", "Neither"), 1)
    for number in ("1", "2", "3", "4", "5", "6", "7"):
        assert f"`{line_words(number, one)}`" in spans, number
    several = FormBallot("{union}", ("A", "B", "Neither"), 2)
    assert f"`{line_words('5', several).removeprefix('Number of valid votes counted ')}`" in spans


def test_the_pages_other_words_are_the_code_words(page: str) -> None:
    spans = quoted(page)
    decision = Decision(21, (1, 2), (3, 4), "Regional Director")
    assert f"`{decision_words(decision)}`" in spans
    deadline = objections_line(date(2026, 11, 10))
    template = deadline.replace("November 10, 2026", "{Month D, YYYY}")
    assert f"`{template}`" in spans
    alone = lone_group_rule({"groups": [{"key": "{key}"}]})
    assert alone is not None and f"`{alone}`" in spans


def test_every_ruling_and_reason_is_named(page: str) -> None:
    spans = quoted(page)
    for ruling in Ruling:
        if ruling is not Ruling.AFTER_TALLY:  # an action of its own, never a ruling
            assert f"`{ruling.value}`" in spans, ruling
    for reason in Reason:
        assert f"`{reason.value}`" in spans, reason


CASES = FORMAT_MD.parent.parent / "conformance" / "cases"


class _Placeholder(str):
    """A field of a document that prints as its placeholder, whatever the format spec
    (`{seq:,}` too), so that the code's own template comes out with the page's names."""

    def __format__(self, spec: str) -> str:
        return str(self)


def fenced_after(page: str, marker: str) -> list[str]:
    """The `text` blocks fenced after an HTML comment `<!-- marker -->`, up to the next."""
    part = page.split(f"<!-- {marker} -->", 1)[1].split("<!-- ", 1)[0]
    return re.findall(r"^```text\n(.*?)\n```$", part, re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("version", formats.VERSIONS)
def test_the_footers_are_the_code_footers(page: str, version: str) -> None:
    document = {
        "format": version,
        "election": {"election_id": "{election id}"},
        "sheet_event": {"seq": _Placeholder("{sheet seq}")},
        "sheet": {
            "case": "{case}",
            "kind": "final",
            "revision": 0,
            "head": {"seq": _Placeholder("{head seq}"), "hash": "{head hash}"},
            "prepared": "{prepared}",
            "key": "{key}",
        },
    }
    footer = formats.drawn_footer(document, _Placeholder("{N}"), _Placeholder("{M}"))  # type: ignore[arg-type]
    assert fenced_after(page, f"footer: {version}") == [footer.replace("final tally", "{kind}")]


def test_the_examples_are_the_code_text(page: str) -> None:
    examples = re.findall(r"<!-- sheet-text: (\S+) -->", page)
    assert {"one-union", "revised", "v0_2-one-union"} <= set(examples)
    for case in examples:
        document = json.loads((CASES / case / "export" / "tally.json").read_bytes())
        blocks, footer = fenced_after(page, f"sheet-text: {case}")
        assert blocks.split("\n") == formats.drawn_text(document), case
        assert footer == formats.drawn_footer(document, 1, 1), case


def test_the_sheets_fixed_words_are_the_code_words(page: str) -> None:
    spans = quoted(page)
    for words in (
        AGENT_CERTIFICATION,
        OBSERVERS_CERTIFICATION,
        FOR_THE_REGIONAL_DIRECTOR,
        f"Service of the tally. {SERVICE_ACKNOWLEDGED}",
        REVISED_CHALLENGED_LABEL,
        *(label for _, label in (*ENVELOPE_FIGURE_LABELS, *CURRENT_FIGURE_LABELS)),
        *(part for title in COLUMN_TITLES.values() for part in title.split(" ", 1)),
    ):
        assert f"`{words}`" in spans, words


def test_the_consolidation_examples_are_the_code_text(page: str) -> None:
    examples = re.findall(r"<!-- consolidation-text: (\S+) -->", page)
    assert {"consolidation", "v0_2-consolidation"} <= set(examples)
    for case in examples:
        document = json.loads((CASES / case / "export" / "tally.json").read_bytes())
        drawn = consolidation_v1 if document["format"] == CONSOLIDATED_V1 else consolidation_pdf
        blocks, footer = fenced_after(page, f"consolidation-text: {case}")
        assert blocks.split("\n") == drawn.consolidation_text(document), case
        assert footer == drawn.footer_words(document, 1, 1), case


def test_the_consolidation_footer_is_the_code_footer(page: str) -> None:
    document = {
        "election": {"case": "{case}"},
        "tables": [{"label": "{A}"}, {"label": "{B}"}],
        "prepared": "{prepared}",
        "key": "{key}",
    }
    for drawn in (consolidation_pdf, consolidation_v1):
        footer = drawn.footer_words(document, _Placeholder("{N}"), _Placeholder("{M}"))
        assert fenced_after(page, "consolidation-footer") == [footer]


def test_the_consolidation_fixed_words_are_the_code_words(page: str) -> None:
    spans = quoted(page)
    for words in (
        consolidation_pdf.CONSOLIDATION_CERTIFICATION,
        consolidation_pdf.OBSERVERS_CERTIFICATION,
        tables_counted_statement(2).replace("2", "{N}"),
    ):
        assert f"`{words}`" in spans, words


def test_the_composed_sentences_are_the_code_sentences(page: str) -> None:
    spans = quoted(page)
    said = [
        runoff_of_statement("{case}", "{date}"),
        runoff_of_statement("{case}", None),
        held_again_statement({"case": "{case}", "date": "{date}", "cause": "nullity"}),
        held_again_statement({"case": "{case}", "date": "{date}"}),
        counted_together_statement({"accepted": 5, "late": 1, "at_polls": 3}, 9),
        over_accepted_statement(12, 10, "eligible voters (line 1)")
        .replace("12", "{accepted}")
        .replace("10", "{eligible}"),
        accounted_statement(
            {"2": 1, "5": 38, "6": 3},
            {"sustained": 1, "sealed_envelopes": 1, "opened_uncounted": 1},
        ),
        *COLUMN_TITLES.values(),
    ]
    for sentence in said:
        assert f"`{sentence}`" in spans, sentence
