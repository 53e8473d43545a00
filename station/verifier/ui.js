"use strict";
// The page's hands: the files picked or dropped, the fingerprint typed, the verdict shown.
(function () {
  const verdict = document.getElementById("verdict");
  const keyField = document.getElementById("key");

  // The page's two hashes as `station verifier` prints them: its checking script's, and
  // its file's, put back together from the frame (page.py) and the scripts' texts.
  const text = (id) => document.getElementById(id).textContent;
  const frame = JSON.parse(text("frame"));
  const whole = frame[0] + text("verifier") + frame[1] + text("live-script") + frame[2] + text("frame") + frame[3] +
    text("ui") + frame[4];
  for (const [id, data] of [["sha", text("verifier")], ["page-sha", whole]]) {
    crypto.subtle.digest("SHA-256", new TextEncoder().encode(data))
      .then((digest) => { document.getElementById(id).textContent = hex(digest); });
  }

  async function check(fileList) {
    const files = new Map();
    let folder = "the export";
    for (const file of fileList) {
      // By its path in the folder picked: a consolidation holds each table's export.
      const parts = (file.webkitRelativePath || file.name).split("/");
      if (parts.length > 1) folder = parts.shift();
      files.set(parts.join("/"), new Uint8Array(await file.arrayBuffer()));
    }
    const key = keyField.value.trim() || null;
    verdict.className = "";
    verdict.textContent = "checking…";
    const result = await verifyExport(files, key, folder, (done, all) => {
      verdict.textContent = `checking… event ${done.toLocaleString("en-US")} of ${all.toLocaleString("en-US")}`;
    });
    verdict.className = result.ok ? "ok" : result.cannot ? "cannot" : "bad";
    verdict.textContent = result.lines.join("\n");
  }

  const show = (error) => { verdict.className = "bad"; verdict.textContent = String(error); };
  for (const id of ["folder", "files"]) {
    document.getElementById(id).addEventListener("change", (event) => check(event.target.files).catch(show));
  }
  const drop = document.getElementById("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    dropped(event.dataTransfer).then(check).catch(show);
  });

  // Following a station's count: the URL `station serve` shows, its token in it.
  document.getElementById("follow").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = document.getElementById("url"), live = document.getElementById("live");
    let url = null;
    try {
      url = new URL(field.value.trim());
    } catch (error) { /* said below */ }
    live.hidden = false;
    if (!url || !["http:", "https:"].includes(url.protocol) || !url.searchParams.get("token")) {
      document.getElementById("status").className = "bad";
      document.getElementById("status").textContent =
        "This is not a station's URL with its token: copy the whole line `station serve` shows (http://…/?token=…).";
      return;
    }
    // One count a page: the fields are frozen, and reloading the page follows another.
    field.disabled = true;
    event.target.querySelector("button").disabled = true;
    followCount(url.origin, url.searchParams.get("token"));
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
