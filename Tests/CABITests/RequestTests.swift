import CNavCore
import Testing

/// navcore.h, "Requests": navcore_ask asks every op exactly as the op's function does — the
/// same statuses, the same events in the same order, the same completion — and refuses a
/// request it cannot read (`invalid`) after the handle check, as every argument is refused.
@Suite("Requests") struct RequestTests {
    /// One function of an op, called both ways on navigators made alike: by name, and as
    /// navcore_ask with the request of the same arguments.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let op: navcore_op
        /// Builds the navigator's state before the call (labels are the same both ways).
        let setup: @Sendable (Harness) -> Void
        /// The call: by name when `ask` is nil, else `ask` with the request of its arguments.
        let call: @Sendable (Harness, _ ask: ((navcore_request) -> Int32)?) -> Int32

        var testDescription: String { name }
    }

    /// A request of `op` as a host makes one: navcore_request_init, then the fields.
    static func request(_ op: navcore_op, _ fill: (inout navcore_request) -> Void = { _ in }) -> navcore_request {
        var request = navcore_request()
        expectStatus(navcore_request_init(&request, UInt32(NAVCORE_REQUEST_VERSION)))
        request.op = c(op)
        fill(&request)
        return request
    }

    static let cases: [Case] = [
        Case(name: "navcore_push", op: NAVCORE_OP_PUSH, setup: { $0.build("A"); _ = $0.screen("B") }) { h, ask in
            let b = h.id("B")
            guard let ask else { return navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_PUSH) { $0.screen = b; $0.animated = true })
        },
        Case(name: "navcore_push of a dead screen", op: NAVCORE_OP_PUSH, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_push(h.nav, 9_999_999, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_PUSH) { $0.screen = 9_999_999; $0.animated = true })
        },
        Case(name: "navcore_pop", op: NAVCORE_OP_POP, setup: { $0.build("A", "B") }) { h, ask in
            guard let ask else { return navcore_pop(h.nav, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_POP) { $0.animated = true })
        },
        Case(name: "navcore_pop_with_result", op: NAVCORE_OP_POP, setup: listening) { h, ask in
            guard let ask else { return navcore_pop_with_result(h.nav, false, "done", h.r.doneFn, h.ctx("c")) }
            return "done".withCString { text in ask(request(NAVCORE_OP_POP) { $0.result = text }) }
        },
        Case(name: "navcore_pop_with_result of bad UTF-8", op: NAVCORE_OP_POP, setup: listening) { h, ask in
            invalidUTF8.withUnsafeBufferPointer { text in
                guard let ask else { return navcore_pop_with_result(h.nav, false, text.baseAddress, h.r.doneFn, h.ctx("c")) }
                return ask(request(NAVCORE_OP_POP) { $0.result = text.baseAddress })
            }
        },
        Case(name: "navcore_pop_to", op: NAVCORE_OP_POP_TO, setup: { $0.build("A", "B", "C") }) { h, ask in
            let a = h.id("A")
            guard let ask else { return navcore_pop_to(h.nav, a, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_POP_TO) { $0.screen = a; $0.animated = true })
        },
        Case(name: "navcore_pop_to_root", op: NAVCORE_OP_POP_TO_ROOT, setup: { $0.build("A", "B", "C") }) { h, ask in
            guard let ask else { return navcore_pop_to_root(h.nav, false, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_POP_TO_ROOT))
        },
        Case(name: "navcore_set_stack", op: NAVCORE_OP_SET, setup: { $0.build("A", "B"); _ = $0.screen("X") }) { h, ask in
            let ids = [h.id("X"), h.id("A")]
            return ids.withUnsafeBufferPointer { ids in
                guard let ask else { return navcore_set_stack(h.nav, ids.baseAddress, 2, true, h.r.doneFn, h.ctx("c")) }
                return ask(request(NAVCORE_OP_SET) { $0.screens = ids.baseAddress; $0.count = 2; $0.animated = true })
            }
        },
        Case(name: "navcore_set_stack of NULL screens", op: NAVCORE_OP_SET, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_set_stack(h.nav, nil, 3, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_SET) { $0.count = 3 })
        },
        Case(name: "navcore_back", op: NAVCORE_OP_BACK, setup: vetoed) { h, ask in
            guard let ask else { return navcore_back(h.nav, true, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_BACK) { $0.animated = true })
        },
        Case(name: "navcore_gesture_begin", op: NAVCORE_OP_GESTURE, setup: { $0.build("A", "B") }) { h, ask in
            guard let ask else { return navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_GESTURE))
        },
        Case(name: "navcore_gesture_begin while hidden", op: NAVCORE_OP_GESTURE, setup: hidden) { h, ask in
            guard let ask else { return navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_GESTURE))
        },
        Case(name: "navcore_run", op: NAVCORE_OP_RUN, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("c")) }
            let block = h.r.runFn
            return ask(request(NAVCORE_OP_RUN) { $0.block = block })
        },
        Case(name: "navcore_run of a NULL block", op: NAVCORE_OP_RUN, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_run(h.nav, nil, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_RUN))
        },
        Case(name: "navcore_set_visible", op: NAVCORE_OP_VISIBLE, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_set_visible(h.nav, false, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_VISIBLE) { $0.visible = false })
        },
        Case(name: "navcore_show", op: NAVCORE_OP_SHOW, setup: routed) { h, ask in
            "p".withCString { payload in
                var options = showOptions(animated: true, remove_current: false, recycle: NAVCORE_RECYCLE_NONE, payload: payload)
                guard let ask else { return navcore_show(h.nav, "R", &options, h.r.doneFn, h.ctx("c")) }
                return "R".withCString { route in
                    withUnsafePointer(to: options) { options in
                        ask(request(NAVCORE_OP_SHOW) { $0.route = route; $0.show_options = options })
                    }
                }
            }
        },
        Case(name: "navcore_post", op: NAVCORE_OP_SHOW, setup: routed) { h, ask in
            guard let ask else { return navcore_post(h.nav, "R", nil, h.r.doneFn, h.ctx("c")) }
            return "R".withCString { route in ask(request(NAVCORE_OP_SHOW) { $0.route = route }) }
        },
        Case(name: "navcore_open", op: NAVCORE_OP_OPEN, setup: routed) { h, ask in
            "R".withCString { route in
                "s".withCString { state in
                    let entries = [navcore_route_entry(route: route, state: state), navcore_route_entry(route: route, state: nil)]
                    return entries.withUnsafeBufferPointer { entries in
                        guard let ask else { return navcore_open(h.nav, entries.baseAddress, 2, true, h.r.doneFn, h.ctx("c")) }
                        return ask(request(NAVCORE_OP_OPEN) { $0.entries = entries.baseAddress; $0.count = 2; $0.animated = true })
                    }
                }
            }
        },
        Case(name: "navcore_open of no entry", op: NAVCORE_OP_OPEN, setup: routed) { h, ask in
            guard let ask else { return navcore_open(h.nav, nil, 0, false, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_OPEN))
        },
        Case(name: "navcore_restore", op: NAVCORE_OP_OPEN, setup: routed) { h, ask in
            let document = #"{"navcore":1,"stack":[{"route":"R","state":"s"},{"route":"R","state":null}]}"#
            guard let ask else { return navcore_restore(h.nav, document, false, h.r.doneFn, h.ctx("c")) }
            return document.withCString { text in ask(request(NAVCORE_OP_OPEN) { $0.document = text }) }
        },
        Case(name: "navcore_restore of a malformed document", op: NAVCORE_OP_OPEN, setup: routed) { h, ask in
            guard let ask else { return navcore_restore(h.nav, "{}", false, h.r.doneFn, h.ctx("c")) }
            return "{}".withCString { text in ask(request(NAVCORE_OP_OPEN) { $0.document = text }) }
        },
        Case(name: "navcore_attach", op: NAVCORE_OP_ATTACH, setup: { $0.build("A") }) { h, ask in
            let (a, child) = (h.id("A"), newNavigator())
            guard let ask else { return navcore_attach(h.nav, a, child, nil, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_ATTACH) { $0.screen = a; $0.child = child })
        },
        Case(name: "navcore_attach of the navigator itself", op: NAVCORE_OP_ATTACH, setup: { $0.build("A") }) { h, ask in
            let a = h.id("A")
            guard let ask else { return navcore_attach(h.nav, a, h.nav, nil, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_ATTACH) { $0.screen = a; $0.child = h.nav })
        },
        Case(name: "navcore_activate of a root", op: NAVCORE_OP_ACTIVATE, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_activate(h.nav, nil, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_ACTIVATE))
        },
        Case(name: "navcore_present", op: NAVCORE_OP_PRESENT, setup: { $0.build("A") }) { h, ask in
            let modal = newNavigator()
            var options = navcore_present_options()
            expectStatus(navcore_present_options_init(&options, UInt32(NAVCORE_PRESENT_OPTIONS_VERSION)))
            options.covers = false
            guard let ask else { return navcore_present(h.nav, modal, &options, h.r.doneFn, h.ctx("c")) }
            return withUnsafePointer(to: options) { options in
                ask(request(NAVCORE_OP_PRESENT) { $0.child = modal; $0.present_options = options })
            }
        },
        Case(name: "navcore_dismiss without a modal", op: NAVCORE_OP_DISMISS, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_dismiss(h.nav, nil, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_DISMISS))
        },
        Case(name: "navcore_leave of a root", op: NAVCORE_OP_LEAVE, setup: { $0.build("A") }) { h, ask in
            guard let ask else { return navcore_leave(h.nav, h.r.doneFn, h.ctx("c")) }
            return ask(request(NAVCORE_OP_LEAVE))
        },
    ]

    /// A new navigator, inline, with an empty stack (nothing on screen): one to attach or
    /// present, which its new family's destroy tears down.
    static func newNavigator() -> UnsafeMutablePointer<navcore_navigator>? {
        var navigator: UnsafeMutablePointer<navcore_navigator>?
        expectStatus(navcore_navigator_create(&navigator, c(NAVCORE_DISPATCH_INLINE)))
        return navigator
    }

    /// A two-screen stack whose top B has a result listener.
    static func listening(_ h: Harness) {
        h.build("A", "B")
        expectStatus(navcore_screen_on_result(h.nav, h.id("B"), h.r.resultFn, h.ctx("listener"), h.r.destroyFn))
    }

    /// A two-screen stack whose veto refuses B.
    static func vetoed(_ h: Harness) {
        h.build("A", "B")
        h.r.refusals = ["B"]
    }

    /// A hidden navigator of two screens.
    static func hidden(_ h: Harness) {
        h.build("A", "B")
        expectStatus(navcore_set_visible(h.nav, false, nil, nil))
    }

    /// A one-screen stack and the route R.
    static func routed(_ h: Harness) {
        h.build("A")
        expectStatus(h.route("R"))
    }

    /// What a call did: its status, then everything recorded until the navigator was idle
    /// (transitions finished), then at its destroy (completions, releases, destructors).
    static func outcome(of test: Case, asking: Bool) -> [String] {
        let h = Harness()
        test.setup(h)
        _ = h.r.take()
        let status = test.call(h, asking ? { request in withUnsafePointer(to: request) { navcore_ask(h.nav, $0, h.r.doneFn, h.ctx("c")) } } : nil)
        var seen = ["status \(statusName(status))"]
        seen += h.r.take()
        while h.transition != 0 {
            h.finish()
            seen += h.r.take()
        }
        h.close()
        return seen + h.r.take()
    }

    @Test("navcore_ask does what each op's function does: the same status, events and completion", arguments: cases)
    func askIsTheFunction(_ test: Case) {
        let named = Self.outcome(of: test, asking: false)
        #expect(named.count > 1, "the call did something to compare")
        #expect(Self.outcome(of: test, asking: true) == named)
    }

    @Test("every op of NAVCORE_OP_MAP is compared")
    func everyOpIsCompared() {
        var ops: [String] = []
        while String(cString: navcore_op_string(Int32(ops.count))) != "unknown" {
            ops.append(String(cString: navcore_op_string(Int32(ops.count))))
        }
        let compared = Set(Self.cases.map { String(cString: navcore_op_string(c($0.op))) })
        #expect(ops.count >= 11 && ops.filter { !compared.contains($0) }.isEmpty, "not compared: \(ops.filter { !compared.contains($0) })")
    }

    @Test("a request of an unknown version or op, or none, is invalid; nothing is asked, nothing completes")
    func unreadableRequestsAreInvalid() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        var pop = Self.request(NAVCORE_OP_POP)
        for version in [0, UInt32(NAVCORE_REQUEST_VERSION) + 1] {
            pop.version = version
            expectError(navcore_ask(h.nav, &pop, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "version \(version)")
        }
        for op in [-1, 1_000, Int32.max, Int32.min] {
            var request = Self.request(NAVCORE_OP_POP) { $0.op = op }
            expectError(navcore_ask(h.nav, &request, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "op \(op)")
        }
        var empty = navcore_request()
        expectStatus(navcore_request_init(&empty, UInt32(NAVCORE_REQUEST_VERSION)))
        #expect(empty.op == -1)
        expectError(navcore_ask(h.nav, &empty, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "the empty request")
        expectError(navcore_ask(h.nav, nil, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "NULL")
        pop = Self.request(NAVCORE_OP_POP)
        expectError(navcore_ask(nil, &pop, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "a NULL navigator")
        #expect(h.r.take().isEmpty && h.stack == ["A", "B"])
    }

    @Test("navcore_ask_outcome: an op that ends in its call returns its outcome there, one that waits calls done")
    func askOutcomeReportsEachOpOnce() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A")
        var outcome: Int32 = 77
        var pop = Self.request(NAVCORE_OP_POP)
        expectStatus(navcore_ask_outcome(&outcome, h.nav, &pop, h.r.doneFn, h.ctx("c")))
        #expect(outcome == Int32(NAVCORE_OUTCOME_NOOP.rawValue))
        let instant = h.r.take()
        #expect(instant.contains("done pop noop") && !instant.contains { $0.hasPrefix("completion c") }, "\(instant)")
        let b = h.screen("B")
        var push = Self.request(NAVCORE_OP_PUSH) { $0.screen = b; $0.animated = true }
        expectStatus(navcore_ask_outcome(&outcome, h.nav, &push, h.r.doneFn, h.ctx("c")))
        #expect(outcome == NAVCORE_OUTCOME_NONE && !h.r.take().contains { $0.hasPrefix("completion c") })
        h.finish()
        #expect(h.r.take().contains("completion c push completed") && h.stack == ["A", "B"])
        outcome = 77
        expectError(navcore_ask_outcome(nil, h.nav, &pop, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "a NULL out")
        expectError(navcore_ask_outcome(&outcome, h.nav, nil, h.r.doneFn, h.ctx("c")), NAVCORE_ERR_INVALID, "NULL")
        #expect(outcome == 77 && h.r.take().isEmpty && ids.count == 1)
    }

    @Test("open takes entries or a document, not both")
    func openTakesEntriesOrADocument() {
        let h = Harness()
        defer { h.close() }
        Self.routed(h)
        let document = #"{"navcore":1,"stack":[{"route":"R","state":null}]}"#
        let status = document.withCString { text in
            "R".withCString { route in
                var entry = navcore_route_entry(route: route, state: nil)
                var request = Self.request(NAVCORE_OP_OPEN) { $0.document = text; $0.entries = .init(&entry); $0.count = 1 }
                return navcore_ask(h.nav, &request, h.r.doneFn, h.ctx("c"))
            }
        }
        expectError(status, NAVCORE_ERR_INVALID)
        #expect(h.r.take().isEmpty)
    }

    @Test("a destroyed navigator's invalid_handle comes before a request it could not read")
    func handleFirst() {
        let h = Harness()
        defer { h.close() }
        expectStatus(navcore_navigator_destroy(h.nav))
        var request = Self.request(NAVCORE_OP_OPEN) { $0.op = 99 }
        expectError(navcore_ask(h.nav, &request, nil, nil), NAVCORE_ERR_INVALID_HANDLE)
        expectError(navcore_ask(h.nav, nil, nil, nil), NAVCORE_ERR_INVALID_HANDLE)
        request = Self.request(NAVCORE_OP_OPEN)
        "{".withCString { text in
            request.document = text
            expectError(navcore_ask(h.nav, &request, nil, nil), NAVCORE_ERR_INVALID_HANDLE, "a malformed document")
        }
    }
}
