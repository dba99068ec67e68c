import NavCore

/// Runs one scenario (SPEC §11, §16.13) through the Swift API and collects what failed.
///
/// A session is confined to the thread that runs it: its navigators are inline, or drained by
/// this thread, so every callback arrives here; the navigators' `@Sendable` closures capture
/// it on that understanding (hence `@unchecked Sendable`).
final class ScenarioSession: @unchecked Sendable {
    /// A pending `on [NAME:] EVENT WORD: COMMAND`: it matches lines of the navigator `navigator`.
    private struct Hook {
        let navigator: String
        let event: [String]
        let command: [String]
        let line: Int
        var fired = false
    }

    /// One navigator of the scenario: its name, its navigator (`root`'s made at first use, so
    /// that `config pump` can choose its mode) and what the runner keeps for it. Confined to the
    /// session's thread, as the session is.
    /// How many navigators navcore made (`nav#k`).
    private var madeNavigators = 0

    private final class Member: @unchecked Sendable {
        let name: String
        /// What starts its trace lines: nothing for `root`, `NAME: ` for another.
        let prefix: String
        var navigator: Navigator?
        var hostDispatch: Bool
        var animatorOn = true
        /// The last transition its animator received, when (the session's count of them), and
        /// the root of its family then.
        var lastTransition: (id: UInt64, order: Int, root: ObjectIdentifier?) = (0, 0, nil)
        /// The last decision its veto deferred, when, and the root of its family then.
        var lastDecision: (decision: VetoDecision, order: Int, root: ObjectIdentifier)?

        init(name: String, hostDispatch: Bool) {
            self.name = name
            self.prefix = name == "root" ? "" : name + ": "
            self.hostDispatch = hostDispatch
        }
    }

    /// The words a navigator may not be named (SPEC §16.13): `root`, the command words and the
    /// event words (a trace line's first word), so that `on NAME: …` is never an event.
    private static let reservedNames: Set<String> = [
        "root", "on", "expect", "trace", "navigator", "push", "push_again", "pop", "back", "pop_to", "pop_to_root",
        "set", "run", "visible", "gesture", "progress", "finish", "cancel", "veto", "decide", "set_result",
        "set_saved", "listen", "discard", "unroute", "route", "show", "open", "restore", "threshold", "config",
        "drain", "destroy", "attach", "activate", "present", "dismiss", "leave", "restore_tree", "retain",
        "action", "will_show", "did_show", "will_hide", "did_hide", "transition", "should_pop", "result",
        "payload", "bar", "release", "wakeup", "done", "child", "detach",
    ]
    /// The commands that take no `NAME:` prefix (SPEC §16.13).
    private static let unprefixed: Set<String> = ["trace", "veto", "on", "navigator", "activate", "attach"]
    /// The commands that name a label, asked of the label's owner when no prefix names a navigator.
    private static let labelCommands: Set<String> = ["set_result", "set_saved", "listen", "discard", "push_again", "retain"]

    private let root = Member(name: "root", hostDispatch: false)
    /// Every navigator, in creation order.
    private var members: [Member] = []
    /// The navigator the command being run is asked of.
    private var current: Member
    private var categories = Set(TraceCategory.allCases)
    private var trace: [String] = []
    private var status = "ok"
    private var idsByLabel: [String: UInt64] = [:]
    private var labels: [UInt64: String] = [:]
    private var screens: [UInt64: Screen] = [:]
    /// The navigator that made or showed each screen: label commands are asked of it.
    private var owners: [UInt64: Member] = [:]
    private var createdPerRoute: [String: Int] = [:]
    private var released: Set<UInt64> = []
    private var vetoes: [String: VetoAnswer] = [:]
    private var hooks: [Hook] = []
    private var recording = true
    /// How many transitions and deferred decisions the session has seen: which is the latest.
    private var order = 0
    private(set) var failures: [String] = []

    init() {
        members = [root]
        current = root
    }

    /// Runs every step of `file`; returns the failures (empty when the scenario passes).
    func run(_ file: ScenarioFile) -> [String] {
        for step in file.steps {
            switch step {
            case .line(let number, let words):
                do throws(ScenarioError) {
                    try perform(words, line: number)
                } catch {
                    failures.append(error.description)
                }
            case .expectTrace(let number, let expected):
                if expected != trace {
                    failures.append("line \(number): the trace differs (- expected, + seen):")
                    failures += TraceDiff.lines(expected: expected, actual: trace).map { "    " + $0 }
                }
                trace.removeAll()
            }
        }
        recording = false
        for member in members { try? member.navigator?.destroy() }
        return failures
    }

