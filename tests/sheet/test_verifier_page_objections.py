"""The page's due date of objections is Station's, every day of sixteen years.

`objections.py` counts five business days with the `holidays` library's Federal
holidays; the page counts them with its own calendar. Both are asked the due date of a
tally prepared on each day from 2021 to 2036, and a sheet stating another is named.
"""

import json
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest

from station.domain.objections import objections_due

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node runs the page's script")

ASK = """
const fs = require("fs"), vm = require("vm");
const html = fs.readFileSync(process.argv[1], "utf-8");
const script = html.match(/<script id="verifier">([\\s\\S]*?)<\\/script>/)[1];
const context = vm.createContext({ crypto: globalThis.crypto, TextEncoder, TextDecoder, atob });
vm.runInContext(script + "\\nthis.objectionsDue = objectionsDue; this.preparedDay = preparedDay;", context);
const days = JSON.parse(fs.readFileSync(0, "utf-8"));
process.stdout.write(JSON.stringify({
  due: days.map((day) => context.objectionsDue(day)),
  prepared: ["2026-12-01T18:04:05-05:00", "2026-12-01", "2026-02-30T10:00:00", "yesterday", null]
    .map((time) => context.preparedDay(time)),
}));
"""


def test_every_day_s_due_date_is_station_s(page: Path) -> None:
    assert NODE is not None
    first, last = date(2021, 1, 1), date(2036, 12, 31)
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    done = subprocess.run(
        [NODE, "-e", ASK, str(page)],
        input=json.dumps([day.isoformat() for day in days]),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    said = json.loads(done.stdout)
    expected = [objections_due(day).isoformat() for day in days]
    wrong = [(day, a, b) for day, a, b in zip(days, said["due"], expected, strict=True) if a != b]
    assert not wrong, wrong[:5]
    assert said["prepared"] == ["2026-12-01", "2026-12-01", None, None, None]
