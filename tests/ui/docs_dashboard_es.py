"""Makes the pictures of the dashboard in Spanish in `docs/` as Station shows them today.

Run on a virtual screen, from the repository's root, once per size:

    xvfb-run -a -s '-screen 0 1366x768x24' .venv/bin/python -m tests.ui.docs_dashboard_es 1366 768
    xvfb-run -a -s '-screen 0 390x844x24' .venv/bin/python -m tests.ui.docs_dashboard_es 390 844

The dashboard follows a count of 1,000 ballots, 640 of them called, as it stands in the
room (live, the LAST CALL lit); Qt's words come from the Spanish catalog, compiled here,
and the domain's from `station.domain.languages.es`. The picture is the screen as the
window system shows it (`import -window root`); look at it before committing it.
"""

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

from station.domain import Call, ElectionSetup
from station.domain.words import use_language
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.ui.spanish import compiled

DOCS = Path(__file__).resolve().parents[2] / "docs"

ALU = ElectionSetup.validated(
    case_number="29-RC-288021", employer="Amazon.com Services LLC",
    union="Amazon Labor Union", eligible=8325, ballots=1000, agent="R. Agent", pile=100,
)  # fmt: skip


def main(width: int, height: int) -> None:
    app = QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    translator = QTranslator()
    assert translator.load(str(compiled(folder)))
    QCoreApplication.installTranslator(translator)
    use_language("es")
    path = folder / "alu.station"
    Journal.create(path, ALU)
    controller = CountController(Journal.open(path))
    rng = random.Random(8)
    calls = [Call.FOR] * 11 + [Call.AGAINST] * 9 + [Call.VOID, Call.CHALLENGE]
    for _ in range(640):
        controller.record(rng.choice(calls))
    window = DashboardWindow(ControllerFeed(controller))
    window.setGeometry(0, 0, width, height)
    window.show()
    name = "dashboard-es.png" if width >= 1000 else "dashboard-es-phone.png"

    def shoot() -> None:
        subprocess.run(["import", "-window", "root", str(DOCS / name)], check=True)
        window.close()
        controller.close()
        app.quit()

    controller.record(Call.FOR)  # the LAST CALL lit as the picture is taken
    QTimer.singleShot(400, shoot)
    app.exec()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
