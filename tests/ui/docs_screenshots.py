"""Makes the operator window's pictures in `docs/` as Station shows them today.

Run on a virtual screen of the pictures' size, from the repository's root:

    xvfb-run -a -s '-screen 0 1280x720x24' .venv/bin/python -m tests.ui.docs_screenshots

Each window is built as `tests/ui/screen_fit_probe.py` builds it (Station's own window
over a count recorded through the journal), shown on the whole screen, and saved as the
screen shows it; the pictures are meant to be looked at before they are committed.
"""

import os
import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.journal import Journal
from tests.ui.screen_fit_probe import _counted, _operator, _press, _with_help

DOCS = Path(__file__).resolve().parents[2] / "docs"

ALU = ElectionSetup.validated(
    case_number="29-RC-288021", employer="Amazon.com Services LLC",
    union="Amazon Labor Union", eligible=8325, ballots=1000, agent="R. Agent", pile=100,
)  # fmt: skip
MERCY = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=110,
    ballots=95, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], ["A=25", "B=70"], sonotone=["A"],
    ),
)  # fmt: skip


def _sonotone(folder: Path) -> QMainWindow:
    """60 of 95 ballots of a Sonotone count: group A's 20, then 40 of group B's."""
    from station.journal.session import CountSession

    os.chdir(folder)  # the status bar names the file as it was opened
    path = Path("mercy.station")
    Journal.create(path, MERCY)
    rng = random.Random(26)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for n in range(60):
            group = "A" if n < 20 else "B"
            call = rng.choice([Call.FOR] * 5 + [Call.AGAINST] * 4 + [Call.VOID, Call.CHALLENGE])
            answer = rng.choice(["yes", "yes", "no"]) if group == "A" else None
            if call in (Call.VOID, Call.CHALLENGE):
                answer = None
            session.record(Vote(call, group=group, inclusion=answer))
    return _operator(path)


def _write_fault(folder: Path) -> QMainWindow:
    """The file moved away under the count: the next call is NOT recorded."""
    (folder / "fault").mkdir()
    os.chdir(folder)  # the window names the file as it was opened: fault/ldj5.station
    path = _counted(Path("fault"), "ldj5", ALU, "FAFAAFFVAF")
    window = _operator(path)
    path.rename(path.with_name("elsewhere.station"))
    _press(window, "F")
    return window


def _spanish(folder: Path) -> QMainWindow:
    """The demo's count in Spanish (`--lang es`), a challenge's question open.

    Made on a 1366x768 screen: xvfb-run -a -s '-screen 0 1366x768x24' ...
    """
    from station.ui.language import use_language_everywhere

    use_language_everywhere("es")
    os.chdir(folder)
    window = _operator(_counted(Path("."), "es", ALU, "FAFAAFFVAFAFF"))
    _press(window, "C")
    return window


PICTURES = {
    "help-overlay.png": lambda folder: _with_help(_operator(_counted(folder, "help", ALU, "F"))),
    "operator-groups.png": _sonotone,
    "write-fault.png": _write_fault,
    "operator-es.png": _spanish,
}


def main(names: list[str]) -> int:
    from station.app import ensure_app
    from station.ui.language import use_language_everywhere

    app = ensure_app()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
        os.environ["XDG_DATA_HOME"] = str(folder / "data")
        for picture in names or list(PICTURES):
            here = folder / picture.removesuffix(".png")
            here.mkdir()
            window = PICTURES[picture](here)
            window.show()  # no window manager: the window is given the whole screen
            window.setGeometry(app.primaryScreen().geometry())
            overlay = getattr(window, "help_overlay", None)
            if overlay is not None and overlay.isVisible():
                overlay.show_over_parent()  # over the window's new size
            for _ in range(20):
                QApplication.processEvents()
            app.primaryScreen().grabWindow(0).save(str(DOCS / picture))
            print(f"docs/{picture}: {window.width()}x{window.height()}")
            window.close()
            use_language_everywhere("en")  # the next picture's own language
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
