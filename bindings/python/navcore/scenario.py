"""Runs SPEC §11 conformance scenarios (``*.nav``) through the Python binding.

    python -m navcore.scenario FILE.nav|DIR ...

Output, as every navcore runner: ``PASS path`` or ``FAIL path`` and the failures indented under
it (a differing trace as an LCS diff, ``  `` same, ``- `` expected, ``+ `` seen), then
``N passed, M failed``; the exit status is 1 when a scenario failed (2 for no argument).

The commands and checks are carried out as the Swift runner (Sources/ScenarioKit) does, and the
file is read by the same lexical rules (docs/scenarios.md): UTF-8, lines end at LF, words are
separated by spaces and tabs, any other whitespace or control character fails the file. Labels
``R``, ``R#n``; every hook ``on EVENT WORD: COMMAND`` fires once, on the first event whose trace
line starts with those words, recorded or not, several on one event in file order;
``expect status`` is the status of the last command;
the veto is always registered and records ``should_pop``; the animator records only the
transition id; ``config pump on`` chooses host dispatch before the navigator is first used.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from ._enums import Dispatch, Status
from ._errors import FactoryFailed, InvalidHandleError, NavcoreError
from ._events import (
    ActionEvent,
    AppearanceEvent,
    BarEvent,
    DoneEvent,
    PayloadEvent,
    ProgressEvent,
    ReleaseEvent,
    RouteRequest,
    Screen,
    Transition,
    WakeupEvent,
)
from ._navigator import Navigator
from ._operation import Operation

CATEGORIES = ("action", "show", "transition", "veto", "payload", "bar", "release", "run", "wakeup", "done")


class ScenarioError(Exception):
    """A scenario that cannot be run as written; fails it with its line number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")


# ---------------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------------


@dataclass
class Step:
    """A command or one-line check (``words``), or ``expect trace`` (``trace`` is not None)."""

    line: int
    words: List[str] = field(default_factory=list)
    trace: Optional[List[str]] = None


# A control character other than tab, DEL, a C1 control, or Unicode whitespace other than the
# space (Sources/ScenarioKit/ScenarioSyntax.swift's isForbidden).
_FORBIDDEN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_PROGRESS = re.compile("-?[0-9]+(\\.[0-9]+)?")
_THRESHOLD = re.compile("[0-9]+")
_SET_SUFFIX = re.compile("#[0-9]+")


def words(line: str) -> List[str]:
    """The words of a line: split at runs of spaces and tabs, none empty."""
    return [word for word in re.split("[ \t]+", line) if word]


def progress_value(word: str) -> Optional[float]:
    """A ``progress`` word: ``-?D+(.D+)?`` or ``nan`` (D = an ASCII digit), or None."""
    return float(word) if word == "nan" or _PROGRESS.fullmatch(word) else None


def threshold_value(word: str) -> Optional[int]:
    """A ``threshold`` word: ``D+``, at most 2147483647, or None."""
    return int(word) if _THRESHOLD.fullmatch(word) and int(word) <= 2147483647 else None


def set_route(word: str) -> str:
    """The route of a new screen made by a ``set`` word: the word without a final ``#n``."""
    head, hash_, tail = word.rpartition("#")
    return head if hash_ and _SET_SUFFIX.fullmatch(hash_ + tail) else word


def parse(data: bytes) -> List[Step]:
    """Parses a file's bytes: blank lines and lines starting with ``#`` are skipped;
    ``expect trace`` collects the following lines, each one's words joined by single spaces,
    up to ``end``. A line that is not UTF-8 or holds a forbidden character fails the file."""
    steps: List[Step] = []
    block: Optional[Step] = None
    for number, line_bytes in enumerate(data.split(b"\n"), start=1):
        try:
            raw = line_bytes.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError(number, "the line is not UTF-8") from None
        bad = _FORBIDDEN.search(raw)
        if bad:
            raise ScenarioError(number, f"character U+{ord(bad.group()):04X} (only spaces and tabs separate words)")
        line = words(raw)
        if block is not None:
            if line == ["end"]:
                steps.append(block)
                block = None
            elif line:
                assert block.trace is not None
                block.trace.append(" ".join(line))
            continue
        if not line or raw.startswith("#"):
            continue
        if line == ["expect", "trace"]:
            block = Step(number, trace=[])
        else:
            steps.append(Step(number, words=line))
    if block is not None:
        raise ScenarioError(block.line, "`expect trace` has no `end`")
    return steps


