import CNavCore
import Foundation
import Testing

/// navcore.h, "Statuses, errors and names": navcore_status_string, navcore_last_error_message,
/// navcore_outcome_string, navcore_op_string, navcore_action_string, navcore_reason_string; every
/// status the API can produce; and a check that the test target calls every function of the
/// header and provokes every error status.
@Suite("Statuses and names") struct StatusAndNameTests {
    static func name(_ pointer: UnsafePointer<CChar>) -> String { String(cString: pointer) }

    @Test("status names are SPEC §10's; other values are \"unknown\"")
    func statusNames() {
        let expected: [(navcore_status, String)] = [
            (NAVCORE_OK, "ok"), (NAVCORE_QUEUED, "queued"), (NAVCORE_ERR_INVALID, "invalid"),
            (NAVCORE_ERR_INVALID_HANDLE, "invalid_handle"), (NAVCORE_ERR_NO_SUCH_SCREEN, "no_such_screen"),
            (NAVCORE_ERR_BUSY, "busy"), (NAVCORE_ERR_STATE, "state"), (NAVCORE_ERR_EXISTS, "exists"),
            (NAVCORE_ERR_NO_MEMORY, "no_memory"), (NAVCORE_ERR_INTERNAL, "internal"),
        ]
        for (status, spelling) in expected { #expect(Self.name(navcore_status_string(status.rawValue)) == spelling) }
        for other: Int32 in [2, -9, 100, .min, .max] { #expect(Self.name(navcore_status_string(other)) == "unknown") }
    }

    @Test("outcome names are SPEC §2's")
    func outcomeNames() {
        let expected: [(navcore_outcome, String)] = [
            (NAVCORE_OUTCOME_COMPLETED, "completed"), (NAVCORE_OUTCOME_NOOP, "noop"), (NAVCORE_OUTCOME_CANCELLED, "cancelled"),
            (NAVCORE_OUTCOME_VETOED, "vetoed"), (NAVCORE_OUTCOME_DUPLICATE, "duplicate"),
            (NAVCORE_OUTCOME_NOT_IN_STACK, "not_in_stack"), (NAVCORE_OUTCOME_INVALID, "invalid"),
            (NAVCORE_OUTCOME_UNKNOWN_ROUTE, "unknown_route"), (NAVCORE_OUTCOME_FACTORY_FAILED, "factory_failed"),
            (NAVCORE_OUTCOME_ABORTED, "aborted"),
        ]
        for (outcome, spelling) in expected { #expect(Self.name(navcore_outcome_string(c(outcome))) == spelling) }
        for other: Int32 in [-1, 10, .max] { #expect(Self.name(navcore_outcome_string(other)) == "unknown") }
    }

    @Test("op names are SPEC §11's done-line spellings")
    func opNames() {
        let expected: [(navcore_op, String)] = [
            (NAVCORE_OP_PUSH, "push"), (NAVCORE_OP_POP, "pop"), (NAVCORE_OP_POP_TO, "pop_to"),
            (NAVCORE_OP_POP_TO_ROOT, "pop_to_root"), (NAVCORE_OP_SET, "set"), (NAVCORE_OP_BACK, "back"),
            (NAVCORE_OP_GESTURE, "gesture"), (NAVCORE_OP_RUN, "run"), (NAVCORE_OP_VISIBLE, "visible"),
            (NAVCORE_OP_SHOW, "show"), (NAVCORE_OP_OPEN, "open"), (NAVCORE_OP_ATTACH, "attach"),
            (NAVCORE_OP_ACTIVATE, "activate"), (NAVCORE_OP_PRESENT, "present"), (NAVCORE_OP_DISMISS, "dismiss"),
            (NAVCORE_OP_LEAVE, "leave"),
        ]
        for (op, spelling) in expected { #expect(Self.name(navcore_op_string(c(op))) == spelling) }
        for other: Int32 in [-1, 1_000, .min] { #expect(Self.name(navcore_op_string(other)) == "unknown") }
    }

    @Test("action state names are SPEC §4's")
    func actionNames() {
        let expected: [(navcore_action, String)] = [
            (NAVCORE_ACTION_IDLE, "idle"), (NAVCORE_ACTION_WILL_PUSH, "will_push"), (NAVCORE_ACTION_DID_PUSH, "did_push"),
            (NAVCORE_ACTION_PUSH_COMPLETED, "push_completed"), (NAVCORE_ACTION_WILL_POP, "will_pop"),
            (NAVCORE_ACTION_DID_POP, "did_pop"), (NAVCORE_ACTION_POP_COMPLETED, "pop_completed"),
            (NAVCORE_ACTION_WILL_SET, "will_set"), (NAVCORE_ACTION_DID_SET, "did_set"),
            (NAVCORE_ACTION_SET_COMPLETED, "set_completed"), (NAVCORE_ACTION_POP_CANCELLED, "pop_cancelled"),
        ]
        for (action, spelling) in expected { #expect(Self.name(navcore_action_string(c(action))) == spelling) }
        for other: Int32 in [-1, 11, .max] { #expect(Self.name(navcore_action_string(other)) == "unknown") }
    }

    @Test("reason names are SPEC §11's")
    func reasonNames() {
        let expected: [(navcore_reason, String)] = [
            (NAVCORE_REASON_PUSH, "push"), (NAVCORE_REASON_POP, "pop"), (NAVCORE_REASON_SET, "set"),
            (NAVCORE_REASON_CANCEL, "cancel"), (NAVCORE_REASON_APPEAR, "appear"), (NAVCORE_REASON_DISAPPEAR, "disappear"),
            (NAVCORE_REASON_PRESENT, "present"), (NAVCORE_REASON_DISMISS, "dismiss"),
        ]
        for (reason, spelling) in expected { #expect(Self.name(navcore_reason_string(c(reason))) == spelling) }
        for other: Int32 in [-1, 8, .min] { #expect(Self.name(navcore_reason_string(other)) == "unknown") }
    }

    @Test("the *_string() results are static: the same pointer every time, from any thread")
    func namesAreStatic() {
        let here = [navcore_status_string(-3), navcore_outcome_string(5), navcore_op_string(3), navcore_action_string(10),
                    navcore_reason_string(5), navcore_status_string(77), navcore_version()].map { UInt(bitPattern: $0) }
        let there = Locked<[UInt]>([])
        onNewThread {
            there.set([navcore_status_string(-3), navcore_outcome_string(5), navcore_op_string(3), navcore_action_string(10),
                       navcore_reason_string(5), navcore_status_string(77), navcore_version()].map { UInt(bitPattern: $0) })
        }
        #expect(here == there.value)
    }

    @Test("the last error message is per thread: empty before any failure, kept across successful calls")
    func lastErrorIsPerThread() {
        let fresh = Locked("?")
        onNewThread { fresh.set(String(cString: navcore_last_error_message())) }
        #expect(fresh.value == "", "a thread that never failed has an empty message")

        let h = Harness()
        defer { h.close() }
        expectError(navcore_stack_get(nil, h.nav, 0), NAVCORE_ERR_INVALID)
        let mine = String(cString: navcore_last_error_message())
        var count = 0
        expectStatus(navcore_stack_count(&count, h.nav))
        #expect(String(cString: navcore_last_error_message()) == mine, "a successful call keeps the message")

        let other = Locked("?")
        onNewThread {
            _ = navcore_transition_finish(h.nav, 12345)
            other.set(String(cString: navcore_last_error_message()))
        }
        #expect(!other.value.isEmpty && other.value != mine)
        #expect(String(cString: navcore_last_error_message()) == mine, "another thread's failure leaves this thread's message")
    }

    // NAVCORE_ERR_NO_MEMORY and NAVCORE_ERR_INTERNAL cannot be provoked through the API: the first
    // needs memory to run out (the handle table's 2^31 slots or an allocation), the second a bug in
    // navcore. Their names are checked in statusNames() only.
    @Test("every status the API can produce, each failure with a message")
    func everyProducibleStatus() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B")
        expectStatus(navcore_push(h.nav, b, true, nil, nil), NAVCORE_OK)
        expectStatus(navcore_pop(h.nav, true, nil, nil), NAVCORE_QUEUED)
        expectError(navcore_stack_count(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_gesture_begin(h.nav, nil, nil), NAVCORE_ERR_BUSY)
        expectError(navcore_transition_finish(h.nav, h.transition &+ 1), NAVCORE_ERR_STATE)
        expectError(navcore_screen_object(nil, h.nav, 0), NAVCORE_ERR_INVALID)
        var object: UnsafeMutableRawPointer?
        expectError(navcore_screen_object(&object, h.nav, 0), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectStatus(h.route("R"))
        expectError(h.route("R"), NAVCORE_ERR_EXISTS)
        h.finish()
        let gone = h.nav
        expectStatus(navcore_navigator_destroy(gone))
        expectError(navcore_drain(gone), NAVCORE_ERR_INVALID_HANDLE)
    }

    // MARK: Coverage of the header

    static let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().resolvingSymlinksInPath()
    static let header = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("include/navcore.h")

    /// The test sources, without this file (which only names functions in patterns).
    static func testSources() throws -> String {
        let files = FileManager.default.enumerator(at: testDirectory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "StatusAndNameTests.swift" } ?? []
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The deprecated names (`NAVCORE_DEPRECATED(…)` on the line above) are left to the C test
    /// bindings/c/tests/deprecated.c: Swift would warn at every call of one.
    @Test("the tests call every function the header declares, but the deprecated names")
    func everyFunctionIsCalled() throws {
        let header = try String(contentsOf: Self.header, encoding: .utf8)
        let function = #"NAVCORE_API (?:const )?[a-z_]+ \*?(navcore_[a-z_]+)\("#
        let deprecated = try Self.matches(#"^NAVCORE_DEPRECATED\(.*\)\n"# + function, in: header)
        let functions = try Self.matches("^" + function, in: header).filter { !deprecated.contains($0) }
        #expect(deprecated.count == 4, "the header deprecates \(deprecated.count) functions")
        // Every prototype was read (a pattern that missed some would leave them unchecked).
        let prototypes = try Self.matches(#"^(NAVCORE_API) "#, in: header).count
        #expect(functions.count + deprecated.count == prototypes && functions.count >= 79,
                "the header declares \(prototypes) functions, \(functions.count) current ones read")
        let sources = try Self.testSources()
        let missing = functions.filter { !sources.contains("\($0)(") }
        #expect(missing.isEmpty, "never called: \(missing)")
    }

    @Test("the tests produce every status of the header except no_memory and internal")
    func everyStatusIsProduced() throws {
        let header = try String(contentsOf: Self.header, encoding: .utf8)
        let errors = try Self.matches(#"^\s+X\((NAVCORE_ERR_[A-Z_]+), "#, in: header)  // NAVCORE_STATUS_MAP
        #expect(errors.count == 8)
        let lines = try Self.testSources().split(separator: "\n")
        for error in errors where error != "NAVCORE_ERR_NO_MEMORY" && error != "NAVCORE_ERR_INTERNAL" {
            #expect(lines.contains { $0.contains("expectError(") && $0.contains(error) }, "\(error) is never expected")
        }
        #expect(lines.contains { $0.contains("expectStatus(") && $0.contains("NAVCORE_QUEUED") })
    }
}
