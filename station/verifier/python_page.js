// Starts Station's Python in this page: the runtime, its standard library, the wheels
// and Station's modules are all inside the page (script elements of type
// application/x-station-blob, base64, some gzipped). Nothing is asked of any address:
// `fetch` is replaced by one that answers only those embedded names. This script only
// loads and draws; every check is made by Station's Python (station/verifier/entry.py).
"use strict";
(() => {
  const INDEX = "embedded:/"; // the runtime's own files are asked for under this name
  const blobs = new Map();
  for (const element of document.querySelectorAll('script[type="application/x-station-blob"]')) {
    blobs.set(element.dataset.name, element);
  }
  // Times in milliseconds since the page was opened.
  const station = { ready: false, error: null, timings: {}, pyodide: null };
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

  async function bytesOf(name) {
    return new Uint8Array(await new Response(streamOf(name)).arrayBuffer());
  }

  // The browser's own fetch, kept for "Follow a count" alone (live_follow.js): the
  // page's own `fetch` answers only what is embedded in it.
  station.network = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async function embeddedOnly(resource) {
    const url = String(resource instanceof Request ? resource.url : resource);
    const name = url.startsWith(INDEX) ? url.slice(INDEX.length) : null;
    if (name === null || !blobs.has(name)) {
      throw new TypeError(`This page asks for nothing outside itself (asked for ${url}).`);
    }
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(streamOf(name), { headers: { "Content-Type": type } });
  };

  const state = document.getElementById("state");
  const manifest = JSON.parse(document.getElementById("python-page").textContent);

  async function boot() {
    const pyodide = await loadPyodide({
      indexURL: INDEX,
      lockFileContents: manifest.lock,
      packages: [],
    });
    station.timings.runtime = performance.now();
    // The wheels and Station's modules are imported from their zip archives as they
    // are (zipimport): unpacking the runtime's thousand files of translations and
    // calendars Station never reads would cost more than all its imports.
    const folder = "/lib/station-page";
    pyodide.FS.mkdirTree(folder);
    const paths = [];
    for (const name of manifest.archives) {
      pyodide.FS.writeFile(`${folder}/${name}`, await bytesOf(name));
      paths.push(`${folder}/${name}`);
    }
    pyodide.runPython(`import sys; sys.path[0:0] = ${JSON.stringify(paths)}`);
    station.timings.unpacked = performance.now();
    if (manifest.entry) station.browser = pyodide.pyimport(manifest.entry);
    station.pyodide = pyodide;
    station.timings.ready = performance.now();
    station.ready = true;
    state.textContent = `Station's Python is ready (${Math.round(station.timings.ready)} ms).`;
    state.className = "ok";
  }
  const booted = boot().catch((error) => {
    station.error = String(error);
    state.textContent = `Station's Python could not start: ${error}`;
    state.className = "cannot";
    throw error;
  });
  station.booted = booted;

  // The picked folder's files by their paths inside it ("export/journal.jsonl" is
  // "journal.jsonl" of the folder "export"), read whole; then Station's verdict, drawn
  // as it is given: the lines `station verify` prints, in its words.
  const folder = document.getElementById("folder");
  const verdict = document.getElementById("verdict");
  folder.addEventListener("change", async () => {
    verdict.className = "";
    verdict.textContent = "Checking…";
    const picked = {};
    let name = "";
    for (const file of folder.files) {
      const path = file.webkitRelativePath || file.name;
      const cut = path.indexOf("/");
      name = cut < 0 ? "" : path.slice(0, cut);
      picked[path.slice(cut + 1)] = new Uint8Array(await file.arrayBuffer());
    }
    try {
      await booted;
      const key = document.getElementById("key").value;
      const shown = (words) => { verdict.textContent = words; };
      const result = await station.browser.check_picked(picked, name, key, shown);
      station.last = result;
      verdict.textContent = [...result.stdout, ...result.stderr].join("\n");
      verdict.className = result.exit === 0 ? "ok" : result.exit === 1 ? "bad" : "cannot";
    } catch (error) {
      verdict.textContent = `The folder could not be checked: ${error}`;
      verdict.className = "cannot";
    }
  });
})();
