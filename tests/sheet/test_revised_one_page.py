"""A long Revised Tally (hundreds of challenges left unresolved) runs onto a second
page: the certifications and every signature line stay together on one page."""

from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from tests.sheet.helpers import sign


def page_texts(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(pdf).pages]


@pytest.mark.parametrize("challenges", [700, 900])  # 700: the page ended in them
def test_the_certifications_and_their_signatures_share_a_page(
    journal: Journal, key: StationKey, tmp_path: Path, challenges: int
) -> None:
    for _ in range(challenges):
        journal.append(Action.CALL, Call.CHALLENGE)
    for call in (Call.FOR, Call.AGAINST) * 40:
        journal.append(Action.CALL, call)
    sign(journal, key)
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    session.decide(list(range(1, 11)), list(range(11, 31)), "Regional Director")
    for call in (Call.FOR, Call.AGAINST) * 5:
        session.record(call)
    sign(journal, key)
    folder = tmp_path / "revised"
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    assert verify_export(folder, expected_key=None).ok
    pages = page_texts(folder / "tally.pdf")
    assert len(pages) > 1
    signing = [n for n, text in enumerate(pages) if "Certification of the Board agent" in text]
    assert len(signing) == 1
    page = pages[signing[0]]
    for words in ("R. Agent", "Certification of the observers", "Jane Roe", "Ann Smith"):
        assert words in page, (words, signing, [p[:200] for p in pages])
