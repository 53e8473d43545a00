// The Python verifier page's "Follow a count": the URL typed is read by Station's Python
// (live_in_browser.address), then followed by live_follow.js, the same as the served
// live page, with the fingerprint typed above: the count is shown only under it.
"use strict";
(() => {
  const form = document.getElementById("follow");
  // Imported when a count is followed, not while the page starts.
  const imported = () => globalThis.station.booted.then(() => globalThis.station.pyodide.pyimport("station.verifier.live_in_browser"));
  document.getElementById("key").addEventListener("input", () => globalThis.station.redraw?.());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const field = document.getElementById("url");
    document.getElementById("live").hidden = false;
    const live = imported();
    let module;
    try {
      module = await live;
    } catch (error) {
      stationLive.show({ kind: "bad", words: "not_started", error, stop: true });
      return;
    }
    const address = module.address(field.value);
    if (address.error) {
      stationLive.show({ kind: "bad", status: address.error, stop: true, hidden: true });
      return;
    }
    // One count a page: the fields are frozen while it is followed, and reloading the
    // page follows another; a station that refused (a token mistyped) may be asked again.
    const button = form.querySelector("button");
    field.disabled = button.disabled = true;
    const typed = () => document.getElementById("key").value.trim();
    const followed = await stationLive.start(live, globalThis.station.network, address.base, address.token, typed);
    if (!followed) field.disabled = button.disabled = false;
  });
})();
