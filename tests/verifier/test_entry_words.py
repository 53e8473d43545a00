"""The page's words where they are not the command line's: no `--key` to add there."""

from pathlib import Path

from station.sheet.keys import signature_holds_raw
from station.verifier import entry

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def _checked(case: str, fingerprint: str) -> dict[str, object]:
    folder = CASES / case / "export"
    files = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }
    answers = [signature_holds_raw(*asked) for asked in entry.questions(files, "export")]
    return entry.check(files, "export", fingerprint, answers)


def test_without_a_fingerprint_the_page_says_where_to_type_it() -> None:
    for case in ("one-union", "consolidation"):
        said = _checked(case, "")
        assert said["ok"] is True
        words = "\n".join(said["stdout"])  # type: ignore[arg-type]
        assert "(NOT checked against a fingerprint written down: type it above)" in words
        assert "--key" not in words
