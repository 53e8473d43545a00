"""A name in letters the sheet's font lacks (a worker's name in Chinese) prints in a font
of the computer that has them, embedded in the PDF, and verifies; a name with a
character no font of the computer draws is refused in one line that says what to do.

The tests' fonts are their own (tests/fonts): DejaVu, and a font of three Han
characters, 王 中 芳, standing for a computer's CJK font; 伟 is in none.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFontDatabase

from station.cli import main
from station.verification.pdf_text import pdf_words
from tests.fonts import dejavu_files, font_config

NEW = ["--case", "29-RC-200001", "--employer", "Acme", "--union", "ALU", "--eligible", "10"]


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_name_in_chinese_prints_in_the_computer_s_font_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    path = tmp_path / "x.station"
    assert run(capsys, "new", path, *NEW, "--ballots", "5", "--agent", "王芳")[0] == 0
    code, _, err = run(capsys, "sign", path, "--interim", "--observer", "Union:中 王芳")
    assert (code, err) == (0, "")
    assert run(capsys, "export", path, "--out", tmp_path / "sheet")[0] == 0
    code, _, err = run(capsys, "verify", tmp_path / "sheet")
    assert (code, err) == (0, ""), err
    pdf = (tmp_path / "sheet" / "tally.pdf").read_bytes()
    words = pdf_words(pdf)
    assert "王芳" in words and "中 王芳" in words
    assert b"StationTestHan" in pdf  # the font that drew them travels with the sheet


def test_a_name_no_font_of_the_computer_draws_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    path = tmp_path / "x.station"
    code, out, err = run(capsys, "new", path, *NEW, "--agent", "王伟")
    assert (code, out) == (2, "") and not path.exists()
    assert err == (
        "station: the Board agent has characters no font on this computer can print (伟):"
        " install a font that has them, or write the name without them\n"
    )
    assert run(capsys, "new", path, *NEW, "--agent", "R. Agent")[0] == 0
    code, _, err = run(capsys, "sign", path, "--interim", "--observer", "Union:王伟")
    assert code == 2 and err.count("\n") == 1
    assert "the observer 王伟 has characters no font on this computer can print (伟)" in err


def _unprintable_under(fonts: list[Path], text: str) -> str:
    code = (
        "from station.ui.display import ensure_offscreen_app\n"
        "from station.sheet.pdf import unprintable\n"
        "ensure_offscreen_app()\n"
        f"print(unprintable({text!r}))\n"
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(font_config(fonts))}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip()


def test_what_a_sheet_can_print_is_what_the_computer_s_fonts_draw() -> None:
    """The same name on a computer with a CJK font and on one with DejaVu alone."""
    han = Path(__file__).parents[1] / "fonts" / "StationTestHan.ttf"
    assert _unprintable_under([*dejavu_files(), han], "Ann 王芳") == ""
    assert _unprintable_under(dejavu_files(), "Ann 王芳") == "王芳"


def test_the_tests_see_their_own_fonts_and_no_other(qapp: object) -> None:
    """Whatever this machine has installed (a CJK fallback font, DejaVu's extra styles)."""
    qt_aliases = {"Sans Serif", "Serif", "Monospace"}
    families = set(QFontDatabase.families()) - qt_aliases
    assert families == {"DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Station Test Han"}
