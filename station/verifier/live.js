"use strict";
// Following a count `station serve` serves: every event's hash and link and every signed
// head are checked in this browser, and the dashboard's figures are shown from nothing
// but what was checked. The checks are the verifier's (verifier.js, above); the words of
// a broken history are the witness's (station/witness/follow.py). The served live page
// follows the server it came from; a saved verifier page follows the URL typed into it
// (the feed allows any origin to read it, with its token).

// Follow the feed at `base` ("" for the server this page came from) with `token`; the
// page's elements (#case, #status, [data-figure], #choices, #s8, #s9, #calls, #head) show it.
function followCount(base, token) {
  const $ = (id) => document.getElementById(id);
  const feed = { seq: 0, hash: null, hashes: [], lastHead: null, since: null, heard: Date.now(), broken: null };
  let setup, count, rawKey, keyName, keyId, lastCalls = [];
  // The feed signs a head every 5 s at least, and a long poll answers with it: a silence
  // much longer than that is a lost feed (the witness says so after as long).
  const NO_FEED_S = 12;

  async function get(path) {
    const answer = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    if (answer.status === 401) throw new Error("the station refused the token (copy the whole URL `station serve` shows)");
    if (!answer.ok) throw new Error(`the feed answered ${answer.status}`);
    return answer.json();
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
    keyId = new Uint8Array(await crypto.subtle.digest("SHA-256",
      new Uint8Array([...utf8.encode(keyName + "\n"), 1, ...rawKey]))).slice(0, 4);
    feed.hash = election.setup_hash;
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
        lost();
        await new Promise((ok) => setTimeout(ok, 1000));
        continue;
      }
      feed.heard = Date.now();
      await take(answer);
      show(answer.problem);
      if (feed.broken) return;
    }
  }

  // Check and fold one answer: its events first, then its heads; stop at the first fault.
  async function take(answer) {
    try {
      for (const e of answer.events) await takeEvent(e);
      for (const note of answer.heads) await takeHead(note);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      feed.broken = error.message;
    }
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
    count.apply(e, detail);
    const problem = e.action === "sign" && sheetProblem(setup.election, e, count.sheets.get(e.seq), count.reopened);
    if (problem) throw new Bad(problem);
    remember(e);
    feed.seq = e.seq;
    feed.hash = e.hash;
    feed.hashes[e.seq] = e.hash;
  }

  // A signed head (station/witness/heads.py): a C2SP signed note of origin, size, hash
  // and time, signed by the station's key; it must name an event as this page received it.
  async function takeHead(note) {
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
    const last = feed.lastHead;
    if (last && (note === last.note || head.time <= last.time || seq < last.seq)) {
      throw new Bad(`the head at event ${fmt(seq)} signed at ${head.time} is older than one already seen (event ${fmt(last.seq)}, ${last.time}): a replayed head`);
    }
    if (feed.hashes[seq] === undefined) throw new Bad(`the head at event ${fmt(seq)} names an event the feed did not send`);
    if (feed.hashes[seq] !== head.hash) {
      throw new Bad(`the head signed at event ${fmt(seq)} does not match event ${fmt(seq)} as received: the feed's history is not the one the station signed`);
    }
    feed.lastHead = head;
    feed.since = head.time;
  }

  // The last calls, as the dashboard's ticker words them (corrections marked).
  function remember(e) {
    const what = (seq) => {
      const choice = count.choiceOf.get(seq);
      return choice ? `for ${count.ballot.unions[choice - 1]}` : label(count.calls.get(seq));
    };
    let line = null;
    if (e.action === "call") line = `Ballot ${fmt(count.done.length)}: ${what(e.seq)}`;
    else if (e.action === "undo") line = `CORRECTION: ${what(e.target)} (event ${fmt(e.target)}) undone`;
    else if (e.action === "redo") line = `CORRECTION: ${what(e.target)} (event ${fmt(e.target)}) counted again`;
    else if (e.action === "sign") line = `${count.sheets.get(e.seq).title} tally sheet prepared`;
    else if (e.action === "reopen") line = "The count is reopened";
    if (line) lastCalls = [line, ...lastCalls].slice(0, 8);
  }

  function lost() {
    const silent = Math.round((Date.now() - feed.heard) / 1000);
    if (!feed.broken && silent >= NO_FEED_S) status("lost", `NO FEED FOR ${silent} SECONDS (chain checked to event ${fmt(feed.seq)})`);
  }

  function status(kind, text) {
    $("status").className = kind;
    $("status").textContent = text;
  }

  function show(problem) {
    if (feed.broken) {
      status("bad", `NOT INTACT: ${feed.broken}`);
      return; // nothing after a broken history is shown as checked
    }
    const election = setup.election, { lines, votes } = count.lines();
    const ballots = election.ballots;
    const figures = { for: lines[3], against: lines[4], void: lines[2], challenged: lines[6], valid: lines[5],
      counted: lines.counted, ballots, remaining: ballots === null ? null : Math.max(ballots - lines.counted, 0), events: feed.seq };
    for (const [name, value] of Object.entries(figures)) {
      for (const cell of document.querySelectorAll(`[data-figure="${name}"]`)) cell.textContent = value === null ? "—" : fmt(value);
    }
    $("choices").textContent = "";
    if (count.several) {
      const names = [...count.ballot.unions, ...(count.ballot.neither === null ? [] : [count.ballot.neither])];
      names.forEach((name, i) => {
        const row = $("choices").appendChild(document.createElement("div"));
        row.innerHTML = "<span></span><b></b>";
        row.firstChild.textContent = name;
        row.lastChild.textContent = fmt(votes[i]);
      });
    }
    const [s8, s9] = statements(lines, ballots);
    $("s8").textContent = s8;
    $("s9").textContent = s9;
    $("calls").textContent = "";
    for (const line of lastCalls) $("calls").appendChild(document.createElement("li")).textContent = line;
    $("head").textContent = `event ${fmt(feed.seq)}, head ${feed.hash.slice(0, 16)}`;
    const signed = feed.lastHead ? `, head signed by ${setup.key}` : ", no signed head yet";
    status(problem ? "lost" : "ok",
      `${problem ? "" : "LIVE · "}chain checked to event ${fmt(feed.seq)}${signed}` + (problem ? ` · STATION: ${problem}` : ""));
  }

  // Lines 8 and 9 as station/domain/statements.py words them: "not yet determined" while
  // ballots remain, the count is paused or its end is not declared.
  function statements(lines, ballots) {
    const locked = count.locked, remaining = ballots === null ? null : Math.max(ballots - lines.counted, 0);
    let pending = null;
    if (locked && locked.kind === "interim") pending = "this is an interim tally; the count goes on";
    else if (locked) pending = null;
    else if (ballots === null) pending = "the count is not finished";
    else if (remaining) pending = `${fmt(remaining)} ballot${remaining !== 1 ? "s remain" : " remains"} uncounted`;
    const union = setup.election.union_name;
    if (pending !== null) {
      return [`Whether challenges are sufficient in number to affect the results of the election is not yet determined: ${pending}.`,
        count.several ? `Whether a choice has a majority is not yet determined: ${pending}.`
          : `Whether a majority of the valid votes counted plus challenged ballots has been cast for ${union} is not yet determined: ${pending}.`];
    }
    if (count.several && locked) {
      const said = JSON.parse(locked.detail).statements; // its lines were held to the replay
      return [said["8"], said["9"] + (said.runoff ? ` ${said.runoff}` : "")];
    }
    return [`Challenges ${lines[8] ? "are" : "are not"} sufficient in number to affect the results of the election.`,
      `A majority of the valid votes counted plus challenged ballots ${lines[9] ? "has" : "has not"} been cast for ${union}.`];
  }

  setInterval(lost, 1000);
  status("lost", `Connecting to ${base || location.origin}…`);
  start().catch((error) => {
    if (error instanceof Bad) feed.broken = error.message;
    status("bad", feed.broken ? `NOT INTACT: ${feed.broken}` : `The feed cannot be followed: ${error.message}`);
  });
}
