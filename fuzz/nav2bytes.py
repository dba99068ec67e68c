#!/usr/bin/env python3
"""nav2bytes.py — converts SPEC §11 scenarios (*.nav) into navcore-fuzz inputs.

    python3 fuzz/nav2bytes.py OUTDIR [--prefix P] FILE.nav|DIR ...

Each scenario becomes OUTDIR/<prefix><name>.bin: a navigator (host dispatch if the file says
`config pump on`, every callback registered) and then one harness command per scenario command,
in the byte encoding of Sources/navcore-fuzz/Command.swift (also tabled in fuzz/README.md).
`on EVENT WORD: COMMAND` becomes a hook whose filter is the label / op / state / style named by
WORD; `expect` lines become a full query (checked by the harness); `trace` and `expect trace`
blocks are dropped (the harness checks invariants, not traces).

Screens are labelled as in SPEC §11 (`R`, `R#2`, …): the harness names screens by route and
per-route ordinal, which is exactly the label, so `push_again B`, `pop_to B`, `veto B on` and
`on will_show B:` address the same screen as in the scenario. Route names map to the harness's
routes 0–7 in order of first use.

Besides SPEC §11 commands, the converter accepts a few for hand-written seeds (fuzz/seeds/):
    navigator inline|host         another navigator (every callback), selected
    select N                      select navigator slot N
    with null|dead|forged|other: COMMAND    the command on a bad handle (or the next navigator)
    discard L | object L | route_of L       screen calls
    unroute R | callback KIND on|off|bare   (KIND: action will_show … veto)
    misuse N | names N | query | settle | raw HEX…
    set_huge K L1 L2              set L1 L2 with the K-th (0–3) count whose byte size overflows
    race POSTS WHAT               registrations replaced while a thread posts (Race.swift)
and `on …: A; B; C` runs several commands.
"""

import os
import sys

COMMANDS = [
    "nop", "create", "select", "destroy", "drain", "always_appear", "threshold", "screen_create",
    "discard", "screen_object", "screen_route", "push", "pop", "pop_to", "pop_to_root", "set",
    "back", "gesture", "run", "visible", "show", "finish", "cancel", "progress", "route",
    "unroute", "callback", "query", "misuse", "names", "hook", "veto", "settle", "push_new",
    "race",
]
OP = {name: index for index, name in enumerate(COMMANDS)}
HOOK_KINDS = ["action", "will_show", "did_show", "will_hide", "did_hide", "transition", "progress",
              "bar", "payload", "release", "done", "completion", "run", "wakeup", "should_pop",
              "factory", "destructor"]
OPS = ["push", "pop", "pop_to", "pop_to_root", "set", "back", "gesture", "run", "visible", "show"]
STATES = ["idle", "will_push", "did_push", "push_completed", "will_pop", "did_pop", "pop_completed",
          "will_set", "did_set", "set_completed", "pop_cancelled"]
CALLBACKS = ["action", "will_show", "did_show", "will_hide", "did_hide", "progress", "bar",
             "payload", "release", "done", "wakeup", "animator", "veto"]
LABELLED = {"will_show", "did_show", "will_hide", "did_hide", "payload", "release", "should_pop"}
ALL_CALLBACKS = 0x7F  # create's mask: every callback, the release callback too


