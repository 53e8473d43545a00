"""The Go checker, built once a run."""

import os
import subprocess
from pathlib import Path

import pytest

from tests.tlog.helpers import NoGo, built_checker


@pytest.fixture(scope="session")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The checker's binary, built once for all of the run's workers (in the folder they
    share). On CI (`CI` set, as .ci/run sets it) a machine without Go fails here:
    .ci/packages.txt installs it, so its absence is a broken setup, not a reason to check
    less; on a developer's machine without Go these tests are skipped, saying why."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's own folder, above each worker's
    try:
        return built_checker(shared / "go-checker")
    except NoGo as missing:
        if os.environ.get("CI"):
            pytest.fail(f"the Go checker cannot be built on CI: {missing}")
        pytest.skip(f"the Go checker needs {missing}")
    except subprocess.CalledProcessError as failed:
        pytest.fail(f"the Go checker does not build: {failed.stderr.decode().strip()}")
