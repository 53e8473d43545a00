"""The envelope window: every returned envelope found on the voter list and ruled.

The search field always has the focus. Typing an id or any part of a name narrows the
list; Enter picks the single (or highlighted, Up/Down) match; then one key rules the
envelope: A accepted, C challenged, V void, L late (received after the due date), P
voted at the polls (an election with --polls); Esc drops the pick. After C the
challenge prompt takes a party key (as the election declares its challengers: E, U, B;
an RD case's P; 1-9 for each of several unions) and a reason key (I/S/X/M/R/O), each optional;
Enter or Esc closes it, and any other key closes it and starts the next search.
Ctrl+N writes in a voter not on the list (challenged unless ruled otherwise);
Ctrl+Z / Ctrl+Shift+Z undo and redo rulings, visibly; Ctrl+Shift+B ends the stage
(Enter confirms); Ctrl+Q quits at once. Opened after the tally (`station open FILE
--after-tally`) it records envelopes received after it instead: Enter picks, L records.
"""

import html
from collections.abc import Sequence
from enum import Enum, auto

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from station.domain import Action, Change
from station.domain.challenges import REASON_KEYS, Reason, reason_words
from station.domain.describe import envelope_challenged_by
from station.domain.description import describe as describe_election
from station.domain.envelope_parties import envelope_entry, stage_statement
from station.domain.envelopes import (
    RULING_KEYS,
    SECOND_ENVELOPE_WHY,
    Ruling,
    end_stage_statement,
    envelope_words,
    ruled_noun,
    voter_group,
    voter_key,
)
from station.domain.group_statements import written_in_group_statement
from station.domain.groups import written_in_group
from station.domain.mail_statements import AFTER_TALLY_ONLY_RECORDED, over_accepted_statement
from station.domain.parties import Party
from station.domain.party_words import parties_title
from station.domain.text import full_sentence
from station.domain.write_ins import identify
from station.journal import WriteFailed
from station.ui.announce import announce, announce_rich
from station.ui.contrast import ERROR_INK
from station.ui.envelopes.controller import EnvelopeController
from station.ui.operator.challenge_register import ChallengeRegisterDialog
from station.ui.operator.choice_pad import election_html

SHOWN = 200  # matches listed at once; typing more narrows the rest
# How long typing pauses before a screen reader says the matches.
MATCHES_SAID_AFTER_MS = 400
# Why an envelope is challenged: the one list of reasons, a letter each (challenges.py).
_REASON_KEYS: dict[str, Reason] = dict(REASON_KEYS)
_RULING_KEYS = {ord(letter): ruling for letter, ruling in RULING_KEYS.items()}
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_CTRL = Qt.KeyboardModifier.ControlModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier


class Mode(Enum):
    SEARCH = auto()  # typing an id or a name
    PICKED = auto()  # a voter (or a write-in) picked: one key rules the envelope
    CHALLENGE = auto()  # after C: party and reason keys, each optional
    CONFIRM_END = auto()  # Ctrl+Shift+B: Enter ends the envelope stage


