// The settings: the threshold (infer.Options.Threshold), kept in
// chrome.storage.local and read by the service worker at each extraction.
'use strict';

const input = document.getElementById('threshold');
const saved = document.getElementById('saved');

chrome.storage.local.get({threshold: 0}).then(({threshold}) => {
  input.value = String(threshold);
});

document.getElementById('form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const t = Number(input.value);
  if (!(t >= 0 && t <= 1)) {
    saved.textContent = 'The threshold is 0, or a probability up to 1.';
    return;
  }
  await chrome.storage.local.set({threshold: t});
  saved.textContent = t === 0 ? 'Saved: the default decoding.' : `Saved: ${t}.`;
});
