"""Composition root: builds the QApplication and wires the journal, controller and windows."""

from __future__ import annotations

import linecache
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSize, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from station import __version__
from station.domain.statements import READ_ONLY_TITLE, cannot_count_statement
from station.domain.text import one_line
from station.domain.words import say
from station.journal import CorruptJournal, Journal, JournalError
from station.journal.connection import has_sidecars, tidy_sidecars
from station.journal.seal import station_secret
from station.resources import read_text, resource_path
from station.settings import Settings
from station.sheet.keys import existing_fingerprint
from station.ui.display import NoDisplay, check_display, fatal_start_is_one_line
from station.ui.interrupt import InterruptToQuit
from station.ui.language import fill, install_translators
from station.ui.main_thread_gc import MainThreadCollector
from station.ui.operator.controller import CountController
from station.ui.operator.keys_back import take_keys_back
from station.ui.operator.window import OperatorWindow
from station.ui.screen_fit import fit_to_screen, within_screen
from station.ui.start.new_election import SUFFIX, NewElectionDialog
from station.ui.start.window import StartDialog

# The operator's (and the envelope stage's) window, where the screen has room for it.
WINDOW_SIZE = QSize(1100, 720)

if TYPE_CHECKING:
    # Imported where a mail ballot's envelope stage opens: a count at the table never
    # uses them, and each module imported after PySide6 stays in memory twice, as code
    # and as the source lines PySide6's import hook reads (bench/big_journal.py rss_mb).
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.envelopes.window import EnvelopeWindow


