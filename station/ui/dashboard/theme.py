"""The dashboard's two themes and its type scale, as plain values.

Colours were chosen for contrast first, as a washed-out projector needs it: every
text colour at least 7:1 (WCAG's AAA) against what it is drawn on, every mark that
carries meaning (a bar, a line, a border) at least 3:1 (tests/ui/dashboard/
test_theme_contrast.py computes each pair; station/ui/contrast.py). Then for
colour-blind observers: FOR is blue and AGAINST orange, a pair that stays apart in
every common colour-vision deficiency; but the words and the left/right positions
always say which is which, so colour is never the only cue.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours of one theme (CSS hex strings)."""

    name: str
    background: str
    panel: str
    text: str
    muted: str
    rule: str
    for_colour: str
    against_colour: str
    challenged_colour: str
    track: str
    flash: str
    warning_background: str
    warning_text: str
    error_background: str
    error_text: str
    live: str
    # Red as words or a border on the background (error_background is a fill).
    error_ink: str
    # The second and later unions' colours on a ballot of several: apart from FOR's
    # and AGAINST's, each at least 3:1 against the track and the background, and 7:1
    # against the ink of its name written inside its part of the bar.
    more_colours: tuple[str, ...]


DARK = Theme(
    name="dark",
    background="#000000",
    panel="#14171c",
    text="#ffffff",
    muted="#d0d4da",
    rule="#666d7a",
    for_colour="#4da3ff",
    against_colour="#ff9f1a",
    challenged_colour="#ffffff",
    track="#2a2f37",
    flash="#ffe066",
    warning_background="#ffcc00",
    warning_text="#000000",
    error_background="#b00020",
    error_text="#ffffff",
    live="#3ddc84",
    error_ink="#ff8a8a",
    more_colours=(
        "#b388ff",
        "#3ddc84",
        "#f48fb1",
        "#ffd54f",
        "#4dd0e1",
        "#bcaaa4",
        "#e0e0e0",
        "#90a4ae",
    ),
)

LIGHT = Theme(
    name="light",
    background="#ffffff",
    panel="#eef0f3",
    text="#000000",
    muted="#2b2f36",
    rule="#6b7280",
    for_colour="#0047b3",
    against_colour="#b34700",
    challenged_colour="#000000",
    track="#d5d9df",
    flash="#ffd21f",
    warning_background="#ffcc00",
    warning_text="#000000",
    error_background="#b00020",
    error_text="#ffffff",
    live="#055a2b",
    error_ink="#9b001c",
    more_colours=(
        "#6a1b9a",
        "#1b5e20",
        "#880e4f",
        "#5c4500",
        "#004d40",
        "#5d4037",
        "#424242",
        "#37474f",
    ),
)

THEMES = {theme.name: theme for theme in (DARK, LIGHT)}


def type_unit(width: int, height: int) -> float:
    """One hundredth of the height, narrowed for a window taller than 16:9.

    Everything on the dashboard is sized in this unit, so the same layout reads the
    same at 1280x720 (7.2 px) as at 3840x2160 (21.6 px).
    """
    return max(min(height / 100, width / 177.8), 3.0)


def stylesheet(theme: Theme, unit: float) -> str:
    """The dashboard's style sheet for one theme at one size."""

    def px(units: float) -> str:  # type sizes: never below a legible minimum
        return f"{max(round(units * unit), 9)}px"

    def line(units: float) -> str:  # borders, padding and spacing: at least a pixel
        return f"{max(round(units * unit), 1)}px"

    return f"""
QWidget#dashboard {{ background: {theme.background}; color: {theme.text}; }}
QWidget#dashboard QLabel {{ color: {theme.text}; background: transparent; }}
QLabel#caseLabel {{ font-size: {px(4.6)}; font-weight: bold; }}
QWidget#dashboard QLabel#demoBadge {{ background: {theme.error_background}; color: {theme.error_text};
    font-weight: bold; padding: {line(0.2)} {line(1)}; }}
QLabel#partiesLabel {{ font-size: {px(3.0)}; }}
QLabel#questionLabel {{ font-size: {px(2.3)}; color: {theme.muted}; }}
QLabel#clockLabel {{ font-size: {px(4.2)}; font-weight: bold; font-family: monospace; }}
QLabel#statusLabel {{ font-size: {px(2.6)}; font-weight: bold; padding: {line(0.4)} {line(1)};
    border-radius: {line(0.6)}; }}
QLabel#statusLabel[state="live"] {{ color: {theme.live}; border: {line(0.25)} solid {theme.live}; }}
QLabel#statusLabel[state="closed"] {{ color: {theme.text}; border: {line(0.25)} solid {theme.text}; }}
QLabel#statusLabel[state="paused"] {{ color: {theme.text}; border: {line(0.25)} solid {theme.text}; }}
QLabel#statusLabel[state="locked"] {{ color: {theme.text}; border: {line(0.25)} solid {theme.text}; }}
QLabel#statusLabel[state="stale"] {{ background: {theme.warning_background};
    color: {theme.warning_text}; }}
QLabel#statusLabel[state="unavailable"] {{ background: {theme.error_background};
    color: {theme.error_text}; }}
QLabel#statusLabel[state="read-only"] {{ color: {theme.error_ink};
    border: {line(0.25)} solid {theme.error_ink}; }}
QLabel#problemLabel {{ font-size: {px(2.0)}; color: {theme.muted}; }}
QLabel#progressLabel {{ font-size: {px(3.4)}; font-weight: bold; }}
QLabel#boxLabel {{ font-size: {px(2.3)}; color: {theme.muted}; }}
QProgressBar#progressBar {{ background: {theme.track}; border: {line(0.2)} solid {theme.rule};
    border-radius: {line(0.5)}; max-height: {line(1.6)}; min-height: {line(1.6)}; }}
QProgressBar#progressBar::chunk {{ background: {theme.text}; border-radius: {line(0.4)}; }}
QLabel#statementLabel {{ font-size: {px(2.55)}; }}
QLabel#decisionLabel {{ font-size: {px(2.9)}; font-weight: bold; }}
QLabel#decisionLabel[decided="true"] {{ border: {line(0.3)} solid {theme.text};
    padding: {line(0.3)} {line(0.8)}; }}
QLabel#sectionTitle {{ font-size: {px(2.2)}; font-weight: bold; color: {theme.muted};
    padding-top: {line(0.4)}; }}
QLabel#journalLabel {{ font-size: {px(2.4)}; font-family: monospace; }}
QWidget#dashboard QLabel#waitingLabel {{ font-size: {px(2.0)}; font-weight: bold; padding: {line(0.2)} {line(0.8)};
    background: {theme.warning_background}; color: {theme.warning_text}; }}
QLabel#readOnlyLabel {{ font-size: {px(2.0)}; color: {theme.muted}; }}
QFrame#rule {{ background: {theme.rule}; max-height: {line(0.2)}; min-height: {line(0.2)}; }}
QWidget#sidePanel {{ background: {theme.panel}; border-radius: {line(0.8)}; }}
"""
