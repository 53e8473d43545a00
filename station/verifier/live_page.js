// The live page's start: Station's own Python, then the count followed (live_follow.js).
// The runtime, its standard library and Station's modules are inside the page (script
// elements of type application/x-station-blob, base64, some gzipped); the runtime's own
// requests are answered from them, never from the network, which only the feed's
// answers come from.
"use strict";
(() => {
  const INDEX = "embedded:/"; // the runtime's own files are asked for under this name
  const network = globalThis.fetch.bind(globalThis); // the feed's answers, and nothing else
  const blobs = new Map();
  for (const element of document.querySelectorAll('script[type="application/x-station-blob"]')) {
    blobs.set(element.dataset.name, element);
  }
  const station = { ready: false, error: null, timings: {}, follow: null };
  globalThis.station = station;

  function base64Bytes(text) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function streamOf(name) {
    const element = blobs.get(name);
    const stream = new Blob([base64Bytes(element.textContent)]).stream();
    return element.dataset.gzip ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
  }

  const embedded = async function embeddedOnly(resource) {
    const url = String(resource instanceof Request ? resource.url : resource);
    const name = url.startsWith(INDEX) ? url.slice(INDEX.length) : null;
    if (name === null || !blobs.has(name)) throw new TypeError(stationLive.say("not_embedded", url));
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(streamOf(name), { headers: { "Content-Type": type } });
  };

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
      const bytes = new Uint8Array(await new Response(streamOf(name)).arrayBuffer());
      pyodide.FS.writeFile(`${folder}/${name}`, bytes);
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
