"""Reading a Qt style sheet's colours, for the tests that hold the windows' contrast."""

import re
from dataclasses import dataclass

from station.ui.contrast import contrast_ratio

NAMED = {"white": "#ffffff", "black": "#000000"}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|\b(?:white|black)\b")


@dataclass(frozen=True)
class Rule:
    """One rule of a style sheet: its selector and its declarations."""

    selector: str
    declarations: dict[str, str]

    def colour(self, prop: str) -> str | None:
        """The colour a declaration gives (the first, for `border: 2px solid #abc`)."""
        value = self.declarations.get(prop)
        found = _COLOUR.search(value) if value else None
        return NAMED.get(found.group(0), found.group(0)) if found else None

    def borders(self) -> list[tuple[str, str]]:
        """Each border or outline this rule draws: (property, colour)."""
        drawn = []
        for prop in self.declarations:
            if prop.startswith(("border", "outline")) and not prop.endswith("radius"):
                colour = self.colour(prop)
                if colour is not None:
                    drawn.append((prop, colour))
        return drawn


def rules(sheet: str) -> list[Rule]:
    """The rules of a style sheet, comments left out."""
    sheet = re.sub(r"/\*.*?\*/", "", sheet, flags=re.DOTALL)
    found = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet):
        declarations = {}
        for declaration in body.split(";"):
            if ":" in declaration:
                prop, value = declaration.split(":", 1)
                declarations[prop.strip()] = value.strip()
        found.append(Rule(" ".join(selector.split()), declarations))
    return found


@dataclass(frozen=True)
class Pair:
    """A colour drawn on another, what it is, and the least contrast it must have."""

    what: str
    ink: str
    under: str
    least: float

    def ratio(self) -> float:
        return contrast_ratio(self.ink, self.under)


def failing(pairs: list[Pair]) -> list[str]:
    """Each pair below its least contrast, said as a line naming it."""
    return [
        f"{pair.what}: {pair.ink} on {pair.under} is {pair.ratio():.2f}:1, under {pair.least}:1"
        for pair in pairs
        if pair.ratio() < pair.least
    ]


def sheet_pairs(sheet: str, backdrops: tuple[str, ...], text: float, marks: float) -> list[Pair]:
    """Every text colour of a style sheet against the background its own rule sets,
    else against each of `backdrops` (what a widget without a background of its own
    may sit on); every border or outline against each of `backdrops`. A disabled
    control's rule is left out: WCAG's contrast criteria (1.4.3, 1.4.6, 1.4.11) exempt
    an inactive control, whose faintness is what says it cannot be pressed."""
    pairs = []
    for rule in rules(sheet):
        if ":disabled" in rule.selector:
            continue
        own = rule.colour("background") or rule.colour("background-color")
        unders = (own,) if own else backdrops
        ink = rule.colour("color")
        if ink is not None:
            pairs += [Pair(f"{rule.selector} text", ink, under, text) for under in unders]
        # A border is the edge of what it surrounds: it must stand out from what lies
        # outside it (its fill inside may be as faint as a progress bar's track).
        for prop, colour in rule.borders():
            pairs += [Pair(f"{rule.selector} {prop}", colour, b, marks) for b in backdrops]
    return pairs
