"""The host's animator: navcore hands it a transition, the UI loop plays it frame by frame and
ends it through navcore.

A plain transition (push, pop, set, show, the sheet's present and dismiss) slides over ``frames`` frames and is finished on the
last one. The interactive back gesture follows the user: each press (or key repeat) of the
swipe key drags it by ``SWIPE_STEP`` and reports the progress to navcore; on release it settles
to the end (finish) when past half way, else back to the start (cancel); the cancel key settles
it back at once. Progress is kept in whole percents, so every frame is reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import navcore

#: Percent per press of the swipe key.
SWIPE_STEP = 5
#: Percent per frame while a released gesture settles.
SETTLE_STEP = 10
#: A released gesture at least this far commits.
COMMIT_AT = 50


@dataclass
class Slide:
    """The transition in flight and where the host's animation of it is."""

    transition: navcore.Transition
    #: The navigator whose animator was handed the transition (its name in the family).
    owner: str = "root"
    percent: int = 0
    #: For plain transitions: frames played so far.
    frame: int = 0
    #: Interactive only: the user still holds the swipe key.
    held: bool = False
    #: Interactive only, once released: 100 (finish) or 0 (cancel).
    target: Optional[int] = None

    @property
    def interactive(self) -> bool:
        """Whether this is the back gesture."""
        return self.transition.interactive

    @property
    def style(self) -> navcore.Style:
        """Push, pop, or the sheet's present or dismiss."""
        return self.transition.style


class SlideAnimator:
    """Records navcore's transitions and plays them, one frame per ``tick()``."""

    def __init__(self, frames: int, log: Callable[[str], None]) -> None:
        self.frames = frames
        self.current: Optional[Slide] = None
        self._log = log

    # -- what navcore calls ---------------------------------------------------------------------

    def __call__(self, transition: navcore.Transition, owner: str = "root") -> None:
        """navcore's animator callback (of the navigator named ``owner``: a family runs one
        transition at a time, so one animator serves every member): only records the transition
        (the UI loop plays it)."""
        self.current = Slide(transition, owner, held=transition.interactive)

    # -- what the UI loop calls -------------------------------------------------------------------

    @property
    def moving(self) -> bool:
        """Whether the next frame changes something (a gesture still held does not move)."""
        slide = self.current
        return slide is not None and not (slide.interactive and slide.held)

    @property
    def held(self) -> bool:
        """Whether the user is holding the back gesture."""
        slide = self.current
        return slide is not None and slide.interactive and slide.held

    def tick(self) -> None:
        """Plays one frame; on the last one, ends the transition through navcore."""
        slide = self.current
        if slide is None or (slide.interactive and slide.held):
            return
        if not slide.interactive:
            slide.frame += 1
            slide.percent = 100 * slide.frame // self.frames
            if slide.frame >= self.frames:
                self._end(slide, finish=True)
            return
        target = slide.target if slide.target is not None else 0
        step = SETTLE_STEP if target > slide.percent else -SETTLE_STEP
        slide.percent = min(target, slide.percent + step) if step > 0 else max(target, slide.percent + step)
        if slide.percent == target:
            self._end(slide, finish=target == 100)

    def drag(self) -> None:
        """One press (or repeat) of the swipe key: the gesture moves on by ``SWIPE_STEP``."""
        slide = self.current
        if slide is None or not slide.held:
            return
        slide.percent = min(100, slide.percent + SWIPE_STEP)
        slide.transition.progress(slide.percent / 100)

    def release(self) -> None:
        """The swipe key was let go: settle forward past ``COMMIT_AT``, else back."""
        slide = self.current
        if slide is None or not slide.held:
            return
        slide.held = False
        slide.target = 100 if slide.percent >= COMMIT_AT else 0
        verdict = "commits" if slide.target == 100 else "springs back"
        self._log(f"> swipe released at {slide.percent}%: {verdict}")

    def cancel(self) -> None:
        """The cancel key: a held or settling gesture springs back and is cancelled."""
        slide = self.current
        if slide is None or not slide.interactive:
            return
        slide.held = False
        slide.target = 0
        self._log(f"> swipe cancelled at {slide.percent}%")

    def _end(self, slide: Slide, finish: bool) -> None:
        """Ends the transition through navcore (which may queue a wakeup for the next op)."""
        self.current = None
        if finish:
            slide.transition.finish()
        else:
            slide.transition.cancel()
