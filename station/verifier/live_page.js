// The live page's start: Station's own Python, then the count followed (live_follow.js).
// The runtime's own requests are answered from what is embedded in the page
// (embedded.js), never from the network, which only the feed's answers come from.
"use strict";
(() => {
  const network = globalThis.fetch.bind(globalThis); // the feed's answers, and nothing else
  const station = { ready: false, error: null, timings: {}, follow: null };
  globalThis.station = station;

  const { INDEX, bytesOf, embeddedOnly } = globalThis.stationEmbedded;
  const embedded = embeddedOnly((url) => globalThis.stationWords.say("not_embedded", url));

  async function boot() {
    const manifest = JSON.parse(document.getElementById("python-page").textContent);
    globalThis.fetch = embedded; // while the runtime loads: it asks only for its own files
    let pyodide;
    try {
      pyodide = await loadPyodide({ indexURL: INDEX, lockFileContents: manifest.lock, packages: [] });
    } finally {
      globalThis.fetch = network;
    }
    const folder = "/lib/station-page";
    pyodide.FS.mkdirTree(folder);
    const paths = [];
    for (const name of manifest.archives) {
      pyodide.FS.writeFile(`${folder}/${name}`, await bytesOf(name));
      paths.push(`${folder}/${name}`);
    }
    pyodide.runPython(`import sys; sys.path[0:0] = ${JSON.stringify(paths)}`);
    const live = pyodide.pyimport(manifest.entry);
    station.timings.ready = performance.now();
    station.ready = true;
    return live;
  }

  const runtime = boot().catch((error) => {
    station.error = String(error);
    throw error;
  });
  const token = new URLSearchParams(location.search).get("token") || "";
  stationLive.start(runtime, network, "", token);
})();
