"""The package's layers and its freedom from import cycles, as pyproject.toml declares
them (`[tool.importlinter]`): the rules import no storage or pixels, the dashboard
nothing of the operator window, and no package's modules import one another in a ring."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_hold() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None, "import-linter is among the test extras: pip install -e '.[test]'"
    done = subprocess.run(
        [lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
