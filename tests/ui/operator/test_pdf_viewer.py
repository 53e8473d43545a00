"""Open the PDF with no viewer for PDFs: the operator window says so, not only the
terminal (xdg-open fails after Qt reported that it started)."""

import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup
from station.journal import Journal
from station.ui.operator.print_pdf import PdfOpener
from tests.ui.windows import open_window

NO_VIEWER = [
    sys.executable,
    "-c",
    "import sys; sys.stderr.write('xdg-open: no method available for opening ' + sys.argv[1]);"
    " sys.exit(3)",
]
SETUP = ElectionSetup.validated(
    case_number="10-RC-269250", employer="Amazon", union="RWDSU", eligible=40, pile=0
)


def test_a_viewer_that_fails_is_said_in_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    Journal.create(path, SETUP)
    window = open_window(qtbot, path)
    pdf = tmp_path / "tally.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    try:
        window.opener.command = NO_VIEWER
        window.exported_pdf = pdf
        window.refresh_exported()
        window.open_pdf_action.trigger()
        qtbot.waitUntil(lambda: window.error_banner.isVisible(), timeout=10_000)
        said = window.error_banner.text()
        assert f"no PDF viewer opened {pdf}" in said
        assert "xdg-open: no method available for opening" in said
    finally:
        window.close()


def test_a_viewer_that_opens_the_pdf_says_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    opener = PdfOpener(command=[sys.executable, "-c", "pass"])
    with qtbot.assertNotEmitted(opener.failed, wait=2000):
        assert opener.open(tmp_path / "tally.pdf")