    // MARK: Lines

    private func perform(_ words: [String], line: Int) throws(ScenarioError) {
        guard !words.isEmpty else { return }
        let (explicit, command) = try prefixed(words, line)
        if command.first == "expect" {
            try check(Array(command.dropFirst()), line: line, of: explicit, prefix: explicit == nil ? "" : words[0] + " ")
        } else {
            try run(command, line: line, of: explicit)
        }
    }

    /// A line's `NAME:` prefix, if it has one, and its command (SPEC §16.13).
    private func prefixed(_ words: [String], _ line: Int) throws(ScenarioError) -> (Member?, [String]) {
        guard let first = words.first, first.hasSuffix(":") else { return (nil, words) }
        let name = String(first.dropLast())
        guard let member = members.first(where: { $0.name == name }) else {
            throw ScenarioError(line: line, "no navigator is named '\(name)'")
        }
        let command = Array(words.dropFirst())
        guard let verb = command.first else { throw ScenarioError(line: line, "'\(first)' needs a command") }
        if verb.hasSuffix(":") { throw ScenarioError(line: line, "a command takes one navigator prefix") }
        if Self.unprefixed.contains(verb) || command == ["expect", "trace"] {
            let named = verb == "expect" ? "expect trace" : verb
            throw ScenarioError(line: line, "`\(named)` takes no navigator prefix")
        }
        return (member, command)
    }

    /// The navigator that owns the screen labelled `label`, if any.
    private func owner(_ label: String?) -> Member? {
        label.flatMap { idsByLabel[$0] }.flatMap { owners[$0] }
    }

    /// Runs a command, prefixed or not (from inside a callback, for `on … :` hooks).
    private func execute(_ words: [String], line: Int) throws(ScenarioError) {
        let (explicit, command) = try prefixed(words, line)
        try run(command, line: line, of: explicit)
    }

    /// Runs a command, asked of `explicit`, else of the owner of the label a label command
    /// names, else of `root`.
    private func run(_ words: [String], line: Int, of explicit: Member?) throws(ScenarioError) {
        var member = explicit
        if member == nil, let verb = words.first, Self.labelCommands.contains(verb) {
            let named = verb == "push_again" ? words.dropFirst().filter { $0 != "instant" } : Array(words.dropFirst())
            member = owner(named.first)
        }
        let saved = current
        current = member ?? root
        defer { current = saved }
        try command(words, line: line)
    }

