"use strict";
// Station's export verifier, for a browser: the checks of `station verify FOLDER --key`
// (an export of any kind, or a consolidation of several tables' exports), in the same
// order and the same words, on files the user picks. Nothing is sent anywhere.
// The formats are those documented in station/journal/chain.py and station/sheet/export.py.
// WORDS (the sheet's line words) and VERSION are written into the page by `station verifier`.

const EXPORT_FORMAT = "station-export-v1";
// The versions of tally.json, oldest first (station/verification/formats.py); a v1
// document states the same facts as a v2 one.
const TALLY_FORMATS = ["station-tally-v1", "station-tally-v2"];
const CONSOLIDATION_FORMAT = "station-consolidation-v1";
const DATA_FILES = ["tally.pdf", "tally.json", "journal.jsonl"];
const ALL_FILES = [...DATA_FILES, "manifest.json", "manifest.sig"];
const EVENT_FIELDS = ["seq", "utc", "mono_ns", "session", "action", "call", "target", "detail", "prev_hash", "hash"];
const SETUP_FIELDS = ["format", "election_id", "created_utc", "case_number", "employer", "union_name", "eligible", "ballots", "agent"];
const OPTIONAL_SETUP_FIELDS = ["pile", "table_label", "ballot", "mail", "voters_hash", "mail_rules", "polls"];
const SEP = "\x1f";
// Every action Station records (station/domain/events.py); the envelope stage's own
// are a mail ballot's.
const ENVELOPE_ACTIONS = new Set(["envelope", "envelope_undo", "envelope_redo", "end_envelopes"]);
const ACTIONS = new Set(["open", "close", "call", "undo", "redo", "amend", "sign", "reopen", "pile", "dispute",
  "join", "resolve", "decide", "after_tally", ...ENVELOPE_ACTIONS]);
const CALLS = new Set(["for", "against", "void", "challenge"]);

class Bad extends Error {}
class CannotCheck extends Error {}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder("utf-8", { fatal: true });

function hex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A page served over plain http from a LAN address (the room's URL) is no secure context:
// it has no WebCrypto (crypto.subtle). The live page holds tweetnacl (vendor/, pinned)
// for Ed25519 and uses it and the SHA-256 below on every address, one path wherever an
// observer opens it; a page without them uses WebCrypto's.
const OWN_CRYPTO = typeof globalThis.nacl?.sign?.detached?.verify === "function";

async function sha256(data) {
  const bytes = typeof data === "string" ? utf8.encode(data) : new Uint8Array(data);
  if (OWN_CRYPTO || globalThis.crypto?.subtle === undefined) return sha256Bytes(bytes);
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

// Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False); with
// `ascii`, ensure_ascii=True (an event's detail): all but space to "~" as \uXXXX.
function canonical(value, ascii = false) {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isInteger(value)) return pyFloat(value);
    return ascii ? asciiJson(value) : JSON.stringify(value);
  }
  if (Array.isArray(value)) return "[" + value.map((v) => canonical(v, ascii)).join(",") + "]";
  const keys = Object.keys(value).sort(byCodePoint);
  const key = ascii ? asciiJson : JSON.stringify;
  return "{" + keys.map((k) => key(k) + ":" + canonical(value[k], ascii)).join(",") + "}";
}

function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
}

function pyFloat(value) {
  const text = String(value);
  return /[.e]/.test(text) ? text : text + ".0";
}

function byCodePoint(a, b) {
  const x = Array.from(a), y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

// A key given twice is kept by JSON.parse as the last; the canonical test refuses it.
function parseJson(bytes, name) {
  let value;
  try {
    value = JSON.parse(fromUtf8.decode(bytes));
  } catch (e) {
    throw new Bad(`${name}: is not JSON (or larger or deeper than any Station writes)`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Bad(`${name}: is not a JSON object`);
  const notText = loneSurrogate(value);
  if (notText !== null) throw new Bad(`${name}: ${notTextWords(notText)}`);
  if (canonical(value) + "\n" !== fromUtf8.decode(bytes)) {
    throw new Bad(`${name}: is not in its canonical form (sorted keys, each once, compact)`);
  }
  return value;
}

// Where a parsed JSON value holds a lone surrogate (JSON may escape one; it is no text,
// and Python cannot write it): its path, keys in sorted order, whether it is in a key
// of the object there, and the surrogate escaped; or null (bounded_json.py).
function loneSurrogate(value, path = "") {
  const surrogate = (text) => text.match(/\p{Surrogate}/u)?.[0];
  const found = (char, where, inKey) => ({ path: where.replace(/^\./, ""), inKey, char: "\\u" + char.charCodeAt(0).toString(16).padStart(4, "0") });
  if (typeof value === "string") return surrogate(value) === undefined ? null : found(surrogate(value), path, false);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = loneSurrogate(value[i], `${path}[${i}]`);
      if (inner !== null) return inner;
    }
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value).sort(byCodePoint)) {
      if (surrogate(key) !== undefined) return found(surrogate(key), path, true);
      const inner = loneSurrogate(value[key], `${path}.${key}`);
      if (inner !== null) return inner;
    }
  }
  return null;
}

function notTextWords({ path, inKey, char }) {
  const where = inKey && path ? `a key of its ${path}` : inKey ? "one of its keys" : `its ${path}`;
  return `${where} is not text (it holds a lone surrogate, ${char})`;
}

function field(container, name, kind, where) {
  const value = container[name];
  const good = kind === "int" ? Number.isInteger(value) : kind === "object"
    ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === kind;
  if (!good) throw new Bad(`${where}: has no valid ${name}`);
  return value;
}

function normaliseFingerprint(text) {
  const digits = Array.from(text.toLowerCase()).filter((ch) => !" -:".includes(ch)).join("");
  return digits.match(/.{1,4}/g)?.join("-") ?? "";
}

function base64Bytes(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4) return null;
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

const equal = (a, b) => canonical(a) === canonical(b);

async function checkManifest(files, expectedKey, format = EXPORT_FORMAT) {
  for (const name of ["manifest.json", "manifest.sig"]) if (!files.has(name)) throw new Bad(`${name} is missing`);
  const manifestBytes = files.get("manifest.json");
  const manifest = parseJson(manifestBytes, "manifest.json");
  if (expectedKey !== null && normaliseFingerprint(expectedKey).length !== 39) {
    throw new Bad(`'${expectedKey}' is not a key fingerprint (32 hex digits)`);
  }
  if (manifest.format !== format) throw new Bad(`manifest.json: is not a ${format} manifest`);
  const raw = base64Bytes(String(manifest.public_key));
  if (raw === null || raw.length !== 32) throw new Bad("the public key in the manifest is not an Ed25519 key");
  const digest = (await sha256(raw)).slice(0, 32);
  const key = digest.match(/.{4}/g).join("-");
  if (manifest.key !== key) throw new Bad("manifest.json: its fingerprint does not belong to its public key");
  if (expectedKey !== null && normaliseFingerprint(expectedKey) !== key) {
    throw new Bad(`signed by key ${key}, not by the expected key ${normaliseFingerprint(expectedKey)}`);
  }
  const signature = base64Bytes(fromUtf8.decode(files.get("manifest.sig")).trim());
  if (signature === null) throw new Bad("manifest.sig: is not a signature");
  if (!(await signatureHolds(raw, signature, manifestBytes))) {
    throw new Bad("manifest.sig: the signature does not match manifest.json (it was changed)");
  }
  return { manifest, key };
}

async function signatureHolds(raw, signature, data) {
  if (OWN_CRYPTO) {
    if (raw.length !== 32) throw new Bad("the public key in the manifest is not an Ed25519 key");
    return signature.length === 64 && nacl.sign.detached.verify(new Uint8Array(data), signature, raw);
  }
  if (globalThis.crypto?.subtle === undefined) {
    throw new CannotCheck("this page has no Ed25519 here: WebCrypto exists only on https, on this computer's own address or in a file opened from disk");
  }
  let publicKey;
  try {
    publicKey = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  } catch (e) {
    if (e && e.name === "NotSupportedError") throw new CannotCheck("this browser has no Ed25519 (WebCrypto): use a current Chromium, Firefox or Safari");
    throw new Bad("the public key in the manifest is not an Ed25519 key");
  }
  return crypto.subtle.verify({ name: "Ed25519" }, publicKey, signature, data);
}

async function checkHashes(files, manifest) {
  const listed = manifest.files;
  if (listed === null || typeof listed !== "object" || !equal(Object.keys(listed).sort(), [...DATA_FILES].sort())) {
    throw new Bad(`manifest.json: does not list exactly ${DATA_FILES.join(", ")}`);
  }
  for (const name of DATA_FILES) if (!files.has(name)) throw new Bad(`${name} is missing`);
  for (const name of DATA_FILES) {
    if ((await sha256(files.get(name))) !== listed[name]) {
      throw new Bad(`${name} was changed after it was signed (its hash does not match)`);
    }
  }
}

function setupHash(row) {
  const fields = {};
  for (const name of SETUP_FIELDS) fields[name] = row[name];
  for (const name of OPTIONAL_SETUP_FIELDS) if (row[name] !== undefined && row[name] !== null) fields[name] = row[name];
  return sha256(canonical(fields));
}

// An event's clock in nanoseconds since its machine started passes 2**53 after 104 days
// up, beyond what JSON.parse reads exactly: its digits as written, kept beside it.
const MONO_DIGITS = new WeakMap();
const monoText = (e) => MONO_DIGITS.get(e) ?? String(e.mono_ns);

function eventHash(e) {
  const text = ["station-event-v1", String(e.seq), e.utc, monoText(e), String(e.session), e.action,
    e.call ?? "", e.target === null ? "" : String(e.target), e.detail ?? "", e.prev_hash].join(SEP);
  return sha256Text(text);
}

// SHA-256 (FIPS 180-4) computed here and at once: an event's hash is a few hundred
// bytes, and WebCrypto's round trip for each of 100,000 of them would cost more than
// the hashing. Files go to WebCrypto where the page has it. Held to it by the tests: every
// event hash of every export they check is this one's.
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
const IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const W = new Int32Array(64); // signed: the arithmetic stays in 32-bit integers
const H = new Int32Array(8);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let block = new Uint8Array(4096); // the text's UTF-8 bytes and their padding, reused

// The SHA-256 of `text` (UTF-8), in hex.
function sha256Text(text) {
  if (block.length < 3 * text.length + 72) block = new Uint8Array(2 * (3 * text.length + 72));
  return digestBlock(utf8.encodeInto(text, block).written);
}

// The SHA-256 of `bytes`, in hex (where the page has no WebCrypto).
function sha256Bytes(bytes) {
  if (block.length < bytes.length + 72) block = new Uint8Array(2 * (bytes.length + 72));
  block.set(bytes);
  return digestBlock(bytes.length);
}

// The SHA-256 of the first `length` bytes of `block`, in hex.
function digestBlock(length) {
  // The message, a 1 bit, zeros, and its length in bits: a whole number of 64-byte blocks.
  const end = Math.ceil((length + 9) / 64) * 64;
  block.fill(0, length, end);
  block[length] = 0x80;
  const bits = length * 8, high = Math.floor(bits / 4294967296); // a file may pass 2**32 bits
  block[end - 8] = high >>> 24; block[end - 7] = high >>> 16; block[end - 6] = high >>> 8; block[end - 5] = high;
  block[end - 4] = bits >>> 24; block[end - 3] = bits >>> 16; block[end - 2] = bits >>> 8; block[end - 1] = bits;
  compress(block, end);
  let out = "";
  for (const v of H) out += HEX[(v >>> 24) & 255] + HEX[(v >>> 16) & 255] + HEX[(v >>> 8) & 255] + HEX[v & 255];
  return out;
}

