"""Every window fits a laptop's screen: opened at 1366x768 and 1280x720, nothing is cut.

Each screen size is a child process whose offscreen platform has that one screen
(Qt's offscreen `configfile`); `screen_fit_probe.py` opens every window there as
Station opens it and reports what is larger than the screen or cut inside it.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize

from station.ui.screen_fit import FRAME_HEIGHT, FRAME_WIDTH, fitted, side_by_side
from tests.ui.screen_fit_probe import WINDOWS

ROOT = Path(__file__).resolve().parents[2]
DIALOGS = [
    "new election", "prepare sheet", "reopen", "challenge register", "decision",
    "decision beside the register",
]  # fmt: skip


# Every window drawn at two screen sizes in a process of its own: seconds, so in
# .ci/run's long run, outside the README's three minutes.
@pytest.mark.long
@pytest.mark.parametrize("width, height", [(1366, 768), (1280, 720)])
def test_every_window_fits_a_laptop_screen(tmp_path: Path, width: int, height: int) -> None:
    screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    run = subprocess.run(
        [sys.executable, "-m", "tests.ui.screen_fit_probe"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    found = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    problems = {window["window"]: window["problems"] for window in found if window["problems"]}
    assert problems == {}
    assert [window["window"] for window in found] == [*WINDOWS, *DIALOGS]


def test_a_window_larger_than_the_screen_opens_within_it() -> None:
    laptop = QRect(0, 27, 1280, 693)  # 1280x720 less a panel at the top
    rect = fitted(QSize(1280, 800), laptop)
    assert rect.width() == 1280 - FRAME_WIDTH and rect.height() == 693 - FRAME_HEIGHT
    assert laptop.contains(rect.adjusted(-FRAME_WIDTH // 2, -FRAME_HEIGHT + 4, 0, 0))


def test_a_window_the_screen_has_room_for_keeps_its_size_centred() -> None:
    rect = fitted(QSize(1100, 600), QRect(0, 0, 1920, 1080))
    assert rect.size() == QSize(1100, 600)
    assert rect.center().x() in (959, 960) and rect.top() == 240


def test_two_windows_side_by_side_share_the_screen_without_overlapping() -> None:
    for area in (QRect(0, 27, 1366, 741), QRect(0, 27, 1280, 693)):
        register, decision = side_by_side(QSize(900, 560), QSize(420, 260), area)
        assert decision.width() == 420 and register.width() <= 900
        assert not register.adjusted(-4, -36, 4, 4).intersects(decision.adjusted(-4, -36, 4, 4))
        assert area.contains(register) and area.contains(decision)
