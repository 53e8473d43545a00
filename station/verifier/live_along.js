// Tallying along on the served live page: the observer's own calls, kept in this browser.
// This script stores each action (IndexedDB, one database, a store per count named by the
// log's origin), hands it to Station's Python once stored (station/verifier/live_along.py,
// which holds the rules: station/domain/tally_along.py), and draws what that says. Nothing
// the observer keys is sent anywhere: no request carries it.
"use strict";
globalThis.stationAlong = (() => {
  const $ = (id) => document.getElementById(id);
  const DATABASE = "station-tally-along";
  // What a test or a bench reads: each tap's time to reconciled on screen (ms), each
  // answer's arrival and the events it brought, when each ballot's flag was first shown.
  const state = { along: null, db: null, name: null, group: "", taps: [], answers: [], flagged: {}, failed: null };
  let queue = Promise.resolve();
  let follow = null;

  function opened(version) {
    return new Promise((ok, fail) => {
      const asked = version === undefined ? indexedDB.open(DATABASE) : indexedDB.open(DATABASE, version);
      asked.onupgradeneeded = () => {
        if (!asked.result.objectStoreNames.contains(state.name)) {
          asked.result.createObjectStore(state.name, { autoIncrement: true });
        }
      };
      asked.onsuccess = () => ok(asked.result);
      asked.onerror = () => fail(asked.error);
    });
  }

  // The database with this count's store, made the first time the count is followed.
  async function database() {
    if (state.db) return state.db;
    let db = await opened();
    if (!db.objectStoreNames.contains(state.name)) {
      const version = db.version + 1;
      db.close();
      db = await opened(version);
    }
    db.onversionchange = () => { // another tab adds another count's store
      db.close();
      state.db = null;
    };
    state.db = db;
    return db;
  }

  // One action written to the device's disk: resolves once its transaction is complete.
  async function store(action) {
    const db = await database();
    return new Promise((ok, fail) => {
      const written = db.transaction(state.name, "readwrite", { durability: "strict" });
      written.objectStore(state.name).add(action);
      written.oncomplete = () => ok();
      written.onerror = written.onabort = () => fail(written.error);
    });
  }

  async function stored() {
    const db = await database();
    return new Promise((ok, fail) => {
      const asked = db.transaction(state.name, "readonly").objectStore(state.name).getAll();
      asked.onsuccess = () => ok(asked.result);
      asked.onerror = () => fail(asked.error);
    });
  }

  // A button that acts once per click: clicked with a pointer, it gives up the focus, so
  // that Space or Enter afterwards does not press it again (the keyboard's calls are the
  // shortcut keys); pressed with Enter or Space (a click of detail 0) it keeps the focus,
  // so a keyboard or screen-reader user stays where they were.
  function button(parent, text, onclick) {
    const made = parent.appendChild(document.createElement("button"));
    made.type = "button";
    made.textContent = text;
    made.onclick = once(onclick);
    return made;
  }

  function once(onclick) {
    return (event) => {
      if (event.detail > 0) event.currentTarget.blur();
      onclick(event);
    };
  }

  // An action of the observer's: stored first, shown as recorded only once it is.
  // `tapped`: when the observer's tap or key happened (an event's timeStamp).
  // The observer's actions go first: while one is being stored, the feed's next answer
  // waits (`idle`), and the panel is drawn once the action is, whatever the feed brought.
  let acting = 0;
  let settled = [];
  function act(action, tapped = performance.now()) {
    if (state.failed) return queue; // what cannot be kept is not shown as recorded
    action.utc = new Date().toISOString();
    acting += 1;
    queue = queue.then(async () => {
      await store(action);
      state.along.act(JSON.stringify(action));
      draw();
      if (action.kind === "tap") {
        requestAnimationFrame(() => setTimeout(() => state.taps.push(performance.now() - tapped)));
      }
    }).catch(failed).finally(() => {
      acting -= 1;
      if (acting === 0) for (const ok of settled.splice(0)) ok();
    });
    return queue;
  }

  // Resolves once no action of the observer's is waiting to be stored and drawn, or
  // after a second at most: a browser slow to store never stops the count's following.
  function idle() {
    if (acting === 0) return Promise.resolve();
    return new Promise((ok) => {
      settled.push(ok);
      setTimeout(ok, 1000);
    });
  }

  // The panel's line for a screen reader, at the pace Python says (every few calls, or
  // a few seconds after a change): a change held back is said when its time is up,
  // whether or not another call comes.
  let sayLater = null;
  function speak() {
    clearTimeout(sayLater);
    sayLater = null;
    if (!state.along || $("along-panel").hidden) return;
    const now = Date.now() / 1000;
    const said = state.along.said(now);
    if (said) $("along-said").textContent = said;
    const wait = state.along.said_in(now);
    if (wait !== null && wait !== undefined) sayLater = setTimeout(speak, wait * 1000 + 20);
  }

  // Words of confirmation in the panel's status region (read out politely).
  function confirm(words) {
    $("along-said").textContent = words;
  }

  function draw() {
    redraw = false;
    if (!state.along || $("along-panel").hidden) return;
    const view = state.along.view();
    for (const ended of view.corrected) act({ kind: "resolve", how: "station", ...ended });
    const { put } = globalThis.stationLive; // only what changed is touched
    put($("along-line"), view.line);
    speak();
    put($("along-taps"), String(view.taps));
    const flag = view.flag;
    if ($("along-flag").hidden !== !flag) $("along-flag").hidden = !flag;
    if (flag) {
      // an alert is read out whenever its text is written: only when its words change
      if ($("along-flag-text").textContent !== flag.text) $("along-flag-text").textContent = flag.text;
      const marked = $("along-flag").dataset;
      for (const [name, value] of [["ballot", flag.ballot], ["station", flag.station_call], ["pile", flag.pile]]) {
        if (marked[name] !== String(value)) marked[name] = value;
      }
      state.flagged[flag.ballot] ??= { shown: performance.now(), seq: flag.seq };
    } else {
      put($("along-flag-text"), ""); // the next disagreement flagged is said, whatever its words
    }
    globalThis.stationLive.rebuilt($("along-pile-rows"), view.piles, (piles) => {
      for (const values of view.piles) {
        const row = piles.appendChild(document.createElement("tr"));
        for (const value of values) row.appendChild(document.createElement(row === piles.firstChild ? "th" : "td")).textContent = value;
      }
    });
  }

  let groupKey = false; // G pressed: the next key names a voting group, as on the operator's
  function key(event) {
    if ($("along-panel").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement) return;
    if (event.repeat) { // a key held down records one call, not a stream of them
      event.preventDefault();
      return;
    }
    const typed = event.key.toUpperCase();
    if (groupKey) {
      groupKey = false;
      const group = [...$("along-groups").children].find((made) => made.dataset.group.toUpperCase() === typed);
      if (group) {
        event.preventDefault();
        group.click();
        return;
      }
    }
    if (typed === "G" && !$("along-groups").hidden) {
      groupKey = true;
      return;
    }
    const pressed = document.querySelector(`#along-buttons [data-shortcut="${CSS.escape(typed)}"]`);
    if (pressed) {
      event.preventDefault();
      pressed.click();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      $("along-undo").click();
    }
  }

  // The voting group the next ballots are of: its ballot's calls on the buttons.
  function chooseGroup(key) {
    state.group = key;
    for (const made of $("along-groups").children) made.setAttribute("aria-pressed", String(made.dataset.group === key));
    const buttons = $("along-buttons");
    buttons.textContent = "";
    for (const call of state.along.calls(key)) {
      const pressed = button(buttons, call.label, (event) => act({ kind: "tap", call: call.key, group: state.group || null }, event.timeStamp));
      pressed.dataset.call = call.key;
      pressed.dataset.shortcut = call.shortcut.toUpperCase();
      pressed.appendChild(document.createElement("kbd")).textContent = call.shortcut;
    }
  }

  async function download() {
    const made = state.along.document();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([made.json], { type: "application/json" }));
    link.download = made.name;
    document.body.appendChild(link).click();
    link.remove();
    $("along-hash").textContent = made.hash;
    $("along-kept").hidden = false;
    $("along-printable").textContent = made.text;
    confirm(state.along.downloaded(made.name));
    return made;
  }

  function print() {
    $("along-printable").textContent = state.along.document().text;
    document.body.classList.add("print-record");
    window.print();
    document.body.classList.remove("print-record");
  }

  // The count is followed: its store opened, the record made anew from it, the panel
  // offered (and opened at once when a record is already kept).
  async function begin(followed) {
    follow = followed;
    state.along = follow.along();
    const made = state.along.begin();
    state.name = made.store;
    $("along-groups").hidden = made.groups.length === 0;
    $("along-groups").textContent = "";
    for (const group of made.groups) button($("along-groups"), group.label, () => chooseGroup(group.key)).dataset.group = group.key;
    chooseGroup(made.groups.length ? made.groups[0].key : "");
    $("along-undo").onclick = once(() => act({ kind: "undo" }));
    for (const how of document.querySelectorAll("#along-flag [data-how]")) {
      how.onclick = once(() => {
        const ballot = Number($("along-flag").dataset.ballot);
        act({
          kind: "resolve", ballot, station_call: $("along-flag").dataset.station,
          pile: $("along-flag").dataset.pile, how: how.dataset.how,
        }).then(() => {
          if (state.failed) return;
          // the buttons pressed went with the disagreement: the focus goes to the line
          if ($("along-flag").hidden && (document.activeElement === document.body || $("along-flag").contains(document.activeElement))) {
            $("along-line").focus();
          }
          confirm(state.along.resolved(ballot, how.dataset.how));
        });
      });
    }
    $("along-download").onclick = download;
    $("along-print").onclick = print;
    document.addEventListener("keydown", key);
    const actions = await stored();
    state.along.restore(JSON.stringify(actions));
    const last = actions.findLast((action) => action.kind === "tap" && action.group);
    if (last && made.groups.some((group) => group.key === last.group)) chooseGroup(last.group);
    $("along").hidden = false;
    $("along-open").onclick = () => {
      $("along-panel").hidden = !$("along-panel").hidden;
      $("along-open").setAttribute("aria-expanded", String(!$("along-panel").hidden));
      $("live").classList.toggle("tallying", !$("along-panel").hidden);
      draw();
    };
    if (actions.length) $("along-open").click();
    globalThis.station.along = state;
    state.ready = true;
  }

  // An answer of the feed arrived at `arrived` (performance.now()) and was checked.
  // Drawn in a task of its own, after any tap waiting: a tap's own drawing shows what
  // the feed brought too, and then this one is not needed.
  let redraw = false;
  function answered(arrived) {
    if (!state.along) return;
    state.answers.push([arrived, follow.received()]);
    redraw = true;
    globalThis.stationLive.giveWay().then(idle).then(() => redraw && draw());
  }

  function failed(error) {
    state.failed = String(error);
    $("along-failed").hidden = false;
    $("along-failed").textContent = state.along ? state.along.failed(String(error)) : String(error);
  }

  // Another language chosen: the buttons and the panel as Python says them now.
  function relabel() {
    if (!state.ready) return;
    const groups = state.along.begin().groups;
    for (const made of $("along-groups").children) {
      const group = groups.find((one) => one.key === made.dataset.group);
      if (group) made.textContent = group.label;
    }
    chooseGroup(state.group);
    draw();
    if (state.failed) $("along-failed").textContent = state.along.failed(state.failed);
  }

  return {
    begin: (followed) => begin(followed).catch(failed),
    answered, act, idle, busy: () => acting > 0, download, relabel, state,
  };
})();