// SHA-256's compression of `bytes` up to `end` into H (its state kept in local variables,
// which the engine keeps in registers).
function compress(bytes, end) {
  let h0 = IV[0], h1 = IV[1], h2 = IV[2], h3 = IV[3], h4 = IV[4], h5 = IV[5], h6 = IV[6], h7 = IV[7];
  for (let at = 0; at < end; at += 64) {
    for (let t = 0; t < 16; t++) {
      const i = at + 4 * t;
      W[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
    }
    for (let t = 16; t < 64; t++) {
      const x = W[t - 15], y = W[t - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + h) | 0;
  }
  H[0] = h0; H[1] = h1; H[2] = h2; H[3] = h3; H[4] = h4; H[5] = h5; H[6] = h6; H[7] = h7;
}

const isText = (v) => typeof v === "string";
const isInt = (v) => Number.isInteger(v);
const hasSep = (v) => v !== null && v.includes(SEP);

function wellTyped(e) {
  return isInt(e.seq) && isText(e.utc) && isInt(e.mono_ns) && isInt(e.session) && isText(e.action) &&
    (e.call === null || (isText(e.call) && e.call !== "")) && (e.target === null || isInt(e.target)) &&
    (e.detail === null || (isText(e.detail) && e.detail !== "")) && isText(e.prev_hash) && isText(e.hash) &&
    !hasSep(e.utc) && !hasSep(e.action) && !hasSep(e.call) && !hasSep(e.detail);
}

// An event's detail read, if it is in the one form Station writes it (else undefined).
function readDetail(detail) {
  let value;
  try {
    value = JSON.parse(detail);
  } catch (e) {
    return undefined;
  }
  return isObject(value) && canonical(value, true) === detail ? value : undefined;
}

// The ballot the setup stores (station/domain/choices.py): one union and "Neither" when
// it stores none; else its unions in ballot order, and Neither's wording or null (a
// runoff between two unions has none).
function ballotOf(election) {
  if (election.ballot === undefined || election.ballot === null) return { unions: [election.union_name], neither: "Neither" };
  const stored = JSON.parse(election.ballot);
  return { unions: stored.unions, neither: "neither" in stored ? stored.neither : "Neither" };
}

// The count: each call, its undo and redo, in the order recorded; on a ballot of several
// unions each FOR names its union (`{"choice": K}`, K from 1), as choice_votes.py keeps it.
// After the first tally, challenges settled, calls disputed and the decision
// (resolution.py, decision.py) change what each call counts as, and the revised count
// calls the ballots a decision ordered opened.
class Count {
  constructor(ballot, pileSize, challengers = EVERY_CHALLENGER, envelopes = new Envelopes(false, false, false), groups = []) {
    this.ballot = ballot;
    this.several = ballot.unions.length > 1;
    this.piles = new Piles(pileSize, this.several ? ballot : null);
    this.totals = { for: 0, against: 0, void: 0, challenge: 0 };
    // On a ballot of several unions, each union's votes that count now as carried, by
    // "group:union" (group "" for the one box): each union's piles (piles.py).
    this.unionPiles = new Map();
    this.done = [];      // seqs of calls that count, in order
    this.undone = [];    // seqs undone, the latest last
    this.calls = new Map(); // each call's seq -> what it counts as now (a dispute may change it)
    this.choiceOf = new Map();
    this.sheets = new Map();
    this.finals = [];    // the final sheets, oldest first: a later one corrects the one before
    this.locked = null;  // the sheet that locks the count, if any
    this.reopened = new Map(); // a final sheet's seq -> why its count was reopened
    this.register = new Register(challengers);
    this.resolutions = new Resolutions();
    this.envelopes = envelopes;
    this.groups = new GroupCalls(groups, ballot); // each call's voting group, in an election of several
  }

  // Fold event `e` in, its `detail` read (readDetail); throws Bad naming a rule it breaks.
  apply(e, detail) {
    const fail = (reason) => { throw new Bad(`event ${e.seq} breaks the rules of the count: ${reason}`); };
    if (!ACTIONS.has(e.action) || (e.call !== null && !CALLS.has(e.call))) throw new Bad(`event ${e.seq} has an unknown action or call`);
    if (this.locked && LOCKED_OUT.has(e.action)) fail(lockedRule(this.locked));
    if (e.action === "open" || e.action === "close") {
      if (e.call !== null || e.target !== null) fail(`${e.action} carries no call`);
    } else if (e.action === "call") {
      if (e.call === null || e.target !== null) fail("a call names its call and no target");
      const grouped = this.groups.active ? this.groups.split(e.call, detail, fail) : null;
      const choice = this.choiceProblem(e, grouped === null ? detail : grouped.rest, fail);
      if (this.envelopes.open) fail("no ballot is called before the envelope stage has ended");
      if (e.call === "challenge" && this.envelopes.current) fail(NO_BALLOT_CHALLENGE);
      this.resolutions.checkCalls(this, [e.call], fail);
      if (grouped !== null && this.resolutions.revising) this.groups.checkOpened(grouped.group, this, fail);
      this.calls.set(e.seq, e.call);
      if (choice !== null) this.choiceOf.set(e.seq, choice);
      if (grouped !== null) this.groups.add(e.seq, grouped.group, grouped.answer);
      this.done.push(e.seq);
      this.undone = [];
      this.add(e.call, +1, e.seq);
      if (e.call === "challenge") this.register.add(e.seq, { party: BOARD_AGENT, reason: null, note: null, disputedVoid: false });
    } else if (e.action === "undo") {
      this.move(e, this.done, this.undone, "undo", "nothing to undo", fail);
    } else if (e.action === "redo") {
      this.move(e, this.undone, this.done, "redo", "nothing to redo", fail);
    } else if (e.action === "amend") {
      if (e.call !== null || e.target === null || !e.detail) fail("an amendment names a challenged ballot and what changes");
      this.register.put(e.target, this.register.amended(e.target, detail, fail));
    } else if (e.action === "sign") {
      this.sign(e, detail, fail);
    } else if (e.action === "pile") {
      if (e.call === null || e.target === null) fail("a pile check names the call and the pile");
      const found = detail === null ? null : detail.found;
      // In an election of voting groups each group's box has its own piles (piles.py).
      const group = detail === null ? null : detail.group ?? null;
      if (this.groups.active && (typeof group !== "string" || this.groups.index(group) < 0)) {
        fail(`a pile check in an election of voting groups names its group (${this.groups.specs.map((s) => s.key).join(", ")})`);
      }
      if (!this.groups.active && group !== null) fail("a pile check names no group: there are none");
      // On a ballot of several unions each union's votes are piles of their own.
      const choice = detail === null ? null : detail.choice ?? null;
      if (this.several && e.call === "for") {
        if (!Number.isInteger(choice)) fail("a pile check of a union's votes names the union (1 to 9, ballot order)");
        if (choice < 1 || choice > this.ballot.unions.length) fail(`the ballot has no union ${choice}`);
      } else if (choice !== null) {
        fail("only a pile check of a union's votes on a ballot of several names a choice");
      }
      const total = choice !== null ? this.unionPiles.get(`${group ?? ""}:${choice}`) ?? 0
        : group === null ? this.totals[e.call] : this.groups.total(group, e.call);
      const problem = this.piles.problem(e.call, e.target, found, total, group, choice);
      if (problem) fail(problem);
      this.piles.record(e.call, e.target, found, group, choice);
    } else if (e.action === "reopen") {
      if (this.locked === null) fail("the count is not locked; nothing to reopen");
      const reason = detail === null ? null : detail.reason;
      if (e.call !== null || e.target !== null || typeof reason !== "string" || !reason.trim()) {
        fail("a reopening gives a reason and nothing else");
      }
      if (this.locked.kind === "final" && !this.reopened.has(this.locked.seq)) this.reopened.set(this.locked.seq, reason);
      this.locked = null;
    } else if (ENVELOPE_ACTIONS.has(e.action)) {
      this.envelopes.apply(e, detail, this.register, fail);
    } else if (e.action === "after_tally") { // the count may be locked: it is unchanged
      this.envelopes.afterTheTally(e, detail, this.finals.length > 0, fail);
    } else if (e.action === "decide") {
      decide(this, e, detail ?? {}, fail);
    } else {
      if (this.locked !== null) fail(lockedRule(this.locked));
      if (this.resolutions.revising && e.action !== "resolve") fail("the first count is closed: a decision was recorded");
      if (e.action === "dispute") dispute(this, e, detail ?? {}, fail);
      else if (e.action === "join") join(this, e, detail ?? {}, fail);
      else resolve(this, e, detail ?? {}, fail);
    }
  }

  // The call of event `seq` counts `step` more (or less) as `call`: the box's totals and,
  // in an election of voting groups, its group's, whose piles are its own; on a ballot of
  // several unions a FOR counts in its union's piles (as challenged, in CHALLENGED's).
  add(call, step, seq) {
    this.totals[call] += step;
    if (step < 0) this.piles.totalFell(call, this.totals[call]);
    const group = this.groups.keyOf(seq);
    if (group !== null) {
      const total = this.groups.moved(group, call, step);
      if (step < 0) this.piles.totalFell(call, total, group);
    }
    if (call === "for" && this.choiceOf.has(seq)) {
      const choice = this.choiceOf.get(seq), lane = `${group ?? ""}:${choice}`;
      const total = (this.unionPiles.get(lane) ?? 0) + step;
      this.unionPiles.set(lane, total);
      if (step < 0) this.piles.totalFell(call, total, group, choice);
    }
  }

  // An undo takes back the last call that counts, a redo the last one undone (call_stack.py).
  move(e, from, to, verb, empty, fail) {
    if (e.call === null || e.target === null) fail(`${e.action} names the call and the event it targets`);
    if (!from.length) fail(empty);
    const seq = from.at(-1), call = this.calls.get(seq);
    if (e.target !== seq || e.call !== call) fail(`${verb} must name event ${seq} (${label(call)}), not ${e.target} (${label(e.call)})`);
    if (verb === "undo") this.resolutions.checkUndo(this, e, fail);
    else this.resolutions.checkRedo(e, fail);
    to.push(from.pop());
    this.add(call, verb === "undo" ? -1 : 1, seq);
    this.register.setCounting(e.target, verb === "redo");
    this.groups.setCounting(e.target, verb === "redo");
  }

  // The ballot at `position` among those that count is carried as `call` from now on.
  recall(position, call) {
    const seq = this.done[position], before = this.calls.get(seq);
    this.calls.set(seq, call);
    this.add(before, -1, seq);
    this.add(call, +1, seq);
  }

  // A tally sheet locks the count; another may follow only a reopening, or a final one an
  // interim one. A final sheet after another corrects it, and the first one after a
  // decision is the Revised Tally (count.py: next_sheet).
  sign(e, detail, fail) {
    if (e.call !== null || e.target !== e.seq - 1) fail("a tally sheet certifies the event just before it");
    const kind = (detail ?? {}).kind;
    if (kind !== "final" && kind !== "interim") fail(`unknown kind of tally sheet ${pyRepr(kind ?? null)}`);
    if (this.envelopes.open) fail("no tally sheet is prepared before the envelope stage ends");
    const locked = this.locked;
    if (locked !== null && !(locked.kind === "interim" && kind === "final")) {
      fail(`the count is locked by the tally sheet of event ${locked.seq}; it must be reopened before another sheet is prepared`);
    }
    const sheet = { seq: e.seq, hash: e.hash, kind, tally: this.tally(), head: e.target, supersedes: null, revision: 0,
      revised: false, decided: null, detail: e.detail, envelopes: this.envelopes.mail ? this.envelopes.figures : null,
      groups: this.groups.tallies(this) };
    if (kind === "final") {
      const before = this.finals.at(-1), resolutions = this.resolutions;
      const uncounted = resolutions.uncounted(this);
      Object.assign(sheet, { supersedes: before ?? null, revision: this.finals.length,
        revised: resolutions.revising && before.seq < resolutions.decisions.at(-1).seq, decided: resolutions.decided(this) });
      if (uncounted) {
        fail(`${fmt(uncounted)} of the ${howMany(resolutions.ordered, "ballot")} the decision ordered opened` +
          ` ${uncounted === 1 ? "is" : "are"} not yet counted: the count is not over; call them before the Revised Tally is prepared`);
      }
      this.finals.push(sheet);
    }
    sheet.lines = linesOf(sheet.tally, this.ballot);
    sheet.title = kind === "interim" ? "Interim" : sheet.revised ? "Revised" : !sheet.revision ? "Final"
      : sheet.revision === 1 ? "Corrected" : `Corrected ${sheet.revision}`;
    this.sheets.set(e.seq, sheet);
    this.locked = sheet;
  }

  // The union a call votes for (or null), refused as ChoiceVotes.checked refuses it.
  choiceProblem(e, detail, fail) {
    if (detail !== null && (!Object.keys(detail).length || (detail.over_count ?? true) !== true ||
        Object.keys(detail).some((k) => k !== "over_count" && k !== "choice"))) {
      fail("a call carries nothing but an over-count confirmation");
    }
    const choice = detail === null ? null : detail.choice ?? null;
    if (e.call === "for" && this.several) {
      if (!Number.isInteger(choice)) fail("a vote for a union names the union (1 to 9, ballot order)");
      if (choice < 1 || choice > this.ballot.unions.length) fail(`the ballot has no union ${choice}`);
      return choice;
    }
    if (choice !== null) fail("only a vote for a union on a ballot of several names a choice");
    if (e.call === "against" && this.ballot.neither === null) fail("this runoff's ballot has no 'Neither' choice");
    return null;
  }

  // The tally now (count.py: Count.tally): each call's total, each choice's votes, and
  // the challenges settled or decided taken off line 6 (resolution.py: adjusted).
  tally() {
    const unions = this.ballot.unions.map(() => 0);
    for (const seq of this.done) {
      if (this.calls.get(seq) === "for" && this.choiceOf.has(seq)) unions[this.choiceOf.get(seq) - 1] += 1;
    }
    const t = this.totals, sealed = this.envelopes.counts.challenged; // a mail ballot's challenged envelopes
    const choices = this.several ? [...unions, ...(this.ballot.neither === null ? [] : [t.against])] : null;
    return this.resolutions.adjusted({ for: t.for, against: t.against, void: t.void, challenged: t.challenge + sealed,
      choices, sealed, setAside: 0, uncounted: 0 }, this.resolutions.uncounted(this), this.envelopes);
  }

  lines() {
    const tally = this.tally();
    return { lines: linesOf(tally, this.ballot), votes: votesOf(tally) };
  }
}

const votesOf = (tally) => tally.choices ?? [tally.for, tally.against];

// Ballots handled (tally.py: Tally.counted): sustained challenges were handled; opened
// ones not yet called, and sealed envelopes never in the box, are not.
const countedOf = (t) => t.for + t.against + t.void + t.challenged - t.sealed - t.uncounted + t.setAside;

// Lines 2-9 of a tally, 3a, 3b, … on a ballot of several unions (tally_form.py), and
// the ballots counted; line 1 is the eligible voters, set by the sheet's check.
function linesOf(tally, ballot) {
  const votes = votesOf(tally), unions = ballot.unions.length, valid = tally.for + tally.against;
  const lines = { counted: countedOf(tally), 2: tally.void, 3: tally.for };
  if (unions > 1) ballot.unions.forEach((_, i) => { lines[`3${LETTERS[i]}`] = votes[i]; });
  const majority = majorityFor(votes, tally.challenged);
  Object.assign(lines, { 4: tally.against, 5: valid, 6: tally.challenged, 7: valid + tally.challenged,
    8: determinative(votes, unions, tally.challenged), 9: majority !== null && majority < unions });
  return lines;
}

// Who may challenge, dispute or join (description.py: challenger_ids), and the ids
// files of earlier versions stored (a ballot of several unions: "petitioner").
function challengersOf(election, ballot) {
  const ids = [EMPLOYER];
  if (ballotField(election, "petitioner")) ids.push(EMPLOYEE_PETITIONER);
  if (ballot.unions.length > 1) ballot.unions.forEach((_, i) => ids.push(`union ${i + 1}`));
  else ids.push(ONE_UNION);
  ids.push(BOARD_AGENT);
  return new Set(ballot.unions.length > 1 ? [...ids, ONE_UNION] : ids);
}

function ballotField(election, name) {
  if (election.ballot === undefined || election.ballot === null) return null;
  return JSON.parse(election.ballot)[name] ?? null;
}

const EMPLOYER = "employer", ONE_UNION = "petitioner", BOARD_AGENT = "board agent";
const EMPLOYEE_PETITIONER = "employee petitioner";
const EVERY_CHALLENGER = new Set([EMPLOYER, ONE_UNION, BOARD_AGENT]);
const REASONS = new Set(["not on the eligibility list", "supervisor", "no longer employed", "signature or name mismatch",
  "envelope damaged or opened", "disputed void", "disputed call", "other", "signature missing or not matching",
  "envelope damaged"]);
const DISPUTED = new Set(["disputed void", "disputed call"]);
const MAX_NOTE = 200, MAX_BY = 200;

// The challenge register (challenges.py): every challenge made, in the order made (its
// register number), and which of them count now.
class Register {
  constructor(challengers) {
    this.challengers = challengers;
    this.entries = new Map();
    this.counting = new Set();
  }

  add(seq, challenge) {
    this.entries.set(seq, challenge);
    this.counting.add(seq);
  }

  put(seq, challenge) {
    this.entries.set(seq, challenge);
  }

  setCounting(seq, counting) {
    if (this.entries.has(seq)) counting ? this.counting.add(seq) : this.counting.delete(seq);
  }

  accepts(party) {
    return typeof party === "string" && this.challengers.has(party);
  }

  // The challenge of `seq` as an AMEND would leave it (challenges.py: amended).
  amended(seq, changes, fail) {
    if (!this.counting.has(seq)) fail(`event ${seq} is not a challenged ballot that counts`);
    const keys = Object.keys(changes ?? {});
    if (!keys.length || keys.some((k) => !["party", "reason", "note"].includes(k))) fail("an amendment gives a party, a reason or a note");
    const entry = { ...this.entries.get(seq) };
    if ("party" in changes) {
      if (!this.accepts(changes.party)) fail(`${pyRepr(changes.party)} is no party to this election`);
      entry.party = changes.party;
      if (entry.disputedVoid && entry.party === BOARD_AGENT) fail("a void is disputed by a party, not the Board agent");
    }
    if ("reason" in changes) {
      const reason = pyStr(changes.reason);
      if (!REASONS.has(reason)) fail(`${pyRepr(reason)} is not a valid Reason`);
      if (DISPUTED.has(reason) !== entry.disputedVoid) fail("only a disputed void has the reason 'disputed void'");
      entry.reason = reason;
    }
    if ("note" in changes) {
      const note = changes.note;
      if (note !== null && (typeof note !== "string" || Array.from(note).length > MAX_NOTE)) fail(`a note is text of at most ${MAX_NOTE} characters`);
      if (note && entry.disputedVoid) fail("a disputed void, an opened ballot, takes no note");
      entry.note = note || null;
    }
    return entry;
  }
}

// Everything decided about the challenges and disputes (resolution.py: Resolutions).
class Resolutions {
  constructor() {
    this.statuses = new Map(); // challenge seq -> status, once not open
    this.disputes = new Map();
    this.decisions = [];
    this.original = null;      // the first count's final tally, once decided
    this.originalGroups = [];  // in an election of voting groups, each group's figures on it
    this.base = 0;             // calls that counted before the revised count began
    this.ordered = 0;          // ballots ordered opened, every decision together
  }

  get revising() {
    return this.decisions.length > 0;
  }

  // The tally with settled and decided challenges off line 6: a sustained ballot set
  // aside (handled); a settled envelope leaves the sealed ones (it was never in the box).
  adjusted(tally, uncounted, envelopes) {
    if (!this.statuses.size) return tally;
    let off = 0, sustained = 0;
    for (const [seq, status] of this.statuses) {
      if (status !== "open") off += 1;
      if (status === "sustained" && !envelopes.settled.has(seq)) sustained += 1;
    }
    for (const d of this.disputes.values()) if (d.withdrawn && d.carried) off -= 1;
    return { ...tally, challenged: tally.challenged - off + uncounted, sealed: tally.sealed - envelopes.settled.size,
      setAside: sustained, uncounted };
  }

  uncounted(count) {
    return this.revising ? Math.max(this.ordered - (count.done.length - this.base), 0) : 0;
  }

  checkCalls(count, calls, fail) {
    if (!this.revising) return;
    if (calls.includes("challenge")) fail("an opened challenged ballot is FOR, AGAINST or VOID");
    if (count.done.length - this.base + calls.length > this.ordered) fail(`only ${howMany(this.ordered, "challenged ballot")} ordered opened`);
  }

  checkUndo(count, e, fail) {
    if (this.revising && count.done.length <= this.base) fail("the first count is closed; undo reaches only the revised count");
    if (this.statuses.has(e.target) && this.statuses.get(e.target) !== "open") fail(`the challenge of event ${e.target} is resolved; reopen it first`);
  }

  checkRedo(e, fail) {
    if (this.revising && (e.target ?? 0) < this.decisions[0].seq) fail("the first count is closed; redo reaches only the revised count");
  }

  // Every challenge with its register number (an undone one leaves a gap): those that
  // count, and those settled or decided.
  numbered(count) {
    const listed = [], complete = this.revising && count.done.length - this.base >= this.ordered;
    let number = 0;
    for (const seq of count.register.entries.keys()) {
      number += 1;
      let status = this.statuses.get(seq) ?? "open";
      if (status === "ordered opened" && complete) status = "counted";
      if (count.register.counting.has(seq) || status !== "open") listed.push({ number, seq, status });
    }
    return listed;
  }

  decided(count) {
    if (this.original === null) return null;
    return { original: this.original, decisions: this.decisions.map(decisionWords),
      unresolved: this.numbered(count).filter((entry) => entry.status === "open").map((entry) => entry.number),
      openedEnvelopes: count.envelopes.openedChallenges, originalGroups: this.originalGroups };
  }
}

// A party disputes the agent's call of a ballot: carried as challenged, or left as
// called and noted for objections (resolution.py: dispute).
function dispute(count, e, detail, fail) {
  const party = disputingParty(count, detail, fail);
  const keys = Object.keys(detail).filter((k) => k !== "party");
  if (!(keys.length === 0 || (keys.length === 1 && keys[0] === "left_as_called")) || (detail.left_as_called ?? true) !== true) {
    fail("a dispute gives the party, and whether it is left as called");
  }
  const carried = !("left_as_called" in detail);
  if (!["for", "against", "void"].includes(e.call) || e.target === null) fail("a dispute names the FOR, AGAINST or VOID call it disputes");
  const position = count.done.lastIndexOf(e.target);
  if (position < 0 || count.calls.get(e.target) !== e.call) fail(`event ${e.target} is not a ${label(e.call)} call that counts`);
  if (count.resolutions.disputes.has(e.target)) fail(`the call of event ${e.target} is disputed already`);
  count.resolutions.disputes.set(e.target, { seq: e.target, call: e.call, party, joined: null, carried, withdrawn: false });
  if (carried) {
    count.recall(position, "challenge");
    count.register.add(e.target, { party, reason: e.call === "void" ? "disputed void" : "disputed call", note: null, disputedVoid: true });
  }
}

function join(count, e, detail, fail) {
  const party = disputingParty(count, detail, fail);
  if (e.call !== null || Object.keys(detail).join() !== "party" || e.target === null) fail("a party joins a dispute by naming its call");
  const disputed = count.resolutions.disputes.get(e.target);
  if (!disputed || disputed.withdrawn) fail(`the call of event ${e.target} is not disputed`);
  if (disputed.joined !== null || disputed.party === party) fail(`a party other than ${disputed.party} joins a dispute`);
  disputed.joined = party;
}

function disputingParty(count, detail, fail) {
  const party = detail.party;
  if (party === BOARD_AGENT || !count.register.accepts(party)) fail("a call is disputed by a party to the election");
  return party;
}

// A challenge settled by agreement, or a dispute withdrawn (resolution.py: resolve).
function resolve(count, e, detail, fail) {
  const target = e.target, wanted = detail.as, resolutions = count.resolutions;
  const keys = Object.keys(detail).filter((k) => k !== "party");
  if (e.call !== null || target === null || keys.join() !== "as") fail("a resolution names a challenge and what became of it");
  if (!["withdrawn", "sustained", "open"].includes(wanted)) fail("a challenge is resolved as one of withdrawn, sustained, open");
  const status = wanted, current = resolutions.statuses.get(target) ?? "open";
  const disputed = resolutions.disputes.get(target) ?? null;
  const withdrawing = disputed !== null && status === "withdrawn";
  if (withdrawing !== ("party" in detail) ||
      (disputed !== null && withdrawing && ![disputed.party, disputed.joined].filter((p) => p !== null).includes(detail.party))) {
    fail("a dispute is withdrawn by the party that made or joined it");
  }
  if (resolutions.revising && status !== "open") fail("after the decision, challenges are decided, not settled");
  if (disputed !== null && !disputed.carried) {
    if (status === "sustained" || (status === "open") !== disputed.withdrawn) fail("a dispute left as called is withdrawn or stands");
    disputed.withdrawn = status === "withdrawn";
    return;
  }
  if (status === "open") {
    if (!["withdrawn", "sustained"].includes(current) || resolutions.revising) fail(`the challenge of event ${target} is not settled`);
  } else if (current !== "open" || !count.register.counting.has(target)) {
    fail(`event ${target} is not an open challenge that counts`);
  }
  const envelopes = count.envelopes, envelope = envelopes.rulings.has(target);
  if (envelope && envelopes.endedAt !== null) {
    // The accepted envelopes were opened and their ballots mixed when the stage ended.
    if (status === "withdrawn") fail(ENVELOPE_WITHDRAWN_LATE);
    if (status === "open" && current === "withdrawn") fail(ENVELOPE_MIXED);
  }
  const position = count.done.lastIndexOf(target);
  if (envelope) { // its ballot joins the accepted envelopes (withdrawn) or never does
    if (status === "open") envelopes.settled.delete(target);
    else envelopes.settled.set(target, status);
  }
  if (disputed !== null && status !== "sustained") {
    const back = status === "withdrawn";
    disputed.withdrawn = back;
    if (position >= 0) count.recall(position, back ? disputed.call : "challenge");
  }
  count.register.setCounting(target, status === "open");
  if (status === "open") resolutions.statuses.delete(target);
  else resolutions.statuses.set(target, status);
}

// The decision after the hearing, by register numbers (decision.py: _decide).
function decide(count, e, detail, fail) {
  const locked = count.locked, resolutions = count.resolutions;
  if (locked === null || locked.kind !== "final") fail("a decision comes after a final tally is prepared");
  if (e.call !== null || e.target !== null || Object.keys(detail).sort().join() !== "by,open,sustain") {
    fail("a decision lists the ballots opened and sustained, and by whom");
  }
  const numbers = (value, what) => {
    if (!Array.isArray(value) || !value.every(Number.isInteger)) fail(`a decision lists the numbers it ${what}`);
    return value;
  };
  const opened = numbers(detail.open, "orders opened"), sustained = numbers(detail.sustain, "sustains"), by = detail.by;
  if (typeof by !== "string" || !by.trim() || Array.from(by).length > MAX_BY) fail(`a decision names who decided (at most ${MAX_BY} characters)`);
  const problem = decisionProblem(count, opened, sustained);
  if (problem) fail(problem);
  const seqs = new Map(resolutions.numbered(count).map((entry) => [entry.number, entry.seq]));
  if (resolutions.original === null) {
    resolutions.original = locked.tally;
    resolutions.originalGroups = locked.groups;
    resolutions.base = count.done.length;
  }
  for (const number of opened) resolutions.statuses.set(seqs.get(number), "ordered opened");
  for (const number of sustained) resolutions.statuses.set(seqs.get(number), "sustained");
  for (const number of [...opened, ...sustained]) {
    count.register.setCounting(seqs.get(number), false);
    if (count.envelopes.rulings.has(seqs.get(number))) { // its ballot joins the box
      count.envelopes.settled.set(seqs.get(number), opened.includes(number) ? "ordered opened" : "sustained");
    }
  }
  resolutions.ordered += opened.length;
  resolutions.decisions.push({ seq: e.seq, opened, sustained, by });
  count.locked = null; // the revised count begins
}

function decisionProblem(count, opened, sustained) {
  if (!opened.length && !sustained.length) return "a decision opens or sustains at least one challenge";
  const both = [...opened, ...sustained];
  const twice = [...new Set(both.filter((n, i) => both.indexOf(n) !== i))].sort((a, b) => a - b);
  if (twice.length) return `challenge ${twice.join(", ")} appears twice in the decision`;
  const listed = new Map(count.resolutions.numbered(count).map((entry) => [entry.number, entry]));
  const missing = both.filter((n) => !listed.has(n));
  if (missing.length) return `there is no challenge ${missing.join(", ")} in the register`;
  const closed = both.filter((n) => listed.get(n).status !== "open");
  if (closed.length) return `challenge ${closed.join(", ")} is not open (${closed.map((n) => listed.get(n).status).join(", ")})`;
  return null;
}

// "Decision by R. Director (event 57): challenges 1, 4 ordered opened; challenge 5 sustained."
function decisionWords(decision) {
  const noun = (numbers) => (numbers.length === 1 ? "challenge" : "challenges");
  const parts = [];
  if (decision.opened.length) parts.push(`${noun(decision.opened)} ${decision.opened.join(", ")} ordered opened`);
  if (decision.sustained.length) parts.push(`${noun(decision.sustained)} ${decision.sustained.join(", ")} sustained`);
  return `Decision by ${decision.by} (event ${decision.seq}): ${parts.join("; ")}.`;
}

const NO_BALLOT_CHALLENGE = "a ballot out of its envelope cannot be challenged: its voter is unknown; D disputes its marking";
const ENVELOPE_WITHDRAWN_LATE = "the envelope stage has ended and its ballots were mixed: a challenged envelope now" +
  " stays challenged for the decision, or is sustained by agreement";
const ENVELOPE_MIXED = "this envelope's challenge was withdrawn before the envelope stage ended and its" +
  " ballot is mixed with the others: it cannot be set aside again";
const lockedRule = (sheet) => `the count is locked by the tally sheet of event ${sheet.seq}; it must be reopened first`;
const fmt = (n) => n.toLocaleString("en-US");
const howMany = (n, noun) => `${fmt(n)} ${noun}${n === 1 ? "" : "s"}`;

// A mail ballot's envelope stage (envelopes.py): each returned envelope ruled against
// the voter list before any ballot is opened, with its own undo and redo; the stage
// ends naming the envelopes accepted. `current`: ruled by MAIL_RULES (late envelopes
// opened, replacements, envelopes received after the tally); `polls`: some vote there.
const RULING_LABELS = { accepted: "ACCEPTED", challenged: "CHALLENGED", void: "VOID", late: "LATE",
  polls: "VOTED AT THE POLLS", "after tally": "RECEIVED AFTER THE TALLY (not opened)" };

class Envelopes {
  constructor(mail, current, polls, groups = []) {
    this.mail = mail;
    this.groups = mail ? groups : []; // the voting groups' keys, if any
    this.current = mail && current;
    this.polls = mail && polls;
    this.endedAt = null;
    this.afterTally = [];        // AFTER_TALLY events, oldest first
    this.replacements = 0;       // counting rulings that are replacements
    this.rulings = new Map();    // ENVELOPE event -> {seq, voter, ruling, writeIn, replaces}
    this.done = [];
    this.undone = [];
    this.counts = Object.fromEntries(Object.keys(RULING_LABELS).map((r) => [r, 0]));
    this.byVoter = new Map();    // counting rulings, per voter key
    this.settled = new Map();    // challenged envelopes no longer open -> what became of them
  }

  get open() {
    return this.mail && this.endedAt === null;
  }

  get figures() {
    const c = this.counts;
    const withdrawn = [...this.settled.values()].filter((s) => s === "withdrawn").length;
    const figures = { returned: this.done.length - c.polls, accepted: c.accepted + withdrawn,
      challenged: c.challenged - withdrawn, void: c.void, late: c.late };
    if (this.current) Object.assign(figures, { replacements: this.replacements, at_polls: c.polls, after_tally: this.afterTally.length });
    return figures;
  }

  get openedChallenges() {
    return [...this.settled.values()].filter((s) => s === "ordered opened").length;
  }

  // In an election of voting groups, each group's ballots to count, by key: its
  // envelopes opened (a challenge withdrawn during the stage or ordered opened too) and
  // its voters at the polls; null while the stage is open (envelopes.py: group_boxes).
  groupBoxes() {
    if (!this.groups.length || this.endedAt === null) return null;
    const boxes = new Map(this.groups.map((key) => [key, 0]));
    const counted = new Set(["accepted", "polls", ...(this.current ? ["late"] : [])]);
    for (const seq of this.done) {
      const envelope = this.rulings.get(seq), lifted = ["withdrawn", "ordered opened"].includes(this.settled.get(seq));
      if (envelope.group !== null && (counted.has(envelope.ruling) || lifted)) boxes.set(envelope.group, boxes.get(envelope.group) + 1);
    }
    return boxes;
  }

  // Each challenged envelope that counts, by its event, with its voting group.
  challengedGroups() {
    const found = new Map();
    for (const seq of this.done) {
      const envelope = this.rulings.get(seq);
      if (envelope.ruling === "challenged" && envelope.group !== null) found.set(seq, envelope.group);
    }
    return found;
  }

  ruled(key) {
    return (this.byVoter.get(key) ?? []).map((seq) => this.rulings.get(seq));
  }

  apply(e, detail, register, fail) {
    if (!this.mail) fail("only a mail-ballot election has an envelope stage");
    if (this.endedAt !== null) fail(`the envelope stage ended at event ${this.endedAt}; no envelope is ruled after`);
    if (e.call !== null) fail("an envelope event carries no ballot call");
    if (e.action === "envelope") this.rule(e, detail, register, fail);
    else if (e.action === "end_envelopes") this.end(e, detail, fail);
    else this.move(e, register, e.action === "envelope_undo", fail);
  }

  rule(e, detail, register, fail) {
    let envelope = envelopeOf(e, detail, null, fail, this.groups);
    if (envelope.ruling === "after tally") fail("an envelope received after the tally is not ruled");
    if (envelope.ruling === "polls") {
      if (!this.polls) fail("P: no voter votes at the polls in this election (it was set up without --polls)");
      if (envelope.voter === null) fail("a voter not on the list is challenged at the polls (C), not checked off");
    }
    const earlier = this.ruled(envelope.key);
    if (earlier.length) envelope = this.another(e.seq, envelope, earlier, fail);
    this.rulings.set(e.seq, envelope);
    this.undone = [];
    this.count(envelope, +1);
    if (envelope.ruling === "challenged") {
      // Written-in voters are not on the list: that is the reason unless changed.
      register.add(e.seq, { party: BOARD_AGENT, reason: envelope.voter === null ? "not on the eligibility list" : null,
        note: null, disputedVoid: false });
    }
  }

  // A voter's envelope after their first: a replacement, or a second envelope.
  another(seq, envelope, earlier, fail) {
    if (this.current && earlier.every((x) => x.ruling === "void")) return { ...envelope, replaces: earlier.at(-1).seq };
    const oneBallot = this.current ? { accepted: "accepted", late: "counted", polls: "checked off at the polls" } : { accepted: "accepted" };
    if (envelope.ruling in oneBallot) {
      const first = earlier.find((x) => x.ruling !== "void") ?? earlier[0];
      if (envelope.ruling === "polls") {
        fail(`${envelope.key} has an envelope ruled ${RULING_LABELS[first.ruling]} at event ${first.seq}: they cannot be checked off at the polls too`);
      }
      fail(`a second envelope of ${envelope.key} (the first was ruled ${RULING_LABELS[first.ruling]} at event ${first.seq}) cannot be ${oneBallot[envelope.ruling]}`);
    }
    return envelope;
  }

  afterTheTally(e, detail, tallied, fail) {
    if (!this.current) fail("this election's envelopes received after the tally are not recorded (a mail election set up before they were)");
    if (!tallied) fail("an envelope is received after the tally once a final tally sheet is prepared; until then it is ruled");
    if (e.call !== null) fail("an envelope event carries no ballot call");
    this.rulings.set(e.seq, envelopeOf(e, detail, "after tally", fail));
    this.afterTally.push(e.seq);
  }

  move(e, register, undo, fail) {
    const [source, dest] = undo ? [this.done, this.undone] : [this.undone, this.done], verb = undo ? "undo" : "redo";
    if (e.detail !== null) fail(`an envelope ${verb} names its ruling and nothing else`);
    if (!source.length) fail(`no envelope ruling to ${verb}`);
    if (e.target !== source.at(-1)) fail(`envelope ${verb} must name event ${source.at(-1)}, not ${pyRepr(e.target)}`);
    const envelope = this.rulings.get(source.at(-1));
    if (this.settled.has(envelope.seq)) fail(`the challenge of envelope event ${envelope.seq} is settled; reopen it first`);
    dest.push(source.pop());
    this.count(envelope, undo ? -1 : +1);
    register.setCounting(envelope.seq, !undo);
  }

  end(e, detail, fail) {
    const accepted = (detail ?? {}).accepted, keys = Object.keys(detail ?? {});
    if (e.target !== null || keys.join() !== "accepted") fail("the end of the envelope stage names the envelopes accepted");
    const figures = this.figures;
    if (accepted !== figures.accepted) {
      fail(`the envelope stage ends with ${fmt(figures.accepted)} envelopes accepted, not ${pyRepr(accepted)}`);
    }
    this.endedAt = e.seq;
  }

  count(envelope, step) {
    this.counts[envelope.ruling] += step;
    if (envelope.replaces !== null) this.replacements += step;
    const seqs = this.byVoter.get(envelope.key) ?? [];
    this.byVoter.set(envelope.key, seqs);
    if (step > 0) {
      if (!this.done.includes(envelope.seq)) this.done.push(envelope.seq);
      seqs.push(envelope.seq);
    } else {
      seqs.splice(seqs.indexOf(envelope.seq), 1);
      if (!seqs.length) this.byVoter.delete(envelope.key);
    }
  }
}

// The ruling an envelope event records, checked (envelopes.py: _envelope_of);
// `recorded`: the ruling an event of another action stands for; `groups`: the keys of
// the voting groups, one of which a ruling then names.
function envelopeOf(e, given, recorded, fail, groups = []) {
  const detail = { ...(given ?? {}) };
  const named = "group" in detail ? detail.group : null;
  delete detail.group;
  if (groups.length && !groups.includes(named)) fail(`an envelope in an election of voting groups names its group (${groups.join(", ")})`);
  if (named !== null && !groups.length) fail("an envelope ruling has no 'group'");
  const group = typeof named === "string" ? named : null;
  if (e.target !== null) fail("an envelope ruling has no target");
  let ruling = recorded;
  if (ruling === null) {
    ruling = pyStr(detail.ruling ?? null);
    delete detail.ruling;
    if (!(ruling in RULING_LABELS)) fail("an envelope ruling is accepted, challenged, void, late or polls");
  }
  const voter = detail.voter ?? null, writeIn = detail.write_in ?? null;
  delete detail.voter;
  delete detail.write_in;
  if (Object.keys(detail).length) fail(`an envelope ruling has no ${pyRepr(Object.keys(detail).sort()[0])}`);
  if ((voter === null) === (writeIn === null)) fail("an envelope ruling names a listed voter or a written-in one");
  if (voter !== null) {
    if (typeof voter !== "string" || !voter || voter !== pyStrip(voter)) fail("a voter id is text");
    return { seq: e.seq, voter, ruling, writeIn: null, replaces: null, key: voter, group };
  }
  const name = cleanText(writeIn, "written-in name", MAX_NAME, fail);
  if (name !== writeIn) fail("a written-in name is stored as typed, trimmed");
  return { seq: e.seq, voter: null, ruling, writeIn: name, replaces: null, key: `write-in:${name}`, group };
}

const MAX_NAME = 200;
// What Python's str.split() and str.strip() take for white space.
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_SPACES = new RegExp(`[${PY_SPACE}]+`, "u");
const pyStrip = (text) => text.replace(new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu"), "");

// Text on one line with single spaces, printable only (text.py: clean_text).
function cleanText(value, what, maxLength, fail) {
  if (typeof value !== "string") fail(`${what} must be text`);
  const text = value.split(PY_SPACES).filter(Boolean).join(" ");
  if (!text) fail(`${what} must not be empty`);
  if (Array.from(text).length > maxLength) fail(`${what} is longer than ${maxLength} characters`);
  if (/\p{C}/u.test(text)) fail(`${what} contains control characters`);
  return text;
}

// An election of voting groups (groups.py, group_calls.py, group_sheet.py): every call
// names its group's pile, a Sonotone group's FOR or AGAINST its answer to question 1;
// each group, and each unit the Sonotone rule pools, has a tally of its own.
const GROUPS_TOGETHER = "Not stated for the voting groups together: each unit's result is stated on its own tally below.";

class GroupCalls {
  constructor(specs, ballot) {
    this.specs = specs;
    this.unions = ballot.unions.length;
    this.choices = ballot.unions.length + (ballot.neither === null ? 0 : 1);
    this.of = new Map();      // a call's event -> [group index, answer]
    this.counting = new Set();
    this.totals = specs.map(() => ({ for: 0, against: 0, void: 0, challenge: 0 })); // each group's piles
  }

  // The key of the group whose pile the ballot of event `seq` was called from, or null.
  keyOf(seq) {
    return this.of.has(seq) ? this.specs[this.of.get(seq)[0]].key : null;
  }

  // Group `key`'s ballots called `call` that count now, as carried.
  total(key, call) {
    return this.totals[this.index(key)][call];
  }

  moved(key, call, step) {
    const totals = this.totals[this.index(key)];
    totals[call] += step;
    return totals[call];
  }

  get active() {
    return this.specs.length > 0;
  }

  // A call's group, its question-1 answer and the rest of its detail (GroupCalls.split).
  split(call, detail, fail) {
    const rest = { ...(detail ?? {}) }, key = rest.group ?? null, answer = rest.inclusion ?? null;
    delete rest.group;
    delete rest.inclusion;
    const group = typeof key === "string" ? this.specs.findIndex((spec) => spec.key === key) : -1;
    if (group < 0) fail(`a call in an election of voting groups names its group (${this.specs.map((s) => s.key).join(", ")})`);
    if (answer !== null) {
      if (this.specs[group].rule !== "sonotone") fail(`group ${key}'s ballot has no question on inclusion`);
      if (!["for", "against"].includes(call) || !["yes", "no"].includes(answer)) {
        fail("question 1 is answered yes or no on a ballot voted on question 2; a void or challenged ballot is void or challenged whole");
      }
    }
    return { group, answer: typeof answer === "string" ? answer : null, rest: Object.keys(rest).length ? rest : null };
  }

  add(seq, group, answer) {
    this.of.set(seq, [group, answer]);
    this.counting.add(seq);
  }

  setCounting(seq, counting) {
    if (this.of.has(seq)) counting ? this.counting.add(seq) : this.counting.delete(seq);
  }

  // Each group's figures now, in setup order (GroupCalls.tallies); `count` says how each
  // call is carried. As the whole tally does, a challenge withdrawn or ordered opened
  // leaves its group's line 6, its ballot coming back as a call of its own in that group;
  // a sustained one is set aside; the ballots ordered opened stay on their group's line 6
  // until the revised count has called as many in that group. By mail a group's box is
  // its envelopes', and its challenged envelopes still sealed are on its line 6.
  tallies(count) {
    const n = this.specs.length, zero = () => Array(n).fill(0);
    const votes = this.specs.map(() => Array(this.choices).fill(0));
    const [voids, challenged, aside, yes, no, handled, sealed] = [zero(), zero(), zero(), zero(), zero(), zero(), zero()];
    const statuses = count.resolutions.statuses, mail = mailPiles(count);
    const uncounted = this.uncounted(count, mail);
    for (const [seq, key] of mail?.sealed ?? []) {
      if ((statuses.get(seq) ?? "open") === "open") sealed[this.index(key)] += 1;
    }
    for (const seq of this.counting) {
      const [group, answer] = this.of.get(seq), call = count.calls.get(seq);
      const settled = call === "challenge" ? statuses.get(seq) ?? "open" : "open";
      if (settled === "sustained") {
        aside[group] += 1;
        continue;
      }
      if (settled !== "open") continue; // withdrawn or ordered opened: called again
      handled[group] += 1;
      if (call === "void") voids[group] += 1;
      else if (call === "challenge") challenged[group] += 1;
      else {
        votes[group][call === "for" ? (count.choiceOf.get(seq) ?? 1) - 1 : this.unions] += 1;
        yes[group] += answer === "yes";
        no[group] += answer === "no";
      }
    }
    return this.specs.map((spec, i) => {
      const box = mail === null ? spec.ballots : mail.boxes === null ? null : mail.boxes.get(spec.key);
      return { votes: votes[i], void: voids[i], challenged: challenged[i] + uncounted[i] + sealed[i], yes: yes[i], no: no[i],
        remaining: box === null ? null : Math.max(box - handled[i] - aside[i] - uncounted[i], 0), setAside: aside[i], sealed: sealed[i] };
    });
  }

  index(key) {
    return this.specs.findIndex((spec) => spec.key === key);
  }

  // Each group's ballots ordered opened (challenged calls and envelopes) and not yet
  // called in the revised count.
  uncounted(count, mail) {
    const resolutions = count.resolutions, n = this.specs.length;
    const ordered = Array(n).fill(0), called = Array(n).fill(0);
    if (!resolutions.revising) return ordered;
    const first = resolutions.decisions[0].seq;
    for (const [seq, status] of resolutions.statuses) {
      const group = this.of.has(seq) ? this.of.get(seq)[0] : this.index(mail?.sealed.get(seq) ?? "");
      if (status === "ordered opened" && group >= 0) ordered[group] += 1;
    }
    for (const seq of this.counting) if (seq > first) called[this.of.get(seq)[0]] += 1;
    return ordered.map((wanted, i) => Math.max(wanted - called[i], 0));
  }

  // A ballot of the revised count is one a decision ordered opened in its group.
  checkOpened(group, count, fail) {
    if (this.uncounted(count, mailPiles(count))[group] < 1) {
      fail(`no ballot of group ${this.specs[group].key} ordered opened is left to count: each opened ballot is counted in its own group's pile`);
    }
  }
}

// By mail in an election of voting groups: each group's box from its envelopes, and its
// challenged envelopes (count.py: _mail_piles); null otherwise.
function mailPiles(count) {
  const envelopes = count.envelopes;
  if (!(envelopes.mail && count.groups.active)) return null;
  return { boxes: envelopes.groupBoxes(), sealed: envelopes.challengedGroups() };
}

// The groups a setup stores, each {key, name, eligible, ballots, rule}.
function groupSpecs(election) {
  return (ballotField(election, "groups") ?? []).map((g) => ({ key: g.key, name: g.name, eligible: g.eligible,
    ballots: g.ballots ?? null, rule: g.rule ?? "own" }));
}

const included = (t) => t.yes > t.no;

// Whether `swing` ballots could turn a Sonotone group's question 1.
function inclusionOpen(t, swing) {
  if (swing === 0) return false;
  return included(t) ? t.no + swing >= t.yes : t.yes + swing > t.no;
}

// Every unit the groups' votes decide now, with its line 8 (groups.py: units).
function unitsOf(specs, tallies, unions, pooling = true) {
  const byKey = new Map(specs.map((spec, i) => [spec.key, tallies[i]]));
  const own = specs.filter((g) => g.rule === "own"), partner = own.length === 1 ? own[0] : null;
  const sonotone = specs.filter((g) => g.rule === "sonotone");
  const pooled = new Set(sonotone.filter((g) => pooling && included(byKey.get(g.key))).map((g) => g.key));
  const turnable = sonotone.filter((g) => inclusionOpen(byKey.get(g.key), byKey.get(g.key).challenged));
  const turned = (keys, which) => (partner !== null && keys.includes(partner.key) ? which.length > 0 : which.some((g) => keys.includes(g.key)));
  const members = [];
  for (const group of specs) {
    if (pooled.has(group.key)) continue; // counted in its partner's unit
    if (partner !== null && group.key === partner.key && pooled.size) {
      members.push(specs.filter((g) => pooled.has(g.key) || g.key === partner.key));
    } else members.push([group]);
  }
  return members.map((groups) => {
    const figures = groups.map((g) => byKey.get(g.key)), keys = groups.map((g) => g.key);
    const votes = figures[0].votes.map((_, i) => figures.reduce((total, t) => total + t.votes[i], 0));
    const challenged = figures.reduce((total, t) => total + t.challenged, 0);
    return { name: groups.map((g) => g.name).join(" and "), groups: keys,
      determinative: turned(keys, turnable) || determinative(votes, unions, challenged) };
  });
}

// A group's (or a pooled unit's) figures as a tally of its ballots (group_sheet.py).
function groupTally(figures, unions) {
  const votes = figures.votes, several = votes.length > 2 || unions > 1;
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  return { for: sum(votes.slice(0, unions)), against: sum(votes.slice(unions)), void: figures.void,
    challenged: figures.challenged, choices: several ? [...votes] : null, sealed: 0, setAside: 0, uncounted: 0 };
}

// Lines 1-9 and their statements of a group or unit; a unit's line 8 as its rule says.
function groupTallyFacts(election, eligible, figures, pending, unit) {
  const ballot = ballotOf(election), form = formOf(election), tally = groupTally(figures, form.unions);
  const lines = sheetLines(linesOf(tally, ballot), { eligible });
  const statements = statedLines(form, tally, eligible, pending).statements;
  if (unit !== null) {
    lines["8"] = unit.determinative;
    statements["8"] = challengesLine(unit.determinative, pending);
  }
  return { lines, statements };
}

// What a sheet of an election of voting groups states of each group and pooled unit
// (group_sheet.py: group_facts); nothing for any other election.
function groupFacts(election, sheet, pending) {
  const specs = groupSpecs(election);
  if (!specs.length || sheet.groups.length !== specs.length) return {};
  return groupsFacts(election, sheet.groups, sheet.decided?.originalGroups ?? [], pending);
}

// Each group's and pooled unit's tally from the groups' figures (a sheet's, or the
// tables' summed); with `original` figures (a decision's), each in revised columns
// (group_sheet.py: groups_facts).
function groupsFacts(election, tallies, original, pending) {
  const specs = groupSpecs(election);
  const before = new Map(specs.slice(0, original.length).map((spec, i) => [spec.key, original[i]]));
  // While ballots remain (an interim sheet) question 1 is not determined: no pooling.
  const pooling = pending !== INTERIM;
  const found = unitsOf(specs, tallies, formOf(election).unions, pooling);
  const unitOf = new Map(found.flatMap((unit) => unit.groups.map((key) => [key, unit])));
  const own = specs.filter((g) => g.rule === "own").map((g) => g.key);
  const sonotone = specs.filter((g) => g.rule === "sonotone").map((g) => g.key);
  const undetermined = pooling || own.length !== 1 || !sonotone.length ? [] : [...sonotone, ...own];
  const groups = specs.map((spec, i) => {
    const unit = unitOf.get(spec.key), alone = unit.groups.length === 1, figures = tallies[i];
    const entry = { key: spec.key, name: spec.name, ...groupTallyFacts(election, spec.eligible, figures, pending, alone ? unit : null) };
    if (!alone) {
      const others = unit.groups.filter((key) => key !== spec.key).join(", ");
      const said = `Not stated for voting group ${spec.key}: its votes are pooled with group ${others}, and the unit's tally states the result.`;
      entry.statements = { 8: said, 9: said };
    }
    if (undetermined.includes(spec.key)) {
      const others = undetermined.filter((key) => key !== spec.key).join(", ");
      const said = `Not stated for voting group ${spec.key}: whether its votes are pooled with group ${others} is not yet determined: ${pending}.`;
      entry.statements = { 8: said, 9: said };
    }
    if (spec.rule === "sonotone") entry.inclusion = { yes: figures.yes, no: figures.no };
    if (before.has(spec.key)) entry.columns = groupColumns(election, spec.eligible, before.get(spec.key), figures);
    return entry;
  });
  const units = found.filter((unit) => unit.groups.length > 1).map((unit) => {
    const members = specs.map((spec, i) => [spec, tallies[i]]).filter(([spec]) => unit.groups.includes(spec.key));
    const eligible = members.reduce((total, [spec]) => total + spec.eligible, 0);
    const figures = pooledFigures(members.map(([, t]) => t));
    const entry = { name: unit.name, groups: [...unit.groups], ...groupTallyFacts(election, eligible, figures, pending, unit) };
    if (before.size) entry.columns = groupColumns(election, eligible, pooledFigures(unit.groups.map((key) => before.get(key))), figures);
    return entry;
  });
  return { groups, units, statements: { 8: GROUPS_TOGETHER, 9: GROUPS_TOGETHER } };
}

// Several groups' figures added up, choice by choice (group_sheet.py: pooled).
function pooledFigures(tallies) {
  const sum = (name) => tallies.reduce((total, t) => total + t[name], 0);
  return { votes: tallies[0].votes.map((_, i) => tallies.reduce((total, t) => total + t.votes[i], 0)),
    void: sum("void"), challenged: sum("challenged"), yes: 0, no: 0 };
}

// A group's (or pooled unit's) Revised Tally: lines 1-7 as its page prints them, in the
// four columns of the whole sheet's (group_sheet.py: _columns).
function groupColumns(election, eligible, original, final) {
  const ballot = ballotOf(election), unions = ballot.unions.length;
  const first = sheetLines(linesOf(groupTally(original, unions), ballot), { eligible });
  const last = sheetLines(linesOf(groupTally(final, unions), ballot), { eligible });
  const printed = formOrder(last).filter((n) => !["8", "9"].includes(n) && !(n === "3" && unions > 1) && !(n === "4" && ballot.neither === null));
  const changed = {};
  for (const number of formOrder(last).filter(SUMMED)) changed[number] = last[number] - first[number];
  const sustained = changed["6"] + changed["2"] + changed["5"];
  const pick = (lines, numbers) => Object.fromEntries(numbers.map((n) => [n, lines[n]]));
  const aside = {}, counted = {};
  for (const number of Object.keys(changed)) {
    aside[number] = number === "6" || number === "7" ? sustained : 0;
    counted[number] = changed[number] - aside[number];
  }
  const middle = printed.filter((n) => n !== "1");
  return { original: pick(first, printed), challenged_counted: pick(counted, middle), set_aside: pick(aside, middle), final: pick(last, printed) };
}

// Pile checks (piles.py): pile k of a call holds its ballots (k-1)*N+1 to k*N; a recount
// of a full pile is recorded, and one found wrong waits until the count is corrected
// below its end (an undo) before it may be recounted.
class Piles {
  // `several`: the ballot of several unions whose piles are named by choice, or null.
  constructor(size, several = null) {
    this.size = size;
    this.several = several;
    this.unrefilled = new Set();
  }

  // `group`: the voting group whose box the pile is in (null: the one box); `choice`: the
  // union whose votes it holds, on a ballot of several (null: the call's pile).
  problem(call, pile, found, total, group = null, choice = null) {
    const name = `${this.laneName(call, group, choice)} pile ${pile}`;
    if (this.size <= 0) return "this election has no pile checks";
    if (!(pile >= 1 && pile <= Math.floor(total / this.size))) return `${name} is not full`;
    if (!Number.isInteger(found) || found < 0 || found > 10 * this.size) return `a recount finds a number of ballots, not ${pyRepr(found)}`;
    if (this.unrefilled.has(pileKey(call, pile, group, choice))) {
      return `${name} was found wrong: correct the count (undo, call again) and refill the pile before it is recounted`;
    }
    return null;
  }

  record(call, pile, found, group = null, choice = null) {
    if (found !== this.size) this.unrefilled.add(pileKey(call, pile, group, choice));
  }

  totalFell(call, total, group = null, choice = null) {
    if (this.size > 0 && (total + 1) % this.size === 0) this.unrefilled.delete(pileKey(call, (total + 1) / this.size, group, choice));
  }

  // "FOR", "group A FOR", "Machinists", "group B Neither" (piles.py: lane_name).
  laneName(call, group, choice) {
    const ballot = this.several;
    const named = ballot === null ? null : choice !== null ? ballot.unions[choice - 1]
      : call === "against" ? ballot.neither : null;
    return `${group === null ? "" : `group ${group} `}${named ?? label(call)}`;
  }
}

function pileKey(call, pile, group, choice) {
  return `${group ?? ""}:${call}/${choice ?? ""} ${pile}`;
}

const LETTERS = "abcdefghi";
const LOCKED_OUT = new Set(["call", "undo", "redo", "amend", "dispute", "pile", ...ENVELOPE_ACTIONS]);
const label = (call) => (call === "challenge" ? "CHALLENGED" : String(call).toUpperCase());

// 29 CFR 102.70, as station/domain/runoff.py computes it (for one union, tally.py's
// arithmetic): `votes` are each choice's valid votes in ballot order.
function majorityFor(votes, challenged) {
  const total = votes.reduce((a, b) => a + b, 0) + challenged;
  const index = votes.findIndex((vote) => 2 * vote > total);
  return index < 0 ? null : index;
}

function byVotes(votes) {
  return votes.map((_, i) => i).sort((a, b) => votes[b] - votes[a] || a - b);
}

function result(votes, unions) {
  const majority = majorityFor(votes, 0);
  if (majority !== null) return { certified: majority < unions ? majority : null, majority, runoff: null, rerun: false };
  if (votes.length < 3) return { certified: null, majority: null, runoff: null, rerun: false };
  const order = byVotes(votes);
  if (votes[order[1]] === votes[order[2]]) return { certified: null, majority: null, runoff: null, rerun: true };
  return { certified: null, majority: null, runoff: order.slice(0, 2).sort((a, b) => a - b), rerun: false };
}

function determinative(votes, unions, swing) {
  if (swing === 0) return false;
  const now = result(votes, unions);
  const total = votes.reduce((a, b) => a + b, 0);
  const reachable = votes.map((_, i) => i).filter((i) => 2 * (votes[i] + swing) > total + swing);
  const several = votes.length >= 3;
  if (now.majority !== null) {
    if (2 * votes[now.majority] <= total + swing && (now.certified !== null || several)) return true;
    return reachable.some((i) => i < unions && i !== now.majority);
  }
  if (reachable.some((i) => i < unions || several)) return true;
  if (votes.length < 3) return false;
  const order = byVotes(votes);
  if (now.rerun) {
    const third = votes[order[2]];
    return swing >= Math.max(0, third + 1 - votes[order[0]]) + Math.max(0, third + 1 - votes[order[1]]);
  }
  return votes[order[2]] + swing >= votes[order[1]];
}

// Lines 8 and 9 in words, and what 29 CFR 102.70 calls for (result_statements.py:
// stated_lines), or why the result is not stated yet (`pending`).
const INTERIM = "this is an interim tally; the count goes on";
const RUNOFF_CONDITION = ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a))";

// Why a sheet's lines 8-9 state no result: an interim tally, or one table of several.
function sheetPending(kind, election) {
  if (kind === "interim") return INTERIM;
  const table = election.table_label ?? null;
  return table === null ? null : `this is the count of Table ${table} alone; the result is stated on the consolidated tally of the tables`;
}

// `form`: {union, choices, unions} (tally_form.py: FormBallot).
function statedLines(form, tally, eligible, pending) {
  const votes = votesOf(tally), challenged = tally.challenged;
  const majority = majorityFor(votes, challenged);
  let outcome = null, decisive;
  if (pending === null) ({ outcome, decisive } = finalResult(votes, form.unions, challenged, eligible));
  else decisive = determinative(votes, form.unions, challenged);
  const statements = { 8: challengesLine(decisive, pending), 9: majorityLine(form, majority, pending) };
  const runoff = runoffLine(form, outcome, pending, decisive);
  if (runoff !== null) statements.runoff = runoff;
  return { statements, majority, outcome };
}

function challengesLine(decisive, pending) {
  if (pending !== null) {
    return `Whether challenges are sufficient in number to affect the results of the election is not yet determined: ${pending}.`;
  }
  return `Challenges ${decisive ? "are" : "are not"} sufficient in number to affect the results of the election.`;
}

function majorityLine(form, majority, pending) {
  const votes = "a majority of the valid votes counted plus challenged ballots";
  if (form.unions <= 1) {
    if (pending !== null) return `Whether ${votes} has been cast for ${form.union} is not yet determined: ${pending}.`;
    return `A majority of the valid votes counted plus challenged ballots ${majority === 0 ? "has" : "has not"} been cast for ${form.union}.`;
  }
  if (pending !== null) return `Whether ${votes} has been cast for any choice is not yet determined: ${pending}.`;
  if (majority === null) return "No choice has received a majority of the valid votes counted plus challenged ballots.";
  return `A majority of the valid votes counted plus challenged ballots has been cast for ${form.choices[majority]}.`;
}

function runoffLine(form, outcome, pending, decisive) {
  if (pending !== null || outcome === null) return null;
  const unless = decisive ? ", unless the challenged ballots change it" : "";
  if (outcome.runoff !== null) {
    const [first, second] = outcome.runoff.map((index) => form.choices[index]);
    return `No choice has a majority \u2014 runoff between ${first} and ${second}${unless}${RUNOFF_CONDITION}.`;
  }
  if (outcome.rerun) {
    return `No choice has a majority and the votes are divided so that the election is void: it is rerun with every choice (29 CFR 102.70(d))${unless}.`;
  }
  if (outcome.exception) {
    return "No choice has a majority; two choices tie, another has no votes and every eligible voter cast a valid ballot: no runoff is held (29 CFR 102.70(d)).";
  }
  return null;
}

// The result once the count is over, with the exception of 102.70(d) (runoff.py).
function finalResult(votes, unions, challenged, eligible) {
  const outcome = result(votes, unions), decisive = determinative(votes, unions, challenged);
  const total = votes.reduce((a, b) => a + b, 0);
  if (outcome.runoff !== null && !decisive && eligible !== null && eligible !== undefined && total >= eligible && tieBesideAZero(votes)) {
    return { outcome: { certified: null, majority: null, runoff: null, rerun: false, exception: true }, decisive };
  }
  return { outcome, decisive };
}

// Two or more choices with the same number of votes, and another with none.
function tieBesideAZero(votes) {
  const given = votes.filter((vote) => vote > 0);
  return given.length < votes.length && new Set(given).size < given.length;
}

// The ballot as the sheet's lines need it: the first union, every choice's name.
function formOf(election) {
  const ballot = ballotOf(election);
  return { union: ballot.unions[0], choices: [...ballot.unions, ...(ballot.neither === null ? [] : [ballot.neither])], unions: ballot.unions.length };
}

// Lines 8 and 9 as Station worded them on every sheet before it said "not yet
// determined" on interim ones (tally_sheet.py: _earlier_statements).
function earlierStatements(computed) {
  const union = String(computed.union);
  return { 8: challengesLine(Boolean(computed.lines["8"]), null),
    9: `A majority of the valid votes counted plus challenged ballots ${computed.lines["9"] ? "has" : "has not"} been cast for ${union}.` };
}

// A sheet's statements as worded before the runoff's sentence named its condition.
function asStatedBefore(statements) {
  const said = { ...statements };
  if ("runoff" in said) said.runoff = said.runoff.replace(RUNOFF_CONDITION, "");
  return said;
}

// What a sheet adds for an election that is not a plain RC one (election_facts.py:
// kinds_facts): the parties by role, the form's header, and on a ballot of several
// unions each choice's votes and what 102.70 decides.
function kindsFacts(election, tally, pending) {
  const stored = election.ballot === undefined || election.ballot === null ? null : JSON.parse(election.ballot);
  const kind = caseKind(election.case_number);
  if (stored === null && kind === "RC") return {};
  const ballot = ballotOf(election), facts = { parties: partiesOf(election) };
  for (const [fact, key] of [["runoff_of", "runoff_of"], ["type", "type"], ["unit", "unit"], ["rerun_of", "rerun_of"]]) {
    if (stored?.[key] !== undefined && stored?.[key] !== null) facts[fact] = stored[key];
  }
  if (ballot.unions.length < 2) return facts;
  const form = formOf(election), said = statedLines(form, tally, election.eligible, pending), shown = said.outcome;
  return Object.assign(facts, {
    choices: form.choices.map((name, i) => ({ name, votes: votesOf(tally)[i] })),
    majority_for: said.majority === null ? null : form.choices[said.majority],
    runoff: shown === null || shown.runoff === null ? null : { between: shown.runoff.map((index) => form.choices[index]) },
    rerun: Boolean(shown && shown.rerun),
  });
}

// Every party with an observer block, by role, in the Board's caption order: the
// The parties after the employer, as verify names them (election_facts.py: parties_row):
// "U1 (Petitioner); U2 (Intervenor)", or the union alone on a sheet of one RC union.
function unionsWords(sheet) {
  if (!Array.isArray(sheet.parties)) return sheet.union;
  return sheet.parties.slice(1).map((party) => `${party.name} (${party.role})`).join("; ");
}

// employer, an RD case's petitioner, each union (choices.py: Ballot.parties).
function partiesOf(election) {
  const kind = caseKind(election.case_number), intervenors = ballotField(election, "intervenors") ?? [];
  const parties = [{ role: kind === "RM" ? "Employer-Petitioner" : "Employer", name: election.employer }];
  const petitioner = ballotField(election, "petitioner");
  if (petitioner !== null) parties.push({ role: "Petitioner", name: petitioner });
  for (const union of ballotOf(election).unions) {
    parties.push({ role: intervenors.includes(union) ? "Intervenor" : kind === "RC" ? "Petitioner" : "Union", name: union });
  }
  return parties;
}

// The kind of case of "29-RC-288020" (RC for a number of another shape: older files).
function caseKind(caseNumber) {
  const shape = /^[0-9A-Za-z]+-(R[CDM])-[0-9]+$/.exec(String(caseNumber).toUpperCase());
  return shape ? shape[1] : "RC";
}

// When objections are due: five business days after the tally was prepared (29 CFR
// 102.69(a)(8); objections.py), a business day being neither a Saturday, a Sunday nor a
// Federal holiday as observed (5 U.S.C. 6103: the `holidays` library's United States).
const OBJECTION_DAYS = 5;
const isoDay = (d) => d.toISOString().slice(0, 10);
const utcDay = (y, m, d) => new Date(Date.UTC(y, m - 1, d));

// The n-th `weekday` (0 Sunday) of a month, or its last when n is -1.
function nthWeekday(year, month, weekday, n) {
  if (n < 0) {
    const last = utcDay(year, month + 1, 0);
    return utcDay(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = utcDay(year, month, 1);
  return utcDay(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
}

// The Federal holidays of `year`, each on its day and, when that is a Saturday or a
// Sunday, on the Friday before or the Monday after (a New Year's Day on a Saturday is
// observed on the last day of the year before).
function federalHolidays(year) {
  const days = new Set();
  const fixed = (y, m, d) => {
    const day = utcDay(y, m, d), weekday = day.getUTCDay();
    const observed = weekday === 6 ? utcDay(y, m, d - 1) : weekday === 0 ? utcDay(y, m, d + 1) : day;
    for (const one of [day, observed]) if (one.getUTCFullYear() === year) days.add(isoDay(one));
  };
  for (const y of [year, year + 1]) fixed(y, 1, 1);
  if (year >= 2021) fixed(year, 6, 19);
  fixed(year, 7, 4);
  fixed(year, 11, 11);
  fixed(year, 12, 25);
  for (const [month, weekday, n] of [[1, 1, 3], [2, 1, 3], [5, 1, -1], [9, 1, 1], [10, 1, 2], [11, 4, 4]]) {
    days.add(isoDay(nthWeekday(year, month, weekday, n)));
  }
  return days;
}

function businessDay(day) {
  const weekday = day.getUTCDay(), year = day.getUTCFullYear();
  return weekday !== 0 && weekday !== 6 && !federalHolidays(year).has(isoDay(day));
}

// "2026-12-08": the last day to file objections to a tally prepared on `prepared` ("YYYY-MM-DD").
function objectionsDue(prepared) {
  const [y, m, d] = prepared.split("-").map(Number);
  let day = utcDay(y, m, d), left = OBJECTION_DAYS;
  while (left) {
    day = utcDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate() + 1);
    if (businessDay(day)) left -= 1;
  }
  return isoDay(day);
}

// The day a sheet's `prepared` time ("2026-12-01T18:04:05-05:00") falls on, in its own
// offset, or null if it is not such a time.
function preparedDay(prepared) {
  const shape = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}(?::\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?)?$/;
  const found = typeof prepared === "string" ? shape.exec(prepared) : null;
  if (!found) return null;
  const day = utcDay(Number(found[1]), Number(found[2]), Number(found[3]));
  return isoDay(day) === `${found[1]}-${found[2]}-${found[3]}` && day.getUTCFullYear() >= 1 ? isoDay(day) : null;
}

// Lines 1-9 as a sheet states them: line 1 the eligible voters, without `counted`.
function sheetLines(lines, election) {
  const out = { ...lines, 1: election.eligible };
  delete out.counted;
  return out;
}

function linesProblem(stated, expected, facts) {
  const lines = stated.lines;
  if (lines === null || typeof lines !== "object" || Array.isArray(lines)) return "has no lines 1-9";
  for (const number of formOrder(expected)) {
    const value = expected[number], found = lines[number];
    if (typeof found !== typeof value || found !== value) {
      return `line ${number} (${lineWords(number, facts, expected)}) says ${shownFact(found)}; the journal gives ${shown(value)}`;
    }
  }
  if (Object.keys(lines).length !== formOrder(expected).length || formOrder(expected).some((n) => !(n in lines))) {
    return "has lines that no tally has";
  }
  return null;
}

// What a sheet states that follows from the journal alone (tally_sheet.py:
// computed_facts), in its order. `context` is what a SIGN event says and its neighbours
// (when it was prepared, why the count it corrects was reopened), or null for tally.json.
function computedFacts(election, sheet, headHash, supersedesHash, context) {
  const envelopes = sheet.envelopes === null ? {} : { envelopes: sheet.envelopes };
  const pending = sheetPending(sheet.kind, election);
  // A mail ballot's box: the envelopes opened, the voters at the polls and the challenged
  // envelopes a decision ordered opened (tally_sheet.py: mail_box).
  const box = () => {
    const figures = sheet.envelopes, current = election.mail_rules === MAIL_RULES;
    return (current ? figures.accepted + figures.late : figures.accepted) + (figures.at_polls ?? 0) + (sheet.decided?.openedEnvelopes ?? 0);
  };
  const facts = {
    ...envelopes,
    case: election.case_number, employer: election.employer, union: election.union_name, kind: sheet.kind,
    title: sheet.title, revision: sheet.revision,
    supersedes: sheet.supersedes === null ? null : { seq: sheet.supersedes.seq, hash: supersedesHash },
    head: { seq: sheet.head, hash: headHash }, ballots: sheet.envelopes === null ? election.ballots ?? null : box(), counted: sheet.lines.counted,
    lines: sheetLines(sheet.lines, election),
    ...apartFacts(sheet.tally),
    statements: statedLines(formOf(election), sheet.tally, election.eligible, pending).statements,
    ...revisedFacts(election, sheet),
  };
  const prepared = context === null ? null : preparedDay(context.prepared);
  if (pending === null && prepared !== null) facts.objections_due = objectionsDue(prepared);
  if (context !== null && sheet.kind === "final" && sheet.supersedes !== null && !sheet.revised) {
    facts.correction = correction(sheet, context.reopened, election);
  }
  return Object.assign(facts, kindsFacts(election, sheet.tally, pending), groupFacts(election, sheet, pending));
}

// Ballots counted on no line (sustained challenges) and what line 6 holds that is no
// ballot counted (sealed envelopes, opened ballots not yet called), each only when there
// is some (statements.py: apart_facts).
function apartFacts(tally) {
  const apart = {};
  if (tally.setAside) apart.sustained = tally.setAside;
  if (tally.sealed) apart.sealed_envelopes = tally.sealed;
  if (tally.uncounted) apart.opened_uncounted = tally.uncounted;
  return Object.keys(apart).length ? { apart } : {};
}

// How "N of M" is made of the sheet's lines, every ballot named once; what else line 6
// holds after it; nothing without an `apart` fact (statements.py: accounted_statement).
function accountedStatement(lines, apart) {
  if (!isObject(apart) || !Object.keys(apart).length) return "";
  const sealed = apart.sealed_envelopes ?? 0, uncounted = apart.opened_uncounted ?? 0, sustained = apart.sustained ?? 0;
  const ballots = lines["6"] - sealed - uncounted;
  const parts = [`${fmt(lines["2"])} void (line 2)`, `${howMany(lines["5"], "valid vote")} (line 5)`,
    `${howMany(ballots, "challenged ballot")} (line 6)`];
  if (sustained) parts.push(`${fmt(sustained)} ${sustained === 1 ? "challenge" : "challenges"} sustained, never opened (on no line)`);
  let words = `Ballots counted: ${parts.join(" + ")} = ${fmt(lines["2"] + lines["5"] + ballots + sustained)}`;
  const also = [];
  if (sealed) also.push(`${fmt(sealed)} challenged ${sealed === 1 ? "envelope" : "envelopes"}, sealed (not among the ballots)`);
  if (uncounted) also.push(`${howMany(uncounted, "opened ballot")} not yet called`);
  if (also.length) words += `; line 6 also holds ${also.join(" and ")}`;
  return `${words}.`;
}

// Facts a sheet states since Station printed them: a sheet prepared before has none.
const LATER_FACTS = new Set(["objections_due", "correction", "apart"]);
// What a sheet records that no journal gives: every other fact it states is the journal's.
const RECORDED_FACTS = new Set(["agent", "observers", "place", "count_date", "prepared", "key", "key_changed_from"]);
// What each of them is, as every sheet records it (key_changed_from only when it did).
const RECORDED_AS = { agent: "a name", observers: "a list of observers (party and name)", place: "a place or nothing",
  count_date: "a date", prepared: "a time", key: "a key fingerprint", key_changed_from: "a key fingerprint" };

// The first fact a sheet records by hand in a form Station never writes (tally_sheet.py:
// recorded_problem), or null.
function recordedProblem(stated) {
  for (const [key, what] of Object.entries(RECORDED_AS)) {
    if (!recordedAsWritten(key, stated)) return `its ${key} says ${shownFact(Object.hasOwn(stated, key) ? stated[key] : null)}, not ${what}`;
  }
  return null;
}

function recordedAsWritten(key, stated) {
  const value = Object.hasOwn(stated, key) ? stated[key] : null;
  if (key === "observers") {
    return Array.isArray(value) && value.every((o) => isObject(o) && Object.keys(o).sort().join(",") === "name,party" &&
      typeof o.name === "string" && typeof o.party === "string");
  }
  if (key === "place" || (key === "key_changed_from" && !Object.hasOwn(stated, key))) return value === null || typeof value === "string";
  return typeof value === "string";
}

// The first fact a sheet states differently from the journal, in words (tally_sheet.py:
// facts_problem), or null; a fact the journal does not give too (but, without the
// journal around the sheet, its deadline and correction).
function factsProblem(stated, computed, facts, contextKnown = true) {
  const problem = linesProblem(stated, computed.lines, facts);
  if (problem) return problem;
  for (const [key, value] of Object.entries(computed)) {
    if (key === "lines") continue;
    if (key === "title" && stated.title === earlierTitle(computed)) continue;
    if (key === "statements" && [earlierStatements(computed), asStatedBefore(value)].some((said) => equal(stated.statements ?? null, said))) continue;
    if (key === "columns") {
      const columns = !equal(stated.columns ?? null, value) && columnsProblem(stated.columns ?? null, value, facts);
      if (columns) return columns;
      continue; // a sheet signed with three columns is held to those
    }
    if (LATER_FACTS.has(key) && !(key in stated)) continue;
    if (key === "correction" && !equal(stated[key] ?? null, value)) return correctionProblem(stated[key] ?? null, value, facts, computed.lines);
    if (!equal(stated[key] ?? null, value)) {
      return `its ${key} says ${shownFact(stated[key])}; the journal gives ${shownFact(value)}`;
    }
  }
  const unknown = Object.keys(stated).filter((key) => !Object.hasOwn(computed, key) && !RECORDED_FACTS.has(key) &&
    (contextKnown || !LATER_FACTS.has(key))).sort(byCodePoint);
  if (unknown.length) return `its ${unknown[0]} says ${shownFact(stated[unknown[0]])}; the journal gives nothing`;
  return null;
}

// A corrected sheet's title as Station wrote it before it used the Board's words.
const earlierTitle = (c) => (c.kind === "final" && String(c.title).startsWith("Corrected") ? `Revision ${c.revision}` : undefined);

const shown = (v) => (v === true ? "yes" : v === false ? "no" : v === null || v === undefined ? "nothing" : String(v));
const shownFact = (v) => (v !== null && typeof v === "object" ? pyRepr(v) : shown(v));

// A line's words as the sheet names its ballot (tally_form.py: FormBallot.of_sheet).
function lineWords(number, stated, expected) {
  const choices = Array.isArray(stated.choices) ? stated.choices.map((c) => String(c.name)) : [];
  const perUnion = Object.keys(expected).filter((n) => /^3[a-i]$/.test(n));
  if (/^3[a-i]$/.test(number)) return `Number of votes cast for ${choices[LETTERS.indexOf(number[1])]}`;
  if (number === "5" && perUnion.length > 1) {
    const neither = !choices.length || choices.length > perUnion.length;
    return `Number of valid votes counted (lines ${[...perUnion, ...(neither ? ["4"] : [])].join(" + ")})`;
  }
  return WORDS.lines[number].replaceAll("{union}", String(stated.union ?? ""));
}

// Lines 1-7 in the form's order (3a, 3b, ... after 3), then 8 and 9.
function formOrder(lines) {
  return Object.keys(lines).filter((n) => n !== "counted")
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.length - b.length || (a < b ? -1 : 1));
}

// The lines that count ballots: a revised sheet's middle columns (tally_form.py: summed).
const SUMMED = (number) => !["1", "8", "9"].includes(number);

// The Revised Tally's columns (revised_sheet.py): the original tally, the challenged
// ballots counted, the challenges sustained (set aside), the final tally; and the
// decisions and the challenges left open. A sheet before any decision has none.
function revisedFacts(election, sheet) {
  const decided = sheet.decided;
  if (decided === null) return {};
  const ballot = ballotOf(election);
  const original = sheetLines(linesOf(decided.original, ballot), election), final = sheetLines(sheet.lines, election);
  const changed = {};
  for (const number of formOrder(final).filter(SUMMED)) changed[number] = final[number] - original[number];
  const sustained = changed["6"] + changed["2"] + changed["5"];
  const aside = {}, counted = {};
  for (const number of Object.keys(changed)) {
    aside[number] = number === "6" || number === "7" ? sustained : 0;
    counted[number] = changed[number] - aside[number];
  }
  return {
    columns: { original, challenged_counted: counted, set_aside: aside, final },
    decisions: [...decided.decisions],
    unresolved_challenges: [...decided.unresolved],
  };
}

const COLUMN_TITLES = { original: "Original tally", challenged_counted: "Challenged ballots counted",
  set_aside: "Challenges sustained (set aside)", final: "Final tally" };
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// The first figure of a revised sheet's columns that differs, named, or null.
function columnsProblem(stated, computed) {
  if (!isObject(stated) || !isObject(computed)) return equal(stated, computed) ? null : "its columns are not the journal's";
  if (!("set_aside" in stated) && "set_aside" in computed) computed = threeColumns(computed);
  if (beforeUnionLines(stated, computed)) {
    // A revised sheet of several unions prepared before its columns had lines 3a, ...
    const legacy = (columns) => Object.fromEntries(Object.entries(columns).map(([c, lines]) =>
      [c, isObject(lines) ? Object.fromEntries(Object.entries(lines).filter(([n]) => "1234567".includes(n) && n.length === 1)) : lines]));
    computed = legacy(computed);
    stated = legacy(stated);
  }
  const names = "set_aside" in computed ? ["original", "challenged_counted", "set_aside", "final"] : ["original", "challenged_counted", "final"];
  for (const column of names) {
    const found = stated[column], expected = computed[column];
    if (!isObject(found) || !isObject(expected)) return `has no ${COLUMN_TITLES[column]} column`;
    for (const number of formOrder(expected)) {
      const value = expected[number];
      if (typeof found[number] !== typeof value || found[number] !== value) {
        return `line ${number} of the ${COLUMN_TITLES[column]} column says ${pyStr(found[number])}; the journal gives ${pyStr(value)}`;
      }
    }
  }
  return equal(stated, computed) ? null : "its columns are not the journal's";
}

// The columns as a three-column sheet states them: both middle ones together.
function threeColumns(columns) {
  const counted = columns.challenged_counted, aside = columns.set_aside, together = {};
  for (const number of Object.keys(counted)) together[number] = counted[number] + aside[number];
  return { original: columns.original, challenged_counted: together, final: columns.final };
}

function beforeUnionLines(stated, computed) {
  const final = stated.final, expected = computed.final;
  return isObject(final) && isObject(expected) && "3a" in expected &&
    !Object.keys(final).some((key) => key.startsWith("3") && key !== "3");
}

// A value as Python's str() shows it in a message: a dict's keys in their order, which
// is the canonical JSON's (sorted) for what a file states, and Python's for what the
// page computes (built here in the same order).
function pyRepr(value) {
  if (value === true || value === false) return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  if (typeof value === "string") return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map((v) => pyRepr(v)).join(", ")}]`;
  if (typeof value === "object") {
    // A sheet's lines are in the form's order, which is also their sorted order; a
    // browser lists "1"-"9" before "3a" whatever the order given.
    const keys = Object.keys(value).some((k) => /^[0-9]+$/.test(k)) ? Object.keys(value).sort(byCodePoint) : Object.keys(value);
    return `{${keys.map((k) => `'${k}': ${pyRepr(value[k])}`).join(", ")}}`;
  }
  return String(value);
}

const pyStr = (value) => (typeof value === "string" ? value : pyRepr(value));

// The SIGN event states exactly the facts the journal gives at its head: what it states
// otherwise, or null (checks.py: sheet_problem).
function sheetProblem(election, e, sheet, reopened) {
  const recorded = JSON.parse(e.detail ?? "{}");
  const computed = computedFacts(election, sheet, e.prev_hash, sheet.supersedes?.hash ?? null, { reopened, prepared: recorded.prepared });
  const problem = factsProblem(recorded, computed, factsOf(election)) || recordedProblem(recorded);
  return problem && `event ${e.seq} (the ${sheet.title.toLowerCase()} tally sheet) ${problem}`;
}

// A Corrected Tally states why the count was reopened and, for each printed line that
// changed, the figure of the sheet it supersedes (tally_sheet.py: _correction).
function correction(sheet, reopened, election) {
  const before = sheetLines(sheet.supersedes.lines, election), now = sheetLines(sheet.lines, election);
  const perUnion = formOrder(now).some((n) => /^3[a-i]$/.test(n));
  const replaces = {};
  for (const number of formOrder(now)) {
    const printed = !["8", "9"].includes(number) && !(number === "3" && perUnion);
    if (printed && before[number] !== now[number]) replaces[number] = before[number];
  }
  return { reason: reopened.get(sheet.supersedes.seq) ?? null, replaces };
}

function correctionProblem(stated, computed, facts, lines) {
  if (!isObject(stated)) return "its correction is not what the journal gives";
  if (stated.reason !== computed.reason) {
    return `its reason for reopening says ${shown(stated.reason)}; the journal gives ${shown(computed.reason)}`;
  }
  const said = isObject(stated.replaces) ? stated.replaces : {};
  for (const number of [...new Set([...Object.keys(said), ...Object.keys(computed.replaces)])].sort()) {
    if (!formOrder(lines).includes(number)) return `its correction replaces a line ${number}, which this tally has not`;
    if (said[number] !== computed.replaces[number]) {
      return `line ${number} (${lineWords(number, facts, lines)}) replaces ${shown(said[number])} on the superseded sheet; the journal gives ${shown(computed.replaces[number])}`;
    }
  }
  return "its correction is not what the journal gives";
}

// Events are read and hashed a batch at a time, then checked one by one, in order, so
// the first bad event is still the one named; between batches the page may repaint.
const BATCH = 16384;

async function hashedBatch(lines, first) {
  await new Promise((ok) => setTimeout(ok, 0));
  const events = lines.slice(first, first + BATCH).map((line) => {
    try {
      const e = JSON.parse(line);
      if (typeof e?.mono_ns === "number" && !Number.isSafeInteger(e.mono_ns)) {
        const digits = /"mono_ns":(-?[0-9]+),"prev_hash":/.exec(line);
        if (digits !== null) MONO_DIGITS.set(e, digits[1]);
      }
      if (/\\u[dD]/.test(line) && loneSurrogate(e) !== null) return null; // no text: not an event Station wrote
      return e !== null && typeof e === "object" && !Array.isArray(e) && EVENT_FIELDS.every((f) => f in e) ? e : null;
    } catch (error) {
      return null;
    }
  });
  const hashes = events.map((e) => (e === null ? null : eventHash(e)));
  return { events, hashes };
}

// An event's line as Station writes it (keys sorted), the quick way when every field is
// a plain value, which is every event Station writes: one object in that key order.
function eventLine(e) {
  for (const f of EVENT_FIELDS) {
    const v = e[f];
    if (!(v === null || typeof v === "string" || typeof v === "boolean" || Number.isInteger(v))) return canonical(e);
  }
  const line = JSON.stringify({ action: e.action, call: e.call, detail: e.detail, hash: e.hash, mono_ns: e.mono_ns,
    prev_hash: e.prev_hash, seq: e.seq, session: e.session, target: e.target, utc: e.utc });
  return MONO_DIGITS.has(e) ? line.replace(`"mono_ns":${JSON.stringify(e.mono_ns)},`, `"mono_ns":${MONO_DIGITS.get(e)},`) : line;
}

async function checkJournal(bytes, signSeq, progress) {
  const text = fromUtf8.decode(bytes);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const first = parseJson(utf8.encode((lines[0] ?? "") + "\n"), "journal.jsonl: line 1").election;
  if (first === null || typeof first !== "object") throw new Bad("journal.jsonl: line 1 is not the election setup");
  const election = first;
  const bad = (problem) => new Bad(`journal.jsonl: ${problem}`);
  if ((await setupHash(election)) !== election.setup_hash) throw bad("the election setup was altered (its hash does not match)");
  const count = countOf(election);
  let head = election.setup_hash, checked = 0, sign = null, stopped = null;
  let events = [], hashes = [];
  for (let i = 1; i < lines.length; i++) {
    if ((i - 1) % BATCH === 0) ({ events, hashes } = await hashedBatch(lines, i));
    const e = events[(i - 1) % BATCH];
    if (e === null) {
      stopped = `journal.jsonl: line ${i + 1} is not a journal event`;
      break;
    }
    if (eventLine(e) !== lines[i]) { // a key more, twice or out of order: another line
      stopped = `journal.jsonl: line ${i + 1} is not in its canonical form (sorted keys, each once, compact)`;
      break;
    }
    const expected = checked + 1;
    if (e.seq !== expected) throw bad(`event ${expected} is missing (the next one found is ${e.seq})`);
    if (e.prev_hash !== head) throw bad(`event ${e.seq} does not chain to the event before it`);
    if (!wellTyped(e)) throw bad(`event ${e.seq} was altered (a field has the wrong type)`);
    if (hashes[(i - 1) % BATCH] !== e.hash) throw bad(`event ${e.seq} was altered (its hash does not match)`);
    const detail = e.detail === null ? null : readDetail(e.detail);
    if (detail === undefined) {
      throw bad(`event ${e.seq} was altered (its detail is not in the one form Station writes: sorted keys, each once, compact)`);
    }
    try {
      count.apply(e, detail);
    } catch (error) {
      if (error instanceof Bad) throw bad(error.message);
      throw error;
    }
    const problem = e.action === "sign" && sheetProblem(election, e, count.sheets.get(e.seq), count.reopened);
    if (problem) throw bad(problem);
    checked = e.seq;
    head = e.hash;
    sign = e;
    if (progress && checked % 1000 === 0) progress(checked, lines.length - 1);
  }
  if (stopped) throw new Bad(stopped);
  if (checked < signSeq) throw bad(`ends at event ${checked}, before the sheet's own event ${signSeq} (events were removed)`);
  if (checked > signSeq) throw bad(`has events after the sheet's own event ${signSeq} (first: ${signSeq + 1})`);
  if (!count.sheets.has(signSeq)) throw bad(`event ${signSeq} is not a tally sheet`);
  return { election, computed: count.sheets.get(signSeq), sign, events: checked, count };
}

