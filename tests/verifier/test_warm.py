"""The page warms what a check reads late, before the observer picks a folder."""

import subprocess
import sys

WARMED = ("pypdf", "holidays.countries.united_states")


def test_warm_imports_what_the_first_check_would_import_late() -> None:
    # In a fresh interpreter, as in the page: importing the entry leaves them out (the
    # page is ready sooner); warm() brings them in, so the first check does not wait.
    script = (
        "import sys\n"
        "from station.verifier import entry\n"
        f"late = {WARMED!r}\n"
        "before = [name for name in late if name in sys.modules]\n"
        "entry.warm()\n"
        "after = [name for name in late if name in sys.modules]\n"
        "print(before, after)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == f"[] {list(WARMED)!r}"
