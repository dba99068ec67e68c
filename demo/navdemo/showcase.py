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
c settle     # push a picker screen for a result
down enter   # choose grace: the picker pops carrying its choice as the result...
settle       # ...which comes back to the compose screen: to grace
back         # the back button: the veto answers later, and a dialog asks
n            # keep editing: the back ends vetoed
notify       # the worker thread posts an alert...
settle       # ...which lands on the UI thread
back settle  # back from the notification to the compose screen
/ p settle   # the Search tab: a navigator of its own, its own stack (Home's is kept)
f settle     # the modal sheet rises over the tabs (presented by the root)
down enter   # dismissed with "unread" as its result...
settle       # ...which comes back through its first screen's result
h            # the Home tab again, exactly as it was
restart      # q saves the whole tree; the demo started again restores it
"""

INTRO = (
    "navdemo: stdout is not a terminal, so here is a recorded session instead of the app\n"
    "(run `make demo` in a terminal of at least 80x24 for the interactive app).\n"
)
