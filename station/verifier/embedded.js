// What both pages that run Station's Python start from: the runtime, its standard
// library, the wheels and Station's modules are inside the page (script elements of
// type application/x-station-blob, base64, some gzipped), read back here by name.
// `embeddedOnly(refused)` is a `fetch` that answers only those names (`refused(url)`
// gives the words of its refusal), so the runtime asks nothing of any address.
"use strict";
globalThis.stationEmbedded = (() => {
  const INDEX = "embedded:/"; // the runtime's own files are asked for under this name
  const blobs = new Map();
  for (const element of document.querySelectorAll('script[type="application/x-station-blob"]')) {
    blobs.set(element.dataset.name, element);
  }

  function base64Bytes(text) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function streamOf(name) {
    const element = blobs.get(name);
    const stream = new Blob([base64Bytes(element.textContent)]).stream();
    return element.dataset.gzip ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
  }

  async function bytesOf(name) {
    return new Uint8Array(await new Response(streamOf(name)).arrayBuffer());
  }

  function embeddedOnly(refused) {
    return async function embeddedOnly(resource) {
      const url = String(resource instanceof Request ? resource.url : resource);
      const name = url.startsWith(INDEX) ? url.slice(INDEX.length) : null;
      if (name === null || !blobs.has(name)) throw new TypeError(refused(url));
      const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
      return new Response(streamOf(name), { headers: { "Content-Type": type } });
    };
  }

  return { INDEX, bytesOf, embeddedOnly };
})();
