// The "Discard changes?" dialog: the compose screen's deferred veto (SPEC §13).
//
// When the back button (the page's or the browser's) asks to pop a compose screen with unsaved
// changes, the veto answers LATER: navcore keeps the back waiting (busy, later ops queued behind
// it, the swipe refused) with a pending decision, and the page opens this dialog. "Discard"
// drops the changes and decides yes (the back goes on and pops the screen); "Keep editing" or
// Escape decides no (the back ends "vetoed"; the draft stays).

export class DiscardDialog {
  /** @param {HTMLDialogElement} dialog the page's <dialog id="discard"> */
  constructor(dialog) {
    this.dialog = dialog;
    /** @type {((allow: boolean) => void) | null} the answer of the question asked now */
    this.answer = null;
    const about = dialog.querySelector(".about");
    if (!about) throw new Error("the discard dialog has no .about line");
    this.about = about;
    for (const [command, allow] of [["discard", true], ["keep", false]]) {
      dialog.querySelector(`[data-command=${command}]`)?.addEventListener("click", () => this.#answer(Boolean(allow)));
    }
    dialog.addEventListener("cancel", (event) => { // Escape
      event.preventDefault();
      this.#answer(false);
    });
  }

  /** Whether the dialog is asking. */
  get open() { return this.answer !== null; }

  /**
   * Asks about `name`'s unsaved note; `answer(allow)` is called once, when the user answers.
   * @param {string} name
   * @param {(allow: boolean) => void} answer
   */
  ask(name, answer) {
    this.answer = answer;
    this.about.textContent = `${name} has an unsaved note`;
    this.dialog.showModal();
  }

  /** @param {boolean} allow */
  #answer(allow) {
    const answer = this.answer;
    if (!answer) return;
    this.answer = null;
    this.dialog.close();
    answer(allow);
  }
}
