"""Make the bundles' icons from resources/station.svg: station.ico (Windows) and
station.icns (macOS), into the folder given (build.spec uses build/icons).

    python build_icons.py build/icons

Qt draws the SVG at each size an icon holds (offscreen: no display needed); Pillow
writes the two formats. Made at every build, never committed: the SVG is the one source.
Needs PySide6 (Station's own) and Pillow (`pip install pillow`, a build tool only).
"""

import io
import os
import sys
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
LARGEST = 1024  # macOS's largest (512 pt at 2x); Pillow makes the smaller ones from it


def render(svg: Path, size: int) -> Image.Image:
    """The SVG drawn into a square RGBA image of `size` pixels."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return Image.open(io.BytesIO(bytes(buffer.data()))).convert("RGBA")


def make_icons(svg: Path, out: Path) -> tuple[Path, Path]:
    """Write station.ico and station.icns into `out`; their paths."""
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - Qt needs one
    out.mkdir(parents=True, exist_ok=True)
    images = {size: render(svg, size) for size in (*ICO_SIZES, LARGEST)}
    ico, icns = out / "station.ico", out / "station.icns"
    largest_ico = images[ICO_SIZES[-1]]
    largest_ico.save(
        ico,
        format="ICO",
        sizes=[(size, size) for size in ICO_SIZES],
        append_images=[images[size] for size in ICO_SIZES[:-1]],
    )
    images[LARGEST].save(icns, format="ICNS")
    return ico, icns


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before the QGuiApplication
    here = Path(__file__).resolve().parent
    made = make_icons(here / "resources" / "station.svg", Path(sys.argv[1]))
    print(" ".join(f"{path} ({path.stat().st_size:,} bytes)" for path in made))
