"""The operator window for a ballot of two or more unions, and the parties by role (issue 17).

One big button per choice (each union in ballot order, then Neither), CHALLENGED and
VOID below them. Keys: 1-9 record a vote for the unions in ballot order, 0 records
Neither; C and V as always. F and A record nothing on such a ballot (there is no one
"union" to be for or against), so a habit cannot put a vote on the wrong union.

After C the challenge's reason takes a letter, not a digit, so that no prompt ever
swallows a call key (`REASON_LETTERS`); the party keeps E / U / B. A one-union
election keeps its pad, keys and prompts exactly as they are.
"""

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QWidget

from station.domain import Call, ElectionSetup
from station.domain.choices import CaseKind, Role
from station.domain.party_words import parties_words, union_side
from station.ui.operator.call_pad import CallButton, CallPad
from station.ui.operator.controller import CountController
from station.ui.operator.help_overlay import SHORTCUTS, shortcuts_html

if TYPE_CHECKING:
    from station.ui.operator.window import OperatorWindow

# The reasons of a challenge by letter on a ballot of several unions, in the order of
# PICKABLE_REASONS: List, Supervisor, eX-employee, Mismatch, Ripped envelope, Other.
REASON_LETTERS = (
    Qt.Key.Key_L,
    Qt.Key.Key_S,
    Qt.Key.Key_X,
    Qt.Key.Key_M,
    Qt.Key.Key_R,
    Qt.Key.Key_O,
)
_DIGIT_KEYS = [Qt.Key.Key_0 + digit for digit in range(10)]

Vote = tuple[Call, int | None]  # a call, and the union (1-based) a FOR votes for


def call_pad_for(controller: CountController) -> CallPad:
    """The pad for this election: one button per choice on a ballot of several unions."""
    if controller.setup.ballot.several:
        return ChoicePad(controller)
    return CallPad()