const MAIL_RULES = 2; // a mail election set up under the current rules (election.py)

// The empty count of an election: its ballot, its piles, who may challenge.
function countOf(election) {
  const ballot = ballotOf(election);
  const groups = groupSpecs(election);
  const envelopes = new Envelopes(election.mail === 1, election.mail_rules === MAIL_RULES, election.polls === 1, groups.map((g) => g.key));
  return new Count(ballot, election.pile ?? 0, challengersOf(election, ballot), envelopes, groups);
}

// What the sheet's facts name of the ballot (the words of its lines follow from them).
function factsOf(election) {
  const ballot = ballotOf(election);
  const choices = ballot.unions.length > 1 ? [...ballot.unions, ...(ballot.neither === null ? [] : [ballot.neither])] : [];
  return { union: election.union_name, choices: choices.map((name) => ({ name })) };
}

// "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions).
function votesWords(sheet) {
  const fmt = (n) => n.toLocaleString("en-US");
  if (Array.isArray(sheet.choices)) return sheet.choices.map((c) => `${fmt(c.votes)} ${c.name}`).join(", ");
  return `${fmt(sheet.lines["3"])} FOR, ${fmt(sheet.lines["4"])} AGAINST`;
}

// After the OK lines, where a sheet's voting groups decide several units apart
// (cli/kinds.py: say_units): each unit's figures and lines 8-9, the OK line's figures
// being the groups' sums, which decide none of them. Nothing otherwise.
const GROUPS_SUMMED_ABOVE = "the figures above are all groups' together";

