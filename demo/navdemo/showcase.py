"""The showcase: the session ``make demo`` plays when there is no terminal (CI, a pipe)."""

#: Each line: a step of the key script, and what it shows.
SCRIPT = """
p*4          # four rapid pushes: page1 slides in, three wait in the queue
tick*6       # page1 is half way in; the ops panel lists the waiting pushes
settle       # they land in order: page2, page3 (depth 3: the bar appears), page4
swipe*6      # hold s: the back gesture drags page4 30% off
release      # let go before half way...
settle       # ...it springs back: the gesture is cancelled, page4 is restored
3 settle     # show the compose route
type:draft   # type in its note: unsaved changes
back         # the back button is vetoed: the message says why
notify       # the worker thread posts an alert...
settle       # ...which lands on the UI thread
"""

INTRO = (
    "navdemo: stdout is not a terminal, so here is a recorded session instead of the app\n"
    "(run `make demo` in a terminal of at least 80x24 for the interactive app).\n"
)
