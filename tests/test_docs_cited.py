"""The documents the code cites are in the repository, and so are the sections it names.

A citation (a document under docs/ and, after a comma, a section title in quotes) sends
a reader to the rule a piece of code follows; a missing file or a renamed section leaves
them nowhere.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A cited document, and the section it names if any; a citation may wrap across lines.
CITATION = re.compile(r'\bdocs/([\w-]+\.md)(?:,\s+"([^"]+)")?')


def citations() -> list[tuple[Path, str, str | None]]:
    found = []
    for folder in ("station", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for match in CITATION.finditer(text):
                title = " ".join(match[2].split()) if match[2] else None
                found.append((path.relative_to(ROOT), match[1], title))
    return found


def headings(document: Path) -> list[str]:
    lines = document.read_text(encoding="utf-8").splitlines()
    return [line.lstrip("#").strip() for line in lines if line.startswith("#")]


def test_the_code_cites_the_rules_in_the_repository() -> None:
    assert any(name == "rules.md" for _, name, _ in citations())


def test_every_cited_document_and_section_is_there() -> None:
    missing = []
    for where, name, title in citations():
        document = ROOT / "docs" / name
        if not document.is_file():
            missing.append(f"{where}: docs/{name} is not in the repository")
        elif title is not None and not any(h.startswith(title) for h in headings(document)):
            missing.append(f'{where}: docs/{name} has no section "{title}"')
    assert not missing, "\n".join(missing)