function unitLines(sheet) {
  const units = statedUnitLines(sheet);
  if (!units.length) return [];
  return [`${howMany(units.length, "unit")}, each decided on its own (${GROUPS_SUMMED_ABOVE}):`,
    ...units.map((line) => `  ${line}`)];
}

// The ballot as a sheet's facts name it (tally_form.py: FormBallot.of_sheet).
function formOfSheet(sheet) {
  const choices = Array.isArray(sheet.choices) ? sheet.choices.map((c) => String(c.name)) : [];
  const unions = isObject(sheet.lines) ? perUnionNumbers(Object.keys(sheet.lines)).length : 0;
  return { choices, unions: Math.max(unions, 1), neither: !choices.length || choices.length > Math.max(unions, 1) };
}

const perUnionNumbers = (numbers) => numbers.filter((n) => /^3[a-i]$/.test(n)).sort();

// Each unit a sheet of voting groups states a result for, in the order of its first
// group: its groups' keys, its name and its tally (group_sheet.py: units_stated).
function unitsStated(sheet) {
  const pooled = new Map();
  for (const unit of sheet.units || []) for (const key of unit.groups) pooled.set(key, unit);
  const found = [];
  for (const group of sheet.groups || []) {
    const unit = pooled.get(group.key);
    if (unit === undefined) found.push([[String(group.key)], String(group.name), group]);
    else if (unit.groups[0] === group.key) found.push([unit.groups.map(String), String(unit.name), unit]);
  }
  return found;
}

