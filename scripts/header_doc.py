"""The doc comments of include/navcore.h: every declaration they document, in the header's order.

A doc comment opens with two asterisks and stands right above its declaration (Doxygen's and
libgit2's form). Its first paragraph is the brief, the next ones are details, and tags end it:

    @param NAME TEXT      each parameter of a function, in the prototype's order
    @retval STATUS TEXT   each status a function returns (its TEXT says when), in the order of
                          NAVCORE_STATUS_MAP; NO_MEMORY and INTERNAL are listed nowhere (any
                          function may return them, none can be made to)
    @outcome OUTCOME TEXT each outcome the op a function asks may end with (its TEXT says when),
                          in the order of NAVCORE_OUTCOME_MAP; ABORTED is listed nowhere (every
                          op may end so: SPEC §2)
    @return TEXT          what a function that returns no status returns
    @waits TEXT           whether a function can wait for another thread: `never`, or when it
                          does (the header's THREADS says what waiting is); every function has it
    @since MAJOR.MINOR    the version that added a function
    @deprecated TEXT      with NAVCORE_DEPRECATED(TEXT)

A tag's text goes on over the lines that follow it, up to the next tag. Declarations documented:
function prototypes, structs, callback typedefs, the X-macro lists of the enums (with the enum
made from each), the table of ops (NAVCORE_REQUEST_MAP, a macro), macros (a run of #define
lines, or an #if … #endif block).

Standard library only. scripts/generate.py writes docs/c-reference.md from `declarations` and
bad_input's status table from `declared_statuses`; scripts/check-abi.py reads `function_doc`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

TAGS = ("param", "retval", "outcome", "return", "waits", "since", "deprecated")
#: The outcome no function lists (every op may end so).
UNLISTED_OUTCOMES = ("NAVCORE_OUTCOME_ABORTED",)
#: The statuses no function lists (header CONVENTIONS).
UNLISTED = ("NAVCORE_ERR_NO_MEMORY", "NAVCORE_ERR_INTERNAL")


class HeaderError(Exception):
    """A doc comment, or the declaration under it, that the rules above refuse."""


@dataclass
class Doc:
    """One doc comment: its prose and its tags, each tag's text on one line."""

    brief: str
    details: List[str]  # paragraphs
    params: List[Tuple[str, str]] = field(default_factory=list)
    retvals: List[Tuple[str, str]] = field(default_factory=list)
    outcomes: List[Tuple[str, str]] = field(default_factory=list)
    returns: Optional[str] = None
    waits: Optional[str] = None  # "never", or when the function waits for another thread
    since: Optional[str] = None
    deprecated: Optional[str] = None
    has_tags: bool = False


@dataclass
class Member:
    """One X(CONSTANT, value, "name") entry of an X-macro list, with its trailing comment."""

    constant: str
    value: int
    name: str
    note: str


@dataclass
class Declaration:
    """A documented declaration. `code` is the header's text of it (comments kept); a function
    also has its return type and its parameters as (type, name), an enum its members."""

    kind: str  # "function", "struct", "callback", "enum", "macro"
    names: List[str]  # the declared name first; a macro group lists each macro
    section: str
    doc: Doc
    code: str
    returns: str = ""
    parameters: List[Tuple[str, str]] = field(default_factory=list)
    members: List[Member] = field(default_factory=list)
    deprecated_by: Optional[str] = None  # NAVCORE_DEPRECATED's message

    @property
    def name(self) -> str:
        return self.names[0]


def parse_doc(body: str) -> Doc:
    """A doc comment's text (between its opening and closing marks) as a Doc."""
    lines = [re.sub(r"^\s*\*?\s?", "", line).rstrip() for line in body.splitlines()]
    paragraphs: List[List[str]] = [[]]
    tags: List[List[str]] = []
    for line in lines:
        text = line.strip()
        if text.startswith("@"):
            tags.append([text])
        elif tags:
            if text:
                tags[-1].append(text)
        elif text:
            paragraphs[-1].append(text)
        elif paragraphs[-1]:
            paragraphs.append([])
    prose = [" ".join(lines) for lines in paragraphs if lines]
    if not prose:
        raise HeaderError("a doc comment without a brief")
    doc = Doc(prose[0], prose[1:], has_tags=bool(tags))
    for tag_lines in tags:
        match = re.fullmatch(r"@(\w+)(?:\s+(.*))?", " ".join(tag_lines), re.S)
        assert match  # every tag line starts with @
        tag, text = match.group(1), (match.group(2) or "").strip()
        if tag not in TAGS:
            raise HeaderError(f"unknown tag @{tag} (the tags: {', '.join('@' + t for t in TAGS)})")
        if tag in ("param", "retval", "outcome"):
            word = re.fullmatch(r"(\w+)\s+(.+)", text, re.S)
            if not word:
                raise HeaderError(f"@{tag} needs a name and a text: @{tag} {text}")
            {"param": doc.params, "retval": doc.retvals, "outcome": doc.outcomes}[tag].append((word.group(1), word.group(2)))
        elif not text:
            raise HeaderError(f"@{tag} without its text")
        elif getattr(doc, {"return": "returns"}.get(tag, tag)) is not None:
            raise HeaderError(f"@{tag} twice")
        else:
            setattr(doc, {"return": "returns"}.get(tag, tag), text)
    return doc


