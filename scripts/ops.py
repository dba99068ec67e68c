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
from dataclasses import dataclass, field
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
    "const navcore_route_entry *": "UnsafePointer<navcore_route_entry>?",
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
            "    func validate(_ state: borrowing NavigatorState) throws(NavigationError) {",
            "        switch self {"]
    out += [f"        case .{op.case}(let op): try op.validate(state)" for op in table.ops]
    out += ["        }", "    }", "",
            "    /// Runs the op that has just started (`OperationDefinition.run`).",
            "    func run(_ core: NavigatorCore) {",
            "        switch self {"]
    out += [f"        case .{op.case}(let op): op.run(core)" for op in table.ops]
    out += ["        }", "    }", "}"]
    for op in table.ops:
        out += ["", f"extension {op.engine_type} {{",
                f"    package static var kind: OperationKind {{ .{op.case} }}",
                f"    package var operation: Operation {{ .{op.case}(self) }}", "}"]
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
                f"            return Request({make}, completion: completion)"]
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