class EnvelopeWindow(QMainWindow):
    """Where the operator records the Board agent's ruling on each returned envelope.

    Signals:
        closing(): the window is closing (its placement may be saved now).
        stage_ended(): the stage ended: the count goes on in the operator window, with
            this window's controller (this window then closes without closing it).
    """

    closing = Signal()
    stage_ended = Signal()

    def __init__(
        self,
        controller: EnvelopeController,
        parent: QWidget | None = None,
        *,
        after_tally: bool = False,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.election = describe_election(controller.setup)
        self.reason_keys = _REASON_KEYS  # the same letters on every ballot
        self.after_tally = after_tally  # records envelopes received after the tally
        controller.setParent(self)
        self.dashboard = None  # the operator window's; Station asks every window for it
        self.mode = Mode.SEARCH
        self.write_in = False  # Ctrl+N: the search field holds a name not on the list
        self.picked: tuple[str | None, str] | None = None  # (voter id or None, name)
        self.challenge_seq: int | None = None
        self._who_asked = False  # a new challenge whose challenger is not yet given
        self._found: Sequence[int] = []
        self._found_for = ""
        self._closed = False
        self._handed_over = False
        setup = controller.setup
        self.setObjectName("operatorWindow")  # the operator window's stylesheet
        self.setWindowTitle(
            self.tr("Station \u2014 envelopes \u2014 {case} \u2014 {parties}").format(
                case=setup.case_number, parties=parties_title(setup.employer, setup.ballot)
            )
        )
        # Every party, as the operator window of such a ballot says them.
        election = QLabel(election_html(self.election))
        election.setObjectName("electionLabel")
        election.setWordWrap(True)  # every party's name, on a laptop's screen
        voters = f"{len(controller.voters):,}"
        stage = QLabel(
            self.tr(
                "<b>ENVELOPE STAGE</b> \u2014 {voters} voters on the list; no ballot is"
                " opened until the stage ends (<b>Ctrl+Shift+B</b>); voters at the polls are"
                " checked off (<b>P</b>), or challenged (<b>C</b>)"
            ).format(voters=voters)
            if setup.polls
            else self.tr(
                "<b>ENVELOPE STAGE</b> \u2014 {voters} voters on the list; no ballot is"
                " opened until the stage ends (<b>Ctrl+Shift+B</b>)"
            ).format(voters=voters)
        )
        stage.setWordWrap(True)
        if after_tally:
            stage.setText(
                self.tr(
                    "<b>RECEIVED AFTER THE TALLY</b> \u2014 each envelope is recorded by voter"
                    " and never opened; the tally does not change"
                )
            )
        self.figures_label = QLabel()
        self.figures_label.setObjectName("progressLabel")
        self.figures_label.setWordWrap(True)  # a mixed election's line is long: it wraps
        self.error_banner = QLabel()
        self.error_banner.setObjectName("errorBanner")
        self.error_banner.setWordWrap(True)
        self.error_banner.hide()
        self.prompt = QLabel()
        self.prompt.setObjectName("noticeBanner")
        self.prompt.setWordWrap(True)
        self.prompt.hide()
        self.search = QLineEdit()
        self.search.setObjectName("envelopeSearch")
        self.search.setAccessibleName(self.tr("Find a voter's envelope"))
        self.search.setMinimumHeight(44)
        font = self.search.font()
        font.setPointSize(16)
        self.search.setFont(font)
        self.matches = QListWidget()
        self._matches_said = QTimer(self)
        self._matches_said.setSingleShot(True)
        self._matches_said.setInterval(MATCHES_SAID_AFTER_MS)
        self._matches_said.timeout.connect(self._on_matches_said_timeout)
        self.matches.setAccessibleName(self.tr("Voters found"))
        self.matches.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.matches.setUniformItemSizes(True)  # no layout of every row to highlight one
        self._shown: list[int] = []  # the voters listed, by their place on the list
        self.more_label = QLabel()
        self.picked_label = QLabel()
        self.picked_label.setObjectName("validLabel")
        self.picked_label.setWordWrap(True)
        self.picked_label.setTextFormat(Qt.TextFormat.RichText)
        self.recent = QListWidget()
        self.recent.setAccessibleName(self.tr("Rulings, newest first"))
        self.recent.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A long ruling (a replacement names the envelope it replaces) wraps: behind a
        # horizontal scroll bar its end was out of sight.
        self.recent.setWordWrap(True)
        self.recent.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.recent.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.recent.setResizeMode(QListWidget.ResizeMode.Adjust)
        # Who may challenge, by the keys the election declares (an RD case's P, 1-9 for
        # several unions), then why: the challenge prompt offers the same keys.
        who = "/".join(f"<b>{c.key}</b>" for c in self.election.challengers)
        keys = QLabel(
            self.tr(
                "<b>Enter</b> pick · <b>A</b> accepted · <b>C</b> challenged (then {who},"
                " {why}) · <b>V</b> void · {late} · <b>Esc</b> drop · <b>Ctrl+N</b> write in ·"
                " <b>Ctrl+Z</b> undo · <b>Ctrl+Shift+Z</b> redo · <b>Ctrl+R</b> challenges ·"
                " <b>Ctrl+Shift+B</b> end the stage"
            ).format(
                who=who,
                why="/".join(f"<b>{letter}</b>" for letter in _REASON_KEYS),
                late=self._late_and_polls(),
            )
        )
        if after_tally:
            keys.setText(
                self.tr(
                    "<b>Enter</b> pick · <b>L</b> record it, received after the tally ·"
                    " <b>Esc</b> drop · <b>Ctrl+N</b> write in · <b>Ctrl+Q</b> close"
                )
            )
        keys.setWordWrap(True)
        self.keys_label = keys
        self.journal_label = QLabel()
        self.journal_label.setObjectName("journalLabel")
        self.statusBar().addPermanentWidget(self.journal_label)
        self.statusBar().showMessage(str(controller.journal.path))

        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.matches, 1)
        left.addWidget(self.more_label)
        left.addWidget(self.picked_label)
        right = QVBoxLayout()
        title = QLabel(self.tr("Rulings, newest first"))
        title.setObjectName("sectionTitle")
        right.addWidget(title)
        right.addWidget(self.recent, 1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        main = QVBoxLayout()
        for widget in (election, stage, self.figures_label, self.error_banner, self.prompt):
            main.addWidget(widget)
        main.addLayout(columns, 1)
        main.addWidget(keys)
        body = QWidget()
        body.setLayout(main)
        self.setCentralWidget(body)

        self.search.installEventFilter(self)
        self.search.textChanged.connect(self._on_search_text_changed)
        controller.changed.connect(self._on_controller_changed)
        controller.refused.connect(self._on_controller_refused)
        controller.write_failed.connect(self._on_controller_write_failed)
        controller.stage_ended.connect(self._on_controller_stage_ended)
        for change in controller.recent:
            if change.envelope is not None or change.event.action.value == "end_envelopes":
                self.recent.insertItem(0, self._words(change))
        self._set_mode(Mode.SEARCH)
        self._refresh()
        self.search.setFocus()

    # -- the list as one types ------------------------------------------------------

    def _on_search_text_changed(self, text: str) -> None:
        if self.write_in:
            self.matches.clear()
            self.more_label.setText(
                self.tr("Written in: Enter takes the name as typed, for a voter not found")
            )
            return
        voters = self.controller.voters
        narrower = bool(self._found_for) and text.casefold().startswith(self._found_for.casefold())
        self._found = voters.search(text, self._found if narrower and text.strip() else None)
        self._found_for = text
        self.matches.clear()
        self._shown = []
        if text.strip():
            # An id typed whole comes first; the rest in the list's order.
            exact = voters.position(text.strip())
            first = [] if exact is None or not self._found else [exact]
            rest = [p for p in self._found[: SHOWN + 1] if p != exact]
            self._shown = (first + rest)[:SHOWN]
            # One call for the lot: adding items one by one costs 30 times more.
            listed = map(voters.voters.__getitem__, self._shown)
            self.matches.addItems([f"{voter.id}   {voter.name}" for voter in listed])
            if self._shown:
                self.matches.setCurrentRow(0)
        found = len(self._found) if text.strip() else 0
        if not text.strip():
            self.more_label.setText("")
        elif found > SHOWN:
            self.more_label.setText(
                self.tr("{found} matching (the first {shown} shown: type more)").format(
                    found=f"{found:,}", shown=SHOWN
                )
            )
        else:
            self.more_label.setText(self.tr("{found} matching").format(found=f"{found:,}"))
        self._matches_said.start()  # said once the typing pauses, not at each letter

    def _on_matches_said_timeout(self) -> None:
        """Have a screen reader say how many match and which one Enter would take: the
        list never has the focus (typing goes on in the search field)."""
        current = self.matches.currentItem()
        found = self.more_label.text()
        if found:
            announce(self, f"{found}: {current.text()}" if current is not None else found)

    # -- keys -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.search and event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if event.modifiers() & _CTRL:
                event.accept()  # Ctrl+Z is ours, not the field's own undo
                return True
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            return self._key(event)
        return super().eventFilter(watched, event)

    def _key(self, event: QKeyEvent) -> bool:
        """Handle a key typed into the search field; False lets the field take it."""
        key, mods = event.key(), event.modifiers()
        if mods & _CTRL:
            return self._control_key(key, bool(mods & _SHIFT))
        if event.isAutoRepeat() and self.mode is not Mode.SEARCH:
            return True  # a held-down key rules one envelope
        match self.mode:
            case Mode.SEARCH:
                return self._search_key(key)
            case Mode.PICKED if self.after_tally:
                if key == Qt.Key.Key_L or key in _ENTER:
                    self._record_after_tally()
                elif key == Qt.Key.Key_Escape:
                    self._start_over()
                elif key in _RULING_KEYS:
                    self._on_controller_refused(AFTER_TALLY_ONLY_RECORDED)
                return True
            case Mode.PICKED:
                if key in _RULING_KEYS:
                    self._rule(_RULING_KEYS[key])
                elif key in _ENTER and self.picked is not None and self.picked[0] is None:
                    self._rule(Ruling.CHALLENGED)  # a written-in voter: challenged by default
                elif key == Qt.Key.Key_Escape:
                    self._start_over()  # the pick and what was typed for it, write-in or not
                return True
            case Mode.CHALLENGE:
                letter = chr(key) if 0 < key < 0x110000 else ""
                if letter in self.reason_keys:
                    self._amend({"reason": self.reason_keys[letter].value})
                    return True
                challenger = self.election.challenger_for_key(letter)
                if challenger is not None:
                    self._who_asked = False
                    self._amend({"party": challenger.id})
                    return True
                self._set_mode(Mode.SEARCH)
                # Enter or Esc only close the prompt; any other key starts the next search.
                return key in (*_ENTER, Qt.Key.Key_Escape)
            case Mode.CONFIRM_END:
                if key in _ENTER:
                    self._set_mode(Mode.SEARCH)
                    self.controller.end_stage()
                elif key == Qt.Key.Key_Escape:
                    self._set_mode(Mode.SEARCH)
                return True
        return False  # pragma: no cover

    def _search_key(self, key: int) -> bool:
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self.matches.count():
            step = -1 if key == Qt.Key.Key_Up else 1
            row = min(max(self.matches.currentRow() + step, 0), self.matches.count() - 1)
            self.matches.setCurrentRow(row)
            current = self.matches.currentItem()
            if current is not None:
                announce(self, current.text())
            return True
        if key in _ENTER:
            self._pick()
            return True
        if key == Qt.Key.Key_Escape:
            self._start_over()
            return True
        return False

    def _control_key(self, key: int, shift: bool) -> bool:
        if key == Qt.Key.Key_Q:
            self.close()
        elif self.after_tally and key in (Qt.Key.Key_Z, Qt.Key.Key_Y, Qt.Key.Key_B):
            self._on_controller_refused(AFTER_TALLY_ONLY_RECORDED)
        elif key == Qt.Key.Key_Z and not shift:
            self._drop()
            self.controller.undo_ruling()
        elif (key == Qt.Key.Key_Z and shift) or key == Qt.Key.Key_Y:
            self._drop()
            self.controller.redo_ruling()
        elif key == Qt.Key.Key_R:
            self._drop()
            ChallengeRegisterDialog(self.controller, self).open()  # envelopes by name and id
        elif key == Qt.Key.Key_N:
            self.picked = None
            self.write_in = True
            self.search.clear()
            self._set_mode(Mode.SEARCH)
        elif key == Qt.Key.Key_B and shift:
            self.picked = None
            self._set_mode(Mode.CONFIRM_END)
        elif key in (Qt.Key.Key_A, Qt.Key.Key_C, Qt.Key.Key_V, Qt.Key.Key_X):
            return False  # the field's own select-all, copy, paste and cut
        return True

    # -- what the keys do ----------------------------------------------------------------

    def _pick(self) -> None:
        text = " ".join(self.search.text().split())
        if self.write_in:
            if text:
                # A name on the list (or written in before) is that voter's envelope:
                # the pick shows whose, and the second-envelope warning if it applies.
                earlier = (e.write_in for e in self.controller.count.envelopes.rulings())
                who = identify(text, self.controller.voters, (n for n in earlier if n))
                listed = self.controller.voters.get(who.voter) if who.voter else None
                self.picked = (listed.id, listed.name) if listed else (None, who.write_in or text)
                self._set_mode(Mode.PICKED)
            return
        if not text.strip() or not self._shown:
            return
        row = self.matches.currentRow() if len(self._shown) > 1 else 0
        voter = self.controller.voters.voters[self._shown[max(row, 0)]]
        self.picked = (voter.id, voter.name)
        self._set_mode(Mode.PICKED)

    def _drop(self) -> None:
        self.picked = None
        self._set_mode(Mode.SEARCH)

    def _start_over(self) -> None:
        """Esc: an empty search field for the next envelope. A write-in left in the field
        would otherwise take the next id typed into its name."""
        self.picked = None
        self.write_in = False
        self.search.clear()
        self._set_mode(Mode.SEARCH)

    def _rule(self, ruling: Ruling) -> None:
        if self.picked is None:
            return
        voter, name = self.picked
        write_in = name if voter is None else None
        if not self.controller.rule(ruling, voter, write_in):
            return  # refused or not written: the pick stays, the banner says why
        self.picked = None
        self.write_in = False
        self.search.clear()
        if ruling is Ruling.CHALLENGED:
            self.challenge_seq = self.controller.journal.head_seq
            self._who_asked = True  # until a party key says who challenged
            self._set_mode(Mode.CHALLENGE)
        else:
            self._set_mode(Mode.SEARCH)

    def _record_after_tally(self) -> None:
        if self.picked is None:
            return
        voter, name = self.picked
        if not self.controller.record_after_tally(voter, name if voter is None else None):
            return  # refused or not written: the pick stays, the banner says why
        self._start_over()

    def _late_and_polls(self) -> str:
        """The keys L and P as this election has them."""
        setup = self.controller.setup
        if not setup.current_mail_rules:
            return self.tr("<b>L</b> late")
        if setup.polls:
            return self.tr("<b>L</b> received after the due date · <b>P</b> voted at the polls")
        return self.tr("<b>L</b> received after the due date")

    def _amend(self, changes: dict[str, object]) -> None:
        if self.challenge_seq is None:
            return
        # A written-in voter's envelope is challenged as not on the list from the start:
        # that reason's key (or a party named already) changes nothing, and the session
        # records nothing for it.
        self.controller.amend_challenge(self.challenge_seq, changes)
        self._set_mode(Mode.CHALLENGE)  # the prompt shows what is given now

    # -- what the screen shows ---------------------------------------------------------

    def _set_mode(self, mode: Mode) -> None:
        self.mode = mode
        if mode is not Mode.PICKED:
            self.picked = None
        if mode is Mode.SEARCH:
            hint = (
                self.tr("Name as on the envelope, then Enter")
                if self.write_in
                else self.tr("Voter id or name, then Enter")  # Ctrl+N is on the keys line below
            )
            self.search.setPlaceholderText(hint)
        self.search.setReadOnly(mode is not Mode.SEARCH)
        self._show_prompt()
        self._show_picked()

    def _show_prompt(self) -> None:
        text = ""
        if self.mode is Mode.CHALLENGE and self.challenge_seq is not None:
            challenge = self.controller.count.challenges.get(self.challenge_seq)
            party = challenge.party if challenge else Party.BOARD_AGENT
            who = self.election.said(party)
            parties = " ".join(
                f"<b>{c.key}</b> {html.escape(c.short_words)}" for c in self.election.challengers
            )
            reason = (
                reason_words(challenge.reason)
                if challenge and challenge.reason
                else self.tr("not given")
            )
            reasons = "  ".join(
                f"<b>{k}</b> {html.escape(reason_words(r))}" for k, r in self.reason_keys.items()
            )
            # Nobody is named the challenger before a party key says who (a write-in's
            # challenge too): the Board agent is recorded only until then.
            asked = self._who_asked and party == Party.BOARD_AGENT.value
            if asked:
                said = self.tr(
                    "<b>CHALLENGED</b>, reason: {reason}. <b>Who challenged?</b> {parties}"
                    " (the Board agent until one is pressed). Why: {reasons}."
                )
            else:
                said = self.tr(
                    "<b>CHALLENGED</b> by {who}, reason: {reason}. Who: {parties}. Why: {reasons}."
                )
            text = said.format(
                who=html.escape(who), reason=html.escape(reason), parties=parties, reasons=reasons
            ) + self.tr(" <b>Enter</b> or <b>Esc</b> closes; typing goes on to the next envelope.")
        elif self.mode is Mode.CONFIRM_END:
            figures = self.controller.count.envelopes.figures
            over = over_accepted_statement(figures.box, len(self.controller.voters))
            warning = f"<br><span style='color:{ERROR_INK}'><b>{html.escape(over)}</b></span>"
            text = (
                f"<b>{html.escape(end_stage_statement(figures))}</b>{warning if over else ''}"
                + self.tr(" <b>Enter</b> ends the stage, <b>Esc</b> goes back.")
            )
        if text and text != self.prompt.text():
            announce_rich(self, text)
        self.prompt.setText(text)
        self.prompt.setVisible(bool(text))

    def _show_picked(self) -> None:
        if self.picked is None:
            self.picked_label.setText("")
            return
        voter_id, name = self.picked
        who = html.escape(name)
        if voter_id is None:
            lines = [
                self.tr(
                    "<b>{who}</b> \u2014 written in, not on the list: <b>Enter</b> or <b>C</b>"
                    " challenges (not on the list), <b>A</b>/<b>V</b>/<b>L</b> rule otherwise"
                ).format(who=who)
            ]
            if self.after_tally:
                lines = [self.tr("<b>{who}</b> \u2014 written in, not on the list").format(who=who)]
            key = voter_key(None, name)
            specs = self.controller.setup.ballot.groups
            if specs and not self.after_tally:  # its ballot's pile: the group typed first
                group, _ = written_in_group(name, tuple(spec.key for spec in specs))
                said = (
                    self.tr("Voting group {group}").format(group=group)
                    if group
                    else written_in_group_statement(specs)
                )
                lines.append(html.escape(said[0].upper() + said[1:]))
        else:
            voter = self.controller.voters.get(voter_id)
            extra = (  # the list's other columns, as the list names them
                ""
                if voter is None
                else " · ".join(f"{html.escape(k)}: {html.escape(v)}" for k, v in voter.extra)
            )
            lines = [f"<b>{html.escape(voter_id)} \u2014 {who}</b> {extra}"]
            if self.write_in:  # typed as a write-in, found on the list (write_ins.py)
                typed = html.escape(" ".join(self.search.text().split()))
                lines.append(
                    self.tr("Written in as \u201c{typed}\u201d: this voter on the list").format(
                        typed=typed
                    )
                )
            key = voter_id
        earlier = self.controller.count.envelopes.ruled(key)
        current = self.controller.setup.current_mail_rules
        if self.after_tally:
            if earlier:
                lines.append(
                    self.tr("Ruled before: {ruling} (event {seq})").format(
                        ruling=earlier[-1].ruling.label, seq=f"{earlier[-1].seq:,}"
                    )
                )
            lines.append(
                self.tr("<b>L</b> or <b>Enter</b> records it, never opened · <b>Esc</b> drop")
            )
        elif earlier and current and all(e.ruling is Ruling.VOID for e in earlier):
            lines.append(
                self.tr(
                    "<b>REPLACEMENT:</b> the voter's envelope was ruled VOID (event {seq});"
                    " this one is ruled like any other."
                ).format(seq=f"{earlier[-1].seq:,}")
            )
        elif earlier:
            first = next((e for e in earlier if e.ruling is not Ruling.VOID), earlier[0])
            second = (
                self.tr(
                    "<b>SECOND ENVELOPE:</b> the first was ruled {ruling} (event {seq}). It"
                    " cannot be accepted, counted late or checked off: {why}."
                )
                if current
                else self.tr(
                    "<b>SECOND ENVELOPE:</b> the first was ruled {ruling} (event {seq}). It"
                    " cannot be accepted: {why}."
                )
            )
            said = second.format(
                ruling=first.ruling.label,
                seq=f"{first.seq:,}",
                why=html.escape(SECOND_ENVELOPE_WHY),
            )
            lines.append(f"<span style='color:{ERROR_INK}'>{said}</span>")
        if not self.after_tally:
            lines.append(
                self.tr(
                    "<b>A</b> accepted · <b>C</b> challenged · <b>V</b> void · {late} ·"
                    " <b>Esc</b> drop"
                ).format(late=self._late_and_polls())
            )
        picked = "<br>".join(lines)
        if picked != self.picked_label.text():
            announce_rich(self, picked)  # the search field keeps the focus: said aloud
        self.picked_label.setText(picked)

    def _words(self, change: Change) -> str:
        envelope, voters = change.envelope, self.controller.voters
        stage = self.controller.count.envelopes
        group = None if envelope is None else voter_group(stage, envelope, voters)
        words = envelope_words(change, group)
        if change.event.action is Action.AMEND and change.event.target is not None:
            who = envelope_entry(self.controller.count, self.controller.voters, change.event.target)
            assert change.challenge is not None  # every applied AMEND has its challenge
            said = envelope_challenged_by(change.challenge, self.election.said)
            return f"{who or change.event.target} {said}"
        if envelope is not None and envelope.voter is not None:
            voter = self.controller.voters.get(envelope.voter)
            if voter is not None:
                noun = ruled_noun(envelope)
                words = words.replace(
                    f"{noun} {envelope.voter}", f"{noun} {envelope.voter} {voter.name}", 1
                )
        return words

    def _refresh(self) -> None:
        count = self.controller.count
        self.figures_label.setText(
            stage_statement(count.envelopes, count.challenges, self.election.short_names)
        )
        journal = self.controller.journal
        self.journal_label.setText(
            self.tr("{events} events · head {head}").format(
                events=f"{journal.head_seq:,}", head=journal.head_hash[:16]
            )
        )

    def _on_controller_changed(self, change: Change) -> None:
        self.error_banner.hide()
        if (
            change.envelope is not None
            or change.event.action.value == "end_envelopes"
            or change.event.action is Action.AMEND
        ):
            words = self._words(change)
            self.recent.insertItem(0, words)
            announce(self, words)
        self._refresh()

    def _on_controller_refused(self, reason: str) -> None:
        self.error_banner.setText(
            self.tr("<b>NOT RECORDED:</b> {reason}").format(reason=html.escape(reason))
        )
        self.error_banner.show()
        announce_rich(self, self.error_banner.text(), assertive=True)

    def _on_controller_write_failed(self, error: WriteFailed) -> None:
        # The banner says NOT RECORDED itself: the reason alone follows it.
        reason = html.escape(full_sentence(error.reason), quote=False)
        self.error_banner.setText(self.tr("<b>NOT RECORDED:</b> {reason}").format(reason=reason))
        self.error_banner.show()
        announce_rich(self, self.error_banner.text(), assertive=True)

    def _on_controller_stage_ended(self) -> None:
        self._handed_over = True
        self.stage_ended.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit at once: every ruling is already in the journal, so nothing is asked."""
        if not self._closed:
            self._closed = True
            self.closing.emit()
            if not self._handed_over:
                self.controller.close()
        event.accept()
