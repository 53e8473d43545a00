"""The verifier page states each unit of an export whose voting groups decide several
units apart, after its OK lines, as `station verify` does, word for word: its OK line's
figures are the groups' sums, which decide none of them (a 5-5 "tie" of two units one
of which the union won). A sheet of one unit (the professionals pooled) states none.
"""

from pathlib import Path

import pytest

from station.domain import Call
from station.sheet.keys import load_key
from tests.groups_helpers import calls, new
from tests.kinds_helpers import station as run
from tests.sheet.helpers import station
from tests.verifier.node import in_page, said_by_verify

F, A = Call.FOR, Call.AGAINST


def professionals(*answers: str | None) -> list[tuple[str, Call, str | None]]:
    """The professionals (A) 3 FOR, 2 AGAINST, each with its answer to question 1."""
    return [("A", call, answer) for call, answer in zip([F, F, F, A, A], answers, strict=True)]


NONPROFESSIONALS = [("B", F, None), ("B", F, None), ("B", A, None), ("B", A, None), ("B", A, None)]
# (setup, the calls, how many units the sheet states apart)
CASES: dict[str, tuple[list[str], list[tuple[str, Call, str | None]], int]] = {
    "two-units": ([], professionals(*[None] * 5), 2),
    "sonotone-apart": (["--sonotone", "A"], professionals("no", "no", "yes", "no", "no"), 2),
    "sonotone-pooled": (["--sonotone", "A"], professionals("yes", "yes", "no", "yes", "yes"), 0),
}


def exported(tmp_path: Path, case: str) -> Path:
    setup, ballots, _ = CASES[case]
    path = tmp_path / "groups.station"
    new(path, "--ballots", "A=5", "--ballots", "B=5", *setup)
    calls(path, *ballots, *NONPROFESSIONALS)
    signed = run("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_page_states_each_unit_after_its_ok_lines_as_verify_does(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    folder, fingerprint = exported(tmp_path, case), load_key().fingerprint
    code, said = said_by_verify(folder, fingerprint)
    verdict = in_page(page, folder, fingerprint)
    assert code == 0 and verdict["ok"], (said, verdict)
    units = CASES[case][2]
    extra = said[2:]
    assert len(extra) == (units + 1 if units else 0), said
    if units:
        assert extra[0].startswith(f"{units} units, each decided on its own"), said
    # The page's own note on the PDF comes last, after the lines verify prints.
    assert verdict["lines"][2:-1] == extra
    assert verdict["lines"][-1].startswith("tally.pdf: ")
