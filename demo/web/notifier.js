// The notification worker: a Web Worker, the page's other thread. It never touches the page's
// navigator (navcore.wasm runs on the page's thread; a worker would load a module instance of its
// own): it only sends the page a message, and the page posts the alert route, which its next
// drain delivers — the web's version of the terminal demo's worker thread that posts.
// Message "now": send one notification, marked as the answer to it (`asked`, which the page
// counts to know when a Notify click has been delivered); { every: seconds } or { every: null }:
// on a timer, or not.

let count = 0;
/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;

/** @param {boolean} asked */
function notify(asked) {
  count += 1;
  postMessage({ n: count, from: "the notifier worker", asked });
}

onmessage = (event) => {
  if (event.data === "now") {
    notify(true);
    return;
  }
  if (timer !== null) clearInterval(timer);
  timer = event.data.every ? setInterval(() => notify(false), event.data.every * 1000) : null;
};
