// Starts Station's Python in this page, from what is embedded in it (embedded.js).
// Nothing is asked of any address: `fetch` is replaced by one that answers only those
// embedded names. This script only loads and draws; every check is made by Station's
// Python (station/verifier/entry.py).
"use strict";
(() => {
  // Every sentence is Python's: those said before Station's Python can say them were
  // written in the page when it was built, in every language (page_language.js).
  const { say, said, drawn } = globalThis.stationWords;
  // Times in milliseconds since the page was opened.
  const station = { ready: false, error: null, timings: {}, pyodide: null };
  globalThis.station = station;

  const { INDEX, bytesOf, embeddedOnly } = globalThis.stationEmbedded;

  // The browser's own fetch, kept for "Follow a count" alone (live_follow.js): the
  // page's own `fetch` answers only what is embedded in it.
  station.network = globalThis.fetch.bind(globalThis);
  globalThis.fetch = embeddedOnly((url) => say("not_embedded", url));

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
    station.browser?.use_language(globalThis.stationWords.language());
    drawn(state);
    state.className = "ok";
    stateWords();
    // Once "ready" is drawn, what the first check would import (entry.warm).
    if (station.browser) {
      await new Promise((drawn) => setTimeout(drawn, 50));
      station.browser.warm();
      station.timings.warm = performance.now();
    }
  }
  const booted = boot().catch((error) => {
    station.error = String(error);
    said(state, "not_started", error);
    state.className = "cannot";
    throw error;
  });
  station.booted = booted;

  // What is on screen now: the files picked or dropped (null: none) and the fingerprint
  // typed. Every change of either starts a check of its own; a verdict is drawn only if
  // nothing changed while Python worked it out, so the one on screen is always theirs.
  const verdict = document.getElementById("verdict");
  const note = document.getElementById("verdict-note");
  const keyField = document.getElementById("key");
  let picked = null;
  let generation = 0;
  let checked = false; // a verdict is on screen: the state line says the check is done
  function stateWords() {
    if (state.className !== "ok" || !station.browser) return;
    const words = station.browser.ready_words(checked);
    if (state.textContent !== words) state.textContent = words;
  }
  let pending = null;

  // What a screen reader says: the verdict's first line once it is drawn (a problem as
  // an alert; in another language, the page's note on it first), the check's progress
  // at most every few seconds; never each line drawn.
  const saidRegion = document.getElementById("said");
  const alarmRegion = document.getElementById("alarm");
  const PROGRESS_SAID_MS = 5000;
  let progressSaid = 0;
  const announce = (kind, noted, first, lang) => {
    const problem = kind === "bad" || kind === "cannot";
    const into = problem ? alarmRegion : saidRegion;
    (problem ? saidRegion : alarmRegion).textContent = "";
    into.textContent = noted;
    if (noted && first) into.append(" ");
    const words = into.appendChild(document.createElement("span"));
    words.textContent = first;
    if (lang) words.lang = lang;
    progressSaid = performance.now();
  };
  // `lang`: the language of the words drawn (a verdict is `station verify`'s own).
  // `quiet`: drawn without a word to a screen reader (a refusal already said).
  const draw = (kind, text, lang = null, noted = "", quiet = false) => {
    drawn(verdict);
    verdict.className = kind;
    verdict.textContent = text;
    if (lang) verdict.lang = lang;
    else verdict.removeAttribute("lang");
    note.textContent = noted;
    if (!quiet) announce(kind, noted, text.split("\n")[0], lang);
  };
  const progress = (words) => {
    drawn(verdict);
    verdict.textContent = words;
    if (performance.now() - progressSaid >= PROGRESS_SAID_MS) {
      saidRegion.textContent = words;
      progressSaid = performance.now();
    }
  };
  // Words the scripts say, said again in another language when it is chosen.
  const drawSaid = (kind, name, error, quiet = false) => {
    draw(kind, "", null, "", true);
    said(verdict, name, error);
    if (!quiet) announce(kind, "", verdict.textContent, null);
  };
  // A fingerprint refused as not one (half typed, mistyped) is said once: retyping it
  // key by key draws each refusal but says none again until the field holds nothing,
  // a whole fingerprint, or another pick or language is checked.
  let refusalSaid = false;

  // The files by their paths inside the folder picked ("export/journal.jsonl" is
  // "journal.jsonl" of the folder "export"); five files picked alone have no folder.
  async function filesOf(fileList) {
    const files = {};
    let folder = "";
    for (const file of fileList) {
      const parts = (file.webkitRelativePath || file.name).split("/");
      if (parts.length > 1) folder = parts.shift();
      files[parts.join("/")] = new Uint8Array(await file.arrayBuffer());
    }
    return { files, folder };
  }

  async function check(typing = false) {
    const mine = ++generation;
    clearTimeout(pending);
    if (!typing) refusalSaid = false;
    checked = false;
    stateWords();
    if (picked === null) {
      draw("", "");
      return;
    }
    drawSaid("", "checking", undefined, typing);
    const { files, folder } = await picked;
    await booted;
    if (mine !== generation) return;
    const typed = keyField.value;
    // Station's Python says the verdict and every word of it; this only draws.
    const refused = station.browser.fingerprint_refused(typed, folder);
    if (refused) {
      draw("cannot", refused, null, "", refusalSaid);
      refusalSaid = true;
      return;
    }
    refusalSaid = false;
    const shown = (words) => { if (mine === generation) progress(words); };
    const result = await station.browser.check_picked(files, folder, typed, shown);
    if (mine !== generation) return; // a newer check draws its own
    station.last = result;
    checked = true;
    stateWords();
    draw(result.kind, [...result.stdout, ...result.stderr].join("\n"), result.lang, result.note);
  }

  const failed = (error) => drawSaid("cannot", "not_checked", error);
  const pick = (fileList) => {
    picked = fileList && fileList.length ? filesOf(fileList) : null;
    return check().catch(failed);
  };
  const inputs = ["folder", "files"].map((id) => document.getElementById(id));
  for (const input of inputs) {
    input.addEventListener("change", () => {
      for (const other of inputs) if (other !== input) other.value = ""; // one pick on screen
      pick(input.files);
    });
  }
  const drop = document.getElementById("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    for (const input of inputs) input.value = ""; // the dropped folder replaces what was picked
    dropped(event.dataTransfer).then(pick).catch(failed);
  });
  // Each keystroke takes the verdict away at once, silently; the check runs once typing
  // pauses (a screen reader hears its verdict, not one per key).
  const TYPING_PAUSE_MS = 600;
  keyField.addEventListener("input", () => {
    if (picked === null) return;
    generation++;
    drawSaid("", "checking", undefined, true);
    clearTimeout(pending);
    pending = setTimeout(() => check(true).catch(failed), TYPING_PAUSE_MS);
  });

  // Another language chosen: Python speaks it, and says again what it said.
  globalThis.stationWords.listen((code) => {
    if (!station.ready || !station.browser) return;
    station.browser.use_language(code);
    stateWords();
    check().catch(failed);
  });

  // A dropped folder arrives as one entry: read its files, and those of its folders.
  async function dropped(transfer) {
    const out = [];
    const entries = [...transfer.items].map((item) => item.webkitGetAsEntry && item.webkitGetAsEntry()).filter(Boolean);
    async function read(entry, path) {
      if (entry.isFile) {
        const file = await new Promise((ok, no) => entry.file(ok, no));
        out.push(path === null ? file : Object.defineProperty(file, "webkitRelativePath", { value: `${path}/${file.name}` }));
        return;
      }
      const reader = entry.createReader();
      for (;;) { // a folder's entries come a batch at a time
        const batch = await new Promise((ok, no) => reader.readEntries(ok, no));
        if (!batch.length) break;
        for (const child of batch) await read(child, path === null ? entry.name : `${path}/${entry.name}`);
      }
    }
    for (const entry of entries) await read(entry, null);
    return out.length ? out : [...transfer.files];
  }

  // The page's own SHA-256, the one `station verifier` prints: its file's text put back
  // together from its scripts' texts and the markup between them (its last script, the
  // frame, holds that markup: python_page.framed).
  document.addEventListener("DOMContentLoaded", () => {
    const shown = document.getElementById("page-sha");
    const frame = JSON.parse(document.getElementById("frame").textContent);
    const scripts = [...document.querySelectorAll("script")];
    if (scripts.length !== frame.length - 1) {
      said(shown, "no_hash");
      return;
    }
    const whole = frame.map((markup, i) => markup + (i < scripts.length ? scripts[i].textContent : "")).join("");
    crypto.subtle.digest("SHA-256", new TextEncoder().encode(whole)).then((digest) => {
      drawn(shown);
      shown.textContent = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    });
  });
})();
