// Following a count served by `station serve`: this script fetches the feed and draws, and
// nothing else. Each answer is handed, as the bytes received, to Station's own Python
// (station/verifier/live_entry.py, through live_in_browser.py), which checks every event
// and signed head (tweetnacl's Ed25519, vendored and pinned, asked in a worker: `checker`)
// and returns what to draw.
// Used by the served live page (live_page.js) and the Python verifier page's "Follow a
// count" (python_page_follow.js).
"use strict";
globalThis.stationLive = (() => {
  const $ = (id) => document.getElementById(id);
  const now = () => Date.now() / 1000;
  // What is said before Station's Python can say it: its words, written in the page.
  const { say, said, drawn } = globalThis.stationWords;

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

  // The Ed25519 checks of the feed's heads, done off the page's only thread, so that an
  // observer's tap never waits behind them: tweetnacl, the page's own pinned copy, in a
  // Web Worker. Each answer is tweetnacl's own for exactly the bytes Python asked about
  // (live_entry.LiveCount.questions); with no worker (a page or browser that allows
  // none) the answers are null, and Station's Python checks each signature itself.
  function checking() { // the worker's own code: it runs after tweetnacl's, in the worker
    self.onmessage = (asked) => {
      self.postMessage(asked.data.map(([key, signature, data]) => {
        try {
          return nacl.sign.detached.verify(data, signature, key);
        } catch {
          return false; // tweetnacl throws on a key or signature of another size
        }
      }));
    };
  }

  const WORKER_WAIT_MS = 10000; // far longer than any answer's checks take on a phone

  function checker() {
    const pinned = document.getElementById("tweetnacl")?.textContent;
    let worker = null;
    try {
      if (pinned && typeof Worker === "function") {
        const source = new Blob([pinned, `\n(${checking})();\n`], { type: "text/javascript" });
        worker = new Worker(URL.createObjectURL(source));
      }
    } catch {
      worker = null;
    }
    return (questions) => { // one answer's at a time: the feed is followed answer by answer
      if (!worker || questions.length === 0) return Promise.resolve(null);
      return new Promise((ok) => {
        const given = (holds) => {
          clearTimeout(late);
          worker.onmessage = worker.onerror = null;
          ok(holds);
        };
        const gone = () => { // the worker could not start, run or answer: Python checks
          const stopped = worker;
          given(null);
          stopped.terminate();
          worker = null;
        };
        const late = setTimeout(gone, WORKER_WAIT_MS);
        worker.onmessage = (answered) => given(answered.data);
        worker.onerror = (error) => {
          error.preventDefault?.();
          gone();
        };
        worker.postMessage(questions);
      });
    };
  }

  // A turn of the page's only thread given to whatever else waits (an observer's tap,
  // its storing and drawing, a frame) before the feed's next piece of work: that work
  // goes on in a task of the lowest priority where the browser has them.
  function giveWay() {
    if (typeof globalThis.scheduler?.postTask === "function") {
      return globalThis.scheduler.postTask(() => {}, { priority: "background" });
    }
    return new Promise((ok) => setTimeout(ok));
  }

  // Follow the feed at `base` ("" for the server this page came from) with `token`, by
  // `network` (the browser's fetch) and the Python module `live` (live_in_browser);
  // `typed`, on a page with a fingerprint field, gives what is typed there. Returns
  // false when the station refused to be followed at all (the token, the address).
  async function follow(live, network, base, token, typed) {
    const follow = live.follow(base || location.origin);
    globalThis.station.follow = follow;
    followed = follow;
    async function get(path) {
      let answer;
      try {
        answer = await network(base + path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
      } catch {
        return [0, new Uint8Array()];
      }
      return [answer.status, await bounded(answer, follow.max_answer)];
    }
    const draw = () => {
      drawnLast = draw;
      show(follow.view(now(), typed()));
    };
    let [status, body] = await get("/setup");
    if (!follow.setup(status, body, now())) {
      draw();
      return false;
    }
    globalThis.station.redraw = draw; // at once when the fingerprint typed changes
    globalThis.stationAlong?.begin(follow); // the served page's tallying along
    let ticking = null; // the status moves on with the clock once the feed has answered
    const checked = checker();
    for (;;) {
      [status, body] = await get(follow.path());
      const arrived = performance.now();
      await giveWay();
      const holds = status === 200 ? await checked(follow.questions(body)) : null;
      await globalThis.stationAlong?.idle(); // an observer's tap being kept goes first
      await giveWay();
      const next = follow.answer(status, body, now(), holds);
      await giveWay(); // and one made meanwhile, before drawing
      await globalThis.stationAlong?.idle();
      draw();
      globalThis.stationAlong?.answered(arrived);
      ticking ??= setInterval(() => giveWay().then(() => globalThis.stationAlong?.busy() || draw()), 1000);
      if (next === "stop") {
        clearInterval(ticking);
        return true;
      }
      if (next === "retry") await new Promise((ok) => setTimeout(ok, 1000));
    }
  }

  // Another language chosen: Python speaks it, and the view it gave last is drawn
  // again in its words (the count followed, or why it could not be).
  let drawnLast = null;
  let followed = null; // the feed followed (live_in_browser.PageFollow), once it is
  globalThis.stationWords.listen((code) => {
    if (!python) return;
    python.use_language(code);
    followed?.said_again(); // the announcing regions were emptied: said again in its words
    drawnLast?.();
    globalThis.stationAlong?.relabel();
  });

  function cell(parent, tag, text) {
    const element = parent.appendChild(document.createElement(tag));
    if (text !== undefined) element.textContent = text;
    return element;
  }

  // Touch the page only where what is drawn changes: a selection is kept, and a screen
  // reader is told of no change that is none (the view is drawn again every second).
  function put(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }
  function hide(element, hidden) {
    if (element.hidden !== hidden) element.hidden = hidden;
  }
  function classed(element, name) {
    if (element.className !== name) element.className = name;
  }
  // `list` made anew from `rows` by `make`, only when the rows differ from those it shows.
  const shownRows = new WeakMap();
  function rebuilt(list, rows, make) {
    const drawnRows = JSON.stringify(rows);
    if (shownRows.get(list) === drawnRows) return;
    shownRows.set(list, drawnRows);
    list.textContent = "";
    make(list);
  }

  // Draw the view Station's Python gave: nothing here decides what it says.
  function show(view) {
    classed($("status"), view.kind);
    drawn($("status"));
    if (view.words) said($("status"), view.words, view.error);
    else put($("status"), view.status);
    // Said once by a screen reader: what Station's Python says is to be said now; a
    // failure of the browser's (a view made here, never Python's) as a problem.
    if ("said" in view) $("live-said").textContent = view.said;
    if ("alarm" in view) $("live-alarm").textContent = view.alarm;
    else if (view.stop) put($("live-alarm"), $("status").textContent);
    if (view.title && document.title !== view.title) {
      drawn(document.querySelector("title"));
      document.title = view.title;
    }
    if (view.case) {
      drawn($("case"));
      put($("case"), view.case);
    }
    if (view.stop || view.hidden) {
      hide($("live-count"), !!view.hidden);
      hide($("live-journal"), !!view.hidden);
      hide($("unsigned"), true);
      return; // nothing after a broken history is shown as checked
    }
    hide($("live-count"), false);
    hide($("live-journal"), false);
    hide($("unsigned"), !view.unsigned);
    put($("unsigned"), view.unsigned);
    for (const [name, value] of Object.entries(view.figures)) {
      for (const element of document.querySelectorAll(`[data-figure="${name}"]`)) put(element, value);
    }
    hide($("box"), !view.box);
    hide($("left"), !view.box);
    put($("over"), view.over);
    const choices = $("choices");
    if (choices.childElementCount !== view.choices.length) {
      choices.textContent = "";
      for (const choice of view.choices) {
        const box = cell(choices, "div");
        cell(box, "span");
        cell(box, "small");
        const figure = cell(box, "b");
        if (choice.figure) figure.dataset.figure = choice.figure;
      }
    }
    classed(choices, view.several ? "big several" : "big");
    view.choices.forEach((choice, i) => { // its words in the language chosen, as its button's
      const box = choices.children[i];
      put(box.querySelector("span"), choice.word);
      put(box.querySelector("small"), choice.name);
      put(box.querySelector("b"), choice.value);
    });
    hide($("envelopes"), !view.envelopes);
    if (view.envelopes) {
      put($("envelope-stage"), view.envelopes.stage);
      rebuilt($("envelope-figures"), view.envelopes.figures, (list) => {
        for (const figure of view.envelopes.figures) {
          const item = cell(list, "span");
          cell(item, "b", figure.value).dataset.envelope = figure.name;
          item.append(` ${figure.word}`);
        }
      });
    }
    const groups = $("groups");
    hide(groups, !view.groups);
    if (view.groups) {
      rebuilt(groups, view.groups, () => {
        groups.createCaption().textContent = view.groups.caption;
        const head = cell(groups, "tr");
        for (const word of view.groups.head) cell(head, "th", word);
        for (const values of view.groups.rows) {
          const row = cell(groups, "tr");
          for (const value of values) cell(row, "td", value);
        }
      });
    }
    hide(choices, view.grouped);
    hide(document.querySelector("#live .small"), view.grouped);
    for (const line of ["translation", "s8", "s9", "s10"]) put($(line), view[line]);
    rebuilt($("calls"), view.calls, (list) => {
      for (const row of view.calls) {
        const item = cell(list, "li", row.text);
        item.className = row.tag ? "correction" : row.session ? "session" : "";
        if (row.tag) cell(item, "small", row.tag);
      }
    });
    put($("head"), view.head);
  }

  // Follow, once `runtime` (a promise of the Python module) is ready; any failure of the
  // browser under the page is said in words. Resolves to false when the station refused
  // to be followed (another token or address may be tried), true once a count was.
  let python = null; // Station's Python (live_in_browser), once it has started
  async function start(runtime, network, base, token, typed = () => null) {
    let live;
    try {
      live = await runtime;
    } catch (error) {
      show({ kind: "bad", words: "not_started", error, stop: true });
      return true;
    }
    python = live;
    live.use_language(globalThis.stationWords.language());
    try {
      return await follow(live, network, base, token, typed);
    } catch (error) {
      console.error(error); // for whoever looks into the page; an observer reads words
      show({ kind: "bad", status: live.failed_words(), stop: true });
      return true;
    }
  }

  return { start, show, say, giveWay, put, rebuilt };
})();
