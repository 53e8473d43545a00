"""The verifier page's checking script run in Node, and held to `station verify`'s
verdict on the same folder, word for word."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tests.cli_helpers import without_step
from tests.sheet.helpers import station

NODE = shutil.which("node")
RUNNER = Path(__file__).parent / "run_page.js"


def in_page(page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    assert NODE is not None
    argv = [NODE, str(RUNNER), str(page), str(folder), *([key] if key else [])]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def assert_same_verdict(page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    code, out, err = station("verify", folder, *(["--key", key] if key else []))
    err = without_step(err)
    verdict = in_page(page, folder, key)
    if code == 1:
        assert not verdict["ok"] and not verdict["cannot"], verdict
        assert verdict["lines"] == [err.rstrip("\n")]
    else:
        assert (code, err) == (0, ""), err
        said = out.splitlines()
        assert verdict["ok"], verdict
        assert verdict["lines"][0] == said[0]
        # The page reads no PDF text: it says so rather than "and the PDF match".
        assert (
            said[1].replace("Every line and the PDF match", "Every line matches")
            == (verdict["lines"][1])
        )
    return verdict


def said_by_verify(folder: Path, key: str | None) -> tuple[int, list[str]]:
    """`station verify FOLDER [--key]`: its exit and lines, the folder named as a browser
    names it, and without "and the PDF" (the page reads no PDF text, and says so)."""
    code, out, err = station("verify", folder, *(["--key", key] if key else []))
    text = without_step(out if code == 0 else err).replace(str(folder), folder.name)
    lines = text.replace("Every summed line and the PDF match", "Every summed line matches")
    return code, lines.rstrip("\n").splitlines()


def assert_same_consolidation(page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    code, said = said_by_verify(folder, key)
    verdict = in_page(page, folder, key)
    lines = [line.replace(str(folder), folder.name) for line in verdict["lines"]]
    if code == 1:
        assert not verdict["ok"] and not verdict["cannot"], verdict
        assert lines == said
    else:
        assert code == 0 and verdict["ok"], (said, verdict)
        assert lines[: len(said)] == said
    return verdict
