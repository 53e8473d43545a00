"""The Go checker, built once a run."""

import os
import subprocess
from pathlib import Path

import pytest

from tests.tlog.helpers import NoGo, built_checker


@pytest.fixture(scope="session")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The checker's binary, built once for all of the run's workers (in the folder they
    share). Where .ci/run installed .ci/packages.txt (it sets STATION_CI_PACKAGES) a
    missing Go is a broken setup and fails here; elsewhere (a developer's machine, the
    Windows and macOS runners) these tests are skipped, saying why."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's own folder, above each worker's
    try:
        return built_checker(shared / "go-checker")
    except NoGo as missing:
        if os.environ.get("STATION_CI_PACKAGES"):
            pytest.fail(f".ci/packages.txt is installed, yet the Go checker lacks {missing}")
        pytest.skip(f"the Go checker needs {missing}, which is not installed")
    except subprocess.CalledProcessError as failed:
        pytest.fail(f"the Go checker does not build: {failed.stderr.decode().strip()}")
