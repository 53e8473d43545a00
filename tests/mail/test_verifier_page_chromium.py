"""The verifier page does not replay a mail ballot's envelope stage: it says NOT CHECKED."""

from pathlib import Path
from typing import Any

from station.cli import main
from tests.mail.helpers import counted
from tests.verifier.chromium import browser, verdict_in_chromium

__all__ = ["browser"]  # fixtures


def test_a_mail_ballot_export_is_not_checked_never_called_intact(
    browser: Any, page: Path, mail_file: Path, tmp_path: Path
) -> None:
    counted(mail_file)
    assert main(["sign", str(mail_file), "--agent", "R. Agent"]) == 0
    assert main(["export", str(mail_file), "--out", str(tmp_path / "sheet")]) == 0
    assert main(["verify", str(tmp_path / "sheet")]) == 0
    shown = verdict_in_chromium(browser, page, tmp_path / "sheet", None)
    assert shown["kind"] == "cannot", shown
    assert shown["lines"][0].startswith("NOT CHECKED: sheet: a mail ballot's envelope stage")
