"use strict";
// Following a count `station serve` serves: every event's hash and link and every signed
// head are checked in this browser, and the dashboard's figures are shown from nothing
// but what a head signed by the station's key covers. A chain proves only that its events
// follow each other (anyone on the path can append well-chained events without the key):
// the events after the last signed head are said apart, never counted, and a problem
// once they wait longer than the station ever takes to sign; more of them than the
// station ever leaves unsigned is a forgery, refused before it fills the browser's memory.
// Each answer names the newest head the station signed: the events still to come up to
// it, while catching up on a long journal, are being checked, not late. The checks are the
// verifier's (verifier.js, above); the words are the witness's and the remote
// dashboard's (station/witness/follow.py, statements.py). The served live page follows
// the server it came from; a saved verifier page follows the URL typed into it (the feed
// allows any origin to read it, with its token).

// Follow the feed at `base` ("" for the server this page came from) with `token`; the
// page's elements (#case, #status, #unsigned, #choices, [data-figure], #envelopes,
// #groups, #s8, #s9, #s10, #calls, #head) show it. `expectedKey`, on a page with a
// fingerprint field, gives what is typed there (or null): the figures are shown only
// while the heads' key is that one. Returns {refresh}: show again (the field changed).
function followCount(base, token, expectedKey = null) {
  const $ = (id) => document.getElementById(id);
  const feed = { seq: 0, hash: null, hashes: [], lastHead: null, since: null, heard: Date.now(), broken: null,
    unsigned: [], signedSeq: 0, signedHash: null, problem: null, garbled: null,
    newestSeq: 0, pastBytes: 0, progressAt: 0 };
  let setup, count, rawKey, keyName, keyId, lastCalls = [];
  const ruledAs = new Map(); // each envelope event's words, for its undo and redo
  const challengedRows = new Map(); // each call's line in Last calls, by its seq: a challenge completes it
  // The feed signs a head every 5 s at least, and a long poll answers with it: a silence
  // much longer than that is a lost feed (the witness says so after as long).
  const NO_FEED_S = 12;
  // The station signs a head at least every 5 s, and about four times a second while the count
  // moves: events left unsigned twice that long are not a delay (statements.UNSIGNED_S).
  const UNSIGNED_S = 10;
  // No answer of the feed is larger (station/witness/limits.py: MAX_ANSWER).
  const MAX_ANSWER = 6291456;
  // At most a page of the feed past the newest head the station signed: the station signs
  // what it serves within a quarter of a second, never a page (statements.MAX_UNSIGNED, _BYTES).
  const MAX_UNSIGNED = 2000, MAX_UNSIGNED_BYTES = 4 << 20;

  async function get(path) {
    let answer;
    try {
      answer = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    } catch {
      throw new Unfollowable(`the station at ${base || location.origin} does not answer (is \`station serve\` running, and this device on the room's network?)`);
    }
    if (answer.status === 401) throw new Unfollowable("the station refused the token (copy the whole URL `station serve` shows)");
    if (!answer.ok) throw new Unfollowable(`the feed answered ${answer.status}`);
    const text = await bounded(answer);
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Garbled("not JSON");
    }
    if (Array.isArray(value?.events)) keepClocks(text, value.events);
    return value;
  }

  // An event's clock past 2**53 (a machine up more than 104 days) is read by JSON.parse
  // rounded: its digits as the answer has them are kept beside it (MONO_DIGITS, as the
  // verifier keeps a journal line's), for its hash. The events come first in an answer,
  // each in Station's one form, so their clocks are the answer's first ones, in order; a
  // clock is taken only where its digits read as the number parsed.
  function keepClocks(text, events) {
    if (events.every((e) => Number.isSafeInteger(e?.mono_ns))) return;
    const clocks = text.matchAll(/"mono_ns":(-?[0-9]+),"prev_hash":/g);
    for (const e of events) {
      const digits = clocks.next().value?.[1];
      if (digits === undefined) return;
      if (typeof e?.mono_ns === "number" && !Number.isSafeInteger(e.mono_ns) && Number(digits) === e.mono_ns) {
        MONO_DIGITS.set(e, digits);
      }
    }
  }

  // An answer's text, refused (Garbled) once it is larger than any feed's: when its
  // length says so, or as soon as that much has come, never read whole.
  async function bounded(answer) {
    const tooLarge = () => new Garbled(`an answer of more than ${MAX_ANSWER / 1048576} MiB, larger than any feed's`);
    if (Number(answer.headers.get("Content-Length")) > MAX_ANSWER) {
      answer.body?.cancel();
      throw tooLarge();
    }
    const reader = answer.body.getReader(), parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_ANSWER) {
        reader.cancel();
        throw tooLarge();
      }
      parts.push(value);
    }
    const bytes = new Uint8Array(size);
    parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
    return new TextDecoder().decode(bytes);
  }

  // Why the feed cannot be followed at all, in words (a refused token, no station there).
  class Unfollowable extends Error {}

  // An answer that is not a Station feed (station/witness/statements.py: garbled_feed).
  class Garbled extends Error {
    constructor(why) {
      super(`FEED GARBLED: ${base || location.origin} answered with something that is not a Station feed (${why}); not a forgery, and nothing of it was kept`);
    }
  }

  async function start() {
    setup = await get("/setup");
    const election = setup.election;
    if ((await setupHash(election)) !== election.setup_hash) throw new Bad("the election setup served was altered");
    rawKey = base64Bytes(setup.public_key);
    const key = (await sha256(rawKey)).slice(0, 32).match(/.{4}/g).join("-");
    if (key !== setup.key) throw new Bad("the feed's key fingerprint does not belong to its public key");
    if (setup.origin !== `station/${election.case_number}/${election.election_id}`) throw new Bad("the feed's origin is not its election's");
    keyName = `station-${key}`;
    const idHash = await sha256(new Uint8Array([...utf8.encode(keyName + "\n"), 1, ...rawKey]));
    keyId = Uint8Array.from(idHash.slice(0, 8).match(/../g), (byte) => parseInt(byte, 16));
    feed.hash = feed.signedHash = election.setup_hash;
    feed.hashes[0] = election.setup_hash;
    count = countOf(election);
    $("case").textContent = `Case ${election.case_number} · ${election.employer} / ${ballotOf(election).unions.join(", ")}`;
    document.title = `Live count, case ${election.case_number}`;
    for (;;) {
      let answer;
      try {
        const since = feed.since ? `&since=${encodeURIComponent(feed.since)}` : "";
        answer = await get(`/events?after=${feed.seq}&wait=20${since}`);
      } catch (error) {
        if (error instanceof Garbled) { // the station answered, with no feed: asked again
          feed.heard = Date.now();
          feed.garbled = error.message;
        }
        showStatus();
        await new Promise((ok) => setTimeout(ok, 1000));
        continue;
      }
      feed.heard = Date.now();
      feed.garbled = null;
      await take(answer);
      feed.problem = answer.problem;
      show();
      if (feed.broken) return;
    }
  }

  // Check one answer: its events first (chained, waiting for a head), then its heads, each
  // folding the events it covers; stop at the first fault. After a refused event the
  // heads covering the events before it still fold them (what the witness keeps).
  async function take(answer) {
    let fault = null;
    try {
      if (answer.newest_head !== undefined && answer.newest_head !== null) await takeNewest(answer.newest_head);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      feed.broken = error.message;
      return;
    }
    const before = feed.seq;
    try {
      for (const e of answer.events) await takeEvent(e);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      fault = error.message;
    }
    if (before < feed.newestSeq && feed.seq > before) feed.progressAt = Date.now(); // catching up
    try {
      for (const note of answer.heads) await takeHead(note);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      fault ??= error.message;
    }
    if (fault !== null) feed.broken = fault;
  }

  // The newest head the station signed, which may name an event still to come: the
  // events up to it are signed. Checked as a head (key, election, the event if received);
  // folded only when it comes among the heads, with its event.
  async function takeNewest(note) {
    const head = await readHead(note);
    if (feed.hashes[head.seq] !== undefined && feed.hashes[head.seq] !== head.hash) {
      throw new Bad(`the head signed at event ${fmt(head.seq)} does not match event ${fmt(head.seq)} as received: the feed's history is not the one the station signed`);
    }
    signedTo(head.seq);
  }

  // The station signed the events up to `seq`: those held up to it are no longer past
  // every signed head.
  function signedTo(seq) {
    if (seq <= feed.newestSeq) return;
    feed.newestSeq = seq;
    feed.pastBytes = 0;
    for (let i = feed.unsigned.length - 1; i >= 0 && feed.unsigned[i].e.seq > seq; i--) feed.pastBytes += feed.unsigned[i].size;
  }

  async function takeEvent(e) {
    const expected = feed.seq + 1;
    if (e === null || typeof e !== "object" || EVENT_FIELDS.some((f) => !(f in e))) {
      throw new Bad(`event ${fmt(expected)} is not a journal event as Station writes it`);
    }
    if (e.seq !== expected) throw new Bad(`event ${expected} is missing (the next one found is ${e.seq})`);
    if (e.prev_hash !== feed.hash) throw new Bad(`event ${e.seq} does not chain to the event before it`);
    if (!wellTyped(e)) throw new Bad(`event ${e.seq} was altered (a field has the wrong type)`);
    if (eventHash(e) !== e.hash) throw new Bad(`event ${e.seq} was altered (its hash does not match)`);
    const detail = e.detail === null ? null : readDetail(e.detail);
    if (detail === undefined) {
      throw new Bad(`event ${e.seq} was altered (its detail is not in the one form Station writes: sorted keys, each once, compact)`);
    }
    let size = 0;
    if (e.seq > feed.newestSeq) { // past every head the station is known to have signed
      size = JSON.stringify(e).length;
      const refused = e.seq - feed.newestSeq > MAX_UNSIGNED ? `${fmt(MAX_UNSIGNED)} events`
        : feed.pastBytes + size > MAX_UNSIGNED_BYTES ? `${MAX_UNSIGNED_BYTES / 1048576} MiB of events` : null;
      if (refused) {
        throw new Bad(`the feed sent more than ${refused} after event ${fmt(feed.newestSeq)} with no head signed by the` +
          " station's key, which signs what it serves within seconds: they are not counted, and nothing more is taken from this feed");
      }
      feed.pastBytes += size;
    }
    feed.unsigned.push({ e, detail, at: Date.now(), size });
    feed.seq = e.seq;
    feed.hash = e.hash;
    feed.hashes[e.seq] = e.hash;
  }

  // Fold the events a verified head at `seq` covers, by the rules of the count.
  function foldSigned(seq) {
    while (feed.unsigned.length && feed.unsigned[0].e.seq <= seq) {
      const { e, detail } = feed.unsigned[0];
      const locked = count.locked;
      count.apply(e, detail);
      const problem = e.action === "sign" && sheetProblem(setup.election, e, count.sheets.get(e.seq), count.reopened);
      if (problem) throw new Bad(problem);
      remember(e, detail, locked);
      feed.unsigned.shift();
      feed.signedSeq = e.seq;
      feed.signedHash = e.hash;
    }
  }

  // A signed head (station/witness/heads.py): a C2SP signed note of origin, size, hash
  // and time, signed by the station's key.
  async function readHead(note) {
    const notOne = (why) => new Bad(`a signed head that is not one${why ? ` (${why})` : ""}`);
    if (typeof note !== "string" || note.length > 4096) throw notOne("not a signed note");
    const cut = note.lastIndexOf("\n\n");
    if (cut < 0 || !note.endsWith("\n")) throw notOne("no signature");
    const text = note.slice(0, cut + 1), signatures = note.slice(cut + 2, -1).split("\n");
    const lines = text.split("\n").slice(0, -1);
    if (lines.length !== 4 || !lines[3].startsWith("time ")) throw notOne("not origin, size, hash and time");
    const digest = base64Bytes(lines[2]), seq = /^[0-9]+$/.test(lines[1]) ? Number(lines[1]) : -1;
    if (seq < 0 || digest === null || digest.length !== 32) throw notOne("bad size or hash");
    if (lines[0] !== setup.origin) throw new Bad(`a signed head of another election (${lines[0]})`);
    const head = { seq, hash: hex(digest), time: lines[3].slice(5), note };
    const signature = signatures.map((line) => line.startsWith("\u2014 ") && line.slice(2).split(" "))
      .filter((parts) => parts && parts[0] === keyName).map((parts) => base64Bytes(parts[1] ?? ""))
      .find((sig) => sig && sig.length === 68 && keyId.every((b, i) => sig[i] === b));
    if (!signature) throw new Bad(`the head at event ${fmt(seq)} is signed by another key, not by key ${setup.key}`);
    if (!(await signatureHolds(rawKey, signature.slice(4), utf8.encode(text)))) {
      throw new Bad(`the head at event ${fmt(seq)} has a signature that does not hold`);
    }
    return head;
  }

  // A head among the answer's: after the last one, it must name an event as this page
  // received it, and folds the events it covers.
  async function takeHead(note) {
    const head = await readHead(note), seq = head.seq;
    const last = feed.lastHead;
    if (last && (note === last.note || head.time <= last.time || seq < last.seq)) {
      throw new Bad(`the head at event ${fmt(seq)} signed at ${head.time} is older than one already seen (event ${fmt(last.seq)}, ${last.time}): a replayed head`);
    }
    if (feed.hashes[seq] === undefined) throw new Bad(`the head at event ${fmt(seq)} names an event the feed did not send`);
    if (feed.hashes[seq] !== head.hash) {
      throw new Bad(`the head signed at event ${fmt(seq)} does not match event ${fmt(seq)} as received: the feed's history is not the one the station signed`);
    }
    foldSigned(seq);
    feed.lastHead = head;
    feed.since = head.time;
    signedTo(seq);
  }

  // The last calls as the dashboard's ticker lists them (station/ui/dashboard/ticker.py,
  // the words station/domain/describe.py's): newest first, a correction with its arrow
  // and marked CORRECTION, a challenge's party and reason completing its call's line. The
  // words are worked out here from the events checked and counted, like the figures, not
  // taken from the station.
  function remember(e, detail, locked) {
    const what = (seq) => {
      const call = count.calls.get(seq), choice = count.choiceOf.get(seq);
      if (count.several && call === "for" && choice) return `for ${count.ballot.unions[choice - 1]}`;
      if (count.several && call === "against" && count.ballot.neither !== null) return `for ${count.ballot.neither}`;
      return label(call);
    };
    const ballotOfCall = (seq) => {
      const at = count.done.lastIndexOf(seq);
      return at < 0 ? `Event ${seq}` : `Ballot ${fmt(at + 1)}`;
    };
    let line = null, correction = false, session = false;
    if (e.action === "call") {
      line = `Ballot ${fmt(count.done.length)} ${what(e.seq)}${detail?.over_count ? " (over the ballots in the box, confirmed)" : ""}`;
    } else if (e.action === "undo") {
      line = `\u21b6 Ballot ${fmt(count.done.length + 1)} ${what(e.target)} \u2014 undone`;
      correction = true;
    } else if (e.action === "redo") {
      line = `\u21b7 Ballot ${fmt(count.done.length)} ${what(e.target)} \u2014 redone`;
      correction = true;
    } else if (e.action === "open" || e.action === "close") {
      session = true;
      if (e.action === "open" && detail?.previous_session === "closed" && lastCalls[0]?.close) {
        lastCalls[0] = { text: "Station closed the count, then opened it again", correction: false, session: true };
        return;
      }
      line = e.action === "close" ? "Station closed the count" : detail?.previous_session === "interrupted"
        ? "Station opened the count (the last session was interrupted)" : "Station opened the count";
    } else if (e.action === "amend") {
      const row = challengedRows.get(e.target), entry = count.register.entries.get(e.target);
      const at = count.done.lastIndexOf(e.target);
      if (row && entry && at >= 0) {
        const group = count.groups.keyOf(e.target);
        const by = partyWords(entry.party), reason = entry.reason ?? "reason not given";
        row.text = (entry.disputedVoid ? `Ballot ${fmt(at + 1)} VOID disputed: now CHALLENGED by ${by}: ${reason}`
          : `Ballot ${fmt(at + 1)} CHALLENGED by ${by}: ${reason}`) + (group === null ? "" : ` \u2014 group ${group}`);
        return;
      }
      line = entry ? `${at < 0 ? "Envelope" : `Ballot ${fmt(at + 1)}`} challenged by ${partyWords(entry.party)}: ${entry.reason ?? "reason not given"}`
        : `${ballotOfCall(e.target)} challenge amended`;
    } else if (e.action === "dispute") {
      const by = partyWords(detail.party);
      line = `${ballotOfCall(e.target)} ${label(e.call)} disputed by ${by}: ${detail.left_as_called ? "left as called, noted for objections" : "now CHALLENGED"}`;
      correction = true;
    } else if (e.action === "join") {
      line = `${ballotOfCall(e.target)}: ${partyWords(detail.party)} joins the dispute`;
    } else if (e.action === "resolve") {
      const ballot = ballotOfCall(e.target), by = partyWords(String(detail.party ?? "")), wanted = detail.as;
      const disputed = count.register.entries.get(e.target)?.disputedVoid ?? false;
      line = wanted === "open" ? `${ballot}: settlement taken back, the challenge is open again`
        : disputed && wanted === "withdrawn" ? `${ballot}: dispute withdrawn by ${by}, the ballot counts as called`
        : wanted === "withdrawn" ? `${ballot}: challenge withdrawn; the ballot is opened and counted`
        : wanted === "sustained" ? `${ballot}: challenge sustained by agreement; never opened`
        : `${ballot}: dispute withdrawn by ${by}`;
    } else if (e.action === "decide") {
      const opened = Array.isArray(detail.open) ? detail.open.length : 0, sustained = Array.isArray(detail.sustain) ? detail.sustain.length : 0;
      line = `Decision by ${detail.by}: ${howMany(opened, "challenged ballot")} to open, ${fmt(sustained)} sustained; the revised count begins`;
    } else if (e.action === "pile") { // piles.py: PileCheck.title; statements.py: pile_mismatch_statement
      const name = `${count.piles.laneName(e.call, detail?.group ?? null, detail?.choice ?? null)} pile ${e.target}`;
      const title = name[0].toUpperCase() + name.slice(1), found = detail?.found, size = count.piles.size;
      line = found === size ? `${title} recounted: ${found} of ${size}, confirmed`
        : `${title} recounted: ${found} found, ${size} recorded \u2014 MISMATCH`;
    } else if (e.action === "sign") {
      const sheet = count.sheets.get(e.seq);
      line = sheet.kind === "interim" ? `Count paused after ballot ${fmt(count.done.length)}; interim tally prepared`
        : `${sheet.title} tally prepared; the count is locked`;
    } else if (e.action === "reopen") {
      line = locked.kind === "interim" ? `Count resumed at ballot ${fmt(count.done.length + 1)}` : `Count reopened: ${detail.reason}`;
    } else if (e.action === "envelope" || e.action === "after_tally") {
      line = envelopeWords(count.envelopes, count.envelopes.rulings.get(e.seq));
      ruledAs.set(e.seq, line);
    } else if (e.action === "envelope_undo" || e.action === "envelope_redo") {
      line = `${ruledAs.get(e.target)} \u2014 ${e.action === "envelope_undo" ? "undone" : "redone"}`;
    } else if (e.action === "end_envelopes") {
      const f = count.envelopes.figures;
      line = f.late && count.envelopes.current
        ? `Envelope stage ended: ${howMany(f.accepted + f.late, "envelope")} to open (${fmt(f.accepted)} accepted, ${fmt(f.late)} received after the due date), their ballots to be counted`
        : `Envelope stage ended: ${howMany(detail.accepted, "envelope")} accepted, ballots to be opened`;
    }
    if (line === null) return;
    const row = { text: line, correction, session, close: e.action === "close" };
    if (e.action === "call") challengedRows.set(e.seq, row);
    else if (e.action === "dispute") challengedRows.set(e.target, row);
    lastCalls = [row, ...lastCalls].slice(0, 9);
  }

  // Who made a challenge or a dispute, after "by" (description.py: Election.said).
  function partyWords(stored) {
    const unions = count.ballot.unions;
    if (stored === EMPLOYER) return "the Employer";
    if (stored === BOARD_AGENT) return "the Board agent";
    if (stored === EMPLOYEE_PETITIONER) return "the Petitioner";
    if (stored === ONE_UNION) return unions.length > 1 ? "a Union" : "the Union";
    const number = /^union ([1-9])$/.exec(stored)?.[1];
    return number !== undefined && unions.length > 1 && Number(number) <= unions.length ? unions[Number(number) - 1] : stored;
  }

  // An envelope's ruling in words that name no voter, as the dashboard may be shown to
  // all (envelopes.py: anonymous_envelope_words).
  function envelopeWords(stage, envelope) {
    const written = envelope.voter === null ? " written in" : "";
    const earlier = stage.ruled(envelope.key).filter((other) => other.seq !== envelope.seq);
    const second = envelope.replaces === null && earlier.length > 0;
    const which = envelope.replaces !== null ? " (replacement for a void envelope)" : second ? " (second envelope)" : "";
    const ruling = RULING_LABELS[envelope.ruling];
    return envelope.ruling === "polls" ? `Voter${written} ${ruling}` : `Envelope${written}${which} ${ruling}`;
  }

  function status(kind, text) {
    $("status").className = kind;
    $("status").textContent = text;
  }

  const howManyEvents = (n) => `${fmt(n)} event${n === 1 ? "" : "s"}`;

  // Why the figures must not be shown under the fingerprint typed, or null.
  function keyRefusal() {
    const typed = expectedKey === null ? null : expectedKey();
    if (typed === null) return null;
    const key = normaliseFingerprint(typed);
    if (key.length !== 39 || !/^[0-9a-f-]+$/.test(key)) {
      return `'${typed}' is not a key fingerprint (32 hex digits): the count is not shown until the fingerprint is whole`;
    }
    return key === setup.key ? null : `the feed's heads are signed by key ${setup.key}, not by the expected key ${key}`;
  }

  // The status line, from everything known now: a broken history, the key typed, a lost
  // feed, events waiting too long for a signed head, the station's own problem, or live.
  function showStatus() {
    if (!setup) return;
    if (feed.broken) {
      status("bad", `NOT INTACT: ${feed.broken}`);
      return; // nothing after a broken history is shown as checked
    }
    const refusal = keyRefusal();
    $("live-count").hidden = $("live-journal").hidden = refusal !== null;
    if (refusal !== null) {
      $("unsigned").hidden = true;
      status("bad", `REFUSED: ${refusal}`);
      return;
    }
    const silent = Math.round((Date.now() - feed.heard) / 1000);
    // Catching up, only answers that brought none of the events owed count (the feed
    // stalling on its way to a head it named); else the time since the oldest came.
    const waiting = feed.unsigned.length, catchingUp = feed.seq < feed.newestSeq;
    const waited = !waiting ? 0 : catchingUp ? Math.max(0, feed.heard - feed.progressAt) / 1000
      : (Date.now() - Math.max(feed.unsigned[0].at, feed.progressAt)) / 1000;
    $("unsigned").hidden = !waiting;
    $("unsigned").textContent = !waiting ? "" : catchingUp
      ? `catching up to event ${fmt(feed.newestSeq)}, signed by the station: ${howManyEvents(waiting)} after event` +
        ` ${fmt(feed.signedSeq)} received and being checked, not counted yet`
      : `${howManyEvents(waiting)} after event ${fmt(feed.signedSeq)} not yet signed by the station: not counted`;
    if (silent >= NO_FEED_S) {
      status("lost", `NO FEED FOR ${silent} SECONDS (signed to event ${fmt(feed.signedSeq)})`);
    } else if (feed.garbled) {
      status("lost", `${feed.garbled} (signed to event ${fmt(feed.signedSeq)})`);
    } else if (waiting && waited >= UNSIGNED_S) {
      const whole = Math.floor(waited);
      status("lost", `NOT SIGNED FOR ${whole} SECOND${whole === 1 ? "" : "S"}: ${howManyEvents(waiting)} after event` +
        ` ${fmt(feed.signedSeq)} came with no head signed by the station's key; they are not counted`);
    } else {
      const checked = expectedKey === null ? " (NOT checked against a fingerprint written down: compare it with yours)"
        : expectedKey() === null ? " (NOT checked against a fingerprint written down: type it above)" : ", the key written down";
      const signed = feed.lastHead ? `event ${fmt(feed.signedSeq)} signed by key ${setup.key}${checked}` : "no signed head yet: nothing counted";
      status(feed.problem ? "lost" : "ok", `${feed.problem ? "" : "LIVE · "}${signed}` + (feed.problem ? ` · STATION: ${feed.problem}` : ""));
    }
  }

  // The figures as the station's dashboard shows them (station/ui/dashboard/window.py):
  // one figure per choice, by name; a mail ballot's envelope stage, then its box of the
  // envelopes accepted; and lines 8-9 where Python states them, in its words.
  function show() {
    showStatus();
    if (feed.broken) return; // nothing after a broken history is shown as checked
    const election = setup.election, tally = count.tally(), lines = linesOf(tally, count.ballot);
    const votes = votesOf(tally), stage = count.envelopes, ballots = boxOf(election);
    const remaining = ballots === null ? null : Math.max(ballots - lines.counted, 0);
    const figures = { void: lines[2], challenged: lines[6], valid: lines[5], counted: lines.counted, ballots, remaining,
      events: feed.signedSeq, ...(count.several ? {} : { for: votes[0], against: votes[1] ?? null }) };
    for (const [name, value] of Object.entries(figures)) {
      for (const cell of document.querySelectorAll(`[data-figure="${name}"]`)) cell.textContent = value === null ? "—" : fmt(value);
    }
    // "N of M ballots counted" as the dashboard says it (statements.py: counted_statement).
    $("box").hidden = $("left").hidden = ballots === null;
    $("over").textContent = ballots !== null && lines.counted > ballots ? " \u2014 more than the ballots in the box!" : "";
    showChoices(votes);
    $("envelopes").hidden = !stage.mail;
    if (stage.mail) showEnvelopes(stage);
    showGroups();
    // With voting groups the dashboard shows each group's figures in place of the whole
    // count's, and no line 8 or 9 of the whole count: the groups together decide no unit.
    const grouped = count.groups.active;
    $("choices").hidden = grouped;
    document.querySelector("#live .small").hidden = grouped;
    const said = grouped ? { 8: "", 9: "" } : statements(tally, ballots, remaining);
    $("s8").textContent = said[8];
    $("s9").textContent = said[9];
    $("s10").textContent = grouped ? "" : said.runoff ?? decided(tally, ballots, remaining);
    $("calls").textContent = "";
    for (const row of lastCalls) {
      const item = $("calls").appendChild(document.createElement("li"));
      item.textContent = row.text;
      item.className = row.correction ? "correction" : row.session ? "session" : "";
      if (row.correction) item.appendChild(document.createElement("small")).textContent = "CORRECTION";
    }
    $("head").textContent = `event ${fmt(feed.signedSeq)}, head ${feed.signedHash.slice(0, 16)}`;
  }

  // The ballots in the box: the setup's, or by mail the envelopes opened once the stage
  // has ended, with the voters at the polls and the challenged envelopes a decision
  // ordered opened (envelopes.py: box_setup); unknown while the stage goes on.
  function boxOf(election) {
    const stage = count.envelopes;
    if (!stage.mail) return election.ballots ?? null;
    if (stage.open) return null;
    const f = stage.figures;
    return f.accepted + (stage.current ? f.late : 0) + (f.at_polls ?? 0) + stage.openedChallenges;
  }

  // A figure per choice, each named by the word on its button and by its name.
  function showChoices(votes) {
    const box = $("choices");
    if (!box.childElementCount) {
      const form = formOf(setup.election);
      form.choices.forEach((name, i) => {
        const cell = box.appendChild(document.createElement("div"));
        const word = count.several ? name.toUpperCase() : i < form.unions ? "FOR" : "AGAINST";
        cell.innerHTML = "<span></span><small></small><b></b>";
        cell.children[0].textContent = word;
        cell.children[1].textContent = count.several || i >= form.unions ? "" : name;
        cell.children[2].dataset.choice = String(i);
        if (!count.several) cell.children[2].dataset.figure = i < form.unions ? "for" : "against";
      });
      box.className = box.childElementCount > 2 ? "big several" : "big";
    }
    for (const cell of box.querySelectorAll("[data-choice]")) cell.textContent = fmt(votes[Number(cell.dataset.choice)]);
  }

  // The envelope stage's figures (envelopes.py: figures_statement), challenged as line 6
  // holds them: the challenges settled after the stage are said apart.
  function showEnvelopes(stage) {
    const f = stage.figures, settled = [...stage.settled.values()];
    const shown = { returned: f.returned, accepted: f.accepted,
      ...(stage.current ? { late: f.late } : {}),
      challenged: f.challenged - settled.filter((s) => s !== "withdrawn").length,
      sustained: settled.filter((s) => s === "sustained").length,
      ordered_opened: settled.filter((s) => s === "ordered opened").length,
      void: f.void, ...(stage.current ? { replacements: f.replacements } : { late: f.late }),
      ...(f.at_polls ? { at_polls: f.at_polls } : {}), ...(f.after_tally ? { after_tally: f.after_tally } : {}) };
    const words = { returned: "returned", accepted: "accepted", challenged: "challenged", sustained: "sustained",
      ordered_opened: "ordered opened", void: "void", at_polls: "at the polls",
      replacements: f.replacements === 1 ? "replacement" : "replacements",
      after_tally: "after the tally", late: stage.current ? "received after the due date (counted)" : "late" };
    const list = $("envelope-figures");
    list.textContent = "";
    for (const [name, value] of Object.entries(shown)) {
      if ((name === "sustained" || name === "ordered_opened") && !value) continue;
      const item = list.appendChild(document.createElement("span"));
      item.innerHTML = "<b></b> ";
      item.firstChild.textContent = fmt(value);
      item.firstChild.dataset.envelope = name;
      item.append(words[name]);
    }
    $("envelope-stage").textContent = stage.open ? "ENVELOPE STAGE — no ballot is opened yet"
      : `Envelope stage ended: the ballots in the box are the envelopes accepted${stage.current ? " and received after the due date" : ""}`
        + (f.at_polls ? `, with ${howMany(f.at_polls, "voter")} at the polls` : "");
  }

  // Each voting group's figures, in setup order (group_calls.py), under the whole count's.
  function showGroups() {
    const groups = count.groups;
    $("groups").hidden = !groups.active;
    if (!groups.active) return;
    const form = formOf(setup.election), rows = groups.tallies(count);
    const table = $("groups");
    table.textContent = "";
    table.createCaption().textContent = "Each voting group's ballots counted so far. Each unit's result is stated" +
      " on the station's dashboard and its tally sheets, not on this page.";
    const head = table.appendChild(document.createElement("tr"));
    // A one-union ballot's choices are FOR and AGAINST (choices.py: choice_words).
    const words = form.unions > 1 ? form.choices : ["FOR", "AGAINST"];
    for (const word of ["Voting group", ...words, "Void", "Challenged"]) head.appendChild(document.createElement("th")).textContent = word;
    groups.specs.forEach((spec, i) => {
      const row = table.appendChild(document.createElement("tr"));
      for (const value of [spec.name, ...rows[i].votes.map(fmt), fmt(rows[i].void), fmt(rows[i].challenged)]) {
        row.appendChild(document.createElement("td")).textContent = value;
      }
    });
  }

  // Lines 8 and 9 as the dashboard states them (result_statements.py: result_lines): not
  // yet determined while the count goes on, and never for one table of several.
  function statements(tally, ballots, remaining) {
    const locked = count.locked, opened = tally.uncounted;
    let pending = null;
    if (locked && locked.kind === "interim") pending = INTERIM;
    else if (opened) pending = `${howMany(opened, "opened ballot")} ${opened === 1 ? "remains" : "remain"} uncounted`;
    else if (locked) pending = null;
    else if (ballots === null) pending = "the count is not finished";
    else if (remaining) pending = `${fmt(remaining)} ballot${remaining !== 1 ? "s remain" : " remains"} uncounted`;
    pending ??= sheetPending(null, setup.election);
    return statedLines(formOf(setup.election), tally, setup.election.eligible, pending).statements;
  }

  // "Result decided" once no remaining or challenged ballot can change it
  // (result_statements.py: decided_line); never for one table of several.
  function decided(tally, ballots, remaining) {
    if ((setup.election.table_label ?? null) !== null || remaining === null) return "";
    const form = formOf(setup.election), votes = votesOf(tally);
    if (determinative(votes, form.unions, tally.challenged + remaining)) return "";
    const outcome = result(votes, form.unions);
    if (form.unions <= 1) return `Result decided: ${form.union} ${outcome.certified !== null ? "wins" : "loses"}.`;
    if (outcome.certified !== null) return `Result decided: ${form.choices[outcome.certified]} wins.`;
    if (outcome.majority !== null) return `Result decided: ${form.choices[outcome.majority]} has a majority; no union wins.`;
    if (outcome.runoff !== null) {
      const [first, second] = outcome.runoff.map((index) => form.choices[index]);
      return `Result decided: no choice can have a majority — runoff between ${first} and ${second}.`;
    }
    return "Result decided: no choice can have a majority; the election is rerun (102.70(d)).";
  }

  const ticking = setInterval(showStatus, 1000);
  status("lost", `Connecting to ${base || location.origin}…`);
  start().catch((error) => {
    clearInterval(ticking);
    if (error instanceof Bad) feed.broken = error.message;
    if (feed.broken) status("bad", `NOT INTACT: ${feed.broken}`);
    else if (error instanceof Garbled) status("bad", error.message);
    else if (error instanceof Unfollowable || error instanceof CannotCheck) status("bad", `The feed cannot be followed: ${error.message}`);
    else {
      console.error(error); // for whoever looks into the page; an observer reads words
      status("bad", "The feed cannot be followed in this browser: the page stopped on something it cannot check here," +
        " so nothing more is shown as checked. Follow the count with `station witness` or the dashboard, or open this" +
        " address in a current Chrome, Firefox or Safari");
    }
  });
  return { refresh: showStatus };
}
