// Hooks: `on EVENT [filter]: PROGRAM`, the input's way of making callbacks call back in
// (SPEC §11's `on` lines are the same thing). A program runs inside the callback with the
// callback's navigator selected; it may ask ops, query, finish transitions, register or remove
// callbacks (its own included), destroy its navigator, or arm further hooks. Depth and the
// number of firings per input are bounded so that every input ends.

extension Harness {
    /// `on kind filter skip len program…`.
    func armHook(_ r: inout Reader, _ context: Context) {
        let kind = HookKind(rawValue: r.int(HookKind.allCases.count)) ?? .action
        let filter = Int(r.byte())
        let skip = r.byte()
        let program = r.bytes(r.int(Limits.programLength))
        hooks.append(Hook(slot: context.slot, kind: kind, filter: filter, skip: Int(skip & 0x7F),
                          repeats: skip & 0x80 != 0, program: program))
        log("hook \(kind) filter \(filter) skip \(skip) program \(program.count)b")
    }

    /// Runs the first armed hook of `nav`'s slot that matches the event, if any.
    func fire(_ kind: HookKind, _ value: Int, _ nav: NavModel) {
        guard hookDepth < Limits.hookDepth, hookBudget > 0 else { return }
        guard let index = hooks.firstIndex(where: {
            !$0.spent && $0.slot == nav.slot && $0.kind == kind && ($0.filter == 0xFF || $0.filter == value)
        }) else { return }
        if hooks[index].skip > 0 {
            hooks[index].skip -= 1
            return
        }
        if !hooks[index].repeats { hooks[index].spent = true }
        hookBudget -= 1
        hookDepth += 1
        defer { hookDepth -= 1 }
        log("  fire \(kind) \(value) on nav#\(nav.slot)")
        runProgram(hooks[index].program, slot: nav.slot)
    }
}
