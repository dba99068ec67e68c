"""navdemo: a terminal host of navcore, to see in a minute what navcore does that
UINavigationController-style code gets wrong.

- ``app``: DemoApp, the host (a host-dispatch navigator, its listeners, the veto, routes);
- ``commands``: what each key does (the ops it asks);
- ``animator``: plays navcore's transitions frame by frame, and the interactive swipe;
- ``worker``: the wakeup pipe, and the thread that posts notifications;
- ``screens``: the screen objects (cards) and their hooks;
- ``trace``: the event log (SPEC §11 trace lines);
- ``render`` / ``canvas``: the screen, drawn as text;
- ``terminal``: the curses loop and the text frames of ``--frames``;
- ``script``: the key scripts of ``--keys``; ``showcase``: the session shown without a terminal.

Run ``python -m navdemo --help`` (or ``make demo``).
"""
