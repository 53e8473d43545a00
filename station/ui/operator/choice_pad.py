"""The operator window's header: the parties by role.

A challenge's reasons take letters on every ballot (`challenges.REASON_KEYS`), so that
no prompt ever swallows a call key, digits naming the unions of several included.
"""

import html
from typing import TYPE_CHECKING

from station.domain.description import Election
from station.domain.table_statements import case_title

if TYPE_CHECKING:
    pass


def election_html(election: Election) -> str:
    """The windows' header: the case, then every party by role (the sheet's words)."""
    case = html.escape(case_title(election.setup), quote=False)
    parties = html.escape(election.parties_line, quote=False).replace(" \u00b7 ", " &nbsp;·&nbsp; ")
    return f"<b>{case}</b> &nbsp;·&nbsp; {parties}"
