"""PySide6, in rooms by job: operator/, dashboard/ (read-only, lint-checked), start/."""