class Converter:
    def __init__(self):
        self.routes = {}
        self.runs = {}

    def route(self, name):
        if name not in self.routes:
            self.routes[name] = len(self.routes) % 8
        return self.routes[name]

    def label(self, word):
        """(route, ordinal) of a SPEC §11 label."""
        name, _, n = word.partition("#")
        ordinal = int(n) - 1 if n.isdigit() and int(n) >= 1 else 0
        return self.route(name), min(ordinal, 15)

    def label_code(self, word):
        route, ordinal = self.label(word)
        return route | ordinal << 3

    def run_name(self, name):
        return self.runs.setdefault(name, len(self.runs) % 256)

    def command(self, words):
        """The bytes of one command (a list of words); [] for lines without a harness effect."""
        verb, args = words[0], words[1:]
        flags = 0 if "instant" in args else 1
        plain = [a for a in args if a != "instant"]
        if verb == "push":
            return [OP["push_new"], self.route(plain[0]), flags]
        if verb == "push_again":
            return [OP["push"], self.label_code(plain[0]), flags]
        if verb in ("pop", "back", "pop_to_root"):
            return [OP[verb], flags]
        if verb == "pop_to":
            return [OP["pop_to"], self.label_code(plain[0]), flags]
        if verb == "set":
            out = [OP["set"], min(len(plain), 8)]
            for word in plain[:8]:
                route, ordinal = self.label(word)
                out += [0xC0 | route, ordinal]
            return out + [flags]
        if verb == "run":
            return [OP["run"], self.run_name(args[0]), 0]
        if verb == "visible":
            return [OP["visible"], 1 if args[0] == "on" else 0]
        if verb == "gesture":
            return [OP["gesture"], 0]
        if verb == "progress":
            value = float(args[0])
            if value != value:
                byte = 252
            elif 0 <= value <= 1:
                byte = round(value * 200)
            elif 1 < value <= 6:
                byte = 200 + round((value - 1) * 10)
            else:
                byte = 251 if value < 0 else 253
            return [OP["progress"], 1, byte]
        if verb in ("finish", "cancel"):
            return [OP[verb], 1]
        if verb in ("drain", "destroy", "settle"):
            return [OP[verb]]
        if verb == "veto":
            return [OP["veto"], 0xFF if args[0] == "*" else self.label_code(args[0]), 1 if args[1] == "on" else 0]
        if verb == "route":
            return [OP["route"], self.route(args[0]), 1 if "fail" in args[1:] else 0]
        if verb == "unroute":
            return [OP["unroute"], self.route(args[0])]
        if verb == "show":
            opts, payload = 0, None
            for option in args[1:]:
                if option == "animated":
                    opts |= 1
                elif option == "keep":
                    opts |= 2
                elif option == "new":
                    opts |= 4
                elif option.startswith("payload="):
                    payload = option[len("payload="):].encode()[:23]
                    opts |= 0x10
            out = [OP["show"], self.route(args[0]), opts]
            return out + ([len(payload)] + list(payload) if payload is not None else [])
        if verb == "threshold":
            return [OP["threshold"], int(args[0]) & 0xF]
        if verb == "config":
            if args[0] == "animator":
                return [OP["callback"], CALLBACKS.index("animator"), 0 if args[1] == "on" else 1]
            if args[0] == "always_appear":
                return [OP["always_appear"], 1 if args[1] == "on" else 0]
            return []  # pump: chosen at creation
        if verb == "on":
            return self.hook(args)
        if verb == "expect":
            return [OP["query"], 0xFF] if args and args[0] != "status" else []
        if verb == "trace":
            return []
        # Extensions for hand-written seeds.
        if verb == "navigator":
            return [OP["create"], 1 if args[0] == "host" else 0, ALL_CALLBACKS]
        if verb == "select":
            return [OP["select"], int(args[0])]
        if verb == "with":
            kind = args[0].rstrip(":")
            inner = self.command(args[1:])
            variant = {"null": [0xC0, 0], "dead": [0xC0, 1], "forged": [0xC0, 2], "other": [0x80]}[kind]
            return [inner[0] | variant[0]] + variant[1:] + inner[1:]
        if verb in ("discard", "object", "route_of"):
            code = {"discard": "discard", "object": "screen_object", "route_of": "screen_route"}[verb]
            return [OP[code], self.label_code(args[0])] + ([7] if verb == "route_of" else [])
        if verb == "callback":
            mode = {"on": 0, "off": 1, "bare": 2}[args[1]]
            return [OP["callback"], CALLBACKS.index(args[0]), mode]
        if verb in ("misuse", "names"):
            return [OP[verb], int(args[0]) & 0xFF]
        if verb == "query":
            return [OP["query"], 0xFF]
        if verb == "set_huge":
            out = [OP["set"], 0xFD, int(args[0]) & 3]
            for word in args[1:3]:
                route, ordinal = self.label(word)
                out += [0xC0 | route, ordinal]
            return out + [0]
        if verb == "race":
            return [OP["race"], int(args[0]) & 0xFF, int(args[1]) & 0xFF]
        if verb == "raw":
            return [int(x, 16) for x in args]
        raise ValueError(f"unknown command {' '.join(words)}")

    def hook(self, args):
        """`on EVENT [WORD]: COMMAND[; COMMAND…]`."""
        colon = next(i for i, a in enumerate(args) if a.endswith(":"))
        event = [w for w in args[:colon] + [args[colon][:-1]] if w]
        program = []
        for part in " ".join(args[colon + 1:]).split(";"):
            if part.strip():
                program += self.command(part.split())
        kind, word = event[0], (event[1] if len(event) > 1 else None)
        filter_ = 0xFF
        if word is not None:
            if kind in LABELLED:
                filter_ = self.label_code(word)
            elif kind == "done":
                filter_ = OPS.index(word)
            elif kind == "action":
                filter_ = STATES.index(word)
            elif kind == "transition":
                filter_ = 0 if word == "push" else 1
            elif kind == "run":
                filter_ = self.run_name(word)
            elif kind == "bar":
                filter_ = 1 if word == "shown" else 0
        if len(program) > 47:
            raise ValueError("hook program longer than 47 bytes")
        return [OP["hook"], HOOK_KINDS.index(kind), filter_, 0, len(program)] + program


def convert(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    host = any(line.split() == ["config", "pump", "on"] for line in lines)
    converter = Converter()
    out = [OP["create"], 1 if host else 0, ALL_CALLBACKS]
    in_trace = False
    for number, line in enumerate(lines, 1):
        words = line.split()
        if in_trace:
            in_trace = words != ["end"]
            continue
        if not words or line.startswith("#"):
            continue
        if words[:2] == ["expect", "trace"]:
            in_trace = True
            continue
        try:
            out += converter.command(words)
        except (ValueError, IndexError, StopIteration) as error:
            raise SystemExit(f"{path}:{number}: {error}")
    return bytes(out)


def main(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    outdir, rest, prefix = argv[0], argv[1:], ""
    if rest[:1] == ["--prefix"]:
        prefix, rest = rest[1], rest[2:]
    files = []
    for path in rest:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".nav"))
        else:
            files.append(path)
    os.makedirs(outdir, exist_ok=True)
    for path in files:
        name = prefix + os.path.splitext(os.path.basename(path))[0] + ".bin"
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(convert(path))
    print(f"nav2bytes: wrote {len(files)} inputs to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
