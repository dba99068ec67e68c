// A minimal navcore host in JavaScript: an animator the host finishes, rapid taps that queue, a
// veto, a route (the JavaScript twin of bindings/python/examples/minimal_host.py).
import { load, Navigator } from "../navcore.js";

class Page {
  constructor(title) {
    this.title = title;
    this.unsaved = false;
  }

  didShow() { console.log("  showing", this.title); }                 // this page became the top

  receivePayload(payload) { console.log("  payload for", this.title, JSON.parse(payload)); }
}

const playing = []; // the transitions our "toolkit" is animating

/** The host's frame loop: play each transition, then finish it through navcore. */
function runFrames() {
  while (playing.length > 0) {
    const t = playing.shift();
    console.log(`  slide ${t.style}: ${t.fromScreen.object.title} > ${t.toScreen.object.title}`);
    t.finish(); // may start the next queued op (which animates)
  }
}

await load(); // navcore.wasm, beside navcore.js or in the checkout's build/wasm
const nav = new Navigator();
nav.animator = (transition) => playing.push(transition); // navcore hands over each animated change
nav.veto = (screen) => !screen.object.unsaved;
nav.registerRoute("detail", () => new Page("Detail"));

nav.push(new Page("Home"));                // the first screen never animates
const first = nav.push(new Page("Inbox")); // slides: waits until we finish it
const second = nav.push(new Page("Message")); // a rapid second tap: queued, not lost
console.log("taps:", first.status, second.status, "- pending:", nav.pending);
runFrames();

nav.top.object.unsaved = true;
console.log("back:", await nav.back()); // vetoed: unsaved changes
nav.top.object.unsaved = false;
nav.show("detail", { payload: { id: 7 }, removeCurrent: false }); // instant unless animated: true
console.log("stack:", nav.stack.map((s) => s.object.title));
nav.popToRoot();
runFrames();
console.log("stack:", nav.stack.map((s) => s.object.title));
nav.close(); // its screens are released, its memory goes back to the module