    /// Runs a command of the navigator `current`.
    private func command(_ words: [String], line: Int) throws(ScenarioError) {
        let arguments = Array(words.dropFirst())
        let member = current
        if try askOp(words.first ?? "", arguments, line: line) { return }
        switch words.first ?? "" {
        case "progress":
            guard let value = ScenarioSyntax.progress(try word(arguments, 0, line)) else {
                throw ScenarioError(line: line, "progress needs a number")
            }
            let transition = familyTransition(of: member)
            call { try self.nav().updateTransition(transition, progress: value) }
        case "finish":
            let transition = familyTransition(of: member)
            call { try self.nav().finishTransition(transition) }
        case "cancel":
            let transition = familyTransition(of: member)
            call { try self.nav().cancelTransition(transition) }
        case "drain": try drain(arguments, line)
        case "destroy": call { try self.nav().destroy() }
        case "veto":
            let label = try word(arguments, 0, line)
            vetoes[label] = try vetoAnswer(arguments, line)
        case "decide":
            guard let decision = familyDecision(of: member) else {
                throw ScenarioError(line: line, "decide: the veto never answered later")
            }
            let allow = try yesNo(arguments, 0, line)
            call { try self.nav().decide(decision, allow: allow) }
        case "set_result":
            let screen = try labelled(word(arguments, 0, line), line)
            let text = try textOrNone(arguments, 1, line)
            call { try self.nav().setResult(text, for: screen) }
        case "set_saved":
            let screen = try labelled(word(arguments, 0, line), line)
            let text = try textOrNone(arguments, 1, line)
            call { try self.nav().setSavedState(text, for: screen) }
        case "listen":
            let screen = try labelled(word(arguments, 0, line), line)
            call {
                try self.nav().onResult(of: screen) { [weak self] result in
                    guard let self else { return }
                    self.record(TraceFormat(label: self.label).resultLine(screen.id, result), of: member)
                }
            }
        case "discard":
            let screen = try labelled(word(arguments, 0, line), line)
            call { try self.nav().discard(screen) }
        case "retain":
            let screen = try labelled(word(arguments, 0, line), line)
            let on = try onOff(arguments, 1, line)
            call { try self.nav().retain(screen, on) }
        case "unroute":
            let route = try word(arguments, 0, line)
            call { try self.nav().unregisterRoute(route) }
        case "route": try registerRoute(arguments, line)
        case "threshold":
            guard let value = ScenarioSyntax.wholeNumber(try word(arguments, 0, line)) else {
                throw ScenarioError(line: line, "threshold needs a whole number")
            }
            call { try self.nav().setBarThreshold(value) }
        case "config": try configure(arguments, line)
        case "trace": try setTrace(arguments, line)
        case "on": try addHook(arguments, line)
        case "navigator": try addNavigator(arguments, line)
        case "attach": try attach(arguments, line)
        case "activate": try activate(arguments, line)
        case "present": try present(arguments, line)
        case "dismiss": try dismiss(arguments, line)
        case "leave": call { try self.nav().leave(completion: nil) }
        default: throw ScenarioError(line: line, "unknown command '\(words.joined(separator: " "))'")
        }
    }

// BEGIN GENERATED by scripts/generate.py (op commands) from include/navcore.h (NAVCORE_REQUEST_MAP) and scripts/ops.py (the words of each field): edit them, then run `make generate`
    /// The commands that ask an op (SPEC §11), one per method of the table of ops: each reads
    /// its words (a ScenarioError when they are wrong), then asks its request; `false` for
    /// another command.
    private func askOp(_ verb: String, _ arguments: [String], line: Int) throws(ScenarioError) -> Bool {
        let plain = arguments.filter { $0 != "instant" }
        switch verb {
        case "push":
            let screen = try word(plain, 0, line)
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.push(try self.newScreen(route: screen), animated: animated), completion: nil) }
        case "pop":
            let animated = !arguments.contains("instant")
            let result = try resultOption(plain, line)
            call { try self.nav().ask(.pop(animated: animated, result: result), completion: nil) }
        case "pop_to":
            let screen = try labelled(word(plain, 0, line), line)
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.pop(to: screen, animated: animated), completion: nil) }
        case "pop_to_root":
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.popToRoot(animated: animated), completion: nil) }
        case "set":
            let screens = plain
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.setStack(try screens.map { try self.liveOrNew($0) }, animated: animated), completion: nil) }
        case "back":
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.back(animated: animated), completion: nil) }
        case "gesture":
            call { try self.nav().ask(.beginGesture(), completion: nil) }
        case "run":
            let block = try word(arguments, 0, line)
            call { try self.nav().ask(.run(self.runBlock(named: block)), completion: nil) }
        case "visible":
            let visible = try onOff(arguments, 0, line)
            call { try self.nav().ask(.setVisible(visible), completion: nil) }
        case "show":
            let route = try word(arguments, 0, line)
            let showOptions = try showOptions(arguments, line)
            call { try self.nav().ask(.show(route, options: showOptions), completion: nil) }
        case "open":
            let entries = openEntries(arguments)
            let animated = arguments.contains("animated")
            let openOptions = arguments.contains("focus")
            call { try self.nav().ask(.open(entries, animated: animated, focus: openOptions), completion: nil) }
        case "restore":
            let document = try word(arguments, 0, line)
            let animated = arguments.dropFirst().contains("animated")
            call { try self.nav().ask(.restore(document, animated: animated), completion: nil) }
        case "restore_tree":
            let tree = try word(arguments, 0, line)
            let animated = arguments.dropFirst().contains("animated")
            call { try self.nav().ask(.restoreTree(tree, animated: animated), completion: nil) }
        case "push_again":
            let screen = try labelled(word(plain, 0, line), line)
            let animated = !arguments.contains("instant")
            call { try self.nav().ask(.push(screen, animated: animated), completion: nil) }
        default:
            return false
        }
        return true
    }
