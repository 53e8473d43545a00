// Runs the verifier page's own checking script (the text of its <script id="verifier">)
// on an export folder, in Node: its WebCrypto has SHA-256 and Ed25519, as browsers do.
// Usage: node run_page.js PAGE.html FOLDER [FINGERPRINT]; prints the verdict as JSON.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [page, folder, key] = process.argv.slice(2);
const html = fs.readFileSync(page, "utf-8");
const script = html.match(/<script id="verifier">([\s\S]*?)<\/script>/)[1];
const context = vm.createContext({ crypto: globalThis.crypto, TextEncoder, TextDecoder, atob, console, setTimeout });
vm.runInContext(script + "\nthis.verifyExport = verifyExport; this.VERSION = VERSION;", context);
// Every file of the folder by its path in it, as a browser gives a folder picked.
const files = new Map();
(function walk(dir, prefix) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
    else files.set(`${prefix}${name}`, new Uint8Array(fs.readFileSync(full)));
  }
})(folder, "");
context.verifyExport(files, key || null, folder).then((verdict) => {
  verdict.script_sha256 = require("crypto").createHash("sha256").update(script, "utf-8").digest("hex");
  process.stdout.write(JSON.stringify(verdict) + "\n");
});
