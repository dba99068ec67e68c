"""The table of ops: include/navcore.h's NAVCORE_REQUEST_MAP, read and checked, and the code each
language makes of it (scripts/generate.py writes it into the generated regions).

The table gives each op (a member of NAVCORE_OP_MAP: its constant, value and SPEC name) the
functions that ask it, one row `X(op, function, (fields…))` each, and the navcore_request
fields the function's parameters fill, in order. The header's doc comment of each function
gives its brief, its parameters' texts and its statuses (`@retval`). What the table cannot
say — how a field is written in each language — is FIELDS below, one entry per field of
navcore_request: a new op made of known fields needs nothing here; a new field needs its entry
(the generator stops, naming it, until it has one).

Conventions every language follows (an op that does not fit them is written by hand):
- the engine's value of op `pop_to_root` is `PopToRootOp` (Engine/Ops/PopToRoot.swift), its
  case `.popToRoot`, made with one argument per field of the op's rows, labelled as FIELDS says;
- a function's method in Swift and Python is named after it without `navcore_` (Swift in
  camelCase): navcore_set_visible is `setVisible` and `set_visible`; a row whose fields are
  another row's of the same op plus more (navcore_pop_with_result) is that row's method with
  the extra parameters; a row with the same fields as an earlier row of its op (navcore_post)
  is an alias of it. LEGACY lists the methods older than the table, named otherwise.

Standard library only.
"""

from __future__ import annotations

import re
import sys
import textwrap
from dataclasses import dataclass, field, replace
from typing import Dict, List, Optional, Sequence, Tuple

import header_doc

# ---- reading -------------------------------------------------------------------------------


@dataclass
class Row:
    """One X(op, function, (fields…)) of NAVCORE_REQUEST_MAP, with the function's declaration."""

    op: str  # NAVCORE_OP_PUSH
    function: str  # navcore_push
    fields: List[str]
    declaration: header_doc.Declaration

    @property
    def parameters(self) -> List[Tuple[str, str]]:
        """The function's (type, name) parameters that fill the fields, in order."""
        return self.declaration.parameters[1:-2]

    @property
    def doc(self) -> header_doc.Doc:
        return self.declaration.doc

    def parameter_text(self, field_name: str) -> str:
        """The @param text of the parameter that fills `field_name`."""
        name = self.parameters[self.fields.index(field_name)][1]
        return dict(self.doc.params)[name]


@dataclass
class Op:
    """A member of NAVCORE_OP_MAP and its rows."""

    constant: str
    value: int
    name: str  # the SPEC name, "pop_to_root"
    note: str
    rows: List[Row] = field(default_factory=list)

    @property
    def fields(self) -> List[str]:
        """Every field its rows fill, in the order they first appear."""
        return list(dict.fromkeys(f for row in self.rows for f in row.fields))

    @property
    def case(self) -> str:
        return camel(self.name)

    @property
    def engine_type(self) -> str:
        return pascal(self.name) + "Op"


@dataclass
class StructField:
    """A field of navcore_request: its C type and name."""

    c_type: str
    name: str


