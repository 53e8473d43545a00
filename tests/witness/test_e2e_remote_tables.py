"""`station dashboard URL URL` in real processes on 127.0.0.1: two tables, each served by
its own `station serve`, on one dashboard (under Xvfb when installed, else offscreen); a
table's server killed and restarted under it; the refusals through the command.

Set STATION_SHOTS to a folder to keep a screenshot of the two-feed dashboard.
"""

import signal
import time
from pathlib import Path

import pytest

from tests.tables.helpers import table_file
from tests.witness.helpers import Running, keep_shot, run, station

pytestmark = pytest.mark.long


def test_two_tables_feeds_on_one_dashboard(tmp_path: Path, screen: dict[str, str]) -> None:
    paths = [table_file(tmp_path, "1", "FFAV", ballots=10), table_file(tmp_path, "2", "AAC")]
    servers = [Running(*station("serve", path, "--port", "0")) for path in paths]
    urls = [server.wait_for(lambda line: line.startswith("feed: "))[6:] for server in servers]

    dashboard = Running(*station("dashboard", *urls), env=screen)
    # Each table's calls, with the helper's session opening and closing: verified first.
    for said in ("table 1, 6 events verified", "table 2, 5 events verified"):
        dashboard.wait_for(lambda line, said=said: said in line)
    dashboard.wait_for(lambda line: "close the window" in line)

    port = urls[1].split(":")[2].split("/")[0]
    assert servers[1].stop(signal.SIGKILL) == -signal.SIGKILL  # table 2's server dies
    time.sleep(1.5)  # the dashboard says NO FEED on its row and keeps running
    assert dashboard.process.poll() is None
    servers[1] = Running(*station("serve", paths[1], "--port", port))
    assert servers[1].wait_for(lambda line: line.startswith("feed: "))[6:] == urls[1]
    # Time must pass for the dashboard to reconnect (it prints nothing when a feed comes
    # back: the screenshot below shows the row live again) and keep running.
    time.sleep(1.5)
    assert dashboard.process.poll() is None

    keep_shot(screen, "remote-tables.png")

    for args, said in (
        ([urls[0], urls[1], urls[0]], "Table 1 is given twice"),
        ([str(paths[0]), urls[1]], "not both"),
    ):
        refused = run("dashboard", *args)
        assert refused.returncode == 2, refused
        assert said in refused.stderr and len(refused.stderr.strip().splitlines()) == 1

    assert dashboard.stop(signal.SIGTERM) == 143
    assert not any("Traceback" in line for line in dashboard.lines), dashboard.lines
    for server in servers:
        assert server.stop(signal.SIGINT) == 130