def function_doc(header: str, name: str) -> Optional[Doc]:
    """The Doc of the comment right above the prototype of `name` (a NAVCORE_DEPRECATED(…) may
    stand between), or None."""
    match = re.search(rf"/\*\*((?:(?!\*/).)*)\*/\s*(?:NAVCORE_DEPRECATED\([^)]*\)\s*)?NAVCORE_API[^;(]*\b{name}\s*\(",
                      header, re.S)
    return parse_doc(match.group(1)) if match else None


def banners(header: str) -> List[Tuple[int, str, str]]:
    """(offset, title, text) of each section banner, `/* ----…` to `… ---- */`: the title ends
    before the first line's first parenthesis, colon or full stop; the text is the whole banner
    as paragraphs (blank lines kept)."""
    found = []
    for match in re.finditer(r"/\* -{20,}\n((?: \*[^\n]*\n)*?) \* -{20,} \*/", header):
        lines = [re.sub(r"^ \* ?", "", line) for line in match.group(1).splitlines()]
        title = re.split(r" \(|[:.]", lines[0])[0].strip()
        found.append((match.start(), title, "\n".join(lines).strip()))
    return found


def split_parameters(text: str) -> List[Tuple[str, str]]:
    """A prototype's parameter list as (type, name) pairs, types as written."""
    if text.strip() in ("", "void"):
        return []
    pairs = []
    for parameter in text.split(","):
        match = re.fullmatch(r"\s*(.*?[\s*])(\w+)\s*", parameter, re.S)
        if not match:
            raise HeaderError(f"cannot read the parameter {parameter.strip()!r}")
        pairs.append((" ".join(match.group(1).split()), match.group(2)))
    return pairs


def _statement(text: str, start: int) -> int:
    """The end of the C statement at `start`: after the first `;` outside braces."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == ";" and depth == 0:
            return index + 1
    raise HeaderError("a declaration without its `;`")


def _defines(text: str, start: int) -> int:
    """The end of the run of #define lines at `start` (backslash continuations included)."""
    end = start
    for match in re.finditer(r"#define(?:[^\n]*\\\n)*[^\n]*\n", text[start:]):
        if match.start() != end - start:
            break
        end = start + match.end()
    return end


def _conditional(text: str, start: int) -> int:
    """The end of the #if … #endif block at `start`."""
    depth = 0
    for match in re.finditer(r"^#(if|ifdef|ifndef|endif)\b[^\n]*\n?", text[start:], re.M):
        depth += -1 if match.group(1) == "endif" else 1
        if depth == 0:
            return start + match.end()
    raise HeaderError("an #if without its #endif")


def _clean(code: str) -> str:
    return "\n".join(line.rstrip() for line in code.strip("\n").splitlines())


def declarations(header: str) -> List[Declaration]:
    """Every documented declaration of `header`, in order, each with its section. A doc comment
    above anything else is an error, so that nothing documented goes unread."""
    sections = banners(header)
    found = []
    for comment in re.finditer(r"/\*\*((?:(?!\*/).)*)\*/[ \t]*\n", header, re.S):
        start = comment.end()
        section = ([title for offset, title, _ in sections if offset < start] or [""])[-1]
        rest = header[start:]
        where = f"the doc comment at line {header.count(chr(10), 0, start)}"
        try:
            doc = parse_doc(comment.group(1))
            found.append(_declaration(header, start, rest, section, doc))
        except HeaderError as error:
            raise HeaderError(f"{where}: {error}") from None
    return found


