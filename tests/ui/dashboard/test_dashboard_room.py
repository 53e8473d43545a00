"""The dashboard's room: every dashboard module, the remote one too, stays read-only and small."""

import subprocess
import sys
from pathlib import Path

STATION = Path(__file__).resolve().parents[3] / "station"
ROOM = STATION / "ui" / "dashboard"


def test_every_dashboard_module_leaves_the_operator_side_unimported() -> None:
    """What the lint checks import by import, held for what is really loaded: importing
    any dashboard module (the remote dashboard's among them) loads neither the operator
    side nor the composition root that imports it."""
    modules = sorted(
        f"station.ui.dashboard.{path.stem}" for path in ROOM.glob("*.py") if path.stem != "__init__"
    )
    assert "station.ui.dashboard.remote" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules"
        " if m.startswith('station.ui.operator') or m == 'station.app'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
