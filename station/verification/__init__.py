"""The verification core: what `station verify` decides about an export, and nothing else.

Pure Python, so that the observers' page can run the same code in a browser: it reads
no file, opens no database, starts no process and holds no key. A reader hands it the
files' bytes and the check of a signature (`export_check.check_export`); what it may
import is held by an import-linter contract in pyproject.toml.
"""