// A unit's figures as its tally states them: each choice's votes, void, challenged
// (group_sheet.py: figures_stated).
function figuresStated(entry, form) {
  const lines = entry.lines;
  const votes = (form.unions > 1 ? perUnionNumbers(Object.keys(lines)) : ["3"]).map((n) => lines[n]);
  if (form.neither) votes.push(lines["4"]);
  return { votes, void: lines["2"], challenged: lines["6"] };
}

// One line per unit where several are decided apart (group_sheet.py: stated_unit_lines).
function statedUnitLines(sheet) {
  const found = unitsStated(sheet);
  if (found.length < 2) return [];
  const form = formOfSheet(sheet);
  return found.map(([keys, name, entry]) => {
    const figures = figuresStated(entry, form);
    const votes = form.unions > 1 || form.choices.length > 2
      ? form.choices.map((choice, i) => `${fmt(figures.votes[i])} ${choice}`).join(", ")
      : `${fmt(figures.votes[0])} FOR, ${fmt(figures.votes[1])} AGAINST`;
    const said = entry.statements;
    return `Unit ${keys.join(" + ")} (${name}): ${votes}, ${fmt(figures.void)} void,` +
      ` ${fmt(figures.challenged)} challenged. ${said["8"]}` + (said["9"] === said["8"] ? "" : ` ${said["9"]}`);
  });
}

