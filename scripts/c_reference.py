"""docs/c-reference.md, the C API reference, written from include/navcore.h's doc comments.

One section per section banner of the header, in its order, each with the banner's text and
every declaration documented in it: functions (signature, brief, details, parameters, return
values, since, deprecation), enums (every member: constant, value, spec name), structs,
callback types and macros (as the header spells them). scripts/generate.py calls `render`.
"""

from __future__ import annotations

import re
from typing import Dict, List, Tuple

from header_doc import Declaration

#: Where the reference links the header from (docs/).
HEADER_LINK = "../include/navcore.h"
WIDTH = 100


def slug(title: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


class Anchors:
    """The anchors of the headings, in the document's order, as GitHub makes them: a heading whose
    slug came before gets `-1`, `-2`… (`NAVCORE_SHOW_OPTIONS_INIT` and `navcore_show_options_init`)."""

    def __init__(self) -> None:
        self.seen: Dict[str, int] = {}

    def next(self, title: str) -> str:
        base = slug(title)
        count = self.seen.get(base, 0)
        self.seen[base] = count + 1
        return base if count == 0 else f"{base}-{count}"


def markdown(text: str) -> str:
    """Prose of the header as Markdown: every name of the interface (`navcore_…`, `NAVCORE_…`,
    with a trailing `*` or `()`) set as code, so that neither its underscores nor its asterisks
    read as emphasis; text already between backticks is kept as it is."""
    parts = re.split(r"(`[^`]*`)", text)
    for index in range(0, len(parts), 2):
        plain = re.sub(r"\b(?:navcore|NAVCORE)_\w*(?:\*|\(\))?", lambda m: f"`{m.group()}`", parts[index])
        parts[index] = re.sub(r"(?<![ `])\*(?![ `])", r"\\*", plain)
    return "".join(parts)


def signature(item: Declaration) -> str:
    """A function's prototype on one line, or wrapped after commas, its continuation lines under
    the first parameter, when longer than WIDTH."""
    head = f"{item.returns}{'' if item.returns.endswith('*') else ' '}{item.name}("
    parameters = [f"{c_type}{'' if c_type.endswith('*') else ' '}{name}" for c_type, name in item.parameters] or ["void"]
    line, lines = head, []
    for index, parameter in enumerate(parameters):
        text = parameter + (", " if index < len(parameters) - 1 else ");")
        if len(line) + len(text.rstrip()) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += text
    lines.append(line)
    return "\n".join(lines)


def table(header: Tuple[str, ...], rows: List[Tuple[str, ...]]) -> List[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return lines


def title(item: Declaration) -> str:
    """An item's heading: its name, so that a function's anchor is its name; a macro's names
    with "(macro)", which keeps NAVCORE_SHOW_OPTIONS_INIT's anchor off navcore_show_options_init's."""
    if item.kind == "macro":
        return ", ".join(item.names) + (" (macros)" if len(item.names) > 1 else " (macro)")
    return item.name


def function(item: Declaration) -> List[str]:
    doc = item.doc
    out = [f"### {title(item)}", "", "```c", signature(item), "```", ""]
    if item.deprecated_by:
        out += [f"**Deprecated:** {markdown(doc.deprecated or '')}.", ""]
    out += [markdown(doc.brief), ""]
    for paragraph in doc.details:
        out += [markdown(paragraph), ""]
    if doc.params:
        out += table(("parameter", "meaning"), [(f"`{name}`", markdown(text)) for name, text in doc.params]) + [""]
    if doc.retvals:
        out += table(("returns", "when"), [(f"`{status}`", markdown(text)) for status, text in doc.retvals]) + [""]
    if doc.outcomes:
        out += table(("the op ends", "when"), [(f"`{outcome}`", markdown(text)) for outcome, text in doc.outcomes]) + [""]
    if doc.returns:
        out += [f"**Returns** {markdown(doc.returns)}.", ""]
    waits = "Never waits for another thread" if doc.waits == "never" else f"Waits {markdown(doc.waits or '')}"
    out += [f"{waits} ([c-api.md](c-api.md#threads-and-re-entrancy)). *Since {doc.since}.*", ""]
    return out


def enum(item: Declaration) -> List[str]:
    rows = [(f"`{m.constant}`", str(m.value), f'`"{m.name}"`', markdown(m.note)) for m in item.members]
    notes = any(m.note for m in item.members)
    header = ("constant", "value", "spec name") + (("",) if notes else ())
    return ([f"### {title(item)}", "", f"`enum {item.name}`, made from the X-macro list `{item.names[1]}`.", "",
             markdown(item.doc.brief), ""]
            + [markdown(paragraph) + "\n" for paragraph in item.doc.details]
            + table(header, [row if notes else row[:3] for row in rows]) + [""])


def code(item: Declaration) -> List[str]:
    """A struct, a callback type or a macro: its doc, then the header's text of it."""
    out = [f"### {title(item)}", "", markdown(item.doc.brief), ""]
    for paragraph in item.doc.details:
        out += [markdown(paragraph), ""]
    return out + ["```c", item.code, "```", ""]


def render(items: List[Declaration], sections: List[Tuple[str, str]], version: str) -> str:
    """The reference: `sections` are the header's (title, banner text), in order."""
    functions = [item for item in items if item.kind == "function"]
    first = functions[0].doc.since
    anchors = Anchors()
    for heading in ("navcore C API reference", "Contents"):
        anchors.next(heading)
    section_anchor: Dict[str, str] = {}
    item_anchor: Dict[int, str] = {}
    for section, _ in sections:
        section_anchor[section] = anchors.next(section)
        for item in items:
            if item.section == section:
                item_anchor[id(item)] = anchors.next(title(item))

    def link(item: Declaration) -> str:
        return f"[`{', '.join(item.names) if item.kind == 'macro' else item.name}`](#{item_anchor[id(item)]})"

    counts = ", ".join(f"{sum(item.kind == kind for item in items)} {word}" for kind, word in
                       (("enum", "enums"), ("struct", "structs"), ("callback", "callback types")))
    added = ", ".join(f"{link(item)} ({item.doc.since})" for item in functions if item.doc.since != first)
    out = [
        "# navcore C API reference",
        "",
        "<!-- Generated by scripts/generate.py from the doc comments of include/navcore.h: edit them,",
        "     then run `make generate`; `make check-generated` fails while this file is stale. -->",
        "",
        f"navcore {version}: every declaration of [`include/navcore.h`]({HEADER_LINK}), the C",
        "interface's only definition, in the header's order. The conventions every function follows",
        "(statuses, out-parameters, threads, ownership) are the header's opening comment and",
        "[c-api.md](c-api.md), the guide; the behaviour is SPEC.md's. Every function that returns a",
        "status may also return `NAVCORE_ERR_NO_MEMORY` (memory ran out) and `NAVCORE_ERR_INTERNAL`",
        "(a bug in navcore), which none lists: no test can provoke them.",
        "",
        f"{len(functions)} functions, {counts}. Added after {first}: {added or 'none'}.",
        "",
        "## Contents",
        "",
    ]
    for section, _ in sections:
        links = ", ".join(link(item) for item in items if item.section == section)
        out.append(f"- [{section}](#{section_anchor[section]}): {links}")
    out.append("")
    for section, text in sections:
        out += [f"## {section}", ""]
        if text != section:
            out += [markdown(" ".join(paragraph.split())) + "\n" for paragraph in text.split("\n\n")]
        for item in items:
            if item.section == section:
                out += {"function": function, "enum": enum}.get(item.kind, code)(item)
    return "\n".join(out).rstrip("\n") + "\n"
