"""A minimal navcore host: an animator the host finishes, rapid taps that queue, a veto, a route."""
import navcore


class Page:
    def __init__(self, title):
        self.title = title
        self.unsaved = False

    def did_show(self):                          # per-screen hook: this page became the top
        print("  showing", self.title)

    def receive_payload(self, payload):          # a show delivered a payload to this page
        print("  payload for", self.title, payload.json())


playing = []                                     # the transitions our "toolkit" is animating


def run_frames():
    """The host's frame loop: play each transition, then finish it through navcore."""
    while playing:
        t = playing.pop(0)
        print(f"  slide {t.style}: {t.from_screen.object.title} > {t.to_screen.object.title}")
        t.finish()                               # may start the next queued op (which animates)


with navcore.Navigator() as nav:
    nav.animator = playing.append                # navcore hands over each animated change
    nav.veto = lambda screen, by_gesture: not screen.object.unsaved
    nav.register_route("detail", lambda request: Page("Detail"))

    nav.push(Page("Home"))                       # the first screen never animates
    first = nav.push(Page("Inbox"))              # slides: waits until we finish it
    second = nav.push(Page("Message"))           # a rapid second tap: queued, not lost
    print("taps:", first.status, second.status, "- pending:", nav.pending)
    run_frames()

    nav.top.object.unsaved = True
    print("back:", nav.back().outcome)           # vetoed: unsaved changes
    nav.top.object.unsaved = False
    nav.show("detail", payload={"id": 7}, remove_current=False)   # instant unless animated=True
    print("stack:", [s.object.title for s in nav.stack])
    nav.pop_to_root()
    run_frames()
    print("stack:", [s.object.title for s in nav.stack])
