// The worker: it starts the WebAssembly module (Go's wasm_exec.js runs
// it), then answers {id, request: {html, url, threshold}} messages with
// {id, response}, the module's extraction plus the time it took here.
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
    const t0 = performance.now();
    response = self.boilernet.extract(request.html, {url: request.url, threshold: request.threshold});
    response.workerMillis = performance.now() - t0;
    response.startMillis = startMillis;
    response.version = self.boilernet.version;
  } catch (err) {
    response = {error: 'BoilerNet: ' + (err && err.message ? err.message : String(err))};
  }
  self.postMessage({id, response});
};
