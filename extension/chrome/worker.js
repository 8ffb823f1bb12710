// The worker: it starts the WebAssembly module (Go's wasm_exec.js runs
// it), then answers {id, request: {html, url, threshold, markdown}} messages with
// {id, response}, the module's extraction plus the time it took here; a
// request {op: 'labelName' or 'label', ...} is passed to the module's
// function of that name (a labeled page's id and split, its dataset
// entry's files).
'use strict';

importScripts('wasm_exec.js');

const ready = (async () => {
  const started = performance.now();
  const loaded = new Promise((resolve) => { self.boilernetReady = resolve; });
  const go = new Go();
  const {instance} = await WebAssembly.instantiateStreaming(fetch('boilernet.wasm'), go.importObject);
  go.run(instance); // resolves when the module exits, which it does not
  await loaded;
  return performance.now() - started;
})();

self.onmessage = async (e) => {
  const {id, request} = e.data;
  let response;
  try {
    const startMillis = await ready;
    if (request.op === 'labelName' || request.op === 'label') {
      self.postMessage({id, response: self.boilernet[request.op](JSON.stringify(request.args))});
      return;
    }
    const t0 = performance.now();
    response = self.boilernet.extract(request.html, {url: request.url, threshold: request.threshold, markdown: !!request.markdown});
    response.workerMillis = performance.now() - t0;
    response.startMillis = startMillis;
    response.version = self.boilernet.version;
  } catch (err) {
    response = {error: 'BoilerNet: ' + (err && err.message ? err.message : String(err))};
  }
  self.postMessage({id, response});
};