// The election section of tally.json, recomputed from the setup (document.py:
// election_section); a table's label only on the sheet of one table of several.
function electionSection(e) {
  return { agent: e.agent ?? null, ballots: e.ballots ?? null, case: e.case_number, election_id: e.election_id,
    eligible: e.eligible, employer: e.employer, setup_hash: e.setup_hash,
    ...(e.table_label === undefined || e.table_label === null ? {} : { table: e.table_label }), union: e.union_name };
}

function checkDocument(document, journal, key) {
  const { election, computed, sign } = journal;
  const statedElection = field(document, "election", "object", "tally.json");
  const stated = field(document, "sheet", "object", "tally.json");
  if (!equal(document.sheet_event, { seq: sign.seq, hash: sign.hash })) {
    throw new Bad(`tally.json: names a sheet event that is not event ${sign.seq} of the journal`);
  }
  // The whole section: a key more (a table's label on a one-table count's sheet) is wrong too.
  const section = electionSection(election);
  for (const name of [...new Set([...Object.keys(section), ...Object.keys(statedElection)])].sort(byCodePoint)) {
    if (!Object.hasOwn(section, name) || !Object.hasOwn(statedElection, name) || !equal(statedElection[name], section[name])) {
      throw new Bad(`tally.json: the election's ${name} is not the journal's`);
    }
  }
  const recorded = JSON.parse(sign.detail ?? "{}");
  const superseded = isObject(stated.supersedes) ? stated.supersedes.hash ?? null : null;
  const problem = factsProblem(stated, computedFacts(election, computed, sign.prev_hash, superseded, null), factsOf(election), false) ||
    recordedProblem(stated);
  if (problem) throw new Bad(`tally.json: ${problem}`);
  for (const name of [...new Set([...Object.keys(recorded), ...Object.keys(stated)])].sort()) {
    if (!equal(recorded[name] ?? null, stated[name] ?? null) || (name in recorded) !== (name in stated)) {
      throw new Bad(`tally.json: its ${name} differs from the sheet recorded at event ${sign.seq}`);
    }
  }
  if (stated.key !== key) throw new Bad(`tally.json: names key ${stated.key}, but the export is signed by ${key}`);
}

