"""Makes `StationTestHan.ttf`, the font the tests give a machine beyond the sheet's own.

The sheet prints in DejaVu Sans, which has no Han characters; on a machine with a font
that has them (a CJK fallback font), Qt draws them in that font, and the PDF embeds it.
The tests need such a font whatever the machine has installed, so they carry this one:
three characters (王 中 芳), each a square with a bar across, drawn here and free of any
licence. Every other Han character (伟, say) stays out of it, so that a name no font of
the machine draws is one the tests can name too.

Not run by the tests; run it again only to change the font (it needs fontTools, which
Station does not):

    python tests/fonts/make_han_font.py
"""

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

FAMILY = "Station Test Han"
CHARACTERS = "王中芳"
EM = 1000


def _square_with_a_bar() -> object:
    pen = TTGlyphPen(None)
    outer = [(100, -50), (100, 750), (900, 750), (900, -50)]  # clockwise: filled
    inner = [(180, 30), (820, 30), (820, 670), (180, 670)]  # counter-clockwise: a hole
    bar = [(180, 320), (180, 380), (820, 380), (820, 320)]
    for contour in (outer, inner, bar):
        pen.moveTo(contour[0])
        for point in contour[1:]:
            pen.lineTo(point)
        pen.closePath()
    return pen.glyph()


def main() -> None:
    names = [".notdef", *(f"uni{ord(ch):04X}" for ch in CHARACTERS)]
    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(ch): f"uni{ord(ch):04X}" for ch in CHARACTERS})
    builder.setupGlyf({name: _square_with_a_bar() for name in names})
    builder.setupHorizontalMetrics({name: (EM, 100) for name in names})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable(
        {"familyName": FAMILY, "styleName": "Regular", "psName": FAMILY.replace(" ", "")}
    )
    builder.setupOS2(
        sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120, fsType=0
    )
    builder.setupPost()
    builder.save(str(Path(__file__).with_name("StationTestHan.ttf")))


if __name__ == "__main__":
    main()
