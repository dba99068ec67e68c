import NavCore
import Testing

/// SPEC §5: the interactive back gesture is never queued; it runs the pop events with an
/// interactive transition, reports progress, and is finished or cancelled by the host.
@Suite struct GestureTests {
    @Test func theGestureIsRefusedWithStateWhileHidden() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.setVisible(false, completion: nil)
        _ = h.trace()
        let completions = Completions()
        expectError(.state) { try h.nav.beginGesture(completion: completions.handler) }
        #expect(h.trace().isEmpty)
        #expect(completions.received.isEmpty)
        #expect(h.names == ["A", "B"])
    }

    @Test func theGestureIsRefusedWithStateWithoutAnAnimator() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B")
        expectError(.state) { try h.nav.beginGesture(completion: nil) }
        h.nav.setAnimator { _ in }
        h.nav.setAnimator(nil)
        expectError(.state) { try h.nav.beginGesture(completion: nil) }
        #expect(h.trace().isEmpty)
    }

    @Test func theGestureIsRefusedWithBusyWhileAnOpRuns() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        let completions = Completions()
        expectError(.busy) { try h.nav.beginGesture(completion: completions.handler) }
        #expect(h.nav.pendingCount == 0, "the gesture is never queued")
        try h.finish()
        #expect(completions.received.isEmpty)
        #expect(h.names == ["A", "B"])
    }

    @Test func theGestureIsRefusedWithBusyWhileTheQueueIsNotEmpty() throws {
        let h = Harness(dispatch: .host)
        try h.nav.setStack([try h.screen("A"), try h.screen("B")], animated: false, completion: nil)
        try h.nav.drain()
        try h.nav.run ({}, completion: nil)  // waits for a drain: idle, but the queue is not empty
        #expect(!h.nav.isBusy)
        expectError(.busy) { try h.nav.beginGesture(completion: nil) }
        try h.nav.drain()
        #expect(try h.nav.beginGesture(completion: nil) == .ok)
    }

    @Test func aHiddenNavigatorRefusesWithStateEvenWhenAlsoBusy() throws {
        let h = Harness(dispatch: .host)
        try h.nav.setStack([try h.screen("A"), try h.screen("B")], animated: false, completion: nil)
        try h.nav.setVisible(false, completion: nil)
        try h.nav.drain()
        try h.nav.run ({}, completion: nil)  // the queue is not empty
        expectError(.state) { try h.nav.beginGesture(completion: nil) }
    }

    @Test func theAnimatorMayFinishOrCancelFromInsideItsCallback() throws {
        let h = Harness(animator: false)
        let cancelNext = Locked(true)
        h.nav.setAnimator { [nav = h.nav] transition in
            if cancelNext.update({ cancel in let was = cancel; cancel = false; return was }) {
                try? nav.cancelTransition(transition.id)
            } else {
                try? nav.finishTransition(transition.id)
            }
        }
        try h.stack("A", "B")
        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        #expect(completions.received == [.cancelled])
        #expect(h.names == ["A", "B"])
        try h.nav.beginGesture(completion: completions.handler)
        #expect(completions.received == [.cancelled, .completed])
        #expect(h.names == ["A"])
        #expect(!h.nav.isBusy)
    }

    @Test func aGestureWithFewerThanTwoScreensIsAcceptedAndEndsNoop() throws {
        let h = Harness()
        try h.stack("A")
        let completions = Completions()
        #expect(try h.nav.beginGesture(completion: completions.handler) == .ok)
        #expect(completions.received == [.noop])
        #expect(h.trace() == ["done gesture noop"])
        let empty = Harness()
        #expect(try empty.nav.beginGesture(completion: nil) == .ok)
        #expect(empty.trace() == ["done gesture noop"])
    }

    @Test func aVetoedGestureEmitsOnlyDone() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let asked = Locked<[String]>([])
        h.nav.setPopVeto { screen, trigger in
            asked.append("\(screen.route) \(trigger)")
            return false
        }
        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        #expect(asked.value == ["B gesture"])
        #expect(completions.received == [.vetoed])
        #expect(h.trace() == ["done gesture vetoed"])
        #expect(h.nav.stack == screens)
    }

    @Test func theGestureRunsThePopEventsWithAnInteractiveTransition() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C")
        #expect(try h.nav.beginGesture(completion: nil) == .ok)
        #expect(h.trace() == [
            "action will_pop +B -C animated",
            "action did_pop +B -C animated",
            "will_hide C pop animated",
            "will_show B pop animated",
            "transition pop C>B interactive",
        ])
        let transition = try #require(h.lastTransition)
        #expect(transition.interactive)
        #expect(transition.style == .pop)
        #expect(transition.from == screens[2] && transition.to == screens[1])
        #expect(h.nav.stack == Array(screens.prefix(2)), "the stack already shows the pop")
        #expect(h.nav.isBusy)
        #expect(h.nav.transitionInFlight == transition.id)
    }

    @Test func progressReachesObserversAndIsCheckedForRangeAndState() throws {
        let h = Harness()
        try h.stack("A", "B")
        expectError(.state) { try h.nav.updateTransition(1, progress: 0.5) }  // nothing in flight
        try h.nav.beginGesture(completion: nil)
        let id = try #require(h.nav.transitionInFlight)
        _ = h.trace()
        try h.nav.updateTransition(id, progress: 0)
        try h.nav.updateTransition(id, progress: 0.25)
        try h.nav.updateTransition(id, progress: 1)
        expectError(.invalid) { try h.nav.updateTransition(id, progress: -0.01) }
        expectError(.invalid) { try h.nav.updateTransition(id, progress: 1.5) }
        expectError(.invalid) { try h.nav.updateTransition(id, progress: .nan) }
        expectError(.invalid) { try h.nav.updateTransition(id, progress: .infinity) }
        expectError(.state) { try h.nav.updateTransition(id + 1, progress: 0.5) }
        #expect(h.trace() == ["progress 0.00", "progress 0.25", "progress 1.00"])
        let values = Locked<[Double]>([])
        h.nav.addObserver { event in
            if case .progress(let transition, let value) = event, transition == id { values.update { $0.append(value) } }
        }
        try h.nav.updateTransition(id, progress: 0.75)
        #expect(values.value == [0.75])
    }

    @Test func progressOutsideAnInteractiveTransitionFailsWithState() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // a push: not interactive
        let id = try #require(h.nav.transitionInFlight)
        _ = h.trace()
        expectError(.state) { try h.nav.updateTransition(id, progress: 0.5) }
        #expect(h.trace().isEmpty)
    }

    @Test func finishingTheGestureCompletesThePop() throws {
        let h = Harness()
        try h.stack("A", "B")
        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        _ = h.trace()
        try h.finish()
        #expect(h.trace() == [
            "did_hide B pop animated",
            "did_show A pop animated",
            "release B",
            "action pop_completed +A -B animated",
            "done gesture completed",
            "action idle",
        ])
        #expect(completions.received == [.completed])
        #expect(h.names == ["A"])
    }

    @Test func cancellingRestoresTheStackClosesEveryShowEventAndReleasesNothing() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C")
        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        _ = h.trace()
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(h.trace() == [
            "will_hide B cancel animated",
            "will_show C cancel animated",
            "did_hide B cancel animated",
            "did_show C cancel animated",
            "action pop_cancelled +B -C animated",
            "done gesture cancelled",
            "action idle",
        ])
        #expect(completions.received == [.cancelled])
        #expect(h.nav.stack == screens)
        #expect(try h.nav.screen(screens[2].id) == screens[2], "C is still live")
        #expect(!h.nav.isBusy)
        #expect(h.nav.actionState == .idle)
        // A new gesture on the restored stack works as the first did.
        try h.nav.beginGesture(completion: nil)
        #expect(h.lastTransition?.from == screens[2])
    }

    @Test func cancellingRecomputesTheBarBeforeTheShowEvents() throws {
        let h = Harness()
        try h.stack("A", "B", "C")
        try h.nav.setBarThreshold(3)
        try h.nav.beginGesture(completion: nil)
        #expect(h.trace().contains("bar hidden animated"))
        #expect(!h.nav.isBarShown)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(h.trace().first(2) == ["bar shown animated", "will_hide B cancel animated"])
        #expect(h.nav.isBarShown)
    }

    @Test func opsAskedDuringTheGestureRunAfterItEnds() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.beginGesture(completion: nil)
        let ran = Counter()
        #expect(try h.nav.run ({ ran.increment() }, completion: nil) == .queued)
        #expect(try h.nav.pop(animated: false, completion: nil) == .queued)
        #expect(ran.value == 0)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(ran.value == 1)
        #expect(h.names == ["A"])
    }

    @Test func inHostModeTheGestureAndItsEndActAtOnceWithoutADrain() throws {
        let h = Harness(dispatch: .host)
        let wakeups = Counter()
        h.nav.setWakeupHandler { wakeups.increment() }
        try h.nav.setStack([try h.screen("A"), try h.screen("B")], animated: false, completion: nil)
        try h.nav.drain()
        let before = wakeups.value
        _ = h.trace()
        #expect(try h.nav.beginGesture(completion: nil) == .ok)
        #expect(h.trace().last == "transition pop B>A interactive")
        #expect(try h.nav.run ({}, completion: nil) == .queued)
        #expect(wakeups.value == before + 1)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(h.trace().contains("done gesture cancelled"))
        #expect(h.nav.pendingCount == 1, "the queued op waits for the host's drain")
        try h.nav.drain()
        #expect(h.nav.pendingCount == 0)
        #expect(h.trace() == ["done run completed"])
    }
}

extension Array {
    /// The first `count` elements, as an array.
    func first(_ count: Int) -> [Element] { Array(prefix(count)) }
}
