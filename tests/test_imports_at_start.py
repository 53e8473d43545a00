"""What a process loads before it is asked for it: memory a count pays for all day.

Each module imported after PySide6 costs twice (its code, and its source, which
PySide6's import hook reads and Python keeps in `linecache`), so the `station` command
imports Qt only when it opens a window, the app lets those sources go once it is made,
and a count at the table does not load the phases it may never use
(bench/big_journal.py's rss_mb measures the whole of it).
"""

import subprocess
import sys

SCRIPT = """
import linecache, sys
import station.cli
qt_for_the_command = sorted(m for m in sys.modules if m.startswith("PySide6"))
import station.app
import station.ui.operator.window
import station.ui.dashboard.window
station.app.ensure_app()
on_demand = ("station.ui.envelopes.window", "station.ui.operator.challenge_register")
print(qt_for_the_command)
print(sorted(m for m in on_demand if m in sys.modules))
print(sorted(name for name in linecache.cache if "/station/" in name))
"""


def test_the_command_loads_qt_for_a_window_and_a_count_not_its_rarer_phases() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, check=True
    )
    qt_for_the_command, on_demand, sources_kept = done.stdout.splitlines()
    assert qt_for_the_command == "[]"  # `station tally` and the like: no Qt at all
    assert on_demand == "[]"  # the envelope window, the register: where they are used
    assert sources_kept == "[]"  # what PySide6's hook read at import, let go
