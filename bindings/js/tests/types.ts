// navcore.d.ts as a TypeScript user sees it (`tsc -p bindings/js`, in `make test-js`): the typed
// listeners, options and promises compile, the mistakes marked @ts-expect-error do not, and the
// classes of the implementation (lib/*.js, typed by their JSDoc) fit their declarations.

import {
  load, Navigator, LATER, FactoryFailed, InvalidError,
  type ActionEvent, type AppearanceEvent, type DoneEvent, type Outcome, type Screen, type Transition,
} from "../navcore.js";
import * as implementation from "../lib/navigator.js";
import * as operations from "../lib/operation.js";

export async function usage(): Promise<void> {
  const library = await load(new URL("navcore.wasm", "https://example.org/app/"));
  const live: number = library.liveBytes();
  const nav = new Navigator("host");
  const home: Screen<{ title: string }> = nav.createScreen("home", { title: "Home" });
  const title: string | undefined = home.object?.title;
  nav.on("action", (event: ActionEvent) => event.disappearing.map((screen) => screen.route));
  nav.on("did_show", (event) => { const reason: AppearanceEvent["reason"] = event.reason; return reason; });
  nav.on("done", (event: DoneEvent) => event.outcome === "completed");
  // @ts-expect-error: a done listener hears DoneEvents
  nav.on("done", (event: ActionEvent) => event.state);
  // @ts-expect-error: no such kind
  nav.on("everything", () => {});
  nav.addListener({ onAppearance: (event: AppearanceEvent) => event.phase, onWakeup: () => nav.drain({ maxOps: 4 }) });
  nav.animator = (transition: Transition) => transition.finish();
  nav.veto = (screen, byGesture, decision) => (byGesture ? false : screen.route === "draft" ? LATER : true);
  // @ts-expect-error: the veto answers a boolean or LATER
  nav.veto = () => 1;
  nav.registerRoute("detail", (request) => {
    if (request.payload === null) throw new FactoryFailed();
    return { id: JSON.parse(request.payload).id as number };
  });
  const outcome: Outcome = await nav.push(home, { animated: false });
  nav.show("detail", { payload: { id: 7 }, recycle: "top" });
  // @ts-expect-error: recycle is "any", "top" or "none"
  nav.show("detail", { recycle: "sometimes" });
  // @ts-expect-error: options are an object
  nav.push(home, false);
  const colour = await nav.pushForResult<{ name: string }>({ picker: true }, { route: "picker" });
  const name: string | undefined = colour?.name;
  nav.pop({ result: { name: "teal" } });
  await nav.open(["inbox", ["message", { id: 42 }]]);
  await nav.restore(nav.save());
  const state: "ok" | "queued" = nav.drain();
  try {
    nav.restore("{}");
  } catch (error) {
    if (error instanceof InvalidError) console.log(error.status, error.code, error.message, live, title, outcome, name, state);
  }
  nav.close();
}

// The implementation's classes, as their JSDoc types them, fit what navcore.d.ts declares.
export const navigator: Navigator = new implementation.Navigator();
export const operation: import("../navcore.js").Operation = new operations.Operation("push");
export const screenResult: import("../navcore.js").ScreenResult = new operations.ScreenResult(navigator.createScreen());
