"""The printed consolidated Tally of Ballots: the tables' sums on one sheet.

Laid out like a table's own sheet (`pdf.py`, whose page drawing it shares): the case,
lines 1-9 on the sums and when objections are due, then a table of the tables (label,
ballots counted, lines 2-7, head hash, signing key), then the agent's and the observers'
signature lines and the parties' acknowledgment of service. The page's HTML and footer
are the verification core's (`consolidation_pdf`), whose text `verify` compares whole
with the PDF's: this module only draws them.
"""

import hashlib
from collections.abc import Mapping
from typing import Any

from station.domain.words import english
from station.sheet.pdf import column_shares, draw_pdf
from station.verification import consolidation_pdf as page
from station.verification.sheet_page import record_title


@english
def render_consolidated_pdf(document: Mapping[str, Any], paper: str = "letter") -> bytes:
    """The PDF of a consolidation's `tally.json` document."""
    election = document["election"]
    digest = hashlib.sha256(
        "".join(table["sheet_event"]["hash"] for table in document["tables"]).encode()
    ).hexdigest()
    return draw_pdf(
        consolidated_html(document),
        lambda number, pages: page.footer_words(document, number, pages),
        title=f"{record_title('Consolidated Tally of Ballots')} \u2014 {election['case']}",
        document_id=digest,  # the same tables always give the same id
        paper=paper,
    )


@english
def consolidated_html(document: Mapping[str, Any]) -> str:
    """The page's HTML (`consolidation_pdf.consolidated_html`), its envelope table's
    columns as wide as this computer's font needs them."""
    return page.consolidated_html(document, shares=column_shares)