// END GENERATED (op commands)

    /// `drain`, `drain N` (a bounded drain of N ops) or `drain for T` (of T seconds).
    private func drain(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        guard let first = arguments.first else { return call { try self.nav().drain() } }
        if first == "for" {
            guard let seconds = ScenarioSyntax.decimal(try word(arguments, 1, line)) else {
                throw ScenarioError(line: line, "drain for needs a time in seconds")
            }
            call { try self.nav().drain(for: Self.duration(seconds: seconds)) }
        } else if let count = ScenarioSyntax.wholeNumber(first) {
            call { try self.nav().drain(maxOps: count) }
        } else {
            throw ScenarioError(line: line, "drain takes a count of ops or 'for' and a time")
        }
    }

    /// A `drain for` time as the `Duration` the Swift API takes. A `Duration` holds neither
    /// every double (a time of 1e-30 s or 1e30 s) nor what the C and Python runners pass as
    /// is, so the runner keeps what the time means: a negative time (invalid however small)
    /// passes as -1 s, and a time beyond 10^9 s (which never runs out either) as 10^9 s.
    private static func duration(seconds: Double) -> Duration {
        seconds < 0 ? .seconds(-1) : .seconds(min(seconds, 1e9))
    }

    /// `expect …`, of `explicit`, else of the owner of `result_of L`'s and `saved_of L`'s
    /// label, else of `root`; a failure repeats the line's prefix.
    private func check(_ words: [String], line: Int, of explicit: Member?, prefix: String) throws(ScenarioError) {
        let what = try word(words, 0, line)
        // What is read (`stack`, `result_of L`, …), then what it should read.
        let subject = ["result_of", "saved_of", "live", "retained", "active"].contains(what) ? 2 : 1
        let expected = words.dropFirst(subject).joined(separator: " ")
        let seen: String
        let member = explicit ?? (subject == 2 && what != "active" ? owner(words.count > 1 ? words[1] : nil) : nil) ?? root
        let nav = navigator(of: member)
        let dead = nav.isDestroyed
        switch what {
        case "stack": seen = nav.stack.map { label($0.id) }.joined(separator: " ")
        case "top": seen = nav.top.map { label($0.id) } ?? "-"
        case "state": seen = dead ? "dead" : nav.actionState.description
        case "busy": seen = nav.isBusy ? "yes" : "no"
        case "pending": seen = String(nav.pendingCount)
        case "bar": seen = dead ? "-" : (nav.isBarShown ? "shown" : "hidden")
        case "status": seen = status
        case "saved": seen = (try? nav.save()) ?? "-"
        case "tree": seen = (try? nav.saveTree()) ?? "-"
        case "result_of":
            let screen = try labelled(word(words, 1, line), line)
            seen = textOrDead { () throws(NavigationError) in try nav.result(of: screen) }
        case "saved_of":
            let screen = try labelled(word(words, 1, line), line)
            seen = textOrDead { () throws(NavigationError) in try nav.savedState(of: screen) }
        case "live":
            let screen = try labelled(word(words, 1, line), line)
            seen = (try? nav.screen(screen.id)) != nil ? "yes" : "no"
        case "retained":
            let screen = try labelled(word(words, 1, line), line)
            seen = (try? nav.isRetained(screen)) == true ? "yes" : "no"
        case "parent": seen = name(of: nav.parent)
        case "modal": seen = name(of: nav.modal)
        case "on_screen": seen = nav.isOnScreen ? "yes" : "no"
        case "target": seen = name(of: nav.backTarget)
        case "active":
            let screen = try labelled(word(words, 1, line), line)
            seen = name(of: try? navigator(of: owner(words[1]) ?? root).activeChild(of: screen))
        default: throw ScenarioError(line: line, "unknown check 'expect \(words.joined(separator: " "))'")
        }
        if seen != expected {
            failures.append("line \(line): \(prefix)expect \(words.prefix(subject).joined(separator: " ")) \(expected): saw '\(seen)'")
        }
    }

    /// A screen's text as checks read it: `-` for none, `dead` once the screen is released.
    private func textOrDead(_ query: () throws(NavigationError) -> String?) -> String {
        do {
            return try query() ?? "-"
        } catch {
            return "dead"
        }
    }

    // MARK: Commands with options

    private func registerRoute(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        let route = try word(arguments, 0, line)
        let fails = arguments.dropFirst().contains("fail")
        let member = current
        call {
            try self.nav().registerRoute(route) { request in
                if fails { throw FactoryFailure() }
                self.name(id: request.id, route: request.route, owner: member)
                return nil
            }
        }
    }

    /// `show R`'s options, the words after the route.
    private func showOptions(_ arguments: [String], _ line: Int) throws(ScenarioError) -> ShowOptions {
        var options = ShowOptions()
        for option in arguments.dropFirst() {
            switch option {
            case "animated": options.animated = true
            case "keep": options.removeCurrent = false
            case "new": options.recycle = .none
            case "top": options.recycle = .top
            case _ where option.hasPrefix("payload="): options.payload = String(option.dropFirst("payload=".count))
            default: throw ScenarioError(line: line, "unknown show option '\(option)'")
            }
        }
        return options
    }

    /// `open`'s entries: every word but `animated` and `focus`, each `R[=TEXT]`.
    private func openEntries(_ arguments: [String]) -> [RouteEntry] {
        arguments.filter { $0 != "animated" && $0 != "focus" }.map { word -> RouteEntry in
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            return RouteEntry(route: parts.first ?? word, state: parts.count > 1 ? parts[1] : nil)
        }
    }

    private func configure(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        let on = try onOff(arguments, 1, line)
        let member = current
        switch try word(arguments, 0, line) {
        case "animator":
            member.animatorOn = on
            if member.navigator != nil { installAnimator(member) }
        case "always_appear":
            call { try self.nav().setAlwaysAppear(on) }
        case "pump":
            guard members.count == 1 else {
                throw ScenarioError(
                    line: line, "config pump is a creation-time choice: a scenario of several navigators has none")
            }
            guard member.navigator == nil else {
                throw ScenarioError(line: line, "config pump must come before the navigator is used")
            }
            member.hostDispatch = on
        default:
            throw ScenarioError(line: line, "unknown config '\(arguments.joined(separator: " "))'")
        }
    }

    private func setTrace(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        if arguments == ["all"] {
            categories = Set(TraceCategory.allCases)
            return
        }
        var chosen = Set<TraceCategory>()
        for name in arguments {
            guard let category = TraceCategory(rawValue: name) else {
                throw ScenarioError(line: line, "unknown trace category '\(name)'")
            }
            chosen.insert(category)
        }
        categories = chosen
    }

    /// `on [NAME:] EVENT WORD: COMMAND`: NAME is a navigator (`root` without it).
    private func addHook(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        var navigator = "root"
        var arguments = arguments
        if let first = arguments.first, first.hasSuffix(":"), members.contains(where: { $0.name == first.dropLast() }) {
            navigator = String(first.dropLast())
            arguments.removeFirst()
        }
        guard let colon = arguments.firstIndex(where: { $0.hasSuffix(":") }), colon + 1 < arguments.count else {
            throw ScenarioError(line: line, "`on` needs 'EVENT WORD: COMMAND'")
        }
        var event = Array(arguments[...colon])
        event[colon] = String(event[colon].dropLast())
        hooks.append(Hook(
            navigator: navigator, event: event.filter { !$0.isEmpty }, command: Array(arguments[(colon + 1)...]),
            line: line))
    }

    /// `navigator NAME [hidden] [pump]` (SPEC §16.13): `root` is made first, so the new
    /// navigator takes root's dispatch mode at this line (host mode with `pump`).
    private func addNavigator(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        let name = try word(arguments, 0, line)
        let options = arguments.dropFirst()
        guard let head = name.unicodeScalars.first, ("a"..."z").contains(head),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { throw ScenarioError(line: line, "'\(name)' is not a navigator name ([a-z][a-z0-9_]*)") }
        if Self.reservedNames.contains(name) {
            throw ScenarioError(line: line, "'\(name)' is a reserved word, not a navigator name")
        }
        if members.contains(where: { $0.name == name }) { throw ScenarioError(line: line, "navigator '\(name)' exists") }
        if let option = options.first(where: { $0 != "hidden" && $0 != "pump" }) {
            throw ScenarioError(line: line, "unknown navigator option '\(option)'")
        }
        _ = navigator(of: root)
        let member = Member(name: name, hostDispatch: options.contains("pump") || root.hostDispatch)
        members.append(member)
        call { _ = self.navigator(of: member, hidden: options.contains("hidden")) }
    }

    // MARK: Families (SPEC §16.13)

    /// `attach NAME to L`, asked of the navigator that owns L.
    private func attach(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        guard arguments.count == 3, arguments[1] == "to" else {
            throw ScenarioError(line: line, "attach takes 'NAME to L'")
        }
        let child = try member(named: arguments[0], line)
        let screen = try labelled(arguments[2], line)
        let parent = navigator(of: owner(arguments[2]) ?? root)
        call { try parent.attach(self.navigator(of: child), to: screen, completion: nil) }
    }

    /// `activate NAME [retap] [instant]`, asked of NAME.
    private func activate(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        let child = try member(named: try word(arguments, 0, line), line)
        var retap = Retap.none
        var animated = true
        for option in arguments.dropFirst() {
            switch option {
            case "retap": retap = .popToRoot
            case "instant": animated = false
            default: throw ScenarioError(line: line, "unknown activate option '\(option)'")
            }
        }
        call { try self.navigator(of: child).activate(retap: retap, animated: animated, completion: nil) }
    }

    /// `present NAME [instant] [overlay] [sticky]`, asked of the prefixed navigator.
    private func present(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        let modal = try member(named: try word(arguments, 0, line), line)
        var (animated, covers, dismissOnBack) = (true, true, true)
        for option in arguments.dropFirst() {
            switch option {
            case "instant": animated = false
            case "overlay": covers = false
            case "sticky": dismissOnBack = false
            default: throw ScenarioError(line: line, "unknown present option '\(option)'")
            }
        }
        call {
            try self.nav().present(
                self.navigator(of: modal), covers: covers, dismissOnBack: dismissOnBack, animated: animated, completion: nil)
        }
    }

    /// `dismiss [instant] [result=TEXT]`, asked of the prefixed navigator.
    private func dismiss(_ arguments: [String], _ line: Int) throws(ScenarioError) {
        var animated = true
        var result: String?
        for option in arguments {
            if option == "instant" {
                animated = false
            } else if option.hasPrefix("result=") {
                result = String(option.dropFirst("result=".count))
            } else {
                throw ScenarioError(line: line, "unknown dismiss option '\(option)'")
            }
        }
        call { try self.nav().dismiss(animated: animated, result: result, completion: nil) }
    }

    private func member(named name: String, _ line: Int) throws(ScenarioError) -> Member {
        guard let member = members.first(where: { $0.name == name }) else {
            throw ScenarioError(line: line, "no navigator is named '\(name)'")
        }
        return member
    }

    /// A navigator's name in checks: `-` for none.
    private func name(of navigator: Navigator?) -> String {
        guard let navigator else { return "-" }
        return members.first { $0.navigator === navigator }?.name ?? "-"
    }

    /// The root of `member`'s family now (itself once torn down).
    private func familyRoot(of member: Member) -> Navigator {
        var current = navigator(of: member)
        while let parent = current.parent { current = parent }
        return current
    }

    /// The id of the latest transition of `member`'s family (as it was when the transition
    /// began): `finish`, `cancel` and `progress` may name any navigator of it (SPEC §16.6).
    private func familyTransition(of member: Member) -> UInt64 {
        let root = ObjectIdentifier(familyRoot(of: member))
        let family = members.filter { $0.lastTransition.root == root }
        return family.max { $0.lastTransition.order < $1.lastTransition.order }?.lastTransition.id ?? 0
    }

    /// The latest decision a veto of `member`'s family deferred (SPEC §16.6).
    private func familyDecision(of member: Member) -> VetoDecision? {
        let root = ObjectIdentifier(familyRoot(of: member))
        let family = members.filter { $0.lastDecision?.root == root }
        return family.max { ($0.lastDecision?.order ?? 0) < ($1.lastDecision?.order ?? 0) }?.lastDecision?.decision
    }

    // MARK: The navigators and their callbacks

    /// The navigator the command being run is asked of.
    private func nav() -> Navigator {
        navigator(of: current)
    }

    /// A member's navigator, made at first use; `hidden` = created with its visible flag off
    /// (SPEC §16.12).
    private func navigator(of member: Member, hidden: Bool = false) -> Navigator {
        if let navigator = member.navigator { return navigator }
        let navigator = Navigator(dispatch: member.hostDispatch ? .host : .inline, visible: !hidden)
        listen(to: navigator, as: member)
        return navigator
    }

    /// Registers the runner's callbacks on `member`'s navigator: its observer, veto, wakeup,
    /// animator (unless `config animator off`) and `onChild`.
    private func listen(to navigator: Navigator, as member: Member) {
        navigator.addObserver { [weak self] event in self?.observe(event, of: member) }
        navigator.setDeferrablePopVeto { [weak self] screen, trigger, decision in
            self?.shouldPop(screen, trigger, decision, of: member) ?? .allow
        }
        navigator.setWakeupHandler { [weak self] in
            self?.record(TraceLine(category: .wakeup, text: "wakeup"), of: member)
        }
        navigator.onChild { [weak self] _, screen, child in self?.adopt(child, hostedBy: screen, of: member) }
        member.navigator = navigator
        installAnimator(member)
    }

    /// A navigator navcore made under `parent`'s (`restore_tree`, SPEC §16.13): it is named
    /// `nav#k` (k counting the made ones), gets the runner's callbacks inside its `child` event,
    /// and the parent's trace gets `child NAME of L` (or `child NAME modal`).
    private func adopt(_ child: Navigator, hostedBy screen: Screen?, of parent: Member) {
        madeNavigators += 1
        let member = Member(name: "nav#\(madeNavigators)", hostDispatch: parent.hostDispatch)
        members.append(member)
        listen(to: child, as: member)
        let place = screen.map { "of \(label($0.id))" } ?? "modal"
        record(TraceLine(category: .family, text: "child \(member.name) \(place)"), of: parent)
    }

    private func installAnimator(_ member: Member) {
        if member.animatorOn {
            member.navigator?.setAnimator { [weak self] transition in
                guard let self else { return }
                order += 1
                member.lastTransition = (transition.id, order, ObjectIdentifier(familyRoot(of: member)))
            }
        } else {
            member.navigator?.setAnimator(nil)
        }
    }

    private func observe(_ event: NavigationEvent, of member: Member) {
        for screen in event.screens where screens[screen.id] == nil { screens[screen.id] = screen }
        for screen in event.screens where owners[screen.id] == nil { owners[screen.id] = member }
        if case .released(let screen) = event { released.insert(screen.id) }
        record(TraceFormat(label: label).line(for: event), of: member)
    }

    private func shouldPop(_ screen: Screen, _ trigger: PopTrigger, _ decision: VetoDecision, of member: Member)
        -> VetoAnswer {
        let answer = vetoes[label(screen.id)] ?? .allow
        if answer == .later {
            order += 1
            member.lastDecision = (decision, order, ObjectIdentifier(familyRoot(of: member)))
        }
        record(TraceFormat(label: label).vetoLine(screen, trigger, answer: answer), of: member)
        return answer
    }

    /// A `run NAME` op's block: records `run NAME` as a line of the navigator asked.
    private func runBlock(named name: String) -> @Sendable () -> Void {
        let member = current
        return { self.record(TraceLine(category: .run, text: "run \(name)"), of: member) }
    }

    /// Records a line of `member` (prefixed by its name unless it is `root`) if its category is
    /// traced, and fires every hook of that navigator it matches, each once, in file order (all
    /// are marked fired before the first runs).
    private func record(_ line: TraceLine, of member: Member) {
        guard recording else { return }
        if categories.contains(line.category) { trace.append(member.prefix + line.text) }
        let words = ScenarioSyntax.words(Substring(line.text))
        let matching = hooks.indices.filter {
            !hooks[$0].fired && hooks[$0].navigator == member.name && words.starts(with: hooks[$0].event)
        }
        for index in matching { hooks[index].fired = true }
        for hook in matching.map({ hooks[$0] }) {
            do throws(ScenarioError) {
                try execute(hook.command, line: hook.line)
            } catch {
                failures.append(error.description)
            }
        }
    }

    /// Makes a navigator call and keeps its status for `expect status`.
    private func call<R>(_ body: () throws -> R) {
        do {
            status = (try body() as? RequestStatus)?.description ?? "ok"
        } catch let error as NavigationError {
            status = error.code.description
        } catch {
            status = "\(error)"
        }
    }

    // MARK: Labels

    /// Names a new screen of the navigator `current`: the first of route R (of every
    /// navigator) is `R`, the n-th `R#n`.
    private func name(_ screen: Screen) {
        screens[screen.id] = screen
        name(id: screen.id, route: screen.route, owner: current)
    }

    private func name(id: UInt64, route: String, owner: Member) {
        owners[id] = owner
        let count = (createdPerRoute[route] ?? 0) + 1
        createdPerRoute[route] = count
        let label = count == 1 ? route : "\(route)#\(count)"
        labels[id] = label
        idsByLabel[label] = id
    }

    private func label(_ id: UInt64) -> String { labels[id] ?? "#\(id)" }

    /// The screen with this label, live or not: one the runner made or saw in an event, else a
    /// live one (the screens an `open` makes below its top are named by no event). Every
    /// command that names a label finds its screen here.
    private func screen(labelled label: String) -> Screen? {
        guard let id = idsByLabel[label],
              let screen = screens[id] ?? (try? navigator(of: owners[id] ?? root).screen(id))
        else { return nil }
        screens[id] = screen
        return screen
    }

    /// The screen with this label; naming a label no screen has is a scenario error.
    private func labelled(_ label: String, _ line: Int) throws(ScenarioError) -> Screen {
        guard let screen = screen(labelled: label) else {
            throw ScenarioError(line: line, "no screen is labelled '\(label)'")
        }
        return screen
    }

    /// `push R`'s screen: a new screen of route R, named.
    private func newScreen(route: String) throws(NavigationError) -> Screen {
        let screen = try nav().makeScreen(route: route)
        name(screen)
        return screen
    }

    /// `set`'s word: a live screen's label, else a new screen of the route (`#n` dropped).
    private func liveOrNew(_ word: String) throws(NavigationError) -> Screen {
        if let screen = screen(labelled: word), !released.contains(screen.id) { return screen }
        let screen = try nav().makeScreen(route: ScenarioSyntax.route(ofSetWord: word))
        name(screen)
        return screen
    }

    private func word(_ words: [String], _ index: Int, _ line: Int) throws(ScenarioError) -> String {
        guard words.indices.contains(index) else { throw ScenarioError(line: line, "missing argument") }
        return words[index]
    }

    /// `TEXT`, or `-` for none.
    private func textOrNone(_ words: [String], _ index: Int, _ line: Int) throws(ScenarioError) -> String? {
        let text = try word(words, index, line)
        return text == "-" ? nil : text
    }

    /// `pop`'s `result=TEXT`, if given.
    private func resultOption(_ words: [String], _ line: Int) throws(ScenarioError) -> String? {
        for option in words {
            guard option.hasPrefix("result=") else { throw ScenarioError(line: line, "unknown pop option '\(option)'") }
            return String(option.dropFirst("result=".count))
        }
        return nil
    }

    /// `veto L on/off/later`: the hook refuses, allows, or answers later.
    private func vetoAnswer(_ words: [String], _ line: Int) throws(ScenarioError) -> VetoAnswer {
        if try word(words, 1, line) == "later" { return .later }
        return try onOff(words, 1, line) ? .refuse : .allow
    }

    private func yesNo(_ words: [String], _ index: Int, _ line: Int) throws(ScenarioError) -> Bool {
        switch try word(words, index, line) {
        case "yes": return true
        case "no": return false
        default: throw ScenarioError(line: line, "expected yes or no")
        }
    }

    private func onOff(_ words: [String], _ index: Int, _ line: Int) throws(ScenarioError) -> Bool {
        switch try word(words, index, line) {
        case "on": return true
        case "off": return false
        default: throw ScenarioError(line: line, "expected on or off")
        }
    }
}

/// What a `route NAME fail` factory throws.
private struct FactoryFailure: Error {}

extension NavigationEvent {
    /// The screens an event names.
    public var screens: [Screen] {
        switch self {
        case .action(let change): (change.appearing.map { [$0] } ?? []) + change.disappearing
        case .appearance(let change): [change.screen]
        case .transition(let transition): [transition.from, transition.to]
        case .payload(let screen, _), .released(let screen), .detach(let screen): [screen]
        case .progress, .bar, .done: []
        }
    }
}
