"""What an observer who uses a screen reader, a magnifier or a phone needs of a page,
measured in the page a test has open in Chromium.

axe-core (the npm package, pinned below by version and SHA-256) is fetched as the
pages' own pinned inputs are (`npm pack` into the same cache folder, checked by hash
every time it is used) and injected into the page by the test: the pages never hold
it. It is run with the WCAG 2.0, 2.1 and 2.2 A and AA rules. Reflow (no horizontal
scroll) and the size of every target are measured here too, from the page's layout.

To move to another release: `npm pack axe-core@VERSION`, and write its version and
`sha256sum` below.
"""

import functools
import io
import json
import tarfile
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

AXE = {
    "package": "axe-core",
    "version": "4.14.1",
    "file": "axe-core-4.14.1.tgz",
    "sha256": "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745",
}
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa")
WIDTHS = (1280, 320)
SMALLEST_TARGET = 24  # CSS px, WCAG 2.2's 2.5.8 (AA)

_RUN = """
const [tags, done] = arguments;
axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})
  .then((found) => done(found.passes.length === 0
    ? [{rule: "axe checked nothing", impact: "", help: "no rule applied", targets: []}]
    : found.violations.map((v) => ({
      rule: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.map((n) => n.target.join(" "))}))))
  .catch((error) => done([{rule: "axe failed", impact: "", help: String(error), targets: []}]));
"""

# Every button, link and field a pointer can reach on screen: its box, by a name to show.
_TARGETS = """
const small = [];
for (const made of document.querySelectorAll("button, a[href], input, select, textarea, summary")) {
  const box = made.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;  // not on screen
  if (box.width < arguments[0] || box.height < arguments[0]) {
    const name = made.id ? "#" + made.id : made.tagName.toLowerCase() + " " + made.textContent.trim();
    small.push(`${name}: ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
}
return small;
"""

_OVERFLOW = """
const root = document.documentElement;
return root.scrollWidth > root.clientWidth ? [root.scrollWidth, root.clientWidth] : null;
"""


@functools.cache
def axe_source() -> str:
    """axe.min.js of the pinned package; the test is skipped where it cannot be had."""
    from station.verifier import python_page

    cache = python_page.default_cache()
    cache.mkdir(parents=True, exist_ok=True)
    command = ["npm", "pack", f"{AXE['package']}@{AXE['version']}", "--silent"]
    try:
        packed = python_page._fetched(cache, AXE["file"], AXE["sha256"], command)
    except python_page.InputsError as error:
        pytest.skip(f"axe-core cannot be had: {error}")
    with tarfile.open(fileobj=io.BytesIO(packed.read_bytes()), mode="r:gz") as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


def resize(driver: Any, width: int, scale: int = 1) -> None:
    """The page laid out `width` CSS pixels wide (`scale`: device pixels per CSS pixel,
    2 for a laptop's window zoomed to 200 %), as a phone or a laptop shows it."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": scale, "mobile": width < 600},
    )
    driver.execute_script("return new Promise((drawn) => requestAnimationFrame(drawn));")


def problems(driver: Any, state: str) -> list[str]:
    """What fails WCAG 2.2 AA in the page as it is now, one line each, naming the state,
    the width, the rule and where: axe-core's rules at 1280 and 320 px; at those widths
    and at 200 % zoom of a 1280 px window (640 CSS px), a page that scrolls sideways
    and a target smaller than 24 x 24 px."""
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(axe_source() + "\n;globalThis.axe = axe;")
    found = []
    for width, scale in ((1280, 1), (640, 2), (320, 1)):
        resize(driver, width, scale)
        where = f"{state} at {width} px" + (" (200 % zoom)" if scale == 2 else "")
        if width in WIDTHS:
            for violation in driver.execute_async_script(_RUN, list(TAGS)):
                targets = ", ".join(violation["targets"]) or "(the page)"
                found.append(f"{where}: {violation['rule']} ({violation['help']}) at {targets}")
        overflow = driver.execute_script(_OVERFLOW)
        if overflow is not None:
            found.append(f"{where}: scrolls sideways ({overflow[0]} px wide in {overflow[1]})")
        for small in driver.execute_script(_TARGETS, SMALLEST_TARGET):
            found.append(f"{where}: a target smaller than {SMALLEST_TARGET} px, {small}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return found


# Each control reached by Tab: its focus ring's width, style and contrast against what
# is behind the ring (the nearest background drawn around the control).
_RING = """
const lum = (color) => {
  const [r, g, b] = color.match(/[\\d.]+/g).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const behind = (element) => {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const color = getComputedStyle(at).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(color) && color !== "transparent") return color;
  }
  return "rgb(255, 255, 255)";
};
const focused = document.activeElement;
if (focused === document.body) return ["BODY", "", "", 0];
const style = getComputedStyle(focused);
const [a, b] = [lum(style.outlineColor), lum(behind(focused))];
return [focused.id || focused.tagName, style.outlineStyle, style.outlineWidth,
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
"""


def focus_rings(driver: Any, stops: int) -> list[str]:
    """What fails a clear focus ring among the first `stops` controls reached by Tab
    from the top of the page: each must show a solid outline of 3 px at least, of 3:1
    against what is behind it (WCAG 2.4.13), one line each."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0);")
    found = []
    for _ in range(stops):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        name, style, width, contrast = driver.execute_script(_RING)
        if name == "BODY":  # past the last control
            break
        if style != "solid" or float(width.removesuffix("px")) < 3 or contrast < 3:
            found.append(f"{name}: focus ring {style} {width}, contrast {contrast:.1f}:1")
    return found


def report(found: list[str]) -> str:
    return json.dumps(found, indent=1, ensure_ascii=False)


class Relay(ThreadingHTTPServer):
    """A proxy on 127.0.0.1 in front of a served count, passing every request and answer
    on, until `garble()`: then the feed's answers are a proxy's error page, not a feed."""

    daemon_threads = True

    def __init__(self, served: str) -> None:
        self.served = served.split("/?token=")[0]
        self.token = served.split("/?token=")[1]
        self.garbled = False
        super().__init__(("127.0.0.1", 0), _Relayed)
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05})
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/?token={self.token}"

    def garble(self) -> None:
        self.garbled = True

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        self.thread.join()


_HOP = ("host", "content-length", "connection", "transfer-encoding", "date", "server")


class _Relayed(BaseHTTPRequestHandler):
    server: Relay
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_OPTIONS(self) -> None:
        self._passed_on("OPTIONS")

    def do_GET(self) -> None:
        if self.server.garbled and self.path.startswith("/events"):
            garbage = b"<html>502 Bad Gateway</html>"
            self._answer(200, {"Access-Control-Allow-Origin": "*"}, garbage)
            return
        self._passed_on("GET")

    def _passed_on(self, method: str) -> None:
        asked = urllib.request.Request(
            self.server.served + self.path,
            headers={k: v for k, v in self.headers.items() if k.lower() not in _HOP},
            method=method,
        )
        try:
            with urllib.request.urlopen(asked, timeout=60) as answer:
                self._answer(answer.status, dict(answer.headers), answer.read())
        except urllib.error.HTTPError as error:
            self._answer(error.code, dict(error.headers), error.read())

    def _answer(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        for name, value in headers.items():
            if name.lower() not in _HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
