"""The fonts the tests run with: the same on every machine, whatever it has installed.

What Qt draws a character with depends on the machine's fonts: a sheet's name in
Chinese prints on a machine with a CJK font and is refused on one without, and a
window's layout follows the fonts' widths. So the tests never see the machine's own
font set. `use_test_fonts` points fontconfig (`FONTCONFIG_FILE`, read by Qt and by
Chromium, in this process and every process it starts) at a folder of exactly these:

- DejaVu Sans, Serif and Sans Mono, regular and bold: the sheet's font and the
  desktop's, the files of Debian's fonts-dejavu-core (`.ci/packages.txt`);
- `StationTestHan.ttf` (`make_han_font.py`): three Han characters, 王 中 芳, standing
  for a machine's CJK fallback font. 伟 and every other Han character are in no font.
"""

import getpass
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
HAN_FONT = HERE / "StationTestHan.ttf"
DEJAVU = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansMono-Bold.ttf",
)
FONT_ROOTS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))

_CONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
  <match target="pattern">
    <edit name="family" mode="append_last"><string>DejaVu Sans</string></edit>
  </match>
</fontconfig>
"""


def dejavu_files() -> list[Path]:
    """The DejaVu files of fonts-dejavu-core, where this machine keeps them.

    Raises RuntimeError, saying what to install, where DejaVu Sans is missing.
    """
    for root in FONT_ROOTS:
        found = next(root.rglob(DEJAVU[0]), None) if root.is_dir() else None
        if found is not None:
            return [found.parent / name for name in DEJAVU if (found.parent / name).is_file()]
    raise RuntimeError(
        "the tests draw with DejaVu Sans, which this machine lacks:"
        " install fonts-dejavu-core (see .ci/packages.txt)"
    )


def font_config(fonts: list[Path]) -> Path:
    """A fontconfig file under which exactly `fonts` exist; made once per set of fonts.

    The folder is named by its contents (the fonts' paths, sizes and times), so that
    every test process (pytest-xdist's workers, the subprocesses they start) finds the
    same one and its font cache, and a changed font gets a new one.
    """
    stamps = [f"{font} {font.stat().st_size} {font.stat().st_mtime_ns}" for font in fonts]
    key = hashlib.sha256("\n".join([_CONFIG, *stamps]).encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"station-test-fonts-{getpass.getuser()}-{key}"
    config = folder / "fonts.conf"
    if config.is_file():
        return config
    building = Path(tempfile.mkdtemp(prefix=f"{folder.name}-", dir=folder.parent))
    (building / "fonts").mkdir()
    for font in fonts:
        (building / "fonts" / font.name).symlink_to(font)
    (building / "fonts.conf").write_text(
        _CONFIG.format(fonts=folder / "fonts", cache=folder / "cache"), encoding="utf-8"
    )
    try:
        building.rename(folder)
    except OSError:  # another process made it first: the same contents
        shutil.rmtree(building)
    return config


def use_test_fonts() -> None:
    """Give this process, and every process it starts, the tests' fonts only.

    Call before anything asks fontconfig (before any QApplication exists).
    """
    os.environ["FONTCONFIG_FILE"] = str(font_config([*dejavu_files(), HAN_FONT]))
