// The live page: Station's own Python follows the feed, this script only fetches and draws.
// The runtime, its standard library and Station's modules are inside the page (script
// elements of type application/x-station-blob, base64, some gzipped); the runtime's own
// requests are answered from them, never from the network. Each answer of the feed is
// handed, as the bytes received, to station/verifier/live_entry.py (through
// live_in_browser.py), which checks every event and signed head (tweetnacl's Ed25519,
// vendored and pinned) and returns what to draw.
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
    if (name === null || !blobs.has(name)) throw new TypeError(`not in this page: ${url}`);
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
    station.browser = pyodide.pyimport(manifest.entry);
    station.timings.ready = performance.now();
    station.ready = true;
  }

  const $ = (id) => document.getElementById(id);
  const now = () => Date.now() / 1000;

  // An answer's bytes, or null once it is larger than `limit` (no feed's is): when its
  // length says so, or as soon as that much has come, never read whole.
  async function bounded(answer, limit) {
    if (Number(answer.headers.get("Content-Length")) > limit) {
      answer.body?.cancel();
      return null;
    }
    const reader = answer.body.getReader(), parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        reader.cancel();
        return null;
      }
      parts.push(value);
    }
    const bytes = new Uint8Array(size);
    parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
    return bytes;
  }

  // Follow the feed at `base` ("" for the server this page came from) with `token`;
  // `typed`, on a page with a fingerprint field, gives what is typed there.
  async function follow(base, token, typed = () => null) {
    const follow = station.browser.follow(base || location.origin);
    station.follow = follow;
    async function get(path) {
      let answer;
      try {
        answer = await network(base + path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
      } catch {
        return [0, new Uint8Array()];
      }
      return [answer.status, await bounded(answer, follow.max_answer)];
    }
    const draw = () => show(follow.view(now(), typed()));
    let [status, body] = await get("/setup");
    if (!follow.setup(status, body, now())) return draw();
    let ticking = null; // the status moves on with the clock once the feed has answered
    for (;;) {
      [status, body] = await get(follow.path());
      const next = follow.answer(status, body, now());
      draw();
      ticking ??= setInterval(draw, 1000);
      if (next === "stop") return clearInterval(ticking);
      if (next === "retry") await new Promise((ok) => setTimeout(ok, 1000));
    }
  }

  function cell(parent, tag, text) {
    const element = parent.appendChild(document.createElement(tag));
    if (text !== undefined) element.textContent = text;
    return element;
  }

  // Draw the view Station's Python gave: nothing here decides what it says.
  function show(view) {
    $("status").className = view.kind;
    $("status").textContent = view.status;
    if (view.title) document.title = view.title;
    if (view.case) $("case").textContent = view.case;
    if (view.stop || view.hidden) {
      $("live-count").hidden = $("live-journal").hidden = !!view.hidden;
      $("unsigned").hidden = true;
      return; // nothing after a broken history is shown as checked
    }
    $("live-count").hidden = $("live-journal").hidden = false;
    $("unsigned").hidden = !view.unsigned;
    $("unsigned").textContent = view.unsigned;
    for (const [name, value] of Object.entries(view.figures)) {
      for (const element of document.querySelectorAll(`[data-figure="${name}"]`)) element.textContent = value;
    }
    $("box").hidden = $("left").hidden = !view.box;
    $("over").textContent = view.over;
    const choices = $("choices");
    if (choices.childElementCount !== view.choices.length) {
      choices.textContent = "";
      for (const choice of view.choices) {
        const box = cell(choices, "div");
        cell(box, "span", choice.word);
        cell(box, "small", choice.name);
        const figure = cell(box, "b");
        if (choice.figure) figure.dataset.figure = choice.figure;
      }
      choices.className = view.several ? "big several" : "big";
    }
    view.choices.forEach((choice, i) => (choices.children[i].querySelector("b").textContent = choice.value));
    $("envelopes").hidden = !view.envelopes;
    if (view.envelopes) {
      $("envelope-stage").textContent = view.envelopes.stage;
      const list = $("envelope-figures");
      list.textContent = "";
      for (const figure of view.envelopes.figures) {
        const item = cell(list, "span");
        cell(item, "b", figure.value).dataset.envelope = figure.name;
        item.append(` ${figure.word}`);
      }
    }
    const groups = $("groups");
    groups.hidden = !view.groups;
    if (view.groups) {
      groups.textContent = "";
      groups.createCaption().textContent = view.groups.caption;
      const head = cell(groups, "tr");
      for (const word of view.groups.head) cell(head, "th", word);
      for (const values of view.groups.rows) {
        const row = cell(groups, "tr");
        for (const value of values) cell(row, "td", value);
      }
    }
    choices.hidden = view.grouped;
    document.querySelector("#live .small").hidden = view.grouped;
    for (const line of ["s8", "s9", "s10"]) $(line).textContent = view[line];
    $("calls").textContent = "";
    for (const row of view.calls) {
      const item = cell($("calls"), "li", row.text);
      item.className = row.tag ? "correction" : row.session ? "session" : "";
      if (row.tag) cell(item, "small", row.tag);
    }
    $("head").textContent = view.head;
  }

  const started = boot();
  station.followCount = async (base, token, typed) => {
    try {
      await started;
    } catch (error) {
      station.error = String(error);
      show({ kind: "bad", status: `Station's Python could not start in this browser: ${error}`, stop: true });
      return;
    }
    try {
      await follow(base, token, typed);
    } catch (error) {
      console.error(error); // for whoever looks into the page; an observer reads words
      show({ kind: "bad", status: station.follow?.failed ?? String(error), stop: true });
    }
  };
})();