@dataclass
class Table:
    ops: List[Op]
    fields: List[StructField]  # navcore_request's, in order, `version` and `op` included

    @property
    def rows(self) -> List[Row]:
        return [row for op in self.ops for row in op.rows]

    def field(self, name: str) -> StructField:
        return next(f for f in self.fields if f.name == name)


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def pascal(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


def read(header: str, items: List[header_doc.Declaration]) -> Table:
    """The table of `header`, checked against the declarations: every op has a row; each row's
    function exists, takes `nav` first and `done, ctx` last, and between them one parameter per
    field, of that field's C type; every field is navcore_request's and has its FIELDS entry."""
    docs = header_doc.by_name(items)
    ops_list = docs["navcore_op"].members
    ops = [Op(m.constant, m.value, m.name, m.note) for m in ops_list]
    by_constant = {op.constant: op for op in ops}
    struct = docs["navcore_request"].code
    body = re.sub(r"/\*.*?\*/", "", struct[struct.index("{") + 1:struct.rindex("}")], flags=re.S)
    fields = []
    for declaration in body.split(";"):
        if declaration.strip():
            match = re.fullmatch(r"\s*(.*?[\s*])(\w+)\s*", declaration, re.S)
            assert match, declaration
            fields.append(StructField(" ".join(match.group(1).split()).replace("* ", "*"), match.group(2)))
    table_code = docs["NAVCORE_REQUEST_MAP"].code
    faults = []
    for op_constant, function, field_list in re.findall(r"X\((NAVCORE_OP_\w+),\s*(navcore_\w+),\s*\(([^)]*)\)\)", table_code):
        names = [f.strip() for f in field_list.split(",") if f.strip()]
        if op_constant not in by_constant:
            faults.append(f"{function}: {op_constant} is not in NAVCORE_OP_MAP")
            continue
        declaration = docs.get(function)
        if declaration is None or declaration.kind != "function":
            faults.append(f"{function}: no documented prototype")
            continue
        row = Row(op_constant, function, names, declaration)
        parameters = declaration.parameters
        if (len(parameters) < 3 or parameters[0][0] != "navcore_navigator *"
                or [t for t, _ in parameters[-2:]] != ["navcore_done_fn", "void *"]):
            faults.append(f"{function}: an op's function takes `nav` first and `done, ctx` last")
            continue
        if len(row.parameters) != len(names):
            faults.append(f"{function}: {len(names)} fields for {len(row.parameters)} parameters")
            continue
        for (c_type, name), field_name in zip(row.parameters, names):
            known = [f for f in fields if f.name == field_name]
            if not known:
                faults.append(f"{function}: {field_name} is no field of navcore_request")
            elif known[0].c_type != c_type.replace("* ", "*"):
                faults.append(f"{function}: its parameter {name} is a {c_type}, the field {field_name} a {known[0].c_type}")
            elif field_name not in FIELDS:
                faults.append(f"the field {field_name}: no entry in FIELDS (scripts/ops.py): how each language writes it")
        if not declaration.doc.outcomes:
            faults.append(f"{function}: no @outcome tag (the outcomes its op may end with)")
        by_constant[op_constant].rows.append(row)
    faults += [f"{op.constant}: no row in NAVCORE_REQUEST_MAP (no function asks it)" for op in ops if not op.rows]
    if faults:
        sys.exit("generate: the table of ops (NAVCORE_REQUEST_MAP):\n  " + "\n  ".join(faults))
    return Table(ops, fields)


# ---- how each language writes a field --------------------------------------------------------


@dataclass
class Field:
    """How one navcore_request field is written in each language.

    engine: the label of the engine op's argument it fills, None for none (`count` goes with its
    array); c: that argument from a C request (Swift, inside an extension of navcore_request).
    """

    engine: Optional[str]
    c: str


FIELDS: Dict[str, Field] = {
    "screen": Field("screen", "screen"),
    "screens": Field("screens", "try screenIDs()"),
    "count": Field(None, ""),
    "animated": Field("animated", "animated"),
    "visible": Field("visible", "visible"),
    "result": Field("result", "try resultText()"),
    "block": Field("block", "try runBlock(ctx)"),
    "route": Field("route", "try routeText()"),
    "show_options": Field("options", "try CShowOptions.read(show_options)"),
    "entries": Field("entries", "try openEntries(navigator)"),
    "document": Field("entries", "try openEntries(navigator)"),
    "open_options": Field("options", "try COpenOptions.read(open_options)"),
    "tree": Field("tree", "try restoredTree(navigator)"),
    "child": Field("child", "try childCore()"),
    "attach_options": Field("options", "try CFamilyOptions.attach(attach_options)"),
    "activate_options": Field("options", "try CFamilyOptions.activate(activate_options)"),
    "present_options": Field("options", "try CFamilyOptions.present(present_options)"),
    "dismiss_options": Field("options", "try CFamilyOptions.dismiss(dismiss_options)"),
}

# C type of a field or parameter -> its Swift type: of the imported navcore_request field, and
# of an @c function's parameter where it differs (size_t).
SWIFT_FIELD_TYPES = {
    "unsigned int": "UInt32",
    "int": "Int32",
    "uint64_t": "UInt64",
    "const uint64_t *": "UnsafePointer<UInt64>?",
    "size_t": "Int",
    "bool": "Bool",
    "const char *": "UnsafePointer<CChar>?",
    "navcore_run_fn": "navcore_run_fn?",
    "const navcore_show_options *": "UnsafePointer<navcore_show_options>?",
    "const navcore_open_options *": "UnsafePointer<navcore_open_options>?",
    "const navcore_route_entry *": "UnsafePointer<navcore_route_entry>?",
    "navcore_navigator *": "NavigatorHandle?",
    "const navcore_attach_options *": "UnsafePointer<navcore_attach_options>?",
    "const navcore_activate_options *": "UnsafePointer<navcore_activate_options>?",
    "const navcore_present_options *": "UnsafePointer<navcore_present_options>?",
    "const navcore_dismiss_options *": "UnsafePointer<navcore_dismiss_options>?",
}
SWIFT_PARAMETER_TYPES = {
    **SWIFT_FIELD_TYPES,
    "size_t": "UInt",
    "navcore_navigator *": "NavigatorHandle?",
    "navcore_done_fn": "navcore_done_fn?",
    "void *": "UnsafeMutableRawPointer?",
}


def swift_type(c_type: str, table: Dict[str, str]) -> str:
    c_type = c_type.replace("* ", "*").replace(" *", " *")
    normal = re.sub(r"\s*\*", " *", c_type).strip()
    if normal not in table:
        sys.exit(f"generate: no Swift type for the C type {c_type!r}: add it to scripts/ops.py")
    return table[normal]


def empty_value(swift: str) -> str:
    if swift.endswith("?"):
        return "nil"
    return "false" if swift == "Bool" else "0"


def wrap(prefix: str, items: Sequence[str], suffix: str, indent: str, width: int = 116) -> str:
    """`prefix` + items joined by ", " + `suffix`, the items on lines of their own (indented
    once more) when the whole does not fit in `width`."""
    flat = prefix + ", ".join(items) + suffix
    if len(flat) <= width:
        return flat
    lines, line = [], indent + "    "
    for item in items:
        piece = item + ", "
        if len(line) + len(piece) > width and line.strip():
            lines.append(line.rstrip())
            line = indent + "    "
        line += piece
    lines.append(line.rstrip().rstrip(","))
    return prefix + "\n" + "\n".join(lines) + "\n" + indent + suffix.lstrip()


# ---- the engine (Swift, NavCoreEngine) -----------------------------------------------------


def engine_operations(table: Table) -> str:
    """Operation.swift's cases, its dispatch and each op's kind and case."""
    out = [f"    case {op.case}({op.engine_type})" for op in table.ops]
    out += ["}", "", "extension Operation {",
            "    /// The op's kind.",
            "    package var kind: OperationKind {",
            "        switch self {"]
    out += [f"        case .{op.case}: .{op.case}" for op in table.ops]
    out += ["        }", "    }", "",
            "    /// The op's validation at the call (`OperationDefinition.validate`).",
            "    func validate(_ state: borrowing FamilyState) throws(NavigationError) {",
            "        switch self {"]
    out += [f"        case .{op.case}(let op): try op.validate(state)" for op in table.ops]
    out += ["        }", "    }", "",
            "    /// Runs the op that has just started (`OperationDefinition.run`).",
            "    func run(_ family: Family) {",
            "        switch self {"]
    out += [f"        case .{op.case}(let op): op.run(family)" for op in table.ops]
    out += ["        }", "    }", "}"]
    for op in table.ops:
        out += ["", f"extension {op.engine_type} {{",
                f"    package static var kind: OperationKind {{ .{op.case} }}",
                f"    package var operation: Operation {{ .{op.case}(self) }}",
                "    package consuming func request(completion: consuming CompletionHandler?) -> Request {",
                "        Request(self, completion: completion)", "    }", "}"]
    return "\n".join(out) + "\n"


def operation_kind(table: Table) -> str:
    """OperationKind's cases (their docs the table's notes) and names."""
    out = []
    for op in table.ops:
        note = op.note[:1].upper() + op.note[1:]
        out += [f"    /// {note}.", f"    case {op.case} = {op.value}"]
    out += ["", "    /// The spelling used by <doc:Semantics> and the scenario traces, e.g. `pop_to_root`.",
            "    public var description: String {", "        switch self {"]
    out += [f'        case .{op.case}: "{op.name}"' for op in table.ops]
    out += ["        }", "    }"]
    return "\n".join(out) + "\n"


# ---- the C front (Swift, NavCoreC) ----------------------------------------------------------


def c_request_making(table: Table) -> str:
    """navcore_request's empty value and the initializer the functions of the ops use."""
    fields = [(f.name, swift_type(f.c_type, SWIFT_FIELD_TYPES)) for f in table.fields]
    empty = [f"{name}: {'version' if name == 'version' else '-1' if name == 'op' else empty_value(t)}" for name, t in fields]
    out = ["    /// NAVCORE_REQUEST_INIT of `version`: no op (-1), every other field empty.",
           "    static func empty(_ version: UInt32) -> navcore_request {",
           wrap("        navcore_request(", empty, ")", "        "),
           "    }", "",
           "    /// The request of `op` with these fields, the others empty: what each function of an op asks.",
           wrap("    init(", ["_ op: navcore_op"] + [f"{n}: {t} = {empty_value(t)}" for n, t in fields[2:]], ") {", "    "),
           wrap("        self.init(", ["version: UInt32(NAVCORE_REQUEST_VERSION)", "op: Int32(bitPattern: op.rawValue)"]
                + [f"{n}: {n}" for n, _ in fields[2:]], ")", "        "),
           "    }"]
    return "\n".join(out) + "\n"


def c_engine_request(table: Table) -> str:
    """The switch that turns a C request into the engine's: each op with the fields it reads."""
    out = ["    /// The engine's request of this one: its op, made of the fields that op reads; `invalid` for",
           "    /// an unknown op, or a field that its function would refuse as an argument. Inlined: a",
           "    /// function of an op, whose op is a constant, keeps only that op's case.",
           "    @inline(__always)",
           "    func engineRequest(",
           "        _ navigator: CNavigator, _ completion: CompletionHandler?, _ ctx: UnsafeMutableRawPointer?",
           "    ) throws(NavigationError) -> Request {",
           "        switch UInt32(bitPattern: op) {"]
    for op in table.ops:
        arguments = {}
        for name in op.fields:
            spec = FIELDS[name]
            if spec.engine and spec.engine not in arguments:
                arguments[spec.engine] = f"{spec.engine}: {spec.c}"
        make = f"{op.engine_type}({', '.join(arguments.values())})"
        out += [f"        case {op.constant}.rawValue:",
                f"            return {make}.request(completion: completion)"]
    out += ["        default:",
            '            throw NavigationError(.invalid, "the request\'s op \\(op) is not a navcore_op")',
            "        }", "    }"]
    return "\n".join(out) + "\n"


def c_functions(table: Table) -> str:
    """The library's function of each row: navcore_ask's path with a request of its arguments."""
    out = []
    for row in table.rows:
        parameters = [f"_ {name}: {swift_type(c_type, SWIFT_PARAMETER_TYPES)}" for c_type, name in row.declaration.parameters]
        filled = {}
        for (c_type, name), field_name in zip(row.parameters, row.fields):
            parameter = swift_type(c_type, SWIFT_PARAMETER_TYPES)
            field_type = swift_type(table.field(field_name).c_type, SWIFT_FIELD_TYPES)
            filled[field_name] = name if parameter == field_type else f"{field_type}(bitPattern: {name})"
        # In the struct's order, as the initializer takes them.
        arguments = [row.op] + [f"{f.name}: {filled[f.name]}" for f in table.fields if f.name in filled]
        out += [wrap(f"@c public func {row.function}(", parameters, ") -> Int32 {", ""),
                "    CAPI.call(nav) { navigator throws(NavigationError) in",
                f"        try CRequests.ask(navigator, navcore_request({', '.join(arguments)}), done, ctx)",
                "    }", "}", ""]
    return "\n".join(out[:-1]) + "\n"


# ---- the bindings' methods: one per function, merged and aliased --------------------------------


@dataclass
class Method:
    """A method of the Swift and Python navigators: the rows it asks, and its fields (its first
    row's, with the fields of the rows merged into it); `aliases` are rows of the same fields."""

    op: Op
    row: Row
    fields: List[str]
    merged: List[Row] = field(default_factory=list)
    aliases: List[Row] = field(default_factory=list)

    @property
    def rows(self) -> List[Row]:
        return [self.row] + self.merged

    def parameter_text(self, field_name: str) -> str:
        """The header's @param text of the parameter that fills `field_name`."""
        return next(row.parameter_text(field_name) for row in self.rows if field_name in row.fields)


#: The functions whose binding methods and scenario verbs are written by hand, not from the
#: table: the family ops (SPEC §16), whose Swift and Python methods take another navigator and
#: name their options as §16.12 says, and whose scenario verbs (§16.13) name navigators.
HAND_WRITTEN = {"navcore_attach", "navcore_activate", "navcore_present", "navcore_dismiss", "navcore_leave"}


def methods(table: Table) -> List[Method]:
    """The methods, in the table's order. A row with the fields of an earlier method of its op
    is an alias of it (navcore_post); one with an earlier method's fields and more is merged
    into it (navcore_pop_with_result: `pop`'s `result`); any other row is a method of its own.
    The rows of HAND_WRITTEN have none."""
    found: List[Method] = []
    for op in table.ops:
        if all(row.function in HAND_WRITTEN for row in op.rows):
            continue
        own: List[Method] = []
        for row in op.rows:
            wider = next((m for m in own if set(m.fields) < set(row.fields) and not m.aliases), None)
            if row.function in MERGED_INTO:
                wider = next(m for m in own if m.row.function == MERGED_INTO[row.function])
            same = next((m for m in own if m.fields == row.fields), None)
            if same:
                same.aliases.append(row)
            elif wider:
                wider.merged.append(row)
                wider.fields += [f for f in row.fields if f not in wider.fields]
            else:
                own.append(Method(op, row, list(row.fields)))
        found += own
    return found


#: Rows merged into another row's method although their fields are not a superset of its: an
#: options struct that carries that method's `animated` (navcore_open_with_options is `open`
#: with `focus`; its options' conversion uses `animated`: PythonField.uses).
MERGED_INTO = {"navcore_open_with_options": "navcore_open"}

#: SPEC §2: "show, open and restore default to instant in the bindings"; every other op that
#: takes `animated` defaults to animating.
INSTANT_BY_DEFAULT = {"show", "open"}

#: The methods older than the table, named otherwise than its rule: function -> (Swift name,
#: Python name), and the Swift labels of their parameters that are not the rule's.
LEGACY_NAMES = {"navcore_gesture_begin": ("beginGesture", "gesture"), "navcore_pop_to": ("pop", "pop_to")}
LEGACY_SWIFT_LABELS = {("navcore_pop_to", "screen"): "to"}


def swift_name(row: Row) -> str:
    return LEGACY_NAMES.get(row.function, (camel(row.function[len("navcore_"):]), ""))[0]


def python_name(row: Row) -> str:
    return LEGACY_NAMES.get(row.function, ("", row.function[len("navcore_"):]))[1]


def doc_text(text: str, language: str) -> str:
    """A header text as a Swift or Python doc comment says it."""
    if language == "swift":
        text = text.replace("SPEC §", "<doc:Semantics> §")
    else:
        text = re.sub(r"(?<!`)`([^`]+)`(?!`)", r"``\1``", text)
    return re.sub(r"\bNULL\b", "nil" if language == "swift" else "None", text)


def doc_lines(text: str, prefix: str, hanging: str, width: int = 100) -> List[str]:
    """`text` wrapped at `width`: its first line after `prefix`, the next ones after `hanging`."""
    return textwrap.wrap(text, width, initial_indent=prefix, subsequent_indent=hanging,
                         break_long_words=False, break_on_hyphens=False) or [prefix.rstrip()]


@dataclass
class SwiftField:
    """A field as a Swift method's parameter: its label (None: the parameter's name), name,
    type, default; the value it gives the engine op (`engine`), or the value a method that
    lacks it gives (`absent`); its doc when the header's @param text does not fit Swift. On
    MainActorNavigator: its type there, and what the method passes to the request's factory."""

    label: Optional[str]
    name: str
    type: str
    default: Optional[str] = None
    engine: str = ""
    absent: Optional[str] = None
    doc: Optional[str] = None


SWIFT_FIELDS: Dict[str, SwiftField] = {
    "screen": SwiftField("_", "screen", "Screen", engine="screen.id"),
    "screens": SwiftField("_", "screens", "[Screen]", engine="screens.map { $0.id }",
                          doc="the new stack, bottom to top (an empty one ends the op `.invalid`)"),
    "animated": SwiftField(None, "animated", "Bool", "true", engine="animated"),
    "result": SwiftField(None, "result", "String?", "nil", engine="result", absent="nil"),
    "block": SwiftField("_", "block", "@escaping @Sendable () -> Void", engine=".swift(block)",
                        doc="the code to run, in queue order"),
    "visible": SwiftField("_", "visible", "Bool", engine="visible"),
    "route": SwiftField("_", "route", "String", engine="route", doc="the route's name"),
    "show_options": SwiftField(None, "options", "ShowOptions", "ShowOptions()", engine="options",
                               doc="its animation, replacement, recycling and payload (<doc:Semantics> §8)"),
    "entries": SwiftField("_", "entries", "[RouteEntry]", engine="entries"),
    # Parsed when the request is asked (after the navigator is known to be live), not made.
    "document": SwiftField("_", "document", "String", engine=""),
    "open_options": SwiftField(None, "focus", "Bool", "false", engine="OpenOptions(animated: animated, focus: focus)",
                               absent="nil",
                               doc="whether the op then brings the navigator to the front of its family "
                                   "(<doc:Semantics> §16.10)"),
    # Parsed when the request is asked, as `document` is.
    "tree": SwiftField("_", "tree", "String", engine="", absent="nil"),
}


def swift_parameters(method: Method) -> List[Tuple[SwiftField, str]]:
    """(field spec, parameter declaration) of a method's fields, `count` left out."""
    out = []
    for name in method.fields:
        if name == "count":
            continue
        spec = SWIFT_FIELDS[name]
        label = LEGACY_SWIFT_LABELS.get((method.row.function, name), spec.label)
        default = spec.default
        if name == "animated" and method.op.name in INSTANT_BY_DEFAULT:
            default = "false"
        declaration = f"{label + ' ' if label else ''}{spec.name}: {spec.type}" + (f" = {default}" if default else "")
        out.append((spec, declaration))
    return out


def swift_call_arguments(method: Method) -> List[str]:
    """The arguments with which a method passes its parameters on (to a factory)."""
    out = []
    for name in method.fields:
        if name == "count":
            continue
        spec = SWIFT_FIELDS[name]
        label = LEGACY_SWIFT_LABELS.get((method.row.function, name), spec.label)
        out.append(spec.name if label == "_" else f"{label or spec.name}: {spec.name}")
    return out


def swift_doc(method: Method, indent: str, extra: Sequence[Tuple[str, str]] = (), returns: Optional[str] = None,
              throws: bool = True, row: Optional[Row] = None) -> List[str]:
    """A method's doc comment: the header's brief, its parameters, what it returns and throws."""
    row = row or method.row
    start = f"{indent}/// "
    lines = doc_lines(doc_text(row.doc.brief, "swift"), start, start) + [f"{indent}///"]
    parameters = [(SWIFT_FIELDS[n].name, SWIFT_FIELDS[n].doc or doc_text(method.parameter_text(n), "swift"))
                  for n in method.fields if n != "count"] + list(extra)
    if parameters:
        lines.append(f"{start}- Parameters:")
        for name, text in parameters:
            lines += doc_lines(f"{name}: {text}", f"{start}  - ", f"{start}    ")
    if returns:
        lines += doc_lines(f"- Returns: {returns}", start, f"{start}  ")
    if throws:
        lines.append(f"{start}- Throws: `NavigationError` when the call itself fails; then nothing is asked.")
    while lines and lines[-1] == f"{indent}///":
        lines.pop()
    return lines


def swift_factories(table: Table) -> str:
    """NavigationRequest's factories: one per method, named as it."""
    out = []
    for method in methods(table):
        parameters = [declaration for _, declaration in swift_parameters(method)]
        if "document" in method.fields:
            body = "NavigationRequest(restoring: document, animated: animated)"
        elif "tree" in method.fields:
            body = "NavigationRequest(restoringTree: tree, animated: animated)"
        else:
            arguments = {}
            for name in method.op.fields:
                label = FIELDS[name].engine
                if not label or label in arguments:
                    continue
                if name in method.fields:
                    arguments[label] = SWIFT_FIELDS[name].engine
                elif SWIFT_FIELDS[name].absent is not None:
                    arguments[label] = SWIFT_FIELDS[name].absent
            body = f"NavigationRequest({method.op.engine_type}({', '.join(f'{k}: {v}' for k, v in arguments.items())}))"
        out += swift_doc(method, "    ", throws=False)
        out += [wrap(f"    public static func {swift_name(method.row)}(", parameters, ") -> NavigationRequest {", "    "),
                f"        {body}", "    }", ""]
    return "\n".join(out[:-1]) + "\n"


def swift_methods(table: Table, waits: bool) -> str:
    """The named methods of Navigator: `ask` (or, when `waits`, the awaiting `perform`, on the
    caller's isolation: `nonisolated(nonsending)`) of the request of the same name."""
    out = []
    for method in methods(table):
        for row in [method.row] + method.aliases:
            name = swift_name(row)
            factory = swift_name(method.row)
            parameters = [declaration for _, declaration in swift_parameters(method)]
            arguments = ", ".join(swift_call_arguments(method))
            if waits:
                out += swift_doc(method, "    ", returns="the op's outcome, once it has ended.", row=row)
                out += [wrap(f"    nonisolated(nonsending) public func {name}(", parameters, ") async throws(NavigationError) -> Outcome {", "    "),
                        f"        try await perform(.{factory}({arguments}))", "    }", ""]
            else:
                out += swift_doc(method, "    ", [("completion", "told the op's outcome when it ends, or `nil`")],
                                 returns="`.ok` when the op started, `.queued` when it waits.", row=row)
                out += ["    @discardableResult",
                        wrap(f"    public func {name}(", parameters + ["completion: Completion?"],
                             ") throws(NavigationError) -> RequestStatus {", "    "),
                        f"        try ask(.{factory}({arguments}), completion: completion)", "    }", ""]
    return "\n".join(out[:-1]) + "\n"


# ---- Python (bindings/python/navcore) --------------------------------------------------------------


@dataclass
class PythonParameter:
    """A parameter of a Python method: its name, annotation, default, whether it is keyword
    only, the key its value is stored under in a Request (its name unless said), and its doc
    (None: the header's @param text of the field)."""

    name: str
    annotation: str
    default: Optional[str] = None
    keyword: bool = False
    key: Optional[str] = None
    doc: Optional[str] = None


@dataclass
class PythonField:
    """A field as a Python method's parameters, and the exceptions its conversion raises.
    `plain`: the value the C field takes, made from the parameters at once (a bool, an id);
    without one the field is made at the call by `convert`, its conversion (a function of
    navcore/_conversions.py, given the parameters' values), which also fills the fields of
    `also` (an array's `count`): the named method writes the values into its navcore_request
    at once, a Request keeps the conversion for ``ask``. A field with neither is filled by
    another's conversion. `optional`: the field is left out (NULL) when every parameter of it
    is None, and the request is then the one of the row without it (``pop()`` asks
    navcore_pop's request, ``pop(result=…)`` navcore_pop_with_result's). `operation_keeps`: the op's Operation keeps the parameter (``run``'s
    block, which the trampoline calls). `uses`: parameters of the method's other fields that the
    conversion also takes, after its own (``open``'s options carry its ``animated``)."""

    parameters: List[PythonParameter]
    raises: List[str] = field(default_factory=list)
    plain: Optional[str] = None
    optional: bool = False
    convert: Optional[str] = None
    also: Tuple[str, ...] = ()
    operation_keeps: bool = False
    uses: Tuple[str, ...] = ()


PYTHON_FIELDS: Dict[str, PythonField] = {
    "screen": PythonField([PythonParameter("screen", "Screen[Any]")],
                          ["NoSuchScreenError: ``screen`` is released, or another navigator's."], plain="screen.id"),
    "screens": PythonField([PythonParameter("screens", "Iterable[ScreenLike]",
                                            doc="Screens, or objects (each gets a new screen), bottom to top.")],
                           ["NoSuchScreenError: a Screen is released, or another navigator's."],
                           convert="screens", also=("count",)),
    "count": PythonField([]),
    "animated": PythonField([PythonParameter("animated", "bool", "True")], plain="bool(animated)"),
    "visible": PythonField([PythonParameter("visible", "bool")], plain="bool(visible)"),
    "result": PythonField([PythonParameter("result", "Any", "None", True, doc="the popped screen's result, as JSON text."),
                           PythonParameter("result_text", "Optional[str]", "None", True,
                                           doc="the popped screen's result as is.")],
                          ["TypeError: both ``result`` and ``result_text`` are given.",
                           "InvalidError: a result that is not valid text."], optional=True,
                          convert="result"),
    "block": PythonField([PythonParameter("block", "Callable[[], Any]",
                                          doc="the code to run, called without arguments on the driving thread.")],
                         ["TypeError: ``block`` is not callable."], convert="block", operation_keeps=True),
    "route": PythonField([PythonParameter("route", "str", doc="a registered route's name.")], convert="route"),
    "show_options": PythonField(
        [PythonParameter("animated", "bool", "False", True, doc="whether the change asks for a transition."),
         PythonParameter("remove_current", "bool", "True", True, doc="whether a new screen replaces the current top."),
         PythonParameter("recycle", "RecycleLike", "Recycle.ANY", True,
                         doc='which screen of the route to reuse: ``"any"`` (the default: the one nearest the top), '
                             '``"top"`` (only the top, the "single top" of other toolkits) or ``"none"`` (never); '
                             'True and False are ``"any"`` and ``"none"``.'),
         PythonParameter("payload", "Union[str, Mapping[str, Any], None]", "None", True,
                         doc="delivered to the screen: a str, or a dict that travels as JSON (``Payload.json()``); "
                             "None for none.")],
        ["InvalidError: a route or payload that is not valid text.", "ValueError: an unknown ``recycle`` value."],
        convert="show_options"),
    "entries": PythonField([PythonParameter("entries", "Iterable[RouteEntry]",
                                            doc="each ``(route, state)`` or a route alone, bottom to top; a state is "
                                                "a str (as is), a dict (as JSON) or None.")],
                           ["InvalidError: no entry, or a route or state that is not valid text."],
                           convert="entries", also=("count",)),
    "document": PythonField([PythonParameter("document", "Union[str, Mapping[str, Any]]",
                                             doc="``save()``'s dict or ``save_text()``'s text; any JSON of that shape.")],
                            ["InvalidError: anything but a saved document, at the call (SPEC §14)."],
                            convert="document"),
    "open_options": PythonField([PythonParameter("focus", "Optional[bool]", "None", True,
                                                 doc="True: then bring the navigator to the front of its family "
                                                     "(SPEC §16.10); None or False: not.")],
                                optional=True, convert="open_options", uses=("animated",)),
    "tree": PythonField([PythonParameter("tree", "Union[str, Mapping[str, Any]]",
                                         doc="``save_tree()``'s text or its dict; any JSON of that shape.")],
                        ["InvalidError: anything but a saved tree, at the call (SPEC §16.10)."],
                        convert="document"),
}

#: navcore_push's screen in Python: any object, which gets a new screen of `route`.
LEGACY_PYTHON_FIELDS = {
    ("navcore_push", "screen"): PythonField(
        [PythonParameter("screen", "ScreenLike", doc="a detached Screen, or any object (it gets a new screen)."),
         PythonParameter("route", "Optional[str]", "None", True, key="new_screen_route",
                         doc='the route of the new screen made for an object (not for a Screen): without one it is '
                             'anonymous (route ""), which ``show`` never recycles and ``restore`` cannot rebuild.')],
        ["TypeError: ``route`` given with a Screen.", "NoSuchScreenError: the Screen is released, or another navigator's."],
        convert="screen"),
}

#: The exceptions of the statuses a method's function lists (its `@retval` tags), beside its
#: fields' own.
PYTHON_STATUS_ERRORS = {"NAVCORE_ERR_BUSY": "BusyError", "NAVCORE_ERR_STATE": "StateError"}


def python_fields(method: Method) -> List[Tuple[str, PythonField]]:
    return [(name, LEGACY_PYTHON_FIELDS.get((method.row.function, name), PYTHON_FIELDS[name]))
            for name in method.fields]


def python_parameters(method: Method) -> List[Tuple[str, PythonParameter]]:
    """(field, parameter) of a method, positional ones first (in the fields' order)."""
    every = [(name, p) for name, spec in python_fields(method) for p in spec.parameters]
    every = [(name, replace(p, default="False") if name == "animated" and method.op.name in INSTANT_BY_DEFAULT else p)
             for name, p in every]
    return [e for e in every if not e[1].keyword] + [e for e in every if e[1].keyword]


def python_signature(method: Method, first: str) -> List[str]:
    parts, star = [first], False
    for _, p in python_parameters(method):
        if p.keyword and not star:
            parts.append("*")
            star = True
        parts.append(f"{p.name}: {p.annotation}" + (f" = {p.default}" if p.default else ""))
    return parts


def python_doc(method: Method, returns: str, raises: bool, indent: str, row: Optional[Row] = None) -> List[str]:
    """A docstring: the header's brief, Args, Returns and (for a navigator's method) Raises."""
    row = row or method.row
    lines = doc_lines(doc_text(row.doc.brief, "python"), f'{indent}"""', indent) + [""]
    parameters = python_parameters(method)
    if parameters:
        lines.append(f"{indent}Args:")
        for name, p in parameters:
            text = p.doc or doc_text(method.parameter_text(name), "python") + "."
            lines += doc_lines(f"{p.name}: {text}", f"{indent}    ", f"{indent}        ")
        lines.append("")
    lines += [f"{indent}Returns:", f"{indent}    {returns}"]
    if raises:
        errors = list(dict.fromkeys(r for _, spec in python_fields(method) for r in spec.raises))
        for status, text in row.doc.retvals:
            if status in PYTHON_STATUS_ERRORS:
                errors.append(f"{PYTHON_STATUS_ERRORS[status]}: {doc_text(text, 'python')}.")
        errors.append("InvalidHandleError: the navigator is closed.")
        lines += ["", f"{indent}Raises:"]
        for error in errors:
            lines += doc_lines(error, f"{indent}    ", f"{indent}        ")
    return lines + [f'{indent}"""']


def python_c_zero(c_type: str) -> str:
    """An empty navcore_request field as ctypes takes it."""
    return "None" if "*" in c_type or c_type.endswith("_fn") else "False" if c_type == "bool" else "0"


def python_conversion_call(spec: PythonField) -> str:
    """The call of a field's conversion (navcore/_conversions.py) in a named method."""
    names = [p.name for p in spec.parameters] + list(spec.uses)
    return f"_conversions.{spec.convert}({', '.join(['self', 'created'] + names)})"


def python_tuple(items: Sequence[str]) -> str:
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def python_converted(converted: List[Tuple[str, PythonField]], optional: List[Tuple[str, PythonField]]) -> str:
    """A Request's `_converted`: its conversions' entries; an optional one only if given."""
    if optional:
        entry, spec = optional[0]
        absent = " and ".join(f"{p.name} is None" for p in spec.parameters)
        given = "".join(f"\n            {e}," for e, _ in converted)
        if converted:
            return (f"        request._converted = ({given}\n        )"
                    f" + (() if {absent} else (\n            {entry},\n        ))")
        return f"        request._converted = () if {absent} else (\n            {entry},\n        )"
    return wrap("        request._converted = (", [entry for entry, _ in converted], ",)" if len(converted) == 1 else ")",
                "        ", 100)


def python_factories(table: Table) -> str:
    """Request's class methods: one per method, named as it. Each makes the fields it can as
    they are (`_c`: navcore_request's first fields, in order, up to its last such field) and
    keeps, for each field made at the call, its conversion and the parameters it takes; it has
    no __init__ of its own: ``ask`` makes the request's Operation with the named methods'
    shared path."""
    out = []
    for method in methods(table):
        name = python_name(method.row)
        plain, converted, optional, arguments = {}, [], [], []
        for field_name, spec in python_fields(method):
            if spec.plain:
                plain[field_name] = spec.plain
                continue
            arguments += [f'"{p.key or p.name}": {p.name}' for p in spec.parameters]
            if spec.convert:
                fields = python_tuple([f'"{f}"' for f in (field_name,) + spec.also])
                names = [p.name for p in spec.parameters] + list(spec.uses)
                entry = f"({fields}, _conversions.{spec.convert}, {python_tuple(names)})"
                (optional if spec.optional else converted).append((entry, spec))
        if len(optional) > 1:
            sys.exit(f"ops.py: {method.row.function}: one optional field is all a Request's class method makes")
        last = max([i for i, f in enumerate(table.fields) if f.name in plain] + [1])
        c = ["_VERSION", str(method.op.value)] + [plain.get(f.name, python_c_zero(f.c_type)) for f in table.fields[2:last + 1]]
        out += ["    @classmethod",
                wrap(f"    def {name}(", python_signature(method, "cls"), ') -> "Request":', "    ", 100)]
        out += python_doc(method, f"The request of ``Navigator.{name}``.", False, "        ")
        out += ["        request = object.__new__(cls)",
                f"        request.op = _OPS[{method.op.value}]",
                wrap("        request._c = (", c, ")", "        ", 100),
                python_converted(converted, optional),
                wrap("        request._arguments = {", arguments, "}", "        ", 100) if arguments
                else "        request._arguments = _NO_ARGUMENTS",
                "        return request", ""]
    return "\n".join(out[:-1]) + "\n"


def python_row_call(method: Method, row: Row, declared: bool = False) -> List[str]:
    """The lines of a named method that ask `row`'s op through Navigator._ask: the plain fields
    first (as a Request's class method makes them), then the conversions in the row's order,
    then the navcore_request of the row's fields (by name) that _ask passes to
    navcore_ask_outcome. `declared`: an earlier branch of the method declared `created`."""
    specs = dict(python_fields(method))
    converts = any(specs[f].convert for f in row.fields if f in specs)
    plain, converted, fields = [], [], []
    for field_name in row.fields:
        spec = specs.get(field_name)
        if spec is None:  # filled by another field's conversion (`count`, by `screens`)
            continue
        if spec.plain and converts:  # made before any conversion may make a screen
            plain.append(f"        c_{field_name} = {spec.plain}")
            fields.append(f"{field_name}=c_{field_name}")
        elif spec.plain:
            fields.append(f"{field_name}={spec.plain}")
        elif spec.convert and spec.also:
            names = [f"c_{name}" for name in (field_name,) + spec.also]
            converted.append(f"        {', '.join(names)} = {python_conversion_call(spec)}")
            fields += [f"{name[2:]}={name}" for name in names]
        elif spec.convert:
            fields.append(f"{field_name}={python_conversion_call(spec)}")
    lines = plain
    if converts:
        annotation = "" if declared else ": List[Screen[Any]]"
        lines += [f"        created{annotation} = []  # what the conversions make: discarded if refused"]
    lines += converted
    request = wrap("_CRequest(", ["_VERSION", str(method.op.value)] + fields, ")", "            ", 100)
    arguments = [f"OPS[{method.op.value}]", request] + (["created"] if converts else [])
    arguments += [f"{p.name}={p.name}" for f in row.fields if f in specs and specs[f].operation_keeps
                  for p in specs[f].parameters]
    lines.append(wrap("        return self._ask(", arguments, ")", "        ", 100))
    return lines


def python_methods(table: Table) -> str:
    """Navigator's named methods: each asks the request of its row's fields, with their values
    in C's form (an alias is assigned). A method with a merged row fills its fields only when
    one of the row's own (optional) fields is given, else its first row's: ``pop()`` asks
    navcore_pop's request, ``pop(result=…)`` navcore_pop_with_result's."""
    out = []
    for method in methods(table):
        name = python_name(method.row)
        out.append(wrap(f"    def {name}(", python_signature(method, "self"), ") -> Operation:", "    ", 100))
        out += python_doc(method, "The op's Operation.", True, "        ")
        row = method.row
        if method.merged:
            specs = dict(python_fields(method))
            row = method.merged[0]
            extra = [specs[f] for f in row.fields if f not in method.row.fields]
            if len(method.merged) > 1 or not all(spec.optional for spec in extra):
                sys.exit(f"ops.py: {row.function} is not {method.row.function} with optional fields: "
                         "write the Python method by hand")
            absent = " and ".join(f"{p.name} is None" for spec in extra for p in spec.parameters)
            out.append(f"        if {absent}:")
            first = python_row_call(method, method.row)
            out += ["    " + part for line in first for part in line.split("\n")]
            out += python_row_call(method, row, declared=any("created:" in line for line in first)) + [""]
        else:
            out += python_row_call(method, row) + [""]
        out += [f"    {python_name(alias)} = {name}  # {doc_text(alias.doc.brief, 'python')}" for alias in method.aliases]
        if method.aliases:
            out.append("")
    return "\n".join(out[:-1]) + "\n"


# ---- the scenario runners' verbs (SPEC §11) ----------------------------------------------------


@dataclass
class WordParser:
    """How a scenario command's words give one field, in each runner (the parsing helpers they
    name are the runners' own, written by hand). Swift and Python read the words into a local
    `x` (a ScenarioError when they are wrong) and give the request `value` made of it inside the
    command's call (where a navigator error is the command's status); Python may pass it under
    another parameter (`python_argument`). C calls `c`, a function of bindings/c/scenario/ops.c
    that fills the field of the request (false: a scenario error, recorded)."""

    swift_parse: str
    python_parse: str
    c: str
    swift_value: str = "{x}"
    python_value: str = "{x}"
    python_argument: Optional[str] = None


WORD_PARSERS: Dict[str, WordParser] = {
    "label": WordParser("try labelled(word(plain, 0, line), line)", "self.labelled(self.word(plain, 0, line), line)",
                        "word_label"),
    "new_screen": WordParser("try word(plain, 0, line)", "self.word(plain, 0, line)", "word_new_screen",
                             swift_value="try self.newScreen(route: {x})", python_value="self.new_screen({x})"),
    "set_words": WordParser("plain", "plain", "word_set", swift_value="try {x}.map { try self.liveOrNew($0) }",
                            python_value="[self.live_or_new(w) for w in {x}]"),
    "not_instant": WordParser('!arguments.contains("instant")', '"instant" not in arguments', "word_not_instant"),
    "animated": WordParser('arguments.contains("animated")', '"animated" in arguments', "word_animated"),
    "animated_after_first": WordParser('arguments.dropFirst().contains("animated")', '"animated" in arguments[1:]',
                                       "word_animated_after_first"),
    "result_option": WordParser("try resultOption(plain, line)", "self.result_option(plain, line)", "word_result",
                                python_argument="result_text={x}"),
    "run_name": WordParser("try word(arguments, 0, line)", "self.word(arguments, 0, line)", "word_run_name",
                           swift_value="self.runBlock(named: {x})", python_value="self.run_block({x})"),
    "on_off": WordParser("try onOff(arguments, 0, line)", "self.on_off(arguments, 0, line)", "word_visible"),
    "route": WordParser("try word(arguments, 0, line)", "self.word(arguments, 0, line)", "word_route"),
    "show_options": WordParser("try showOptions(arguments, line)", "self.show_options(arguments, line)",
                               "word_show_options", python_argument="**{x}"),
    "open_words": WordParser("openEntries(arguments)",
                             '[split_entry(w) for w in arguments if w not in ("animated", "focus")]',
                             "word_open"),
    "document": WordParser("try word(arguments, 0, line)", "self.word(arguments, 0, line)", "word_document"),
    "tree": WordParser("try word(arguments, 0, line)", "self.word(arguments, 0, line)", "word_tree"),
    "focus": WordParser('arguments.contains("focus")', '"focus" in arguments', "word_focus",
                        python_value="(True if {x} else None)"),
}

#: Each field's words, unless the verb says otherwise (DSL_PARSERS).
FIELD_WORDS = {"screen": "label", "screens": "set_words", "animated": "not_instant", "result": "result_option",
               "block": "run_name", "visible": "on_off", "route": "route", "show_options": "show_options",
               "entries": "open_words", "document": "document", "open_options": "focus", "tree": "tree"}

#: SPEC §11's words where they are not FIELD_WORDS': `push R` makes a new screen of route R
#: (`push_again L` pushes screen L); an op that is instant by default takes the word `animated`
#: (`restore DOC [animated]` after its document); and the verbs that are no method's name.
DSL_PARSERS = {("push", "screen"): "new_screen", ("restore", "animated"): "animated_after_first",
               ("restore_tree", "animated"): "animated_after_first"}
DSL_VERBS = {"push_again": ("navcore_push", {"screen": "label"})}


@dataclass
class Verb:
    """A scenario command that asks an op: its word, its method and each field's words."""

    name: str
    method: Method
    words: Dict[str, str]


def verbs(table: Table) -> List[Verb]:
    """The op verbs: a method's is its op's SPEC name, or for the op's second method its own
    name (`restore`, of `open`); then DSL_VERBS."""
    found = []
    every = methods(table)
    for method in every:
        first = next(m for m in every if m.op is method.op)
        name = method.op.name if method is first else python_name(method.row)
        words = {}
        for field_name in method.fields:
            if field_name == "count":
                continue
            parser = FIELD_WORDS[field_name]
            if field_name == "animated" and method.op.name in INSTANT_BY_DEFAULT:
                parser = "animated"
            words[field_name] = DSL_PARSERS.get((name, field_name), parser)
        found.append(Verb(name, method, words))
    for name, (function, overrides) in DSL_VERBS.items():
        base = next(v for v in found if v.method.row.function == function)
        found.append(Verb(name, base.method, {**base.words, **overrides}))
    return found


def swift_verbs(table: Table) -> str:
    """ScenarioSession's op commands: each reads its words, then asks its request."""
    out = ["    /// The commands that ask an op (SPEC §11), one per method of the table of ops: each reads",
           "    /// its words (a ScenarioError when they are wrong), then asks its request; `false` for",
           "    /// another command.",
           "    private func askOp(_ verb: String, _ arguments: [String], line: Int) throws(ScenarioError) -> Bool {",
           '        let plain = arguments.filter { $0 != "instant" }',
           "        switch verb {"]
    for verb in verbs(table):
        out.append(f'        case "{verb.name}":')
        values = {}
        for field_name, parser_name in verb.words.items():
            parser = WORD_PARSERS[parser_name]
            local = camel(field_name)
            out.append(f"            let {local} = {parser.swift_parse}")
            values[field_name] = parser.swift_value.replace("{x}", local)
        arguments = []
        for field_name in verb.method.fields:
            if field_name == "count":
                continue
            spec = SWIFT_FIELDS[field_name]
            label = LEGACY_SWIFT_LABELS.get((verb.method.row.function, field_name), spec.label)
            value = values[field_name]
            arguments.append(value if label == "_" else f"{label or spec.name}: {value}")
        call = f"try self.nav().ask(.{swift_name(verb.method.row)}({', '.join(arguments)}), completion: nil)"
        out.append(f"            call {{ {call} }}")
    out += ["        default:", "            return false", "        }", "        return true", "    }"]
    return "\n".join(out) + "\n"


def python_verbs(table: Table) -> str:
    """The Python runner's op commands, as the Swift runner's."""
    out = ["    def ask_op(self, verb: str, arguments: List[str], line: int) -> bool:",
           '        """The commands that ask an op (SPEC §11), one per method of the table of ops: each reads',
           "        its words (a ScenarioError when they are wrong), then asks its request; False for another",
           '        command."""',
           '        plain = [w for w in arguments if w != "instant"]']
    keyword = "if"
    for verb in verbs(table):
        out.append(f'        {keyword} verb == "{verb.name}":')
        keyword = "elif"
        values = {}
        for field_name, parser_name in verb.words.items():
            parser = WORD_PARSERS[parser_name]
            local = parser_name  # one type per name in the function's scope
            out.append(f"            {local} = {parser.python_parse}")
            value = parser.python_value.replace("{x}", local)
            values[field_name] = (parser.python_argument.replace("{x}", value) if parser.python_argument else None, value)
        arguments = []
        for field_name, spec in python_fields(verb.method):
            if field_name == "count":
                continue
            explicit, value = values[field_name]
            if explicit:
                arguments.append(explicit)
            elif spec.parameters[0].keyword:
                arguments.append(f"{spec.parameters[0].name}={value}")
            else:
                arguments.append(value)
        name = python_name(verb.method.row)
        out.append(f"            self.call(lambda: self.nav().ask(Request.{name}({', '.join(arguments)})))")
    out += ["        else:", "            return False", "        return True"]
    return "\n".join(out) + "\n"


def c_verbs(table: Table) -> str:
    """The C runner's table of op commands: each verb's op and the functions reading its words."""
    width = max(len(verb.words) for verb in verbs(table))
    out = [f"/* The commands that ask an op (SPEC §11), one per method of the table of ops: the op, and",
           f" * the functions that read its words into the request's fields, in order. */",
           "static const struct op_verb {",
           "    const char *verb;",
           "    int op;",
           f"    word_fn words[{width}];",
           "} op_verbs[] = {"]
    for verb in verbs(table):
        functions = ", ".join(WORD_PARSERS[p].c for p in verb.words.values()) or "NULL"
        out.append(f'    {{"{verb.name}", {verb.method.op.constant}, {{{functions}}}}},')
    out.append("};")
    return "\n".join(out) + "\n"


# ---- the fuzzer (Sources/navcore-fuzz) ------------------------------------------------------------


def fuzz_ask_table(table: Table) -> str:
    """The `ask` command's table: navcore_request's fields and each function's row."""
    fields = [camel(f.name) for f in table.fields[2:]]
    out = ["    /// A field of navcore_request (but `version` and `op`).",
           "    enum Field {",
           wrap("        case ", fields, "", "        "),
           "    }",
           "",
           "    /// Each function of an op: its op, its name, and the fields its parameters fill.",
           "    static let rows: [(navcore_op, String, [Field])] = ["]
    for row in table.rows:
        out.append(f'        ({row.op}, "{row.function}", [{", ".join("." + camel(f) for f in row.fields)}]),')
    out.append("    ]")
    return "\n".join(out) + "\n"


# ---- the C tests (bindings/c/tests) -----------------------------------------------------------


@dataclass
class CTestArgument:
    """A field's argument where the C tests call each function of an op: in bad_input (a
    fixture `f`: its detached screen `d`, the route "ok") and in hostile (inside a callback: its
    screen `s1`, the routes "R" and "F"); an array's `count` is its length."""

    bad_input: str
    hostile: str
    count: Tuple[int, int] = (0, 0)


C_TEST_ARGUMENTS: Dict[str, CTestArgument] = {
    "child": CTestArgument("f->child", "joining(what)"),
    "attach_options": CTestArgument("NULL", "NULL"),
    "activate_options": CTestArgument("NULL", "NULL"),
    "present_options": CTestArgument("NULL", "NULL"),
    "dismiss_options": CTestArgument("NULL", "NULL"),
    "screen": CTestArgument("f->d", "s1"),
    "screens": CTestArgument("&f->a", "&s1", (1, 1)),
    "animated": CTestArgument("false", "true"),
    "visible": CTestArgument("false", "true"),
    "result": CTestArgument('"r"', '"r"'),
    "block": CTestArgument("run_block", "run_block"),
    "route": CTestArgument('"ok"', '"F"'),
    "show_options": CTestArgument("NULL", "NULL"),
    "entries": CTestArgument('(navcore_route_entry[]){{"ok", NULL}}',
                             '(navcore_route_entry[]){{"R", "opened"}, {"F", NULL}}', (1, 2)),
    "document": CTestArgument('"{\\"navcore\\":1,\\"stack\\":[{\\"route\\":\\"ok\\",\\"state\\":null}]}"',
                              '"{\\"navcore\\":1,\\"stack\\":[{\\"route\\":\\"R\\",\\"state\\":null}]}"'),
    "open_options": CTestArgument("&(navcore_open_options)NAVCORE_OPEN_OPTIONS_INIT", "NULL"),
    "tree": CTestArgument('"{\\"navcore\\":2,\\"stack\\":[{\\"route\\":\\"ok\\",\\"state\\":null}]}"',
                          '"{\\"navcore\\":2,\\"stack\\":[{\\"route\\":\\"R\\",\\"state\\":null}]}"'),
}


def c_macro_list(name: str, items: Sequence[str]) -> str:
    """`#define NAME item, item, …` over continued lines of at most 100 columns."""
    lines, line = [], f"#define {name}"
    for item in items:
        piece = f" {item},"
        if len(line) + len(piece) > 96:
            lines.append(line)
            line = "   "
        line += piece
    lines.append(line.rstrip(","))
    return " \\\n".join(lines) + "\n"


def c_test_arguments(row: Row, hostile: bool) -> List[str]:
    out = []
    for name in row.fields:
        if name == "count":
            array = next(C_TEST_ARGUMENTS[f] for f in row.fields if C_TEST_ARGUMENTS.get(f, CTestArgument("", "")).count != (0, 0))
            out.append(str(array.count[1 if hostile else 0]))
        else:
            spec = C_TEST_ARGUMENTS[name]
            out.append(spec.hostile if hostile else spec.bad_input)
    return out


def bad_input_functions(table: Table) -> str:
    """bad_input's call of each function of an op with good arguments (its handle cases and good
    calls pass the handle), and their list."""
    out = ["/* Each function of an op (the table of ops) with good arguments, on the handle given. */"]
    for row in table.rows:
        name = row.function[len("navcore_"):]
        arguments = ", ".join(["nav"] + c_test_arguments(row, hostile=False) + ["DONE"])
        out.append(f"H({name}, {row.function}({arguments}))")
    names = [f"HANDLE_FN({row.function[len('navcore_'):]})" for row in table.rows]
    return "\n".join(out) + "\n" + c_macro_list("OP_HANDLE_FUNCTIONS", names)


#: The family ops asked of a screen child (SPEC §16.3, §16.7), which a root refuses with `state`.
ASKED_OF_A_CHILD = {"navcore_activate", "navcore_leave"}


def hostile_calls(table: Table) -> str:
    """hostile's call of each function of an op from inside a callback: queued there (or, for
    one that is never queued, the statuses its doc comment lists but invalid ones)."""
    out = []
    for row in table.rows:
        listed = [s for s, _ in row.doc.retvals]
        if row.function in ASKED_OF_A_CHILD:
            allowed = "STATE_"  # hostile's navigator is a root
        elif "NAVCORE_QUEUED" in listed:
            allowed = "queued"
        else:
            bits = {"NAVCORE_OK": "OK_", "NAVCORE_ERR_BUSY": "BUSY_", "NAVCORE_ERR_STATE": "STATE_"}
            allowed = " | ".join(bits[s] for s in listed if s in bits)
        arguments = ", ".join([row.function, "nav"] + c_test_arguments(row, hostile=True) + ["completion", "op"])
        out += ["    {", "        op_rec *op = new_op();"]
        if "block" in row.fields:
            out.append("        op->is_run = 1;")
        out += [f"        op->status = check(CALL({arguments}), {allowed}, W({row.function}));", "    }"]
    return "\n".join(out) + "\n"


def hostile_functions(table: Table) -> str:
    return c_macro_list("OP_FUNCTIONS", [f'"{row.function}"' for row in table.rows])


def fuzz_outcomes(table: Table) -> str:
    """The fuzzer's oracle of outcomes: each op's, its functions' @outcome tags and aborted."""
    out = ["    /// The outcomes each op may end with: its functions' (`@outcome`) and `aborted`.",
           "    static let byOp: [Int32: Set<Int32>] = ["]
    for op in table.ops:
        ends = list(dict.fromkeys(o for row in op.rows for o, _ in row.doc.outcomes)) + ["NAVCORE_OUTCOME_ABORTED"]
        values = ", ".join(f"Int32({o}.rawValue)" for o in ends)
        out.append(wrap(f"        Int32({op.constant}.rawValue): [", values.split(", "), "],", "        "))
    out.append("    ]")
    return "\n".join(out) + "\n"
