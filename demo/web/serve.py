"""The web demo's static server: demo/web at /, and build/wasm (navcore.wasm and the binding) at
/navcore/, on localhost only.

    python3 demo/web/serve.py [--port 8124] [--wasm build/wasm]

It prints the demo's URL on its first line once it listens (``--port 0`` takes a free port, which
the test reads from that line) and serves until interrupted. Every answer says ``no-store``, so a
reload after a rebuild never runs a stale module.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path
from typing import Any

DEMO = Path(__file__).resolve().parent
REPO = DEMO.parent.parent
#: Where the page imports navcore from (index.html and main.js say ./navcore/navcore.js).
NAVCORE_PREFIX = "/navcore/"


class DemoHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the demo's folder, and of the wasm folder under NAVCORE_PREFIX."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".css": "text/css",
        ".html": "text/html",
    }

    def __init__(self, *args: Any, wasm: Path, **kwargs: Any) -> None:
        self.wasm = wasm
        super().__init__(*args, directory=str(DEMO), **kwargs)

    def translate_path(self, path: str) -> str:
        path_only = path.split("?", 1)[0].split("#", 1)[0]
        if path_only.startswith(NAVCORE_PREFIX):
            inside = super().translate_path("/" + path_only[len(NAVCORE_PREFIX):])
            return str(self.wasm / Path(inside).relative_to(DEMO))
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        """Requests are not logged: the console stays for the URL and errors."""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Serve the navcore web demo on localhost.")
    parser.add_argument("--port", type=int, default=8124, help="the port (0: any free one); default 8124")
    parser.add_argument("--wasm", type=Path, default=REPO / "build" / "wasm",
                        help="the folder of navcore.wasm and navcore.js (make wasm); default build/wasm")
    args = parser.parse_args(argv)
    wasm = args.wasm.resolve()
    if not (wasm / "navcore.wasm").is_file() or not (wasm / "navcore.js").is_file():
        print(f"serve.py: {wasm} has no navcore.wasm and navcore.js: run `make wasm` first", file=sys.stderr)
        return 2
    handler = functools.partial(DemoHandler, wasm=wasm)
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    except OSError as error:
        print(f"serve.py: cannot listen on 127.0.0.1:{args.port}: {error.strerror} (choose another with --port)",
              file=sys.stderr)
        return 1
    port = server.server_address[1]
    print(f"navcore web demo: http://127.0.0.1:{port}/  (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
