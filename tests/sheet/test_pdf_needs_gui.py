"""Drawing a sheet makes no application object as a side effect: its caller makes one."""

import os
import subprocess
import sys


def test_drawing_without_an_application_object_says_so_and_makes_none() -> None:
    code = (
        "from PySide6.QtGui import QGuiApplication\n"
        "from station.sheet.pdf import unprintable\n"
        "try:\n"
        "    unprintable('Ann')\n"
        "except RuntimeError as error:\n"
        "    print(error)\n"
        "print(QGuiApplication.instance() is None)\n"
        "from station.ui.display import ensure_offscreen_app\n"
        "ensure_offscreen_app()\n"
        # 伟: in none of the tests' fonts (tests/fonts)
        "print(repr(unprintable('Ann \u4f1f')))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    lines = result.stdout.splitlines()
    assert lines[0].startswith("drawing the tally sheet needs a QGuiApplication")
    assert lines[1:] == ["True", "'\u4f1f'"]
