"""PySide6 widgets and windows: the operator window, dialogs and undo commands."""