def diff(expected: Sequence[str], actual: Sequence[str]) -> List[str]:
    """A line diff (longest common subsequence): ``  `` same, ``- `` expected but missing,
    ``+ `` seen but not expected."""
    rows, columns = len(expected), len(actual)
    lengths = [[0] * (columns + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(columns - 1, -1, -1):
            lengths[i][j] = (
                lengths[i + 1][j + 1] + 1
                if expected[i] == actual[j]
                else max(lengths[i + 1][j], lengths[i][j + 1])
            )
    out: List[str] = []
    i = j = 0
    while i < rows or j < columns:
        if i < rows and j < columns and expected[i] == actual[j]:
            out.append("  " + expected[i])
            i += 1
            j += 1
        elif j < columns and (i == rows or lengths[i][j + 1] >= lengths[i + 1][j]):
            out.append("+ " + actual[j])
            j += 1
        else:
            out.append("- " + expected[i])
            i += 1
    return out


def two_decimals(value: float) -> str:
    """A progress value (0 <= value <= 1, as navcore delivers it) with exactly two decimals,
    rounded from the exact value of the double, ties away from zero (SPEC §11): 0.125 -> 0.13,
    and 0.015, stored as 0.01499..., -> 0.01. ``Decimal(value)`` is that exact value."""
    hundredths = int(Decimal(value).scaleb(2).to_integral_value(rounding=ROUND_HALF_UP))
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _flag(animated: bool) -> str:
    return "animated" if animated else "instant"


class TraceFormat:
    """Formats events as SPEC §11's trace lines: the one formatter of the Python runner and of
    the Python tests (tests/conftest.py's Recorder). ``label`` names a screen."""

    def __init__(self, label: Callable[[Screen], str]) -> None:
        self.label = label

    def line(self, event: object) -> Tuple[str, str]:
        """(category, text) of a listener's event."""
        if isinstance(event, ActionEvent):
            if event.state == 0:
                return "action", "action idle"
            words = ["action", str(event.state)]
            if event.appearing is not None:
                words.append("+" + self.label(event.appearing))
            words.extend("-" + self.label(s) for s in event.disappearing)
            return "action", " ".join(words + [_flag(event.animated)])
        if isinstance(event, AppearanceEvent):
            return "show", f"{event.phase} {self.label(event.screen)} {event.reason} {_flag(event.animated)}"
        if isinstance(event, ProgressEvent):
            return "transition", "progress " + two_decimals(event.progress)
        if isinstance(event, BarEvent):
            return "bar", f"bar {'shown' if event.shown else 'hidden'} {_flag(event.animated)}"
        if isinstance(event, PayloadEvent):
            return "payload", f"payload {self.label(event.screen)} {event.payload}"
        if isinstance(event, ReleaseEvent):
            return "release", f"release {self.label(event.screen)}"
        if isinstance(event, DoneEvent):
            return "done", f"done {event.op} {event.outcome}"
        if isinstance(event, WakeupEvent):
            return "wakeup", "wakeup"
        raise TypeError(f"not a navigator event: {event!r}")

    def transition(self, transition: Transition) -> str:
        """The animator's line."""
        interactive = " interactive" if transition.interactive else ""
        return (f"transition {transition.style} {self.label(transition.from_screen)}>"
                f"{self.label(transition.to_screen)}{interactive}")

    def veto(self, screen: Screen, by_gesture: bool, allowed: bool) -> str:
        """The veto hook's answer."""
        return f"should_pop {self.label(screen)} {'gesture' if by_gesture else 'button'} {'yes' if allowed else 'no'}"


# ---------------------------------------------------------------------------------------------
# A session: one scenario, one navigator
# ---------------------------------------------------------------------------------------------


@dataclass
class _Hook:
    event: List[str]
    command: List[str]
    line: int
    fired: bool = False


class Session:
    """Runs one scenario through the binding and collects what failed."""

    def __init__(self) -> None:
        self.navigator: Optional[Navigator] = None
        self.host_dispatch = False
        self.animator_on = True
        self.categories: Set[str] = set(CATEGORIES)
        self.trace: List[str] = []
        self.status = "ok"
        self.last_transition = 0
        self.ids_by_label: Dict[str, int] = {}
        self.labels: Dict[int, str] = {}
        self.screens: Dict[int, Screen] = {}
        self.created_per_route: Dict[str, int] = {}
        self.released: Set[int] = set()
        self.vetoed: Set[str] = set()
        self.hooks: List[_Hook] = []
        self.recording = True
        self.failures: List[str] = []
        self.format = TraceFormat(lambda screen: self.label(screen.id))

    def run(self, steps: List[Step]) -> List[str]:
        """Runs every step; returns the failures (empty when the scenario passes)."""
        for step in steps:
            if step.trace is not None:
                if step.trace != self.trace:
                    self.failures.append(f"line {step.line}: the trace differs (- expected, + seen):")
                    self.failures.extend("    " + line for line in diff(step.trace, self.trace))
                self.trace = []
                continue
            try:
                self.perform(step.words, step.line)
            except ScenarioError as error:
                self.failures.append(str(error))
        self.recording = False
        if self.navigator is not None:
            self.navigator.close()
        return self.failures

    # -- lines ---------------------------------------------------------------------------------

    def perform(self, words: List[str], line: int) -> None:
        if not words:
            return
        if words[0] == "expect":
            self.check(words[1:], line)
        else:
            self.execute(words, line)

    def execute(self, words: List[str], line: int) -> None:
        """Runs a command (also from inside a callback, for ``on … :`` hooks)."""
        arguments = words[1:]
        animated = "instant" not in arguments
        plain = [w for w in arguments if w != "instant"]
        verb = words[0]
        if verb == "push":
            route = self.word(plain, 0, line)

            def push() -> Operation:
                screen = self.nav().create_screen(route)
                self.name(screen)
                return self.nav().push(screen, animated)

            self.call(push)
        elif verb == "push_again":
            screen = self.labelled(self.word(plain, 0, line), line)
            self.call(lambda: self.nav().push(screen, animated))
        elif verb == "pop":
            self.call(lambda: self.nav().pop(animated))
        elif verb == "back":
            self.call(lambda: self.nav().back(animated))
        elif verb == "pop_to_root":
            self.call(lambda: self.nav().pop_to_root(animated))
        elif verb == "pop_to":
            screen = self.labelled(self.word(plain, 0, line), line)
            self.call(lambda: self.nav().pop_to(screen, animated))
        elif verb == "set":
            self.call(lambda: self.nav().set_stack([self.live_or_new(w) for w in plain], animated))
        elif verb == "run":
            name = self.word(arguments, 0, line)
            self.call(lambda: self.nav().run(lambda: self.record("run", f"run {name}")))
        elif verb == "visible":
            visible = self.on_off(arguments, 0, line)
            self.call(lambda: self.nav().set_visible(visible))
        elif verb == "gesture":
            self.call(lambda: self.nav().gesture())
        elif verb == "progress":
            value = progress_value(self.word(arguments, 0, line))
            if value is None:
                raise ScenarioError(line, "progress needs a number")
            self.call(lambda: self.nav().update_transition(value, self.last_transition))  # type: ignore[arg-type]
        elif verb == "finish":
            self.call(lambda: self.nav().finish_transition(self.last_transition))
        elif verb == "cancel":
            self.call(lambda: self.nav().cancel_transition(self.last_transition))
        elif verb == "drain":
            self.call(lambda: self.nav().drain())
        elif verb == "destroy":
            self.call(lambda: self.nav().destroy())
        elif verb == "veto":
            label = self.word(arguments, 0, line)
            if self.on_off(arguments, 1, line):
                self.vetoed.add(label)
            else:
                self.vetoed.discard(label)
        elif verb == "route":
            self.register_route(arguments, line)
        elif verb == "show":
            self.show(arguments, line)
        elif verb == "threshold":
            threshold = threshold_value(self.word(arguments, 0, line))
            if threshold is None:
                raise ScenarioError(line, "threshold needs a whole number")
            self.call(lambda: self.nav().set_bar_threshold(threshold))  # type: ignore[arg-type]
        elif verb == "config":
            self.configure(arguments, line)
        elif verb == "trace":
            self.set_trace(arguments, line)
        elif verb == "on":
            self.add_hook(arguments, line)
        else:
            raise ScenarioError(line, f"unknown command '{' '.join(words)}'")

    def check(self, words: List[str], line: int) -> None:
        what = self.word(words, 0, line)
        expected = " ".join(words[1:])
        nav = self.nav()
        dead = nav.closed

        def read(query: Callable[[], str], if_dead: str) -> str:
            try:
                return query()
            except InvalidHandleError:
                return if_dead

        if what == "stack":
            seen = read(lambda: " ".join(self.label(s.id) for s in nav.stack), "")
        elif what == "top":
            seen = read(lambda: self.label(nav.top.id) if nav.top else "-", "-")
        elif what == "state":
            seen = "dead" if dead else read(lambda: str(nav.action_state), "dead")
        elif what == "busy":
            seen = read(lambda: "yes" if nav.busy else "no", "no")
        elif what == "pending":
            seen = read(lambda: str(nav.pending), "0")
        elif what == "bar":
            seen = "-" if dead else read(lambda: "shown" if nav.bar_shown else "hidden", "-")
        elif what == "status":
            seen = self.status
        else:
            raise ScenarioError(line, f"unknown check 'expect {' '.join(words)}'")
        if seen != expected:
            self.failures.append(f"line {line}: expect {what} {expected}: saw '{seen}'")

    # -- commands with options -------------------------------------------------------------------

    def register_route(self, arguments: List[str], line: int) -> None:
        route = self.word(arguments, 0, line)
        fails = "fail" in arguments[1:]

        def factory(request: RouteRequest) -> None:
            if fails:
                raise FactoryFailed()
            self.name_id(request.id, request.route)
            return None

        self.call(lambda: self.nav().register_route(route, factory))

    def show(self, arguments: List[str], line: int) -> None:
        route = self.word(arguments, 0, line)
        options: Dict[str, object] = {}
        for option in arguments[1:]:
            if option == "animated":
                options["animated"] = True
            elif option == "keep":
                options["remove_current"] = False
            elif option == "new":
                options["recycle"] = False
            elif option.startswith("payload="):
                options["payload"] = option[len("payload=") :]
            else:
                raise ScenarioError(line, f"unknown show option '{option}'")
        self.call(lambda: self.nav().show(route, **options))  # type: ignore[arg-type]

    def configure(self, arguments: List[str], line: int) -> None:
        on = self.on_off(arguments, 1, line)
        what = self.word(arguments, 0, line)
        if what == "animator":
            self.animator_on = on
            if self.navigator is not None:
                self.install_animator(self.navigator)
        elif what == "always_appear":
            self.call(lambda: self.nav().set_always_appear(on))
        elif what == "pump":
            if self.navigator is not None:
                raise ScenarioError(line, "config pump must come before the navigator is used")
            self.host_dispatch = on
        else:
            raise ScenarioError(line, f"unknown config '{' '.join(arguments)}'")

    def set_trace(self, arguments: List[str], line: int) -> None:
        if arguments == ["all"]:
            self.categories = set(CATEGORIES)
            return
        chosen: Set[str] = set()
        for name in arguments:
            if name not in CATEGORIES:
                raise ScenarioError(line, f"unknown trace category '{name}'")
            chosen.add(name)
        self.categories = chosen

    def add_hook(self, arguments: List[str], line: int) -> None:
        """``on EVENT WORD: COMMAND``."""
        colon = next((i for i, w in enumerate(arguments) if w.endswith(":")), None)
        if colon is None or colon + 1 >= len(arguments):
            raise ScenarioError(line, "`on` needs 'EVENT WORD: COMMAND'")
        event = arguments[: colon + 1]
        event[colon] = event[colon][:-1]
        self.hooks.append(_Hook([w for w in event if w], arguments[colon + 1 :], line))

    # -- the navigator and its callbacks ------------------------------------------------------

    def nav(self) -> Navigator:
        """The navigator, made at first use so that ``config pump`` can choose its mode."""
        if self.navigator is not None:
            return self.navigator
        navigator = Navigator(Dispatch.HOST if self.host_dispatch else Dispatch.INLINE)
        navigator.add_listener(self)
        navigator.veto = self.should_pop
        self.install_animator(navigator)
        self.navigator = navigator
        return navigator

    def install_animator(self, navigator: Navigator) -> None:
        try:
            navigator.animator = self.animate if self.animator_on else None
        except NavcoreError:  # a destroyed navigator: nothing animates any more
            pass

    def animate(self, transition: Transition) -> None:
        self.last_transition = transition.id
        self.seen([transition.from_screen, transition.to_screen])
        self.record("transition", self.format.transition(transition))

    def should_pop(self, screen: Screen, by_gesture: bool) -> bool:
        allowed = self.label(screen.id) not in self.vetoed
        self.record("veto", self.format.veto(screen, by_gesture, allowed))
        return allowed

    # Listener methods (navigator.add_listener(self)).

    def observe(self, event: object) -> None:
        if isinstance(event, ActionEvent):
            self.seen(([event.appearing] if event.appearing else []) + list(event.disappearing))
        elif isinstance(event, (AppearanceEvent, PayloadEvent, ReleaseEvent)):
            self.seen([event.screen])
        if isinstance(event, ReleaseEvent):
            self.released.add(event.screen.id)
        self.record(*self.format.line(event))

    on_action = on_appearance = on_progress = on_bar = on_payload = on_release = on_done = on_wakeup = observe

    def seen(self, screens: List[Screen]) -> None:
        for screen in screens:
            self.screens.setdefault(screen.id, screen)

    def record(self, category: str, text: str) -> None:
        """Records a trace line if its category is traced, and fires every hook it matches, each
        once, in file order (all are marked fired before the first runs)."""
        if not self.recording:
            return
        if category in self.categories:
            self.trace.append(text)
        line = words(text)
        matching = [h for h in self.hooks if not h.fired and line[: len(h.event)] == h.event]
        for hook in matching:
            hook.fired = True
        for hook in matching:
            try:
                self.execute(hook.command, hook.line)
            except ScenarioError as error:
                self.failures.append(str(error))

    def call(self, body: Callable[[], object]) -> None:
        """Makes a navigator call and keeps its status for ``expect status``."""
        try:
            result = body()
            self.status = str(result.status) if isinstance(result, Operation) else str(Status.OK)
        except NavcoreError as error:
            self.status = str(error.status)

    # -- labels --------------------------------------------------------------------------------

    def name(self, screen: Screen) -> None:
        """Names a new screen: the first of route R is ``R``, the n-th ``R#n``."""
        self.screens[screen.id] = screen
        self.name_id(screen.id, screen.route)

    def name_id(self, screen_id: int, route: str) -> None:
        count = self.created_per_route.get(route, 0) + 1
        self.created_per_route[route] = count
        label = route if count == 1 else f"{route}#{count}"
        self.labels[screen_id] = label
        self.ids_by_label[label] = screen_id

    def label(self, screen_id: int) -> str:
        return self.labels.get(screen_id, f"#{screen_id}")

    def labelled(self, label: str, line: int) -> Screen:
        """The screen with this label, live or not."""
        screen_id = self.ids_by_label.get(label)
        screen = self.screens.get(screen_id) if screen_id is not None else None
        if screen is None:
            raise ScenarioError(line, f"no screen is labelled '{label}'")
        return screen

    def live_or_new(self, word: str) -> Screen:
        """``set``'s word: a live screen's label, else a new screen of the route (``#n`` dropped)."""
        screen_id = self.ids_by_label.get(word)
        if screen_id is not None and screen_id not in self.released and screen_id in self.screens:
            return self.screens[screen_id]
        screen = self.nav().create_screen(set_route(word))
        self.name(screen)
        return screen

    @staticmethod
    def word(words: List[str], index: int, line: int) -> str:
        if index >= len(words):
            raise ScenarioError(line, "missing argument")
        return words[index]

    def on_off(self, words: List[str], index: int, line: int) -> bool:
        value = self.word(words, index, line)
        if value == "on":
            return True
        if value == "off":
            return False
        raise ScenarioError(line, "expected on or off")


# ---------------------------------------------------------------------------------------------
# Files and the command line
# ---------------------------------------------------------------------------------------------


def run_file(path: str) -> Tuple[str, List[str]]:
    """Runs one scenario file: (path, failures)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return path, ["cannot run: cannot read the file"]
    try:
        steps = parse(data)
    except ScenarioError as error:
        return path, [f"cannot run: {error}"]
    return path, Session().run(steps)


def files(paths: Sequence[str]) -> List[str]:
    """The ``.nav`` files named by ``paths``: files as given, directories expanded (sorted)."""
    found: List[str] = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(path + "/" + name for name in sorted(os.listdir(path)) if name.endswith(".nav"))
        else:
            found.append(path)
    return found


def report(path: str, failures: List[str]) -> str:
    """``PASS path``, or ``FAIL path`` and the failures."""
    return "\n".join([("FAIL " if failures else "PASS ") + path] + ["  " + f for f in failures])


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or "-h" in arguments or "--help" in arguments:
        print("usage: python -m navcore.scenario FILE.nav|DIR …   (runs SPEC §11 scenarios through Python)")
        return 2 if not arguments else 0
    results = [run_file(path) for path in files(arguments)]
    for path, failures in results:
        print(report(path, failures))
    passed = sum(1 for _, failures in results if not failures)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
