"""A count being served on 127.0.0.1 and a witness of it; the screen and the child
processes of the witness story."""

import os
import random
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import key_for_signing
from station.witness.serve import FeedSource, serve
from tests.sheet.helpers import count_calls, sign
from tests.witness.helpers import STARTED, Served, witness_into
from tests.xvfb_helpers import display_answers


@pytest.fixture
def served(journal: Journal) -> Iterator[Served]:
    key = key_for_signing()
    source = FeedSource(journal.path, key, moved_every_s=0)  # a head at each look
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    served_ = Served(journal, source, server, key)
    try:
        yield served_
    finally:
        for follower in served_.followers:
            follower.close()
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()


@pytest.fixture
def witnessed(served: Served, tmp_path: Path, qapp: object) -> tuple[Path, Path]:
    """A count witnessed to its final sheet, and that sheet's export: (folder, witness file)."""
    wfile = tmp_path / "employer.witness"
    count_calls(served.journal, 30)
    witness_into(served, wfile).store.close()  # type: ignore[union-attr]
    sign(served.journal, served.key)
    witness_into(served, wfile).store.close()  # type: ignore[union-attr]
    folder = tmp_path / "export"
    export_sheet(served.journal, served.journal.restore(trust_snapshots=False), folder, served.key)
    return folder, wfile


@pytest.fixture(autouse=True)
def children() -> Iterator[None]:
    yield
    for child in STARTED:
        if child.process.poll() is None:
            child.process.kill()
        child.stop()
    STARTED.clear()


@pytest.fixture
def screen() -> Iterator[dict[str, str]]:
    """The environment for the remote dashboard: Xvfb if installed, else offscreen."""
    env = {**os.environ}
    if not shutil.which("Xvfb"):
        env["QT_QPA_PLATFORM"] = "offscreen"
        yield env
        return
    number = random.randrange(300, 900)
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if shutil.which("xdotool") and not display_answers(f":{number}", 10):
        server.terminate()
        server.wait(timeout=10)
        pytest.fail(f"Xvfb :{number} did not answer within 10 s")
    elif not shutil.which("xdotool"):
        time.sleep(1.0)  # nothing to ask the server with: give it the time it takes
    env.pop("QT_QPA_PLATFORM", None)
    env["DISPLAY"] = f":{number}"
    yield env
    server.terminate()
    server.wait(timeout=10)