class ChoicePad(CallPad):
    """A button per choice, then CHALLENGED and VOID.

    `buttons` holds the calls that are one choice each (Neither as AGAINST, CHALLENGED,
    VOID), as on the one-union pad; `union_buttons` the unions in ballot order.

    Signals:
        call_requested(Call | tuple[Call, int]): a call, or (FOR, union) for a union.
    """

    def __init__(self, controller: CountController, parent: QWidget | None = None) -> None:
        QWidget.__init__(self, parent)  # not CallPad's four buttons: this ballot's own
        self._controller = controller
        ballot = controller.setup.ballot
        self.union_buttons: list[CallButton] = []
        for number, union in enumerate(ballot.unions, start=1):
            button = CallButton(Call.FOR, big=True)
            button.setObjectName(f"call_choice_{number}")
            button.set_name(union, str(number))
            button.setAccessibleName(f"Record a vote for {union}")
            button.setToolTip(f"Record one vote for {union} (key {number})")
            button.clicked.connect(
                lambda _checked=False, n=number: self.call_requested.emit((Call.FOR, n))
            )
            self.union_buttons.append(button)
        self.buttons = {}
        if ballot.neither is not None:
            neither = CallButton(Call.AGAINST, big=True)
            neither.set_name(ballot.neither, "0")
            neither.setAccessibleName(f"Record a vote for {ballot.neither}")
            neither.setToolTip(f"Record one vote for {ballot.neither} (key 0)")
            self.buttons[Call.AGAINST] = neither
        self.buttons[Call.CHALLENGE] = CallButton(Call.CHALLENGE, big=False)
        self.buttons[Call.VOID] = CallButton(Call.VOID, big=False)
        big = [*self.union_buttons, *([self.buttons[Call.AGAINST]] if ballot.neither else [])]
        grid = QGridLayout(self)
        grid.setSpacing(14)
        columns = 2 if len(big) <= 4 else 3
        for place, button in enumerate(big):
            button.setMinimumSize(200, 130)
            grid.addWidget(button, place // columns, place % columns)
        row = (len(big) + columns - 1) // columns
        grid.addWidget(self.buttons[Call.CHALLENGE], row, 0)
        grid.addWidget(self.buttons[Call.VOID], row, 1)
        for line in range(row):
            grid.setRowStretch(line, 3)
        grid.setRowStretch(row, 2)
        for call in (Call.AGAINST, Call.CHALLENGE, Call.VOID):
            if call in self.buttons:
                self.buttons[call].clicked.connect(
                    lambda _checked=False, call=call: self.call_requested.emit(call)
                )

    def show_totals(self, totals: dict[Call, int]) -> None:
        """Every button's figure: each union's from the count, the others as given."""
        for call, button in self.buttons.items():
            button.set_figure(totals[call])
        votes = self._controller.count.choice_votes()
        for button, figure in zip(self.union_buttons, votes, strict=False):
            button.set_figure(figure)

    def vote_for_key(self, key: int) -> Vote | None:
        """1-9 a union, 0 Neither, C and V; F and A nothing (no one union to be for)."""
        if key in _DIGIT_KEYS:
            number = _DIGIT_KEYS.index(key)
            if number == 0:
                return (Call.AGAINST, None) if Call.AGAINST in self.buttons else None
            return (Call.FOR, number) if number <= len(self.union_buttons) else None
        if key in (Qt.Key.Key_C, Qt.Key.Key_V):
            return super().vote_for_key(key)
        return None


def adapt_window(window: "OperatorWindow") -> None:
    """The operator window of an election that is not one union in an RC case."""
    setup = window.controller.setup
    ballot = setup.ballot
    if setup.choices is not None or ballot.kind is not CaseKind.RC:
        case = html.escape(setup.case_number)
        window.election_label.setText(f"<b>{case}</b> &nbsp;·&nbsp; {parties_html(setup)}")
    if not ballot.several:
        return
    window.call_actions[Call.FOR].setVisible(False)  # no one union to be FOR: keys 1-9
    against = window.call_actions[Call.AGAINST]
    against.setVisible(ballot.neither is not None)
    against.setText(f"Record {ballot.neither}\t0")
    window.help_overlay.text.setText(shortcuts_html(several_shortcuts(setup)))
    # The last calls name each vote's choice: "Ballot 12 for Teamsters Local 901".
    window.recent.words = lambda event: window.controller.count.votes.words(event)
    window.recent.show_changes(window.controller.recent)


def several_shortcuts(setup: ElectionSetup) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """F1's keys on a ballot of several unions: 1-9 and 0 for F and A, letters for reasons."""
    calls, questions, *rest = SHORTCUTS
    ballot = setup.ballot
    votes = [(str(n), f"record a vote for {union}") for n, union in enumerate(ballot.unions, 1)]
    if ballot.neither is not None:
        votes.append(("0", f"record a vote for {ballot.neither}"))
    challenge = (
        (
            "after C: E / U / B",
            f"who challenged: the Employer, {union_side(ballot)}, the Board agent",
        ),
        ("after C: L S X M R O", "why: L not on the List, S supervisor, X no longer employed,"),
        ("", "M signature or name mismatch, R envelope damaged (ripped), O other"),
    )
    call_rows = tuple(row for row in calls[1] if row[0] not in ("F", "A"))
    question_rows = tuple(
        row for row in questions[1] if not row[0].startswith("after C") and row[0]
    )
    return (
        (calls[0], (*votes, *call_rows)),
        (questions[0], (*challenge, *question_rows)),
        *rest,
    )


def parties_html(setup: ElectionSetup) -> str:
    """The header's parties as the sheet and the dashboard say them: "Acme · A
    (Petitioner); B (Intervenor)" and so on."""
    ballot = setup.ballot
    escape = html.escape
    parts = [escape(setup.employer)]
    if ballot.employer_role.role is Role.EMPLOYER_PETITIONER:
        parts[0] += " (Employer-Petitioner)"
    parts.append(escape(parties_words((p.role.value, p.name) for p in ballot.parties[1:])))
    runoff = " &nbsp;·&nbsp; <b>Runoff election</b>" if ballot.runoff_of else ""
    return " &nbsp;·&nbsp; ".join(parts) + runoff
