// The page's language: the chooser (#language), the words it puts in the page and the
// sentences the scripts say before Station's Python can. Every word is Python's, written
// in the page when it was built, in every language (station/verifier/page_words.py):
// this only picks the table of the language chosen. The first choice follows the
// browser's languages; a choice is kept in this browser and followed the next time.
"use strict";
globalThis.stationWords = (() => {
  const TABLE = JSON.parse(document.getElementById("page-words").textContent);
  const listeners = [];
  const choose = document.getElementById("language");

  function kept() {
    try {
      return localStorage.getItem(TABLE.kept);
    } catch {
      return null; // a browser that keeps nothing for a page opened from a file
    }
  }

  function first() {
    const held = kept();
    if (held && held in TABLE.words) return held;
    for (const name of navigator.languages || [navigator.language]) {
      const code = String(name).split("-")[0].toLowerCase();
      if (code in TABLE.words) return code;
    }
    return TABLE.first;
  }

  let language = first();

  // The text of `name` of the scripts' sentences, "{error}" the browser's own words.
  const say = (name, error) => TABLE.words[language].script[name].replace("{error}", String(error));

  // `element` says the scripts' sentence `name` now and again in each language chosen.
  function said(element, name, error) {
    element.dataset.said = name;
    element.dataset.error = error === undefined ? "" : String(error);
    element.removeAttribute("data-words");
    element.textContent = say(name, error);
  }

  // `element` no longer says a word of the table: Python's words or a figure are drawn there.
  function drawn(element) {
    element.removeAttribute("data-words");
    element.removeAttribute("data-said");
  }

  function put() {
    document.documentElement.lang = language;
    const words = TABLE.words[language];
    for (const element of document.querySelectorAll("[data-words]")) {
      element.innerHTML = words.markup[element.dataset.words];
    }
    for (const element of document.querySelectorAll("[data-said]")) {
      element.textContent = say(element.dataset.said, element.dataset.error);
    }
    if (choose) choose.value = language;
  }

  // Speak `code` from now on: the page's words at once, then whatever each script draws
  // (its `listener(code)`: Python told, what it said drawn again).
  function use(code) {
    if (!(code in TABLE.words) || code === language) return;
    language = code;
    try {
      localStorage.setItem(TABLE.kept, code);
    } catch {
      // kept for this visit only
    }
    put();
    // What was said aloud in the other language is not left there to be read again.
    for (const region of document.querySelectorAll(".unseen[role=status], .unseen[role=alert]")) {
      region.textContent = "";
    }
    for (const listener of listeners) listener(code);
  }

  function listen(listener) {
    listeners.push(listener);
  }

  if (choose) choose.addEventListener("change", () => use(choose.value));
  put();

  return { say, said, drawn, use, listen, language: () => language };
})();
