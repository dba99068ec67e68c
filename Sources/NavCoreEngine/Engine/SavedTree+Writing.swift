extension SavedTree {
    /// The version 2 document of the tree, exactly as `save_tree` returns it (SPEC §16.10): no
    /// whitespace, keys in the order `navcore`, `stack`, `modal`; `route`, `state`, `active`,
    /// `children`; `stack`, `covers`, `dismiss_on_back`, `modal`. Written from the walk, so a
    /// tree of any depth is written without recursion, in time proportional to its text.
    package var text: String {
        JSONWriter.text { writer in
            /// Whether the next element of the array being written needs a comma before it.
            var separate = false
            walk { step in
                switch step {
                case .beginNavigator(let navigator):
                    switch place(of: navigator) {
                    case .top: writer.append(#"{"navcore":2,"stack":["#)
                    case .child:
                        if separate { writer.append(UInt8(ascii: ",")) }
                        writer.append(#"{"stack":["#)
                    case .modal: writer.append(#","modal":{"stack":["#)
                    case nil: break
                    }
                    separate = false
                case .entry(let navigator, let index):
                    guard let entry = entry(index, of: navigator) else { return }
                    if separate { writer.append(UInt8(ascii: ",")) }
                    writer.entryOpening(entry.entry)
                    if entry.children != nil {
                        writer.append(#","active":"#)
                        if let active = entry.active { writer.unsignedInteger(active) } else { writer.append("null") }
                        writer.append(#","children":["#)
                        separate = false
                    } else {
                        writer.append(UInt8(ascii: "}"))
                        separate = true
                    }
                case .endChildren:
                    writer.append("]}")
                    separate = true
                case .endStack(let navigator):
                    writer.append(UInt8(ascii: "]"))
                    if case .modal(_, let covers, let dismissOnBack) = place(of: navigator) {
                        writer.append(#","covers":"#)
                        writer.boolean(covers)
                        writer.append(#","dismiss_on_back":"#)
                        writer.boolean(dismissOnBack)
                    }
                case .endNavigator:
                    writer.append(UInt8(ascii: "}"))
                    separate = true
                }
            }
        }
    }
}
