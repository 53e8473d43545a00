"""The desktops workflow (.github/workflows/desktops.yml) installs and tests with the
README's own commands, so the two cannot drift apart unnoticed. (Its syntax is checked
by .ci/run against GitHub's workflow schema; it runs only on a forge's hosted runners.)"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "desktops.yml"


def readme_steps() -> dict[str, str]:
    """The workflow's steps named for the README, by name: their one-line command."""
    text = WORKFLOW.read_text(encoding="utf-8")
    steps = re.findall(r"- name: (.*README.*)\n(?:\s+(?:if|shell): .*\n)*\s+run: (.+)\n", text)
    return dict(steps)


def test_every_readme_step_runs_a_command_the_readme_gives() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    steps = readme_steps()
    assert len(steps) == 4, steps  # PowerShell: venv, install, test; macOS and Linux: one
    for name, command in steps.items():
        assert command in readme, f"{name}: {command!r} is not the README's"


def test_the_workflow_runs_each_desktop_and_keeps_the_bundle() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "os: [windows-latest, macos-latest, ubuntu-latest]" in text
    for self_test in (
        r"dist\station\station.exe --self-test",
        "dist/Station.app/Contents/MacOS/station --self-test",
        "dist/station/station --self-test",
    ):
        assert self_test in text
    assert text.count("actions/upload-artifact@") == 2
