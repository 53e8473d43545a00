"""The observers' dashboard: read-only by construction (never imports sqlite3 or ui.operator)."""