// One export's checks (verify_export.py), in its order; throws Bad naming the first
// thing wrong, else says what was checked.
async function checkExport(files, expectedKey, progress) {
  const { manifest, key } = await checkManifest(files, expectedKey);
  await checkHashes(files, manifest);
  const document = parseJson(files.get("tally.json"), "tally.json");
  const sheetEvent = field(document, "sheet_event", "object", "tally.json");
  const signSeq = field(sheetEvent, "seq", "int", "tally.json");
  if (signSeq < 1) throw new Bad("tally.json: names no journal event");
  if (!equal(manifest.sheet_event, sheetEvent)) throw new Bad("manifest.json and tally.json name different sheet events");
  if (!TALLY_FORMATS.includes(document.format)) throw new Bad(`tally.json: is not a ${TALLY_FORMATS.join(" or ")} document`);
  const journal = await checkJournal(files.get("journal.jsonl"), signSeq, progress);
  checkDocument(document, journal, key);
  checkNothingElse(files);
  return { document, key, journal, election: journal.election, count: journal.count };
}

// An export folder holds what Station wrote and nothing else: a file or folder beside
// them is named (by its name in the folder; an export's staging folder, which a power
// cut leaves or someone fills, by the first file in it).
function checkNothingElse(files) {
  const inside = new Map();
  for (const name of files.keys()) {
    const [top, ...rest] = name.split("/");
    if (!inside.has(top)) inside.set(top, []);
    if (rest.length) inside.get(top).push(rest[0]);
  }
  const others = [...inside.keys()].filter((top) => !ALL_FILES.includes(top)).sort(byCodePoint);
  if (others.length) {
    const first = others[0], within = inside.get(first).sort(byCodePoint);
    const staging = /^\.station-export-[0-9a-f]{8}$/.test(first) && within.length > 0;
    const named = staging ? `${first}/${within[0]}` : first;
    const more = others.length > 1 ? ` (and ${others.length - 1} more)` : "";
    const problem = `${pyRepr(named)}${more} is not part of the signed export: an export folder holds only ${ALL_FILES.join(", ")}`;
    // statements.py: staging_leftover_statement
    const leftover = `${pyRepr(first)} is the staging folder of an export that was interrupted: delete it, then verify again`;
    throw new Bad(staging ? `${problem}; ${leftover}` : problem);
  }
}

const NOT_WRITTEN_DOWN = " (NOT checked against a fingerprint written down; add --key FINGERPRINT)";
const PDF_NOTE = "tally.pdf: its bytes are the signed ones; its text is read against the sheet only by `station verify`.";

/**
 * Check an export or a consolidation: `files` maps each file's path in the folder to
 * its bytes (Uint8Array); `expectedKey` is the fingerprint written down, or null. The
 * verdict is {ok, problem, cannot, lines}: `lines` are what `station verify FOLDER
 * --key` prints, with `folder` for its name.
 */
async function verifyExport(files, expectedKey, folder, progress) {
  try {
    if (isConsolidation(files)) return consolidationVerdict(await checkConsolidation(files, expectedKey, folder), folder, expectedKey);
    const { document, key, journal } = await checkExport(files, expectedKey, progress);
    const sheet = document.sheet, lines = sheet.lines;
    return {
      ok: true, problem: null, cannot: false, events: journal.events,
      lines: [
        `OK: ${folder}: ${sheet.title} tally of case ${sheet.case}, ${sheet.employer} / ${unionsWords(sheet)}:` +
          ` ${votesWords(sheet)}, ${fmt(lines["2"])} void, ${fmt(lines["6"])} challenged.` +
          (accountedStatement(lines, sheet.apart) ? ` ${accountedStatement(lines, sheet.apart)}` : ""),
        `Every line matches the journal at event ${fmt(sheet.head.seq)}, head ${journal.sign.prev_hash}; signed by key ${key}` +
          (expectedKey === null ? NOT_WRITTEN_DOWN : ""),
        ...unitLines(sheet),
        PDF_NOTE,
      ],
    };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, problem: error.message, cannot: false, lines: [`NOT INTACT: ${folder}: ${error.message}`] };
    if (error instanceof CannotCheck) return { ok: false, problem: error.message, cannot: true, lines: [`NOT CHECKED: ${folder}: ${error.message}`] };
    throw error;
  }
}

// What `station verify FOLDER` says of an intact consolidation (cli/tables.py).
function consolidationVerdict({ document, key, tables }, folder, expectedKey) {
  const lines = document.lines, n = document.tables.length;
  const counted = n === 1 ? "the signed tally sheet of 1 table" : `the sum of ${fmt(n)} tables' signed tally sheets`;
  return {
    ok: true, problem: null, cannot: false, events: tables.reduce((total, table) => total + table.journal.events, 0),
    lines: [
      `OK: ${folder}: consolidated tally of case ${document.election.case}, ${counted}: ${votesWords(document)},` +
        ` ${fmt(lines["2"])} void, ${fmt(lines["6"])} challenged.`,
      ...document.tables.map((table) => `OK: ${tableTitle(table.label)} (${table.folder}): its export verifies,` +
        ` head ${table.head.hash}, signed by key ${table.key}`),
      `Every summed line matches the tables' sheets; signed by key ${key}` + (expectedKey === null ? NOT_WRITTEN_DOWN : ""),
      ...unitLines(document),
      PDF_NOTE,
    ],
  };
}

// A consolidation of several tables' exports (`station consolidate`), checked as
// station/sheet/verify_consolidation.py checks it, in its order: the manifest and its
// signature, exactly the files tally.json names, each file's hash, every table's export
// checked fully (against the key the consolidation names for it), the tables one
// count's final sheets, each once, and every line of tally.json the sum of theirs.
const CONSOLIDATED_FORMAT = "station-consolidated-tally-v1";
const ONE_TABLE = "a consolidation sums two or more tables' exports; one table's sheet is not the election's result";
const REVISED_REFUSAL = "is a Revised Tally of Ballots; a revised tally is not consolidated: the challenged" +
  " ballots a decision orders opened are commingled and counted once for the whole election, never table by" +
  " table (consolidate the tables' final sheets, then count the opened ballots on one revised count)";
const REVISED_FACTS = ["columns", "decisions", "unresolved_challenges"];
const KNOWN_DOCUMENT = new Set(["format", "election", "sheet_event", "sheet"]);
const KNOWN_ELECTION = new Set(["table", "election_id", "setup_hash", "case", "employer", "union", "eligible", "ballots", "agent"]);
const KNOWN_SHEET = new Set(["kind", "title", "revision", "supersedes", "head", "counted", "ballots", "lines", "statements",
  "case", "employer", "union", "agent", "observers", "place", "count_date", "prepared", "key", "key_changed_from",
  "parties", "runoff_of", "choices", "majority_for", "runoff", "rerun", "envelopes", "type", "unit", "rerun_of",
  "objections_due", "correction", "groups", "units", "apart"]);
const SHARED_SETUP = ["case", "employer", "union", "eligible"];
const SUMMED_LINES = ["2", "3", "4", "5", "6", "7"];
const tableTitle = (label) => `Table ${label}`;
const tableFolder = (label) => `tables/table-${label}`;

function isConsolidation(files) {
  try {
    return files.has("manifest.json") && parseJson(files.get("manifest.json"), "manifest.json").format === CONSOLIDATION_FORMAT;
  } catch (error) {
    if (error instanceof Bad) return false;
    throw error;
  }
}

async function checkConsolidation(files, expectedKey, folder) {
  const { manifest, key } = await checkManifest(files, expectedKey, CONSOLIDATION_FORMAT);
  if (!files.has("tally.json")) throw new Bad(`${folder}/tally.json: cannot be read (No such file or directory)`);
  const document = parseJson(files.get("tally.json"), "tally.json");
  const names = listed(document);
  const labels = new Map(document.tables.map((table) => [table.folder, tableTitle(String(table.label))]));
  await checkListedFiles(files, manifest, names, labels);
  if (document.key !== key) throw new Bad(`tally.json: names key ${pyStr(document.key ?? null)}, but the consolidation is signed by ${key}`);
  const tables = await checkedTables(files, document, folder);
  checkSums(document, tables);
  return { document, key, tables };
}

