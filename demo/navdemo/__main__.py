"""The command line: ``python -m navdemo [--keys SCRIPT [--frames]] [--showcase] [--fresh]
[--state FILE]``."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Optional, Sequence, Tuple

from . import script, showcase, statefile
from .app import NOTIFY_EVERY, DemoApp
from .keymap import DESCRIPTIONS


def _size(text: str) -> Tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT") from None
    return width, height


def _parser() -> argparse.ArgumentParser:
    keys = "\n".join(f"  {key:<22}{what}" for key, what in DESCRIPTIONS)
    syntax = script.__doc__.split("\n", 2)[2] if script.__doc__ else ""
    parser = argparse.ArgumentParser(
        prog="python -m navdemo",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A terminal host of navcore: cards, animated transitions, a swipe-back "
        "gesture, a veto, routes, and a worker thread posting notifications.",
        epilog=f"keys:\n{keys}\n\nkey scripts (--keys):\n{syntax}",
    )
    parser.add_argument("--keys", metavar="SCRIPT", help="play a key script instead of reading the "
                        "keyboard (@FILE reads it from a file)")
    parser.add_argument("--frames", action="store_true", help="with --keys: print the screen after "
                        "every step, not only at the end")
    parser.add_argument("--size", type=_size, default=(80, 24), metavar="WxH",
                        help="the screen size of --keys and --showcase (default 80x24)")
    parser.add_argument("--showcase", action="store_true", help="play the built-in session "
                        "(what `make demo` shows when stdout is not a terminal)")
    parser.add_argument("--interval", type=float, default=NOTIFY_EVERY, metavar="SECONDS",
                        help=f"the app's worker posts every SECONDS (default {NOTIFY_EVERY:g}; "
                        "0: only on n). Scripts post only on notify")
    parser.add_argument("--fresh", action="store_true", help="start with each tab's first screen "
                        "only, not the tree that q saved last time (the saved file is kept)")
    parser.add_argument("--state", type=Path, metavar="FILE", help="where q saves the stack and "
                        f"the start restores it from (default: {statefile.default_path()}, from "
                        "$XDG_STATE_HOME). Key scripts use a temporary file unless given one")
    return parser


def _interactive_terminal() -> bool:
    term = os.environ.get("TERM", "")
    return sys.stdin.isatty() and sys.stdout.isatty() and term not in ("", "dumb")


def play(text: str, frames: bool, size: Tuple[int, int], state: Optional[Path], fresh: bool) -> int:
    """Plays a key script headless, printing frames. Its ``q`` saves to ``state``, or to a
    temporary file when None (so that a script never changes the user's saved stack)."""
    from .terminal import TextFrames

    try:
        steps = script.parse(text)
    except script.ScriptError as error:
        print(f"navdemo: {error}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="navdemo-") as scratch:
        path = state if state is not None else Path(scratch) / statefile.FILE_NAME
        app = DemoApp(interval=None, state_path=path, fresh=fresh)
        screen = TextFrames(*size)

        def restart(old: DemoApp) -> DemoApp:
            old.command("quit")
            old.close()
            return DemoApp(interval=None, state_path=path)

        try:
            app = script.play(app, steps, screen.show, frames, restart)
        finally:
            app.close()
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The entry point."""
    args = _parser().parse_args(argv)
    if args.keys is not None:
        text: str = args.keys
        if text.startswith("@"):
            with open(text[1:], encoding="utf-8") as file:
                text = file.read()
        return play(text, args.frames, args.size, args.state, args.fresh)
    if args.showcase or not _interactive_terminal():
        if not args.showcase:
            sys.stdout.write(showcase.INTRO)
        return play(showcase.SCRIPT, True, args.size, None, True)
    from .terminal import run_curses

    interval = args.interval if args.interval > 0 else None
    path: Path = args.state if args.state is not None else statefile.default_path()
    saved = run_curses(lambda: DemoApp(interval=interval, state_path=path, fresh=args.fresh))
    if saved is not None:
        print(f"navdemo: saved the tree (in front {saved}) to {path}; the next start restores it (--fresh: not)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
