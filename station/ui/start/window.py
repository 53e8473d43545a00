"""What `station` alone shows: start a new election, open one, try the demo, or reopen a recent file."""

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QKeyCombination, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from station.ui.enter_key import press_on_enter
from station.ui.language import fill

_PATH_ROLE = Qt.ItemDataRole.UserRole


class StartDialog(QDialog):
    """The first window: three big choices and the files opened lately.

    A recent file that no longer exists is listed as missing and cannot be chosen.

    Signals:
        new_election_requested(): the user wants to set up a new election.
        open_requested(): the user wants to choose an election file to open.
        demo_requested(): the user wants to try the demo election.
        recent_file_requested(Path): the user wants to open this recent file.
    """

    new_election_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    recent_file_requested = Signal(object)

    def __init__(
        self,
        recent: list[Path] | None = None,
        case_numbers: Mapping[Path, str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("startWindow")
        self.setWindowTitle("Station")
        title = QLabel(
            self.tr("<h2>Station</h2><p>Hand count for an NLRB representation election.</p>")
        )
        self.new_button = QPushButton(self.tr("New election\u2026"))
        self.new_button.setToolTip(
            self.tr("Set up a new election file: case, parties, voters, piles")
        )
        self.open_button = QPushButton(self.tr("Open an election file\u2026"))
        self.open_button.setToolTip(self.tr("Choose an election file (.station) to count into"))
        self.demo_button = QPushButton(self.tr("Open the demo"))
        self.demo_button.setToolTip(
            self.tr(
                "Try Station on a demo election already part-way through its count;"
                " it is marked DEMO everywhere and lives in a temporary file"
            )
        )
        for button in (self.new_button, self.open_button, self.demo_button):
            button.setMinimumHeight(56)
            button.setAutoDefault(False)  # Enter in the recent files opens the file
        press_on_enter(self.new_button, self.open_button, self.demo_button)
        self.new_button.clicked.connect(self.new_election_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.demo_button.clicked.connect(self.demo_requested)

        self.recent_title = QLabel(self.tr("Recent files"))
        self.recent_title.setObjectName("sectionTitle")
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recentFiles")
        self.recent_list.setAccessibleName(self.tr("Recent election files"))
        self.recent_list.setToolTip(
            self.tr("Double-click a file, or select it and press Enter, to open it")
        )
        self.recent_list.itemActivated.connect(self._on_recent_list_item_activated)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.new_button)
        layout.addWidget(self.open_button)
        layout.addWidget(self.demo_button)
        layout.addWidget(self.recent_title)
        layout.addWidget(self.recent_list, 1)
        self.set_recent_files(recent or [], case_numbers or {})
        self.resize(520, 480)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc, Ctrl+Q (as in the operator window) and Ctrl+W close the window, and so
        quit: QDialog's Esc only hid it, which leaves the process running with nothing
        on screen."""
        if (
            event.key() == Qt.Key.Key_Escape
            or event.keyCombination()
            == QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Q)
            or event.matches(QKeySequence.StandardKey.Close)
        ):
            self.close()
            return
        super().keyPressEvent(event)

    def set_recent_files(
        self, files: list[Path], case_numbers: Mapping[Path, str] | None = None
    ) -> None:
        """List `files`, newest first, each by its case number when known (files are
        often all named alike); one that is gone is shown as missing and cannot be opened."""
        self.recent_list.clear()
        for path in files:
            item = QListWidgetItem()
            item.setData(_PATH_ROLE, str(path))
            case = (case_numbers or {}).get(path)
            name = f"{case}  \u2014  {path.name}" if case else path.name
            if path.is_file():
                item.setText(f"{name}  \u2014  {path.parent}")
                item.setToolTip(str(path))
            elif path.is_dir():
                item.setText(
                    fill(
                        self.tr("%1  \u2014  not an election file (a folder) (%2)"),
                        name,
                        path.parent,
                    )
                )
                item.setToolTip(fill(self.tr("%1 is now a folder, not an election file"), path))
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            else:
                item.setText(fill(self.tr("%1  \u2014  missing (%2)"), name, path.parent))
                item.setToolTip(fill(self.tr("%1 no longer exists (moved or deleted)"), path))
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent_list.addItem(item)
        has_files = bool(files)
        self.recent_title.setVisible(has_files)
        self.recent_list.setVisible(has_files)
        if has_files:
            self.recent_list.setCurrentRow(0)

    def recent_files(self) -> list[tuple[Path, bool]]:
        """Each listed file and whether it can be opened."""
        items = (self.recent_list.item(row) for row in range(self.recent_list.count()))
        return [
            (Path(item.data(_PATH_ROLE)), bool(item.flags() & Qt.ItemFlag.ItemIsEnabled))
            for item in items
        ]

    def _on_recent_list_item_activated(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.recent_file_requested.emit(Path(item.data(_PATH_ROLE)))
