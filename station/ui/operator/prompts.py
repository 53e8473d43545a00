"""The questions a real count asks as it goes, each answered with one key or click.

Who challenged a ballot and why; which party disputes a VOID; whether a full pile holds
what was recorded; whether to count a ballot beyond those in the box. Each answer is
recorded through the controller as an event; none of them ever blocks the next call.
"""

import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from station.domain import Action, Call, Change
from station.domain.challenges import REASON_KEYS, Challenge, Reason, reason_words
from station.domain.description import Vote, describe, in_sentence_words
from station.domain.piles import PileRef
from station.domain.statements import EARLY_RECOUNT
from station.domain.words import say
from station.ui.announce import announce
from station.ui.language import fill
from station.ui.operator.call_pad import call_word
from station.ui.operator.controller import CountController
from station.ui.operator.key_prompt import KeyPrompt, Option
from station.ui.operator.keys_back import open_over

PILE_READ_S = 0.5  # how long a full pile's question is shown before Enter can answer it


def short_reason(reason: Reason) -> str:
    """A challenge's reason on its answer button: short, two answers share the column."""
    words = {
        Reason.NOT_ON_LIST: QCoreApplication.translate("Reason", "not on list"),
        Reason.SUPERVISOR: QCoreApplication.translate("Reason", "supervisor"),
        Reason.NO_LONGER_EMPLOYED: QCoreApplication.translate("Reason", "no longer employed"),
        Reason.MISMATCH: QCoreApplication.translate("Reason", "signature mismatch"),
        Reason.ENVELOPE_OPENED: QCoreApplication.translate("Reason", "envelope damaged"),
        Reason.OTHER: QCoreApplication.translate("Reason", "other"),
    }
    return words[reason]


class PileCountDialog(QDialog):
    """Asks how many ballots the recounted pile actually held."""

    def __init__(
        self,
        call: Call,
        pile: int,
        size: int,
        parent: QWidget | None = None,
        group: str | None = None,
        label: str | None = None,
    ) -> None:
        super().__init__(parent)
        title = PileRef(call, pile, group, label=label).title
        self.setWindowTitle(fill(self.tr("%1: ballots found"), title))
        self.found = QSpinBox()
        self.found.setRange(0, 10 * size)
        self.found.setValue(size)
        self.found.setAccessibleName(self.tr("Ballots found in the pile"))
        self.found.setToolTip(self.tr("How many ballots the recount of this pile found"))
        form = QFormLayout()
        form.addRow(fill(self.tr("%1 holds"), title), self.found)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            self.tr("Record the recount")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        words = label or call_word(call)
        if group is None:
            said = fill(self.tr("The journal has %1 %2 ballots in this pile."), size, words)
        else:
            said = fill(
                self.tr("The journal has %1 %2 ballots of group %3 in this pile."),
                size,
                words,
                group,
            )
        layout.addWidget(QLabel(said))
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.found.selectAll()