function listed(document) {
  if (document.format !== CONSOLIDATED_FORMAT || !Array.isArray(document.tables)) {
    throw new Bad(`tally.json: is not a ${CONSOLIDATED_FORMAT} document`);
  }
  for (const row of document.tables) {
    // Signed, but perhaps by anyone's key: its shape is checked before it is read.
    if (!(isObject(row) && typeof row.label === "string" && row.folder === tableFolder(row.label) && typeof row.key === "string")) {
      throw new Bad("tally.json: its list of tables is not one Station writes");
    }
  }
  if (document.tables.length < 2) throw new Bad(`tally.json: sums ${howMany(document.tables.length, "table")}; ${ONE_TABLE}`);
  return ["tally.pdf", "tally.json", ...document.tables.flatMap((table) => ALL_FILES.map((name) => `${table.folder}/${name}`))];
}

// "Table 2: tables/table-2/journal.jsonl", or the file alone for the folder's own.
function whose(name, labels) {
  const folder = name.slice(0, Math.max(name.lastIndexOf("/"), 0));
  return labels.has(folder) ? `${labels.get(folder)}: ${name}` : name;
}

async function checkListedFiles(files, manifest, names, labels) {
  const listedHashes = manifest.files;
  if (!isObject(listedHashes) || !equal(Object.keys(listedHashes).sort(), [...names].sort())) {
    throw new Bad("manifest.json: does not list exactly the files tally.json names");
  }
  const expected = new Set([...names, "manifest.json", "manifest.sig", ...labels.keys(), ...[...labels.keys()].map((n) => n.split("/")[0])]);
  for (const name of entries(files)) {
    if (!expected.has(name)) throw new Bad(`${pyRepr(name)} is not part of the signed consolidation`);
  }
  for (const name of names) if (!files.has(name)) throw new Bad(`${whose(name, labels)} is missing`);
  for (const name of names) {
    if ((await sha256(files.get(name))) !== listedHashes[name]) {
      throw new Bad(`${whose(name, labels)} was changed after the consolidation was signed (its hash does not match)`);
    }
  }
}

// Every file and folder the picked folder holds, by its path, in the order Python sorts
// paths (part by part).
function entries(files) {
  const all = new Set();
  for (const name of files.keys()) {
    const parts = name.split("/");
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join("/"));
  }
  const byParts = (a, b) => {
    const x = a.split("/"), y = b.split("/");
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return byCodePoint(x[i], y[i]);
    return x.length - y.length;
  };
  return [...all].sort(byParts);
}

// The files of one table's export, by their names in its folder.
function tableFiles(files, folder) {
  const prefix = `${folder}/`, out = new Map();
  for (const [name, bytes] of files) if (name.startsWith(prefix)) out.set(name.slice(prefix.length), bytes);
  return out;
}

async function checkedTables(files, document, folder) {
  const tables = [];
  for (const row of document.tables) {
    const name = `${tableTitle(row.label)} (${row.folder})`;
    const source = `${folder}/${row.folder}`;
    let table;
    try {
      table = await checkExport(tableFiles(files, row.folder), row.key, null);
    } catch (error) {
      if (error instanceof Bad) throw new Bad(`${name}: ${error.message}`);
      throw error;
    }
    if (isObject(table.document.sheet) && REVISED_FACTS.some((fact) => fact in table.document.sheet)) {
      throw new Bad(`${name}: ${REVISED_REFUSAL}`);
    }
    const unknown = unknownFacts(table.document);
    if (unknown) throw new Bad(`${name}: its sheet states ${unknown}, which consolidation cannot sum`);
    const checked = aTable(source, table, tables);
    if (tableFolder(checked.label) !== row.folder) throw new Bad(`${name}: lies in a folder not named for its table (${tableFolder(checked.label)})`);
    tables.push(checked);
  }
  const twice = twiceAccepted(tables);
  if (twice !== null) throw new Bad(`the tables' envelopes: ${twice}`);
  return tables;
}

// What a table's tally.json states that consolidation does not know how to sum.
function unknownFacts(document) {
  if (!TALLY_FORMATS.includes(document.format)) return `format ${pyRepr(document.format ?? null)}`;
  for (const [where, part, known] of [["", document, KNOWN_DOCUMENT], ["election ", document.election, KNOWN_ELECTION],
    ["sheet ", document.sheet, KNOWN_SHEET]]) {
    if (!isObject(part)) return `no ${where.trim() || "document"}`;
    const extra = Object.keys(part).filter((key) => !known.has(key)).sort();
    if (extra.length) return `${where}facts ${extra.join(", ")}`;
  }
  if (!["final", "interim"].includes(document.sheet.kind)) return `a sheet of kind ${pyRepr(document.sheet.kind ?? null)}`;
  const lines = document.sheet.lines;
  const base = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
  if (!isObject(lines) || !base.every((n) => n in lines) || !Object.keys(lines).every((n) => base.includes(n) || /^3[a-i]$/.test(n))) {
    return "lines other than 1-9";
  }
  return null;
}

// The table, once it is a final sheet of a table of the same count as the others.
function aTable(source, table, earlier) {
  const sheet = table.document.sheet;
  if (sheet.kind !== "final") {
    throw new Bad(`${source}: holds an ${sheet.kind} tally; only final sheets are consolidated (export the table's final sheet)`);
  }
  // Every label and shared fact from the verified setup, never from the sheet.
  if ((table.election.table_label ?? null) === null) {
    throw new Bad(`${source}: is the sheet of a count at one table (its file was made without --table); only the sheets of a count's tables are consolidated`);
  }
  const mine = { source, label: String(table.election.table_label), ...table };
  const shared = sharedSetup(table.election);
  for (const other of earlier) {
    const theirs = sharedSetup(other.election);
    const field = SHARED_SETUP.find((name) => !equal(shared[name] ?? null, theirs[name] ?? null));
    const differs = field !== undefined ? `${field} is ${pyRepr(shared[field])}, not ${pyRepr(theirs[field])}`
      : setupDifference(table.election, other.election);
    if (differs !== null) {
      throw new Bad(`${source}: ${tableTitle(mine.label)} is not a table of the same count as ${other.source} (${tableTitle(other.label)}): its ${differs}`);
    }
    if (mine.label.toLowerCase() === other.label.toLowerCase()) {
      throw new Bad(`${source}: ${tableTitle(mine.label)} appears twice (also ${other.source}); each table is consolidated once`);
    }
    if (equal(sheet.head, other.document.sheet.head) || table.election.election_id === other.election.election_id) {
      throw new Bad(`${source}: is the same table's count as ${other.source} (same election file or head ${String(sheet.head.hash).slice(0, 16)}); each table is consolidated once`);
    }
  }
  return mine;
}

// What every table of one count shares of its setup, as a sheet's election section names it.
function sharedSetup(e) {
  return { case: e.case_number, employer: e.employer, union: e.union_name, eligible: e.eligible };
}

// What makes two tables' setups (their journals' first lines) not one election's.
function setupDifference(mine, theirs) {
  if (caseKind(mine.case_number) !== caseKind(theirs.case_number)) {
    return `kind of case is ${caseKind(mine.case_number)}, not ${caseKind(theirs.case_number)}`;
  }
  if (!equal(partiesOf(mine), partiesOf(theirs))) return "parties are " + partiesOf(mine).map((p) => `${p.name} (${p.role})`).join("; ");
  // Each table's box of each group is its own; the groups are otherwise one election's.
  const groups = (election) => groupSpecs(election).map((g) => ({ ...g, ballots: null }));
  if (!equal(groups(mine), groups(theirs))) {
    return "voting groups are " + (groups(mine).map((g) => `${g.key} (${g.name}, ${fmt(g.eligible)} eligible)`).join(", ") || "none (no --group)");
  }
  const details = (election) => {
    if (!election.ballot) return { unions: [election.union_name] };
    const stored = JSON.parse(election.ballot);
    return "groups" in stored ? { ...stored, groups: groups(election) } : stored;
  };
  const ballot = (election) => ({ employer: election.employer, kind: caseKind(election.case_number), details: details(election) });
  if (!equal(ballot(mine), ballot(theirs))) return `ballot's choices are ${formOf(mine).choices.join(", ")}`;
  const mail = (election) => election.mail === 1;
  if (mail(mine) !== mail(theirs)) return "count is " + (mail(mine) ? "by mail" : "at the polls, not by mail");
  if ((mine.voters_hash ?? null) !== (theirs.voters_hash ?? null)) {
    return "voter list is another (every table rules envelopes against the whole list)";
  }
  const rules = (election) => [mail(election) && election.mail_rules === MAIL_RULES, election.polls === 1];
  if (!equal(rules(mine), rules(theirs))) {
    const [current, polls] = rules(mine);
    return `envelopes are ruled by ${current ? "the Board's mail rules" : "the earlier mail rules"}` + (polls ? ", with voting at the polls" : "");
  }
  return null;
}

// A voter whose envelope was accepted at two tables (a ballot counted twice), or null.
function twiceAccepted(tables) {
  const accepted = new Map();
  for (const table of tables) {
    const envelopes = table.count.envelopes;
    if (!envelopes.mail) return null;
    const counted = new Set(envelopes.current ? ["accepted", "late", "polls"] : ["accepted"]);
    for (const seq of envelopes.done) {
      const envelope = envelopes.rulings.get(seq);
      if (!counted.has(envelope.ruling)) continue;
      const key = envelope.voter === null ? envelope.key.toLowerCase() : envelope.key;
      if (accepted.has(key) && accepted.get(key)[0] !== table.label) {
        const [first, firstSeq] = accepted.get(key);
        const who = envelope.voter === null ? "a written-in voter" : "a listed voter";
        return `${who}'s envelope was accepted at ${tableTitle(first)} (event ${firstSeq}) and again at ${tableTitle(table.label)}` +
          ` (event ${envelope.seq}): two ballots of one voter would be counted; the second envelope must be ruled at the table of the first`;
      }
      if (!accepted.has(key)) accepted.set(key, [table.label, envelope.seq]);
    }
  }
  return null;
}

// A table's calls from its sheet's lines 2, 3, 4 and 6 (consolidation.py: TableLines):
// the ballots counted beyond them were set aside, short of them sealed envelopes.
function tableTally(sheet) {
  const lines = sheet.lines, choices = Array.isArray(sheet.choices) ? sheet.choices.map((c) => Number(c.votes)) : null;
  const tally = { for: lines["3"], against: lines["4"], void: lines["2"], challenged: lines["6"], choices };
  const beyond = sheet.counted - (tally.for + tally.against + tally.void + tally.challenged);
  return { ...tally, sealed: Math.max(0, -beyond), setAside: Math.max(0, beyond), uncounted: 0 };
}

function summedTally(tallies) {
  const sum = (name) => tallies.reduce((total, t) => total + t[name], 0);
  const choices = tallies[0].choices === null ? null : tallies[0].choices.map((_, i) => tallies.reduce((total, t) => total + t.choices[i], 0));
  return { for: sum("for"), against: sum("against"), void: sum("void"), challenged: sum("challenged"), choices,
    sealed: sum("sealed"), setAside: sum("setAside"), uncounted: 0 };
}

// The content of a consolidation's tally.json (consolidate.py: consolidated_document).
function consolidatedDocument(tables, key, prepared, agent, observers) {
  const first = tables[0], sheets = tables.map((table) => table.document.sheet);
  const shared = { ...first.election, table_label: null };
  const tally = summedTally(sheets.map(tableTally));
  const ballots = sheets.some((sheet) => sheet.ballots === null || sheet.ballots === undefined) ? null
    : sheets.reduce((total, sheet) => total + sheet.ballots, 0);
  const envelopes = summedEnvelopes(sheets);
  const facts = {
    lines: sheetLines(linesOf(tally, ballotOf(shared)), shared),
    statements: statedLines(formOf(shared), tally, shared.eligible, null).statements,
    counted: sheets.reduce((total, sheet) => total + sheet.counted, 0),
    ballots,
    ...(envelopes === null ? {} : { envelopes }),
    ...kindsFacts(shared, tally, null),
    ...(groupSpecs(shared).length ? groupsFacts(shared, summedGroups(shared, sheets), [], null) : {}),
  };
  return {
    format: CONSOLIDATED_FORMAT,
    election: sharedSetup(first.election),
    ...facts,
    tables: tables.map(tableRow),
    prepared,
    key,
    ...(agent === null ? {} : { agent }),
    ...(observers.length ? { observers } : {}),
    // The tally the Board issues and serves: objections are due five business days on.
    ...(preparedDay(prepared) === null ? {} : { objections_due: objectionsDue(preparedDay(prepared)) }),
  };
}

// Each voting group's figures summed over the tables, group by group, as each table's
// sheet states them (consolidation.py: summed_groups; group_sheet.py: figures_stated).
function summedGroups(election, sheets) {
  const ballot = ballotOf(election), several = ballot.unions.length > 1;
  const stated = (entry) => {
    const lines = entry.lines, inclusion = entry.inclusion ?? {};
    const numbers = several ? Object.keys(lines).filter((n) => /^3[a-i]$/.test(n)).sort() : ["3"];
    const votes = numbers.map((n) => Number(lines[n]));
    if (ballot.neither !== null) votes.push(Number(lines["4"]));
    return { votes, void: Number(lines["2"]), challenged: Number(lines["6"]), yes: Number(inclusion.yes ?? 0), no: Number(inclusion.no ?? 0) };
  };
  const tables = sheets.map((sheet) => (sheet.groups ?? []).map(stated));
  return tables[0].map((_, i) => {
    const group = tables.map((figures) => figures[i]);
    const sum = (name) => group.reduce((total, t) => total + t[name], 0);
    return { votes: group[0].votes.map((_, c) => group.reduce((total, t) => total + t.votes[c], 0)),
      void: sum("void"), challenged: sum("challenged"), yes: sum("yes"), no: sum("no") };
  });
}

function summedEnvelopes(sheets) {
  if (sheets.every((sheet) => !sheet.envelopes)) return null;
  const figures = Object.keys(sheets[0].envelopes);
  return Object.fromEntries(figures.map((figure) => [figure, sheets.reduce((total, sheet) => total + sheet.envelopes[figure], 0)]));
}

function tableRow(table) {
  const election = table.document.election, sheet = table.document.sheet;
  return {
    label: table.label, folder: tableFolder(table.label), election_id: election.election_id, setup_hash: election.setup_hash,
    title: sheet.title, agent: sheet.agent, counted: sheet.counted, ballots: sheet.ballots,
    lines: Object.fromEntries(SUMMED_LINES.map((number) => [number, sheet.lines[number]])),
    ...("choices" in sheet ? { choices: sheet.choices } : {}),
    ...("envelopes" in sheet ? { envelopes: sheet.envelopes } : {}),
    head: sheet.head, sheet_event: table.document.sheet_event, key: table.key,
  };
}

// Every line, statement and row of tally.json, against the tables' own sheets.
function checkSums(document, tables) {
  const agent = typeof document.agent === "string" ? document.agent : null;
  const observers = document.observers ?? [];
  const fieldsOf = (o) => isObject(o) ? Object.keys(o).sort().join(",") : "";
  if (!Array.isArray(observers) || !observers.every((o) => fieldsOf(o) === "name,party" && typeof o.party === "string" && typeof o.name === "string")) {
    throw new Bad("tally.json: its observers are not a list Station writes");
  }
  const expected = consolidatedDocument(tables, String(document.key), pyStr(document.prepared ?? null), agent, observers);
  // A consolidation made before the consolidated tally stated the deadline.
  if (!("objections_due" in document)) delete expected.objections_due;
  const facts = { ...expected, union: expected.election.union };
  const stated = document.lines;
  if (!isObject(stated)) throw new Bad("tally.json: has no lines 1-9");
  for (const number of formOrder(expected.lines)) {
    const value = expected.lines[number], found = stated[number];
    if (typeof found !== typeof value || found !== value) {
      throw new Bad(`tally.json: line ${number} (${lineWords(number, facts, expected.lines)}) says ${pyStr(found)}; the tables' sheets give ${pyStr(value)}`);
    }
  }
  document.tables.forEach((row, i) => {
    for (const [field, value] of Object.entries(expected.tables[i])) {
      if (!equal(row[field] ?? null, value)) {
        throw new Bad(`tally.json: ${tableTitle(expected.tables[i].label)}'s ${field} is not what its sheet (${expected.tables[i].folder}) says`);
      }
    }
  });
  for (const [field, value] of Object.entries(expected)) {
    if (field === "statements" && equal(document.statements ?? null, asStatedBefore(value))) continue;
    if (!equal(document[field] ?? null, value)) throw new Bad(`tally.json: its ${field} is not what the tables' sheets give`);
  }
  if (!equal(Object.keys(document).sort(), Object.keys(expected).sort())) throw new Bad("tally.json: holds facts that no consolidation has");
}

