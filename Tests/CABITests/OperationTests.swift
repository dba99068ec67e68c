import CNavCore
import Testing

/// navcore.h, "Operations": navcore_push, navcore_pop, navcore_pop_to, navcore_pop_to_root,
/// navcore_set_stack, navcore_back, navcore_gesture_begin, navcore_run, navcore_set_visible
/// (navcore_show and navcore_post are in RouteTests): the order of events (SPEC §4), the queue
/// (SPEC §3), every outcome, and calls that fail at the call.
@Suite("Operations") struct OperationTests {
    @Test("an animated push emits SPEC §4's events in order: action, stack, bar, show/hide, transition, …, done, idle")
    func animatedPushEmitsEventsInOrder() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        expectStatus(navcore_set_bar_threshold(h.nav, 2))
        _ = h.r.take()
        let b = h.screen("B")
        expectStatus(navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "action will_push +B -A animated", "action did_push +B -A animated", "bar shown animated",
            "will_hide A push animated", "will_show B push animated", "transition push A>B",
        ])
        #expect(h.stack == ["A", "B"] && h.state == "did_push" && h.busy)
        h.finish()
        #expect(h.r.take() == [
            "did_hide A push animated", "did_show B push animated", "action push_completed +B -A animated",
            "completion c1 push completed", "done push completed", "action idle",
        ])
        #expect(h.state == "idle" && !h.busy)
    }

    @Test("the first screen never animates")
    func firstScreenIsInstant() {
        let h = Harness()
        defer { h.close() }
        let a = h.screen("A")
        expectStatus(navcore_push(h.nav, a, true, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "action will_push +A instant", "action did_push +A instant", "will_show A push instant",
            "did_show A push instant", "action push_completed +A instant", "completion c1 push completed",
            "done push completed", "action idle",
        ])
    }

    @Test("pop, pop_to and pop_to_root remove the screens above and release them from the top down")
    func popsReleaseTopDown() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C", "D", "E")
        expectStatus(navcore_pop(h.nav, false, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "action will_pop +D -E instant", "action did_pop +D -E instant", "will_hide E pop instant",
            "will_show D pop instant", "did_hide E pop instant", "did_show D pop instant", "release E",
            "action pop_completed +D -E instant", "completion c1 pop completed", "done pop completed", "action idle",
        ])
        expectStatus(navcore_pop_to(h.nav, h.id("B"), true, h.r.doneFn, h.ctx("c2")))
        #expect(h.r.take() == [
            "action will_pop +B -C -D animated", "action did_pop +B -C -D animated", "will_hide D pop animated",
            "will_show B pop animated", "transition pop D>B",
        ])
        h.finish()
        #expect(h.r.take() == [
            "did_hide D pop animated", "did_show B pop animated", "release D", "release C",
            "action pop_completed +B -C -D animated", "completion c2 pop_to completed", "done pop_to completed",
            "action idle",
        ])
        expectStatus(navcore_pop_to_root(h.nav, false, h.r.doneFn, h.ctx("c3")))
        #expect(h.r.take(["action", "release", "completion"]) == [
            "action will_pop +A -B instant", "action did_pop +A -B instant", "release B",
            "action pop_completed +A -B instant", "completion c3 pop_to_root completed", "action idle",
        ])
        #expect(h.stack == ["A"])
    }

    @Test("set chooses its transition as UIKit: push style for a new top, pop style for an old one, none for the same top")
    func setChoosesTransitionStyle() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C")
        let x = h.screen("X")
        expectStatus(navcore_set_stack(h.nav, [h.id("A"), x], 2, true, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "action will_set +X -B -C animated", "action did_set +X -B -C animated", "will_hide C set animated",
            "will_show X set animated", "transition push C>X",
        ])
        h.finish()
        #expect(h.r.take() == [
            "did_hide C set animated", "did_show X set animated", "release C", "release B",
            "action set_completed +X -B -C animated", "completion c1 set completed", "done set completed", "action idle",
        ])
        expectStatus(navcore_set_stack(h.nav, [h.id("A")], 1, true, h.r.doneFn, h.ctx("c2")))
        #expect(h.r.take(["transition"]) == ["transition pop X>A"])
        h.finish()
        _ = h.r.take()
        let y = h.screen("Y")
        expectStatus(navcore_set_stack(h.nav, [y, h.id("A")], 2, true, h.r.doneFn, h.ctx("c3")))
        #expect(h.r.take() == [
            "action will_set instant", "action did_set instant", "action set_completed instant",
            "completion c3 set completed", "done set completed", "action idle",
        ], "same top: no appearing screen, no transition, no show/hide")
        #expect(h.stack == ["Y", "A"])
    }

    @Test("ops return ok when they start and queued when they wait; the queue runs in FIFO order without stalling")
    func queueRunsInOrder() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), c = h.screen("C")
        expectStatus(navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_pop(h.nav, false, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        expectStatus(navcore_pop(h.nav, false, h.r.doneFn, h.ctx("c3")), NAVCORE_QUEUED)  // will be a noop
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")), NAVCORE_QUEUED)
        expectStatus(navcore_push(h.nav, c, false, h.r.doneFn, h.ctx("c4")), NAVCORE_QUEUED)
        expectStatus(navcore_push(h.nav, c, false, h.r.doneFn, h.ctx("c5")), NAVCORE_QUEUED)  // duplicate
        #expect(h.pending == 5)
        _ = h.r.take()
        h.finish()
        #expect(h.r.take(["completion", "run"]) == [
            "completion c1 push completed", "completion c2 pop completed", "completion c3 pop noop", "run r1",
            "completion r1 run completed", "completion c4 push completed", "completion c5 push duplicate",
        ])
        #expect(h.stack == ["A", "C"] && h.pending == 0 && !h.busy)
    }

    @Test("every outcome an op can end with reaches its completion exactly once")
    func outcomesReachTheCompletion() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        let detached = h.screen("D")
        let a = h.id("A"), b = h.id("B")
        func expectOutcome(_ call: (UnsafeMutableRawPointer) -> Int32, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let name = "k\(h.r.history.count)"
            expectStatus(call(h.ctx(name)), NAVCORE_OK, sourceLocation: sourceLocation)
            let completions = h.r.take(["completion"])
            #expect(completions == ["completion \(name) \(line)"], sourceLocation: sourceLocation)
        }
        expectOutcome({ navcore_push(h.nav, b, false, h.r.doneFn, $0) }, "push duplicate")
        expectOutcome({ navcore_pop_to(h.nav, b, false, h.r.doneFn, $0) }, "pop_to noop")
        expectOutcome({ navcore_pop_to(h.nav, detached, false, h.r.doneFn, $0) }, "pop_to not_in_stack")
        expectOutcome({ navcore_set_stack(h.nav, [a, b], 2, false, h.r.doneFn, $0) }, "set noop")
        expectOutcome({ navcore_set_stack(h.nav, [a, b, a], 3, false, h.r.doneFn, $0) }, "set duplicate")
        expectOutcome({ navcore_set_stack(h.nav, nil, 0, false, h.r.doneFn, $0) }, "set invalid")
        expectOutcome({ navcore_set_visible(h.nav, true, h.r.doneFn, $0) }, "visible noop")
        h.r.refusals = ["B"]
        expectOutcome({ navcore_back(h.nav, false, h.r.doneFn, $0) }, "back vetoed")
        h.r.refusals = []
        expectOutcome({ navcore_back(h.nav, false, h.r.doneFn, $0) }, "back completed")
        expectOutcome({ navcore_back(h.nav, false, h.r.doneFn, $0) }, "back noop")
        expectOutcome({ navcore_pop(h.nav, false, h.r.doneFn, $0) }, "pop noop")
        expectOutcome({ navcore_pop_to_root(h.nav, false, h.r.doneFn, $0) }, "pop_to_root noop")
        expectOutcome({ navcore_gesture_begin(h.nav, h.r.doneFn, $0) }, "gesture noop")
        expectOutcome({ navcore_set_visible(h.nav, false, h.r.doneFn, $0) }, "visible completed")
        // cancelled: TransitionTests; unknown_route and factory_failed: RouteTests;
        // aborted: NavigatorTests and CallbackTests.
        #expect(h.stack == ["A"])
    }

    @Test("push of a screen released before the op ran, and set naming one, end invalid")
    func releasedBeforeRunningIsInvalid() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), x = h.screen("X"), y = h.screen("Y")
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        expectStatus(navcore_push(h.nav, x, false, h.r.doneFn, h.ctx("c1")), NAVCORE_QUEUED)
        expectStatus(navcore_set_stack(h.nav, [h.id("A"), y], 2, false, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        expectStatus(navcore_screen_discard(h.nav, x))
        expectStatus(navcore_screen_discard(h.nav, y))
        h.finish()
        #expect(h.r.take(["completion"]) == ["completion c1 push invalid", "completion c2 set invalid"])
        #expect(h.stack == ["A", "B"])
    }

    @Test("calls that fail at the call queue nothing and never call their completion")
    func failingCallsQueueNothing() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        let never = h.ctx("never"), done = h.r.doneFn
        expectError(navcore_set_stack(h.nav, nil, 2, false, done, never), NAVCORE_ERR_INVALID, "NULL screens with a count")
        expectError(navcore_run(h.nav, nil, done, never), NAVCORE_ERR_INVALID, "NULL block")
        expectError(navcore_push(h.nav, 0, false, done, never), NAVCORE_ERR_NO_SUCH_SCREEN, "screen 0")
        expectError(navcore_pop_to(h.nav, 12_345_678_901, false, done, never), NAVCORE_ERR_NO_SUCH_SCREEN, "unknown screen")
        expectError(navcore_show(h.nav, nil, nil, done, never), NAVCORE_ERR_INVALID, "NULL route")
        expectError(navcore_post(h.nav, invalidUTF8, nil, done, never), NAVCORE_ERR_INVALID, "route not UTF-8")
        #expect(h.pending == 0 && !h.busy)
        #expect(h.r.take().isEmpty)
        // Also while busy: still nothing queued.
        expectStatus(navcore_pop(h.nav, true, nil, nil))
        expectError(navcore_set_stack(h.nav, nil, 1, false, done, never), NAVCORE_ERR_INVALID)
        expectError(navcore_run(h.nav, nil, done, never), NAVCORE_ERR_INVALID)
        #expect(h.pending == 0)
        h.finish()
        #expect(!h.r.history.contains { $0.contains("never") })
    }

    @Test("back asks the veto about the top (by button), only when it runs; pop, pop_to, pop_to_root and set never ask")
    func backAsksTheVeto() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C", "D")
        h.r.refusals = ["C", "D"]
        expectStatus(navcore_pop(h.nav, true, nil, nil))  // waits for its transition; not asked
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("c1")), NAVCORE_QUEUED)
        #expect(h.r.take(["should_pop"]).isEmpty, "the veto is asked when the op runs")
        h.finish()
        #expect(h.r.take(["should_pop", "completion"]) == ["should_pop C button no", "completion c1 back vetoed"])
        #expect(h.stack == ["A", "B", "C"])
        h.r.refusals = ["A", "B", "C", "D"]
        expectStatus(navcore_pop_to(h.nav, h.id("B"), false, nil, nil))
        expectStatus(navcore_set_stack(h.nav, [h.id("A"), h.id("B")], 2, false, nil, nil))
        expectStatus(navcore_pop_to_root(h.nav, false, nil, nil))
        expectStatus(navcore_set_stack(h.nav, [h.id("A"), h.screen("E")], 2, false, nil, nil))
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(h.r.take(["should_pop"]).isEmpty)
        #expect(h.stack == ["A"])
    }

    @Test("run calls the block in queue order with its ctx, then its completion with the same ctx")
    func runCallsBlockThenCompletion() {
        let h = Harness()
        defer { h.close() }
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")))
        #expect(h.r.take() == ["run r1", "completion r1 run completed", "done run completed"])
        expectStatus(navcore_run(h.nav, h.r.runFn, nil, h.ctx("r2")))
        #expect(h.r.take() == ["run r2", "done run completed"], "the completion may be NULL")
    }

    @Test("ops asked from inside callbacks are queued and run after the current op")
    func opsInsideCallbacksAreQueued() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), c = h.screen("C")
        let statuses = Locked<[Int32]>([])
        h.r.on("action did_push +B") {
            statuses.update { $0.append(navcore_push(h.nav, c, false, h.r.doneFn, h.ctx("inner"))) }
        }
        h.r.on("run r1") {
            statuses.update { $0.append(navcore_pop(h.nav, false, h.r.doneFn, h.ctx("inner2"))) }
        }
        expectStatus(navcore_push(h.nav, b, false, h.r.doneFn, h.ctx("outer")))
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")))
        #expect(statuses.value == [QUEUED, QUEUED])
        #expect(h.r.take(["completion", "run"]) == [
            "completion outer push completed", "completion inner push completed", "run r1", "completion r1 run completed",
            "completion inner2 pop completed",
        ])
        #expect(h.stack == ["A", "B"])
    }

    @Test("set_visible: off hides the top, hidden ops are instant and emit no show/hide, on shows the top")
    func visibilityChangesAppearance() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B")
        expectStatus(navcore_set_visible(h.nav, false, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "will_hide A disappear instant", "did_hide A disappear instant", "completion c1 visible completed",
            "done visible completed",
        ])
        var visible = true
        expectStatus(navcore_is_visible(&visible, h.nav))
        #expect(!visible)
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        #expect(h.r.take() == [
            "action will_push +B -A instant", "action did_push +B -A instant", "action push_completed +B -A instant",
            "done push completed", "action idle",
        ])
        expectStatus(navcore_set_visible(h.nav, true, h.r.doneFn, h.ctx("c2")))
        #expect(h.r.take() == [
            "will_show B appear instant", "did_show B appear instant", "completion c2 visible completed",
            "done visible completed",
        ])
        expectStatus(navcore_is_visible(&visible, h.nav))
        #expect(visible)
    }
}