class CountPrompts(QWidget):
    """The count's questions, stacked above the call pad; the window routes keys here."""

    def __init__(self, controller: CountController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.election = describe(controller.setup)
        self.over_count = KeyPrompt("overCountPrompt")
        self.pile = KeyPrompt("pilePrompt")
        self.dispute = KeyPrompt("disputePrompt")
        self.challenge = KeyPrompt("challengePrompt")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for prompt in self.prompts():
            layout.addWidget(prompt)
        self._challenge_seq: int | None = None
        # Whether "Who challenged?" was answered: until then the register holds the Board
        # agent, which the question may not state as the answer.
        self._challenger_given = False
        self._challenge_ballot = 0
        self.pile_read_s = PILE_READ_S
        self._pile_asked_at = 0.0
        self._pile_asked: PileRef | None = None
        self.pile_dialog: PileCountDialog | None = None
        # How a different pile count is asked for (the pile, its size); tests answer it.
        self.ask_pile_count: Callable[[PileRef, int], None] = self._open_pile_dialog

        self.over_count.chosen.connect(self._on_over_count_chosen)
        self.pile.chosen.connect(self._on_pile_chosen)
        self.dispute.chosen.connect(self._on_dispute_chosen)
        self.challenge.chosen.connect(self._on_challenge_chosen)
        controller.changed.connect(self._on_controller_changed)
        controller.over_count_refused.connect(self._on_controller_over_count_refused)
        self.refresh_piles()

    def prompts(self) -> tuple[KeyPrompt, ...]:
        """Most urgent first: that is the order keys are offered to them."""
        return (self.over_count, self.pile, self.dispute, self.challenge)

    def answers(self, key: int) -> bool:
        """Whether an open prompt answers to this unmodified key (Esc closes the
        challenge question, which offers no Esc of its own)."""
        if key == Qt.Key.Key_Escape and not self.challenge.isHidden():
            return True
        return any(prompt.offers(key) for prompt in self.prompts())

    def handle_key(self, key: int) -> bool:
        """Give an unmodified key to the first open prompt that answers to it; else Esc
        closes the challenge question: its answers are optional, the challenge is
        recorded, and the register (Ctrl+R) still takes them (docs/operator.md).

        A question Esc closes is said to be closed: its buttons never had the focus,
        so a screen reader's user would otherwise hear nothing happen."""
        if any(prompt.handle_key(key) for prompt in self.prompts()):
            if key == Qt.Key.Key_Escape:
                announce(self, self.tr("Question closed"))
            return True
        if key == Qt.Key.Key_Escape and not self.challenge.isHidden():
            self.challenge.dismiss()
            self._challenge_seq = None
            announce(self, self.tr("Question closed"))
            return True
        return False

    def call_recorded(self) -> None:
        """A call is recorded and about to be said: the challenge question about the one
        before closes first. Closed after the call was said, its going would cut the
        call's announcement short (a screen reader heard nothing of it)."""
        self.challenge.dismiss()
        self._challenge_seq = None

    def call_key_pressed(self) -> None:
        """A call is being made: questions about the one before are over."""
        self.over_count.dismiss()
        self.dispute.dismiss()

    # -- disputing a call ---------------------------------------------------------------

    def ask_dispute(self) -> None:
        """Ask which party disputes the agent's ruling on the last ballot that counts.

        Any party may dispute a FOR, AGAINST or VOID (docs/rules.md, "Resolving
        challenges"); once disputed, another party may join or the dispute be withdrawn.
        Each party answers with its own key, as in the challenge prompt.
        """
        count = self.controller.count
        last = count.done(last=1)
        if not last or (
            last[0][1] is Call.CHALLENGE and last[0][0] not in count.resolutions.disputes
        ):
            self.dispute.ask(
                self.tr("No opened ballot was called last: there is no ruling to dispute."),
                [[Option(Qt.Key.Key_Escape, self.tr("OK"), None)]],
            )
            return
        seq, call = last[0]
        ballot = count.ballot_of(seq) or count.counted
        dispute = count.resolutions.disputes.get(seq)
        parties = self.election.disputing_parties
        if dispute is not None and not dispute.withdrawn:
            disputing = self.election.challenger(dispute.party)
            options = [
                Option(
                    Qt.Key.Key_W,
                    fill(self.tr("%1 withdraws"), disputing.short_words),
                    ("withdraw", seq, disputing.id),
                )
            ]
            others = [party for party in parties if party.id != dispute.party]
            if dispute.joined is None:
                # J where one other party may join; else each party by its own key.
                keys = [Qt.Key.Key_J] if len(others) == 1 else [_key(p.key) for p in others]
                options[:0] = [
                    Option(
                        key, fill(self.tr("%1 joins"), party.short_words), ("join", seq, party.id)
                    )
                    for key, party in zip(keys, others, strict=True)
                ]
            self.dispute.ask(
                fill(
                    self.tr("<b>Ballot %1 %2</b> is disputed by %3."),
                    f"{ballot:,}",
                    call_word(dispute.call),
                    in_sentence_words(disputing.in_sentence),
                ),
                [[*options, Option(Qt.Key.Key_Escape, self.tr("Cancel"), None)]],
            )
            return
        as_called = self.election.as_called_keys
        self.dispute.ask(
            fill(
                self.tr(
                    "<b>Ballot %1 %2:</b> which party disputes the agent's call?"
                    " %3: carried as CHALLENGED; %4: left as called, noted for objections."
                ),
                f"{ballot:,}",
                call_word(call),
                self.tr(" or ").join(p.key for p in parties),
                self.tr(" or ").join(as_called),
            ),
            [
                [
                    *(
                        Option(_key(party.key), party.short_words, ("carry", seq, call, party.id))
                        for party in parties
                    ),
                ],
                [
                    Option(
                        _key(key),
                        fill(self.tr("%1, as called"), party.short_words),
                        ("note", seq, call, party.id),
                    )
                    for key, party in zip(as_called, parties, strict=False)
                ],
                # on a line of its own after every answer, never alone between two rows
                [Option(Qt.Key.Key_Escape, self.tr("Cancel"), None)],
            ],
        )

    def _on_dispute_chosen(self, value: object) -> None:
        self.dispute.dismiss()
        if not isinstance(value, tuple):
            return
        controller = self.controller
        match value:
            case ("carry" | "note" as how, int(seq), Call() as call, str(party)):
                controller.dispute(seq, call, party, left_as_called=how == "note")
            case ("join", int(seq), str(party)):
                controller.join_dispute(seq, party)
            case ("withdraw", int(seq), str(party)):
                controller.settle(seq, "withdrawn", party)

    # -- challenges ---------------------------------------------------------------------

    def _ask_challenge(self, challenge: Challenge, ballot: int, *, digits: bool = True) -> None:
        """Who challenged and why. `digits` False: no challenger by a digit any more (a
        union of several by its vote key): the digits record votes again."""
        self._challenge_seq = challenge.seq
        self._challenge_ballot = ballot
        parties = [
            Option(_key(challenger.key), challenger.short_words, ("party", challenger.id))
            for challenger in self.election.challengers
            if digits or not challenger.key.isdigit()
        ]
        rows = [
            parties,
            [
                Option(Qt.Key(ord(letter)), short_reason(reason), ("reason", reason))
                for letter, reason in REASON_KEYS  # the same letters on every ballot
            ],
        ]
        self.challenge.ask("", rows)
        self.challenge.set_question(self._challenge_question(challenge, ballot))  # as asked

    def _digits_name_parties(self) -> bool:
        return any(challenger.key.isdigit() for challenger in self.election.challengers)

    def _challenge_question(self, challenge: Challenge, ballot: int) -> str:
        reason = (
            reason_words(challenge.reason) if challenge.reason else self.tr("reason not given yet")
        )
        if self._challenger_given:
            template = self.tr(
                "<b>Ballot %1 CHALLENGED</b> by %2; %3. Who challenged, and why?"
                " (optional; counting goes on)"
            )
        else:
            template = self.tr(
                "<b>Ballot %1 CHALLENGED</b>: who challenged, and why? (optional; counting"
                " goes on; until answered, recorded as by %2; %3)"
            )
        question = fill(template, f"{ballot:,}", self.election.said(challenge.party), reason)
        if self._digits_name_parties() and self.challenge.offers(Qt.Key.Key_1):
            question += self.tr(" A union's key names it here: Esc first to record the next vote.")
        return question

    def _on_challenge_chosen(self, value: object) -> None:
        if self._challenge_seq is None or not isinstance(value, tuple):
            return
        field, choice = value
        entry = self.controller.count.challenges.get(self._challenge_seq)
        if field == "party" and entry is not None and entry.party == str(choice):
            # The Board agent named, as the register holds until answered: nothing new
            # to record, yet the question is answered and says so.
            self._challenger_given = True
            self.challenge.set_question(self._challenge_question(entry, self._challenge_ballot))
            return
        self.controller.amend_challenge(self._challenge_seq, {field: str(choice)})

    # -- piles ------------------------------------------------------------------------

    def refresh_piles(self) -> None:
        """Ask for the recount of a full pile while the count is open, and keep any
        mismatch in view."""
        count = self.controller.count
        piles = count.piles
        if piles.size <= 0:
            return
        # A locked count records no recount: the question waits for the reopening.
        pending = count.piles_to_check() if count.locked_by is None else []
        lines = [
            fill(
                self.tr(
                    "<b>MISMATCH: %1</b> held %2, the journal has %3. Correct the count (undo,"
                    " or call the missing ballots), then recount the pile when it is full again."
                ),
                m.name,
                m.found,
                m.size,
            )
            for m in piles.mismatches()
        ]
        options: list[list[Option]] = []
        if pending:
            ref = pending[0]
            if self._pile_asked != ref:
                self._pile_asked, self._pile_asked_at = ref, time.monotonic()
            more = (
                ""
                if len(pending) == 1
                else self.tr(" (1 more pile to recount)")
                if len(pending) == 2
                else fill(self.tr(" (%1 more piles to recount)"), f"{len(pending) - 1:,}")
            )
            lines.insert(
                0,
                fill(
                    self.tr("<b>%1 is full.</b> Recount it: does it hold exactly %2?%3"),
                    ref.title,
                    piles.size,
                    more,
                ),
            )
            options = [
                [
                    Option(
                        Qt.Key.Key_Return, fill(self.tr("Holds %1"), piles.size), (ref, piles.size)
                    ),
                    Option(Qt.Key.Key_N, self.tr("Found another number\u2026"), (ref, None)),
                ]
            ]
        if not pending:
            self._pile_asked = None  # asked again later, it is a new question
        if not lines:
            self.pile.dismiss()
            return
        self.pile.ask("<br>".join(lines), options)

    def _on_pile_chosen(self, value: object) -> None:
        if not isinstance(value, tuple) or not isinstance(value[0], PileRef):
            return
        ref, found = value
        if found is None:
            self.ask_pile_count(ref, self.controller.count.piles.size)
            return
        # A recount takes the agent a while: an Enter that comes before the question
        # was on screen for a moment (a bounce, or a key typed ahead) confirms nothing.
        if time.monotonic() - self._pile_asked_at < self.pile_read_s:
            asked = self.pile.question.text()
            early = say(EARLY_RECOUNT)
            if early not in asked:  # said, never silently dropped
                self.pile.set_question(f"{asked}<br><i>{early}</i>")
            return
        self._record_pile(ref, found)

    def _open_pile_dialog(self, ref: PileRef, size: int) -> None:
        dialog = PileCountDialog(ref.call, ref.pile, size, self.window(), ref.group, ref.label)
        dialog.accepted.connect(lambda: self._record_pile(ref, dialog.found.value()))
        self.pile_dialog = dialog
        open_over(self.window(), dialog)

    def _record_pile(self, ref: PileRef, found: int) -> None:
        self.controller.check_pile(ref.call, ref.pile, found, ref.group, ref.choice)

    # -- over-count ---------------------------------------------------------------------

    def _on_controller_over_count_refused(self, call: Call) -> None:
        full = getattr(self.controller, "over_count_group", None)
        if full is None:
            box, counted = self.controller.setup.ballots or 0, self.controller.count.counted
            question = fill(
                self.tr(
                    "<b>NOT RECORDED:</b> all %1 ballots in the box are counted; this %2 would"
                    " be ballot %3. Record it only if the agent confirms there are more ballots"
                    " than the box was said to hold."
                ),
                f"{box:,}",
                call_word(call),
                f"{counted + 1:,}",
            )
        else:
            key, box = full
            counted = box  # every ballot of its box is handled
            question = fill(
                self.tr(
                    "<b>NOT RECORDED:</b> all %1 ballots in group %4's box are counted; this %2"
                    " would be ballot %3 of group %4. Record it only if the agent confirms there"
                    " are more ballots than the box was said to hold (or press Esc and G to"
                    " call it in its own group)."
                ),
                f"{box:,}",
                call_word(call),
                f"{counted + 1:,}",
                key,
            )
        self.over_count.ask(
            question,
            [
                [
                    # Short enough to show whole in the column of an 800-pixel window
                    # ("Record this CHALLENGED anyway" was cut off); the question just
                    # above names the call.
                    Option(Qt.Key.Key_Y, self.tr("Record it anyway"), call),
                    Option(Qt.Key.Key_Escape, self.tr("Do not record it"), None),
                ]
            ],
            assertive=True,  # a call NOT RECORDED interrupts, as every refusal does
        )
        QApplication.beep()

    def _on_over_count_chosen(self, value: object) -> None:
        self.over_count.dismiss()
        if isinstance(value, Call):
            vote = getattr(self.controller, "over_count_vote", None)
            self.controller.record(vote if isinstance(vote, Vote) else value, over_count=True)

    # -- following the count ------------------------------------------------------------

    def _on_controller_changed(self, change: Change) -> None:
        action = change.event.action
        # Whatever was recorded, a question asked before it is stale now: the last VOID
        # or the number counted may have changed. Ask again if needed.
        self.over_count.dismiss()
        self.dispute.dismiss()
        if action is Action.CALL and change.event.call is Call.CHALLENGE:
            entry = self.controller.count.challenges.get(change.event.seq)
            if entry is not None and change.ballot is not None:
                self._challenger_given = False
                self._ask_challenge(entry, change.ballot)
        elif action is Action.AMEND and change.event.target == self._challenge_seq:
            if "party" in (change.event.detail or {}):
                self._challenger_given = True  # here, or in the register
            if change.challenge is not None and change.ballot is not None:
                if self._digits_name_parties() and self.challenge.offers(Qt.Key.Key_1):
                    # A union's key is also its vote key: it names the challenger only
                    # as the first answer after C; once anything is answered the digits
                    # record votes again.
                    self._ask_challenge(change.challenge, change.ballot, digits=False)
                self.challenge.set_question(
                    self._challenge_question(change.challenge, change.ballot)
                )
        elif action in (Action.CALL, Action.UNDO, Action.REDO, Action.DISPUTE, Action.SIGN) or (
            action is Action.RESOLVE and change.event.target == self._challenge_seq
        ):
            # A settled challenge's who and why are the register's now (Ctrl+R).
            self.challenge.dismiss()
            self._challenge_seq = None
        if action in (
            *(Action.CALL, Action.UNDO, Action.REDO, Action.DISPUTE, Action.PILE),
            *(Action.SIGN, Action.REOPEN),
        ):
            self.refresh_piles()


def _key(key: str) -> Qt.Key:
    """The Qt key of a letter or digit a challenger or option is named by."""
    return Qt.Key(ord(key.upper()))