def ensure_app() -> QApplication:
    """The one QApplication, created with Station's name, icon and stylesheet."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    check_display()  # raises NoDisplay: one line, exit 2, instead of Qt's abort
    with fatal_start_is_one_line():
        app = QApplication(sys.argv[:1])
    app.setApplicationName("Station")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Station")
    app.setWindowIcon(QIcon(str(resource_path("station.svg"))))
    app.setStyleSheet(read_text("operator.qss"))
    install_translators(app)  # the language --lang or the system chose
    InterruptToQuit(app).install()
    MainThreadCollector(app)  # windows in reference cycles die in this thread only
    # PySide6's import hook reads the whole source of every module imported after it
    # (to see whether it names PySide6), and Python keeps those lines in linecache for
    # good: megabytes of text nothing reads. Let them go before the count is loaded,
    # which then reuses that memory (a traceback reads its lines again from the file).
    linecache.clearcache()
    return app


def run_loop(app: QApplication) -> int:
    """Run the event loop until the last window closes; Ctrl+C ends it quietly (130)."""
    interrupt = app.findChild(InterruptToQuit)
    return app.exec() if interrupt is None else interrupt.run()


class Station(QObject):
    """Keeps one operator window open at a time and answers the user's file requests.

    Remembers, in `settings`, the files opened (not the demo's), where the windows were,
    the dashboard's theme and the pile size last used for a new election.
    """

    def __init__(self, parent: QObject | None = None, settings: Settings | None = None) -> None:
        super().__init__(parent)
        self.window: OperatorWindow | EnvelopeWindow | None = None
        self.start: StartDialog | None = None
        self.settings = settings or Settings()
        self.demo_folders: list[Path] = []
        # Files that cannot be counted in, each shown read-only with what follows it.
        self.read_only: list[tuple[QWidget, JournalFollower]] = []
        # Those beside which the read-only view's reading made the -wal and -shm.
        self._sidecars_made: list[Path] = []

    def show_start(self) -> StartDialog:
        self.start = StartDialog(self.settings.recent_files(), self.settings.recent_case_numbers())
        self.start.new_election_requested.connect(self._on_new_election_requested)
        self.start.open_requested.connect(self._on_open_requested)
        self.start.demo_requested.connect(self._on_demo_requested)
        self.start.recent_file_requested.connect(self._on_start_recent_file_requested)
        self.start.show()
        return self.start

    def open_demo(self) -> None:
        """Open a new demo election, part-way through its count, from a temporary file."""
        from station.demo import DEMO_FILE, create_demo, demo_folder

        folder = demo_folder()
        self.demo_folders.append(folder)
        try:
            path = create_demo(folder / DEMO_FILE)
        except JournalError as error:
            QMessageBox.warning(self._parent_widget(), self.tr("Cannot make the demo"), str(error))
            return
        self.open_path(path)

    def close(self) -> None:
        """Close the operator window, and with it its journal (the session ends cleanly),
        and every file shown read-only."""
        if self.window is not None:
            self.window.close()
        for window, follower in self.read_only:
            window.close()
            follower.close()
        self.read_only.clear()
        # A file that cannot be counted in may be kept as evidence: left as it was found.
        for path in self._sidecars_made:
            tidy_sidecars(path)
        self._sidecars_made.clear()

    def show_read_only(self, path: Path) -> bool:
        """Show the election file `path`, which the operator window cannot count in,
        read-only: the observers' dashboard of the events before the first one that
        cannot be counted on, naming it. False if even that cannot be read."""
        from station.ui.dashboard.feed import JournalFollower
        from station.ui.dashboard.standalone import standalone_dashboard

        if not has_sidecars(path):
            self._sidecars_made.append(path)  # taken away as the view closes
        try:
            follower = JournalFollower(
                path, key_fingerprint=existing_fingerprint(), up_to_a_bad_event=True
            )
        except JournalError:
            if path in self._sidecars_made:
                self._sidecars_made.remove(path)
                tidy_sidecars(path)
            return False
        window = standalone_dashboard(follower, self.settings.theme())
        window.setWindowTitle(f"{window.windowTitle()} \N{EM DASH} {say(READ_ONLY_TITLE)}")
        self.read_only.append((window, follower))
        follower.start()
        window.place()
        follower.poll()  # the problem and the figures on screen at once
        return True

    def remove_demo_files(self) -> None:
        """Remove the demo's temporary files (once its window has let go of them)."""
        for folder in self.demo_folders:
            shutil.rmtree(folder, ignore_errors=True)
        self.demo_folders.clear()

    def show_operator(
        self,
        journal: Journal,
        controller: CountController | None = None,
        after_tally: bool = False,
    ) -> OperatorWindow | EnvelopeWindow:
        """Count into `journal` in a new operator window, closing any previous one.

        A mail ballot whose envelope stage is under way opens the envelope window
        instead; when the stage ends the operator window takes its controller over.
        `after_tally`: the envelope window records envelopes received after the tally.
        """
        if journal.election.setup.mail:
            from station.ui.envelopes.controller import EnvelopeController
            from station.ui.envelopes.window import EnvelopeWindow

            if controller is None:
                controller = EnvelopeController(journal)
            if isinstance(controller, EnvelopeController) and (
                controller.stage_open or after_tally
            ):
                envelopes = EnvelopeWindow(
                    controller, after_tally=after_tally and not controller.stage_open
                )
                return self._show_window(envelopes, "operator")
        controller = controller or CountController(journal)
        # The key's fingerprint is handed down like the seal secret: no window reads it.
        window = OperatorWindow(controller, key_fingerprint=existing_fingerprint)
        return self._show_window(window, "operator")

    def _on_stage_ended(self, window: EnvelopeWindow) -> None:
        operator = self.show_operator(window.controller.journal, window.controller)
        operator.activateWindow()  # the keys go on to the count, not to a closed window

    def _show_window(
        self, window: OperatorWindow | EnvelopeWindow, place: str
    ) -> OperatorWindow | EnvelopeWindow:
        if not isinstance(window, OperatorWindow):  # the envelope window
            window.stage_ended.connect(lambda: self._on_stage_ended(window))
            window.closing.connect(lambda: self.settings.set_geometry(place, window.saveGeometry()))
        else:
            window.new_election_requested.connect(self._on_new_election_requested)
            window.open_requested.connect(self._on_open_requested)
            window.closing.connect(lambda: self._on_window_closing(window))
            window.count_lost.connect(lambda problem: self._on_window_count_lost(window, problem))
            window.dashboard_theme_changed.connect(self.settings.set_theme)
            window.dashboard_theme = self.settings.theme()
            window.dashboard_geometry = self.settings.geometry("dashboard")
        previous, self.window = self.window, window
        fit_to_screen(window, WINDOW_SIZE)
        geometry = self.settings.geometry(place)
        if geometry is not None and window.restoreGeometry(geometry):
            within_screen(window)  # saved on a larger screen than this one
        # Show the new window before closing the old ones: closing the last visible
        # window would quit the application.
        window.show()
        if previous is not None:
            previous.close()
        if self.start is not None:
            self.start.close()
            self.start = None
        return window

    def open_path(self, path: Path) -> None:
        """Open an election file for counting, or tell the user why not."""
        if (
            self.window is not None
            and self.window.controller.journal.path.resolve() == path.resolve()
        ):
            self.window.raise_()
            return
        try:
            journal = Journal.open(path, seal_secret=station_secret())
            try:
                self.show_operator(journal)
                if not journal.election.setup.is_demo:
                    self.settings.add_recent_file(path, journal.election.setup.case_number)
            except BaseException:
                journal.close()  # let go of the lock: the user may fix the file and retry
                raise
        except CorruptJournal as error:
            # No count can be taken on from this file; the agent can still look at it.
            self._say_cannot_count(str(error), self.show_read_only(path))
        except JournalError as error:
            QMessageBox.warning(
                self._parent_widget(), self.tr("Cannot open the election file"), str(error)
            )

    def _say_cannot_count(self, problem: str, shown: bool) -> None:
        """Why a file cannot be counted in (and whether it is `shown` read-only): over
        the window it was asked from, if any is still shown; never over the dashboard,
        whose colours are the room's, not a dialog's."""
        parent = self._parent_widget()
        if parent is not None and not parent.isVisible():
            parent = None
        words = f"{problem}\n\n{cannot_count_statement(shown)}"
        QMessageBox.warning(parent, self.tr("Cannot count in the election file"), words)

    def _parent_widget(self) -> QWidget | None:
        return self.window or self.start

    def _on_window_closing(self, window: OperatorWindow) -> None:
        self.settings.set_geometry("operator", window.saveGeometry())
        dashboard = window.dashboard
        if dashboard is not None and dashboard.isVisible() and not dashboard.isFullScreen():
            self.settings.set_geometry("dashboard", dashboard.saveGeometry())

    def _on_window_count_lost(self, window: OperatorWindow, problem: str) -> None:
        # The file now holds an event no count can be taken on from: it is shown
        # read-only instead (shown first: closing the last window would quit).
        shown = self.show_read_only(window.controller.journal.path)
        window.close()
        self._say_cannot_count(problem, shown)

    def _on_new_election_requested(self) -> None:
        dialog = NewElectionDialog(
            self._parent_widget(), pile=self.settings.pile_size(), create=Journal.create
        )
        if dialog.exec() and dialog.created_path is not None:
            self.settings.set_pile_size(dialog.pile.value())
            self.open_path(dialog.created_path)
        else:
            self._take_keys_back()

    def _on_demo_requested(self) -> None:
        self.open_demo()

    def _on_start_recent_file_requested(self, path: Path) -> None:
        self.open_path(path)

    def _on_open_requested(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self._parent_widget(),
            self.tr("Open an election file"),
            "",
            fill(self.tr("Election files (*%1);;All files (*)"), SUFFIX),
        )
        if name:
            self.open_path(Path(name))
        else:
            self._take_keys_back()

    def _take_keys_back(self) -> None:
        """A dialog asked from the window and cancelled: its keys are its own again."""
        if self.window is not None:
            take_keys_back(self.window)


def run_operator(journal: Journal, after_tally: bool = False) -> int:
    """Open the operator window on an already opened journal and run until it closes
    (`after_tally`: a mail ballot's envelope window, for envelopes received after it)."""
    try:
        app = ensure_app()
    except NoDisplay:
        journal.close()  # let go of the file: it was checked, nothing was written
        raise
    station = Station()
    try:
        station.show_operator(journal, after_tally=after_tally)
    except CorruptJournal as error:
        # The count cannot be taken on; the file opens read-only for the agent to see.
        journal.close()
        print(one_line(f"station: {error}"), file=sys.stderr)
        if not station.show_read_only(journal.path):
            return 2
        print(one_line(f"station: {cannot_count_statement(True)}"), file=sys.stderr)
        try:
            run_loop(app)
        finally:
            station.close()
        return 2
    except JournalError as error:
        journal.close()
        print(one_line(f"station: {error}"), file=sys.stderr)
        return 2
    except BaseException:
        journal.close()
        raise
    try:
        if not journal.election.setup.is_demo:
            station.settings.add_recent_file(journal.path, journal.election.setup.case_number)
        return run_loop(app)
    finally:
        station.close()  # however the event loop ended, the journal is closed


def run_demo() -> int:
    """Open the demo election in the operator window; its temporary file goes at the end."""
    app = ensure_app()
    station = Station()
    try:
        station.open_demo()
        if station.window is None:
            return 2
        return run_loop(app)
    finally:
        station.close()  # the journal lets go of the file before it is removed
        station.remove_demo_files()


def run_dashboard(path: Path, theme: str | None, *, hide_challenges: bool = False) -> int:
    """Follow an election file read-only in an observers' dashboard until it is closed.

    Raises JournalError (before any window appears) if the file cannot be followed.
    """
    from station.sheet.keys import existing_fingerprint
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.standalone import standalone_dashboard
    from station.ui.dashboard.window import DashboardWindow

    app = ensure_app()
    settings = Settings()
    follower = JournalFollower(path, key_fingerprint=existing_fingerprint())
    window: DashboardWindow | None = None
    try:  # whatever happens from here, the follower lets go of the file
        theme = theme or settings.theme()
        window = standalone_dashboard(follower, theme, hide_challenges=hide_challenges)
        window.saved_geometry = settings.geometry("dashboard")
        window.theme_changed.connect(settings.set_theme)

        def on_started() -> None:
            print(
                f"station: following {path} read-only (case {follower.setup.case_number},"
                f" {follower.head_seq:,} events); close the window or press Ctrl+C to stop",
                flush=True,
            )

        follower.start()
        window.place()
        QTimer.singleShot(0, on_started)  # once the event loop runs: the dashboard is up
        return run_loop(app)
    finally:
        if window is not None and not window.isFullScreen():
            settings.set_geometry("dashboard", window.saveGeometry())
        follower.close()


def run_tables_dashboard(
    paths: list[Path], theme: str | None, *, hide_challenges: bool = False
) -> int:
    """Follow several tables' files read-only on one dashboard: the total, a row a table.

    Raises JournalError (before any window appears) if a file cannot be followed.
    """
    from station.sheet.keys import existing_fingerprint
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.standalone import standalone_keys
    from station.ui.dashboard.tables import TablesDashboard

    app = ensure_app()
    settings = Settings()
    followers: list[JournalFollower] = []
    try:  # whatever happens from here, every follower lets go of its file
        for path in paths:
            followers.append(JournalFollower(path, key_fingerprint=existing_fingerprint()))
        window = TablesDashboard(
            followers, theme=theme or settings.theme(), hide_challenges=hide_challenges
        )
        window.theme_changed.connect(settings.set_theme)
        standalone_keys(window)
        for follower in followers:
            follower.start()
        window.place()
        print(
            f"station: following {len(paths)} tables read-only; close the window or press"
            " Ctrl+C to stop",
            flush=True,
        )
        return run_loop(app)
    finally:
        for follower in followers:
            follower.close()


def run_start() -> int:
    """Show the start window and run until the last window closes."""
    app = ensure_app()
    station = Station()
    station.show_start()
    try:
        return run_loop(app)
    finally:
        station.close()
        station.remove_demo_files()
