"""What `station` alone shows: start a new election or open one."""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget


class StartDialog(QDialog):
    """The first window: two big choices.

    Signals:
        new_election_requested(): the user wants to set up a new election.
        open_requested(): the user wants to open an existing election file.
    """

    new_election_requested = Signal()
    open_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Station")
        title = QLabel("<h2>Station</h2><p>Hand count for an NLRB representation election.</p>")
        self.new_button = QPushButton("New election\u2026")
        self.open_button = QPushButton("Open election file\u2026")
        for button in (self.new_button, self.open_button):
            button.setMinimumHeight(56)
        self.new_button.clicked.connect(self.new_election_requested)
        self.open_button.clicked.connect(self.open_requested)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.new_button)
        layout.addWidget(self.open_button)
