"""WCAG 2.x contrast between two colours, for the windows and the tests that hold them.

A projector washes colours out and a room's light greys the black: what reads on a
monitor at 4.5:1 may not read from the back row. Station holds its text to 7:1 (WCAG's
AAA) and its meaningful marks (bars, lines, borders, focus outlines) to 3:1 (WCAG 2.x
1.4.11) against what they sit on; docs/accessibility.md says what is measured.
"""

TEXT_CONTRAST = 7.0
MARK_CONTRAST = 3.0

# The red of a refusal written on a window's own grey or white (a form's error line):
# 7.5:1 on Fusion's #efefef, where the usual #b00020 gives 6.4:1.
ERROR_INK = "#9b001c"


def _channels(colour: str) -> tuple[float, float, float]:
    """The red, green and blue of "#rrggbb" (or "#rgb"), each 0..1."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    if len(digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    red, green, blue = (int(digits[at : at + 2], 16) / 255 for at in (0, 2, 4))
    return red, green, blue


def relative_luminance(colour: str) -> float:
    """WCAG 2.x's relative luminance of an sRGB colour: 0 for black, 1 for white."""

    def linear(channel: float) -> float:
        if channel <= 0.04045:
            return channel / 12.92
        return float(((channel + 0.055) / 1.055) ** 2.4)

    red, green, blue = map(linear, _channels(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """How far apart two colours read, from 1 (the same) to 21 (black and white)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)))[::-1]
    return (lighter + 0.05) / (darker + 0.05)


def blend(over: str, under: str, alpha: float) -> str:
    """`over` painted at `alpha` (0..1) on `under`, as "#rrggbb"."""
    mixed = (
        round((top * alpha + bottom * (1 - alpha)) * 255)
        for top, bottom in zip(_channels(over), _channels(under), strict=True)
    )
    return "#" + "".join(f"{channel:02x}" for channel in mixed)


def legible_on(background: str, *inks: str) -> str:
    """Whichever of `inks` reads best on `background` (the first, where they tie)."""
    return max(inks, key=lambda ink: contrast_ratio(ink, background))
