// The offscreen document: it owns the worker that runs the WebAssembly
// model, so the model stays loaded between clicks, and passes it the
// service worker's requests.
'use strict';

const worker = new Worker('worker.js');
const pending = new Map(); // request id → sendResponse
let nextID = 0;

worker.onmessage = (e) => {
  const reply = pending.get(e.data.id);
  pending.delete(e.data.id);
  if (reply) {
    reply(e.data.response);
  }
};

worker.onerror = (e) => {
  for (const reply of pending.values()) {
    reply({error: 'the BoilerNet worker failed: ' + (e.message || 'unknown error')});
  }
  pending.clear();
};

chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  if (msg.target !== 'offscreen' || sender.id !== chrome.runtime.id) {
    return false;
  }
  const id = ++nextID;
  pending.set(id, sendResponse);
  worker.postMessage({id, request: msg.request});
  return true;
});
