"""navcore with asyncio: a host-dispatch navigator drained on the event loop, awaited ops, and a
worker thread whose post lands on the loop's thread."""
import asyncio
import threading

import navcore
import navcore.aio


class Page:
    def __init__(self, title):
        self.title = title

    def did_show(self):
        print(f"  {self.title} shown on {threading.current_thread().name}")

    def receive_payload(self, payload):
        print(f"  {self.title} got {payload.json()} on {threading.current_thread().name}")


async def main():
    nav = navcore.aio.navigator()                # host dispatch: callbacks run on this loop
    loop = asyncio.get_running_loop()
    nav.animator = lambda t: loop.call_later(0.02, t.finish)      # a 20 ms "animation"
    nav.register_route("message", lambda request: Page("Message"))

    print("push:", await nav.push(Page("Home")))
    print("push:", await nav.push(Page("Inbox")))

    posted = []
    worker = threading.Thread(name="worker", target=lambda: posted.append(
        nav.post("message", payload={"id": 42}, remove_current=False, animated=True)))
    worker.start()
    await asyncio.to_thread(worker.join)
    print("post from the worker thread:", await posted[0])
    print("stack:", [s.object.title for s in nav.stack])
    nav.close()


asyncio.run(main())
