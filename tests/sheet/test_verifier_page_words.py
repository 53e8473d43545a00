"""The verifier page explains the browser's "upload" question where the folder is picked."""

import re
from pathlib import Path

from tests.sheet.helpers import station


def test_the_folder_picker_explains_the_browsers_upload_question(tmp_path: Path) -> None:
    out = tmp_path / "verifier.html"
    assert station("verifier", "--out", out)[0] == 0
    page = out.read_text(encoding="utf-8")
    picker = re.search(
        r'<input type="file" id="folder"[^>]*></label>\s*<p><small>(.*?)</small>', page
    )
    assert picker is not None
    said = picker.group(1)
    # Chromium asks "Upload 5 files to this site?" when a folder is picked.
    assert "\u201cupload\u201d its files to this site" in said
    assert "Answer Upload" in said and "the files stay here" in said
    assert "nothing leaves this computer" in page