def _declaration(header: str, start: int, rest: str, section: str, doc: Doc) -> Declaration:
    map_list = re.match(r"#define (NAVCORE_\w+_MAP)\(X\)", rest)
    if map_list:
        end = _defines(header, start)
        code = header[start:end]
        members = [Member(c, int(v), n, (note or "").strip())
                   for c, v, n, note in re.findall(r'X\((NAVCORE_\w+),\s*(-?\d+),\s*"([^"]*)"\)\s*(?:/\*(.*?)\*/)?', code)]
        enum = re.match(r"\s*typedef\s+enum\s+\w+\s*\{[^}]*\}\s*(\w+)\s*;", header[end:])
        if map_list.group(1) == "NAVCORE_REQUEST_MAP":  # the table of ops, a macro of its own kind
            return Declaration("macro", [map_list.group(1)], section, doc, _clean(code))
        if not enum:
            raise HeaderError(f"{map_list.group(1)} is not followed by the typedef enum made from it")
        return Declaration("enum", [enum.group(1), map_list.group(1)], section, doc,
                           _clean(code + header[end:end + enum.end()]), members=members)
    if rest.startswith("#if"):
        code = header[start:_conditional(header, start)]
        names = list(dict.fromkeys(re.findall(r"#define (\w+)", code)))
        return Declaration("macro", names, section, doc, _clean(code))
    if rest.startswith("#define"):
        code = header[start:_defines(header, start)]
        return Declaration("macro", re.findall(r"#define (\w+)", code), section, doc, _clean(code))
    code = _clean(header[start:_statement(header, start)])
    flat = " ".join(code.split())
    struct = re.fullmatch(r"typedef struct (\w+) \{.*\} \1;", flat)
    if struct:
        return Declaration("struct", [struct.group(1)], section, doc, code)
    callback = re.fullmatch(r"typedef (.+?)\s*\(\s*\*\s*(navcore_\w+_fn)\s*\)\s*\((.*)\);", flat)
    if callback:
        return Declaration("callback", [callback.group(2)], section, doc, code, returns=callback.group(1),
                           parameters=split_parameters(callback.group(3)))
    prototype = re.fullmatch(r'(?:NAVCORE_DEPRECATED\("([^"]*)"\) )?NAVCORE_API (.+?)\s*\b(navcore_\w+)\((.*)\);', flat)
    if prototype:
        deprecated, returns, name, parameters = prototype.groups()
        return Declaration("function", [name], section, doc, code, returns=returns.strip(),
                           parameters=split_parameters(parameters), deprecated_by=deprecated)
    raise HeaderError(f"documents something this script does not read: {flat[:60]!r}")


def check(items: List[Declaration], statuses: List[str], major: int, minor: int,
          outcomes: Optional[List[str]] = None) -> None:
    """The tags against the declarations: a function's @param names are its parameters, in
    order; its @retval statuses are NAVCORE_STATUS_MAP's, in its order, none unlisted-by-rule;
    its @outcome outcomes (if any) NAVCORE_OUTCOME_MAP's (`outcomes`), in its order, but ABORTED,
    and present exactly when it returns an int status (all but navcore_version_number); it has
    @return otherwise (unless void), @since MAJOR.N with N at most the header's minor version,
    @waits, and @deprecated exactly when NAVCORE_DEPRECATED marks it, with the same text. Other
    declarations take no tags. Raises HeaderError naming every fault."""
    faults = []
    for item in items:
        doc, name = item.doc, item.name
        if item.kind != "function":
            if doc.has_tags:
                faults.append(f"{name}: tags are for functions")
            continue
        names = [n for _, n in item.parameters]
        if [n for n, _ in doc.params] != names:
            faults.append(f"{name}: @param {', '.join(n for n, _ in doc.params) or '(none)'}; "
                          f"its parameters are {', '.join(names) or '(none)'}")
        listed = [s for s, _ in doc.retvals]
        returns_status = item.returns == "int" and name != "navcore_version_number"
        unknown = [s for s in listed if s not in statuses]
        if unknown:
            faults.append(f"{name}: @retval {', '.join(unknown)} is no NAVCORE_STATUS_MAP status")
        elif listed != sorted(set(listed), key=statuses.index):
            faults.append(f"{name}: its @retval tags are not in NAVCORE_STATUS_MAP's order, or repeat one")
        if any(s in UNLISTED for s in listed):
            faults.append(f"{name}: {' and '.join(UNLISTED)} are listed nowhere (any function may return them)")
        ends = [o for o, _ in doc.outcomes]
        if outcomes is not None and ends and (any(o not in outcomes for o in ends)
                                               or ends != sorted(set(ends), key=outcomes.index)):
            faults.append(f"{name}: its @outcome tags are NAVCORE_OUTCOME_MAP's, in its order, each once")
        if any(o in UNLISTED_OUTCOMES for o in ends):
            faults.append(f"{name}: {UNLISTED_OUTCOMES[0]} is listed nowhere (every op may end so)")
        if returns_status and not listed:
            faults.append(f"{name} returns a status: it needs an @retval tag for each it returns")
        if not returns_status and listed:
            faults.append(f"{name} returns no status ({item.returns}): @return, not @retval")
        if returns_status and doc.returns is not None:
            faults.append(f"{name} returns a status: @retval tags, not @return")
        if not returns_status and item.returns != "void" and doc.returns is None:
            faults.append(f"{name} returns {item.returns}: it needs @return")
        if not doc.waits:
            faults.append(f"{name}: needs @waits: `never`, or when it waits for another thread")
        since = re.fullmatch(rf"{major}\.(\d+)", doc.since or "")
        if not since or int(since.group(1)) > minor:
            faults.append(f"{name}: needs @since {major}.N, N the minor version that added it "
                          f"(at most the header's {minor}); it says {doc.since!r}")
        if doc.deprecated != item.deprecated_by:
            faults.append(f"{name}: @deprecated {doc.deprecated!r} but NAVCORE_DEPRECATED({item.deprecated_by!r})")
    if faults:
        raise HeaderError("\n  ".join(["the doc comments of navcore.h:"] + faults))


def by_name(items: List[Declaration]) -> Dict[str, Declaration]:
    return {name: item for item in items for name in item.names}
