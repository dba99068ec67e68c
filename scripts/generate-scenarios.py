#!/usr/bin/env python3
"""Writes random but well-formed SPEC §11 scenarios, for scripts/compare-runners.sh.

    generate-scenarios.py [--seed N] [--count N] [--commands N] OUT_DIR

Each file is a seeded random sequence of the commands every runner knows (ops, gestures and
progress values, routes and `show`, `open` and `restore`, results and saved states, visibility,
thresholds, vetoes that may answer later and `decide`, `on` hooks, host dispatch with `drain` and
bounded drains, a late `destroy`; in some files a family of navigators, SPEC §16: children
attached to screens, activated, presented as modals, dismissed, leaving, their ops and checks),
laid out with random spaces, tabs, indentation and comments.
Calls with bad arguments (malformed documents, an empty `open`, labels of released screens, stale
transitions and decisions, unknown or registered routes, invalid drain budgets) come now and
then, each followed by `expect status ?`, and always after a `destroy`: a destroyed navigator's
`invalid_handle` must come before any argument's status in every runner (SPEC §2, §9).
Its checks expect `?`, so that every runner prints what it saw (`saw '…'`), and the file ends
with an empty `expect trace` block, so that every runner prints the whole trace as `+` lines:
the runners' reports must then be identical byte for byte. The same seed writes the same
files. Standard library only.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import List

ROUTES = ["A", "B", "C", "D"]
FACTORY_ROUTES = ["Card", "Form", "Bad"]
EVENTS = [
    "action will_push", "action did_pop", "action idle", "will_show", "did_show", "will_hide", "did_hide",
    "transition push", "transition pop", "progress", "bar shown", "bar hidden", "payload", "release",
    "run", "done push", "done pop", "done set", "done back", "done gesture", "done show", "done run",
    "wakeup", "should_pop",
]
CATEGORIES = ["action", "show", "transition", "veto", "payload", "bar", "release", "run", "wakeup", "done"]
CHECKS = ["stack", "top", "state", "busy", "pending", "bar", "status", "saved", "result_of", "saved_of"]
# A family's navigators (besides root): two that may be attached to screens, one that may be
# presented; and the checks that read a family (SPEC §16.13).
MEMBERS = ["t1", "t2", "m"]
FAMILY_CHECKS = ["parent", "modal", "target", "on_screen", "active"]
# Saved documents (no spaces): well-formed ones, and ones navcore refuses at the call (SPEC §14:
# an empty stack, another version, a missing or extra key, a duplicate key, an unpaired
# surrogate, U+0000, trailing text, not JSON).
DOCUMENTS = [
    '{"navcore":1,"stack":[{"route":"Card","state":null}]}',
    '{"navcore":1,"stack":[{"route":"Form","state":"s1"},{"route":"Card","state":null}]}',
    '{"stack":[{"state":"s2","route":"Card"}],"navcore":1}',
]
MALFORMED_DOCUMENTS = [
    '{}', '[]', 'null', '{"navcore":1,"stack":[]}', '{"navcore":2,"stack":[{"route":"Card","state":null}]}',
    '{"navcore":1.0,"stack":[{"route":"Card","state":null}]}', '{"navcore":1,"stack":[{"route":"Card"}]}',
    '{"navcore":1,"stack":[{"route":"Card","state":null,"x":1}]}',
    '{"navcore":1,"navcore":1,"stack":[{"route":"Card","state":null}]}',
    '{"navcore":1,"stack":[{"route":"\\ud800","state":null}]}',
    '{"navcore":1,"stack":[{"route":"Card","state":"\\u0000"}]}',
    '{"navcore":1,"stack":[{"route":"Card","state":null}]}x', '{"navcore":1,"stack":[{"route":Card}]}',
]
# Values whose two-decimal rounding is delicate: exact binary ties, decimal ties stored below
# or above the tie, the ends of the range, and values navcore refuses.
PROGRESS = ["0.125", "0.875", "0.375", "0.015", "0.005", "0.565", "0.995", "0.994999", "0", "1", "1.0",
            "1.5", "-0.25", "nan", "0.0049999", "0.999999"]


class Scenario:
    """The state the generator keeps to write plausible commands: the labels it may name."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lines: List[str] = []
        self.created = {route: 0 for route in ROUTES + FACTORY_ROUTES}
        self.runs = 0
        self.deferred = False  # whether a veto may have answered later (else `decide` is an error)
        self.registered = set()  # the routes registered so far (a failing open makes no label)
        self.members: List[str] = []  # the navigators besides root, in a file with a family

    def label(self) -> str:
        """A label that was probably made (a made-up one now and then: a scenario error). Routes'
        factories make screens too (`show`, `open`, `restore`): their labels count."""
        made = [r if n == 1 else f"{r}#{n}" for r, count in self.created.items() for n in range(1, count + 1)]
        if not made or self.rng.random() < 0.05:
            return self.rng.choice(ROUTES) + "#" + str(self.rng.randint(2, 9))
        return self.rng.choice(made)

    def new(self, route: str) -> str:
        self.created[route] += 1
        return route

    def instant(self) -> str:
        return " instant" if self.rng.random() < 0.5 else ""

    def command(self) -> str:
        """One command, chosen with rough weights."""
        rng = self.rng
        kind = rng.choices(
            ["push", "push_again", "pop", "back", "pop_to_root", "pop_to", "set", "run", "visible", "gesture",
             "progress", "finish", "cancel", "veto", "route", "show", "threshold", "config", "trace", "on",
             "open", "restore", "result", "saved", "listen", "discard", "decide", "bad", "family"],
            weights=[14, 2, 6, 4, 2, 3, 4, 3, 2, 4, 4, 8, 3, 2, 2, 4, 2, 2, 2, 4, 3, 2, 2, 2, 2, 1, 2, 2,
                     16 if self.members else 0])[0]
        if kind == "family":
            return self.family_command()
        if kind == "push":
            return "push " + self.new(rng.choice(ROUTES)) + self.instant()
        if kind in ("push_again", "pop_to"):
            return f"{kind} {self.label()}{self.instant()}"
        if kind in ("pop", "back", "pop_to_root", "gesture", "finish", "cancel"):
            return kind + (self.instant() if kind in ("pop", "back", "pop_to_root") else "")
        if kind == "set":
            words = []
            for _ in range(rng.randint(0, 3)):
                if rng.random() < 0.5:
                    words.append(self.label())
                else:
                    route = rng.choice(ROUTES)
                    self.created[route] += 1
                    words.append(route + ("#" + str(rng.randint(2, 5)) if rng.random() < 0.3 else ""))
            return " ".join(["set"] + words) + self.instant()
        if kind == "run":
            self.runs += 1
            return f"run r{self.runs}"
        if kind == "visible":
            return "visible " + rng.choice(["on", "off"])
        if kind == "progress":
            return self.progress()
        if kind == "veto":
            answer = rng.choice(["on", "off", "later"])
            self.deferred = self.deferred or answer == "later"
            return f"veto {self.label()} {answer}"
        if kind == "decide":
            return f"decide {rng.choice(['yes', 'no'])}" if self.deferred else self.bad_call()
        if kind == "open":
            routes = [rng.choice(FACTORY_ROUTES) for _ in range(rng.randint(1, 3))]
            self.made_by_factories(routes)
            entries = [route + (f"=s{rng.randint(1, 9)}" if rng.random() < 0.4 else "") for route in routes]
            return " ".join(["open"] + entries + (["animated"] if rng.random() < 0.3 else []))
        if kind == "restore":
            document = rng.choice(DOCUMENTS)
            self.made_by_factories([r for r in FACTORY_ROUTES for _ in range(document.count(f'"{r}"'))])
            return f"restore {document}" + (" animated" if rng.random() < 0.3 else "")
        if kind in ("result", "saved"):
            return f"set_{kind} {self.label()} {rng.choice(['-', f'{kind[0]}{rng.randint(1, 9)}'])}"
        if kind in ("listen", "discard"):
            return f"{kind} {self.label()}"
        if kind == "bad":
            return self.bad_call()
        if kind == "route":
            route = rng.choice(FACTORY_ROUTES)
            self.registered.add(route)
            return f"route {route}" + (" fail" if route == "Bad" else "")
        if kind == "show":
            options = [o for o in ["animated", "keep", "new"] if rng.random() < 0.3]
            if rng.random() < 0.4:
                options.append(f"payload=p{rng.randint(1, 9)}")
            return " ".join(["show", rng.choice(FACTORY_ROUTES)] + options)
        if kind == "threshold":
            return f"threshold {rng.randint(0, 4)}"
        if kind == "config":
            return f"config {rng.choice(['animator', 'always_appear'])} {rng.choice(['on', 'off'])}"
        if kind == "trace":
            if rng.random() < 0.5:
                return "trace all"
            return "trace " + " ".join(rng.sample(CATEGORIES, rng.randint(1, 4)))
        event = rng.choice(EVENTS)
        if event in ("will_show", "did_show", "will_hide", "did_hide", "release", "payload"):
            event += " " + self.label()
        inner = rng.choices(["destroy", "drain", "command"], weights=[1, 2, 17])[0]
        if inner == "drain":
            inner = self.drain()
        while inner == "command" or inner.startswith("on "):
            inner = self.command()
        return f"on {event}: {inner}"

    def family_command(self) -> str:
        """A command of a family (SPEC §16.13): attach, activate, present, dismiss, leave, or an
        op asked of a member."""
        rng = self.rng
        tab, member = rng.choice(MEMBERS[:2]), rng.choice(MEMBERS)
        prefix = rng.choice(["", "", f"{rng.choice(MEMBERS)}: "])
        kind = rng.choices(["attach", "activate", "present", "dismiss", "leave", "op"], weights=[3, 2, 2, 2, 1, 6])[0]
        if kind == "attach":
            return f"attach {rng.choice(MEMBERS)} to {self.label()}"
        if kind == "activate":
            options = [o for o in ["retap", "instant"] if rng.random() < 0.4]
            return " ".join(["activate", tab] + options)
        if kind == "present":
            options = [o for o in ["instant", "overlay", "sticky"] if rng.random() < 0.4]
            return " ".join([prefix + "present", rng.choice(MEMBERS)] + options)
        if kind == "dismiss":
            options = [o for o in ["instant", f"result=d{rng.randint(1, 9)}"] if rng.random() < 0.5]
            return " ".join([prefix + "dismiss"] + options)
        if kind == "leave":
            return f"{tab}: leave"
        op = rng.choice(["push", "push", "pop", "back", "gesture", "pop_to_root", "visible", "finish"])
        if op == "push":
            return f"{member}: push {self.new(rng.choice(ROUTES))}{self.instant()}"
        if op == "visible":
            return f"{member}: visible {rng.choice(['on', 'off'])}"
        return f"{member}: {op}" + (self.instant() if op in ("pop", "back", "pop_to_root") else "")

    def made_by_factories(self, routes: List[str]) -> None:
        """Counts the screens an `open` of these routes probably makes: all, if every route is
        registered and none fails; else none (its labels would name nothing)."""
        if all(route in self.registered and route != "Bad" for route in routes):
            for route in routes:
                self.created[route] += 1

    def bad_call(self) -> str:
        """A call with an argument that is bad at the call (SPEC §2), or that names what is
        probably dead or stale; after a `destroy` every runner must report `invalid_handle`."""
        rng = self.rng
        return rng.choice([
            lambda: "restore " + rng.choice(MALFORMED_DOCUMENTS),
            lambda: "open",
            lambda: f"{rng.choice(['push_again', 'pop_to', 'discard', 'listen'])} {self.label()}",
            lambda: f"set_result {self.label()} r0",
            lambda: f"set_saved {self.label()} s0",
            lambda: f"set {self.label()}",
            lambda: "progress " + rng.choice(["nan", "1.5", "-0.25"]),
            lambda: rng.choice(["finish", "cancel", "gesture", "drain", "drain 0", "drain for -1"]),
            lambda: "decide no" if self.deferred else "unroute Nope",
            lambda: "unroute Nope",
            lambda: "route Card",
            lambda: "show Bad payload=p0",
        ])()

    def drain(self) -> str:
        """`drain`, or a bounded drain: a count (0 is invalid), a time of 0 (one op) or a
        negative one (invalid); never a positive time, whose ops would depend on the clock."""
        rng = self.rng
        kind = rng.choices(["plain", "count", "zero", "negative"], weights=[4, 4, 2, 1])[0]
        if kind == "count":
            return f"drain {rng.randint(0, 3)}"
        if kind == "zero":
            return rng.choice(["drain for 0", "drain for 0.0", "drain for -0"])
        if kind == "negative":
            return rng.choice(["drain for -1", "drain for -0.001"])
        return "drain"

    def progress(self) -> str:
        rng = self.rng
        return "progress " + (rng.choice(PROGRESS) if rng.random() < 0.5 else f"0.{rng.randint(0, 999):03d}")

    def check(self) -> str:
        if self.members and self.rng.random() < 0.4:
            what = self.rng.choice(FAMILY_CHECKS)
            prefix = self.rng.choice(["", f"{self.rng.choice(self.members)}: "])
            return f"{prefix}expect {what} {self.label()} ?" if what == "active" else f"{prefix}expect {what} ?"
        what = self.rng.choice(CHECKS)
        return f"expect {what} {self.label()} ?" if what.endswith("_of") else f"expect {what} ?"

    def write(self, commands: int) -> str:
        rng = self.rng
        lines = ["# Generated by scripts/generate-scenarios.py: compared across the runners, not a test of its own."]
        if rng.random() < 0.25:
            lines.append("config pump on")
        if rng.random() < 0.7:
            lines += ["route Card", "route Form"]
            self.registered |= {"Card", "Form"}
        if rng.random() < 0.35:  # a family: its members are made hidden, each with a first screen
            self.members = list(MEMBERS)
            for member in self.members:
                lines += [f"navigator {member} hidden", f"{member}: push {self.new(rng.choice(ROUTES))} instant"]
        for index in range(commands):
            if rng.random() < 0.05 and index > commands * 3 // 4:
                line = "destroy"
            elif rng.random() < 0.15:
                line = self.check()
            elif rng.random() < 0.08:
                line = self.drain()
            elif rng.random() < 0.04:
                lines += [self.layout(self.bad_call()), "expect status ?"]
                continue
            else:
                line = self.command()
            if line == "destroy":
                lines.append(self.layout(line))
                lines += self.bad_calls()
                continue
            if line == "gesture":  # ends what is in flight, so that the gesture may start
                lines += ["finish", "drain", "finish", "finish"]
            lines.append(self.layout(line))
            if line == "gesture":  # a drag: progress values, then the finger lifts
                lines += [self.layout(self.progress()) for _ in range(rng.randint(1, 4))]
                lines.append(rng.choice(["finish", "cancel"]))
            if rng.random() < 0.03:
                lines.append("# a comment " + str(index))
            if rng.random() < 0.03:
                lines.append("")
        if rng.random() < 0.3:
            lines += ["destroy"] + self.bad_calls()
        lines += ["expect trace", "end", ""]
        return "\n".join(lines)

    def bad_calls(self) -> List[str]:
        """Calls with bad arguments after a `destroy`, each with the status every runner saw."""
        lines = []
        for _ in range(self.rng.randint(3, 8)):
            lines += [self.layout(self.bad_call()), "expect status ?"]
        return lines

    def layout(self, line: str) -> str:
        """The line with random runs of spaces and tabs between its words, around it too."""
        rng = self.rng
        gap = lambda: rng.choice([" ", " ", " ", "  ", "\t", " \t "])  # noqa: E731
        words = line.split(" ")
        indent = rng.choice(["", "", "", "  ", "\t"])
        return indent + "".join(w + (gap() if i + 1 < len(words) else "") for i, w in enumerate(words)) + \
            rng.choice(["", "", "", " ", "\t"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--commands", type=int, default=40)
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    for old in options.out.glob("gen-*.nav"):
        old.unlink()
    for index in range(options.count):
        rng = random.Random(f"{options.seed}-{index}")
        text = Scenario(rng).write(options.commands)
        (options.out / f"gen-{options.seed}-{index:04d}.nav").write_text(text, encoding="utf-8")
    print(f"generate-scenarios: {options.count} scenarios (seed {options.seed}) in {options.out}")


if __name__ == "__main__":
    main()
