"use strict";
// The page's hands: the files picked or dropped, the fingerprint typed, the verdict shown.
(function () {
  const verdict = document.getElementById("verdict");
  const keyField = document.getElementById("key");

  // The page's two hashes as `station verifier` prints them: its checking script's, and
  // its file's, put back together from the frame (page.py) and the scripts' texts.
  const text = (id) => document.getElementById(id).textContent;
  const frame = JSON.parse(text("frame"));
  const whole = frame[0] + text("verifier") + frame[1] + text("frame") + frame[2] + text("ui") + frame[3];
  for (const [id, data] of [["sha", text("verifier")], ["page-sha", whole]]) {
    crypto.subtle.digest("SHA-256", new TextEncoder().encode(data))
      .then((digest) => { document.getElementById(id).textContent = hex(digest); });
  }

  // What is on screen now: the files picked or dropped (null: none) and the fingerprint
  // typed. Every change of either starts a check of its own; a verdict is shown only if
  // nothing changed while it was worked out, so the one on screen is always theirs.
  let picked = null;
  let generation = 0;
  let pending = null;
  class Superseded extends Error {}

  async function filesOf(fileList) {
    const files = new Map();
    let folder = "the export";
    for (const file of fileList) {
      // By its path in the folder picked: a consolidation holds each table's export.
      const parts = (file.webkitRelativePath || file.name).split("/");
      if (parts.length > 1) folder = parts.shift();
      files.set(parts.join("/"), new Uint8Array(await file.arrayBuffer()));
    }
    return { files, folder };
  }

  const wholeFingerprint = (text) => /^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/.test(normaliseFingerprint(text));

  async function check() {
    const mine = ++generation;
    clearTimeout(pending);
    if (picked === null) {
      verdict.className = "";
      verdict.textContent = "";
      return;
    }
    const typed = keyField.value.trim();
    verdict.className = "";
    verdict.textContent = "checking…";
    let files, folder;
    try {
      ({ files, folder } = await picked);
    } catch (error) {
      if (mine !== generation) return;
      throw error;
    }
    if (mine !== generation) return;
    if (typed && !wholeFingerprint(typed)) {
      verdict.className = "cannot";
      verdict.textContent = `NOT CHECKED: ${folder}: '${typed}' is not a key fingerprint (32 hex digits, as the observers wrote it down)`;
      return;
    }
    let result;
    try {
      result = await verifyExport(files, typed || null, folder, (done, all) => {
        if (mine !== generation) throw new Superseded();
        verdict.textContent = `checking… event ${done.toLocaleString("en-US")} of ${all.toLocaleString("en-US")}`;
      });
    } catch (error) {
      if (error instanceof Superseded || mine !== generation) return; // a newer check says
      throw error;
    }
    if (mine !== generation) return;
    verdict.className = result.ok ? "ok" : result.cannot ? "cannot" : "bad";
    verdict.textContent = result.lines.join("\n");
  }

  const show = (error) => { verdict.className = "bad"; verdict.textContent = String(error); };
  const pick = (fileList) => {
    picked = fileList && fileList.length ? filesOf(fileList) : null;
    if (picked) picked.catch(() => {}); // said by check
    return check().catch(show);
  };
  const inputs = ["folder", "files"].map((id) => document.getElementById(id));
  for (const input of inputs) {
    input.addEventListener("change", () => {
      for (const other of inputs) if (other !== input) other.value = ""; // one selection on screen
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
    dropped(event.dataTransfer).then(pick).catch(show);
  });
  // Each keystroke clears the verdict at once; the check runs once typing pauses.
  keyField.addEventListener("input", () => {
    if (picked === null) return;
    generation++;
    verdict.className = "";
    verdict.textContent = "checking…";
    clearTimeout(pending);
    pending = setTimeout(() => check().catch(show), 150);
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
})();
