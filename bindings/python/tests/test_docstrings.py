"""The docstrings of the public API are complete, so that the reference (``make docs-python``,
pdoc with Google-style sections) documents every part of it.

The public API is what ``__all__`` of ``navcore``, ``navcore.aio``, ``navcore.mirror`` and
``navcore.textual`` names, and of each class the public methods, properties and nested classes
its navcore classes define (also through a private base: ``Ending``, ``_Named``). Each needs a
docstring; a callable's ``Args:`` section names each of its parameters; one that returns a value
has a ``Returns:`` section. A class that the host makes documents its constructor's parameters
in ``Args:`` (of the class or of ``__init__``); one that navcore makes and hands over
(``MADE_BY_NAVCORE``) documents its public attributes in ``Attributes:`` instead.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from typing import Any, Callable, Iterator, List, Optional, Set, Tuple

import navcore
from navcore import _enums

PUBLIC_MODULES = ("navcore", "navcore.aio", "navcore.mirror", "navcore.textual")

#: The classes whose instances only navcore makes (a host never calls their constructor): their
#: docstrings document what the host reads, the public attributes.
MADE_BY_NAVCORE = {
    "Screen", "Operation", "ScreenResult", "EventStream", "Payload", "ActionEvent", "AppearanceEvent",
    "ProgressEvent", "BarEvent", "PayloadEvent", "ReleaseEvent", "DetachEvent", "ResultEvent", "DoneEvent",
    "WakeupEvent",
    "RouteRequest", "Transition", "Decision", "LibraryNotFound", "Change", "BackAsked",
}


def section(doc: str, name: str) -> Optional[List[str]]:
    """The entries of a Google-style section (``Args:``, ``Attributes:``): the names its entry
    lines start with (``name:`` or ``name (type):``, ``*args`` as ``args``); None without it."""
    lines = doc.expandtabs().splitlines()
    for index, line in enumerate(lines):
        if line.strip() == f"{name}:":
            indent = len(line) - len(line.lstrip())
            body = []
            for following in lines[index + 1:]:
                if following.strip() and len(following) - len(following.lstrip()) <= indent:
                    break
                body.append(following)
            entry_indent = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
            return [m.group(1) for b in body
                    if len(b) - len(b.lstrip()) == entry_indent
                    and (m := re.match(r"\s*\**(\w+)(?: \([^)]*\))?:", b))]
    return None


def public_objects() -> Iterator[Tuple[str, Any]]:
    """(qualified name, object) of every public class and function of the public modules."""
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None)
        assert names is not None, f"{module_name} has no __all__: it says what the public API is"
        for name in names:
            value = getattr(module, name)
            if inspect.isclass(value) or inspect.isfunction(value):
                yield f"{module_name}.{name}", value


def own_doc(value: Any) -> str:
    """The object's own docstring (never one inherited from a base class, as inspect.getdoc gives)."""
    if isinstance(value, property):
        value = value if value.__doc__ else value.fget
    return inspect.cleandoc(getattr(value, "__doc__", None) or "")


def parameters(function: Callable[..., Any], bound: bool) -> List[str]:
    """The parameters a caller passes (not ``self`` or ``cls``)."""
    names = list(inspect.signature(function).parameters)
    return names[1:] if bound and names else names


def returns_value(function: Callable[..., Any]) -> bool:
    annotation = inspect.signature(function).return_annotation
    return annotation not in (None, "None", inspect.Signature.empty)


def callable_faults(name: str, function: Callable[..., Any], bound: bool) -> List[str]:
    doc = own_doc(function)
    if not doc:
        return [f"{name}: no docstring"]
    faults = []
    wanted = parameters(function, bound)
    documented = section(doc, "Args") or []
    missing = [p for p in wanted if p not in documented]
    if missing:
        faults.append(f"{name}: its Args section misses {', '.join(missing)}")
    if returns_value(function) and section(doc, "Returns") is None and "\nReturns:\n" not in f"\n{doc}\n":
        faults.append(f"{name}: returns a value, without a Returns section")
    return faults


def navcore_classes(cls: type) -> List[type]:
    """The classes of `cls`'s MRO that the navcore package defines."""
    return [base for base in cls.__mro__ if base.__module__.split(".")[0] == "navcore"]


def public_attributes(cls: type) -> List[str]:
    """The attributes a navcore-made instance exposes: its dataclass fields, or the public slots
    of its navcore classes and the public attributes their ``__init__`` sets."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    names: List[str] = []
    for base in navcore_classes(cls):
        names += vars(base).get("__slots__", ())
        init = vars(base).get("__init__")
        if inspect.isfunction(init):
            names += re.findall(r"\bself\.(\w+)\s*(?::[^=\n]*)?=[^=]", inspect.getsource(init))
    return [name for name in dict.fromkeys(names) if not name.startswith("_")]


def class_faults(name: str, cls: type, seen: Set[int]) -> List[str]:
    doc = own_doc(cls)
    if not doc:
        return [f"{name}: no docstring"]
    faults: List[str] = []
    if cls.__name__ in MADE_BY_NAVCORE:
        attributes = section(doc, "Attributes") or []
        missing = [a for a in public_attributes(cls) if a not in attributes]
        if missing:
            faults.append(f"{name}: made by navcore, its Attributes section misses {', '.join(missing)}")
    elif "__init__" in vars(cls):
        init = vars(cls)["__init__"]
        documented = (section(doc, "Args") or []) + (section(own_doc(init), "Args") or [])
        missing = [p for p in parameters(init, True) if p not in documented]
        if missing:
            faults.append(f"{name}: its constructor's Args section misses {', '.join(missing)}")
    for owner in navcore_classes(cls):
        if issubclass(owner, _enums._Named) and owner is not _enums._Named:
            continue  # the members of an enum are values, not API
        for member_name, member in vars(owner).items():
            if member_name.startswith("_") or id(member) in seen:
                continue
            qualified = f"{name}.{member_name}"
            if isinstance(member, (staticmethod, classmethod)):
                seen.add(id(member))
                faults += callable_faults(qualified, member.__func__, isinstance(member, classmethod))
            elif inspect.isfunction(member):
                seen.add(id(member))
                faults += callable_faults(qualified, member, True)
            elif isinstance(member, property):
                seen.add(id(member))
                if not own_doc(member):
                    faults.append(f"{qualified}: no docstring")
            elif inspect.isclass(member) and member.__module__.split(".")[0] == "navcore":
                faults += class_faults(qualified, member, seen)
    return faults


def test_every_public_callable_is_documented_with_its_parameters() -> None:
    faults: List[str] = []
    seen: Set[int] = set()
    for name, value in public_objects():
        if inspect.isclass(value):
            faults += class_faults(name, value, seen)
        else:
            faults += callable_faults(name, value, False)
    assert not faults, "incomplete docstrings (Google style: Args/Returns/Attributes):\n  " + "\n  ".join(faults)


def test_the_section_reader_finds_what_it_must() -> None:
    """The walk above is only as good as its reading of a section: it finds every entry, with or
    without a type, ``*args`` too, and stops at the next section."""
    doc = inspect.cleandoc("""Does it.

        Args:
            first: the first,
                over two lines.
            second (int): the second.
            *rest: the others.

        Returns:
            something.
        """)
    assert section(doc, "Args") == ["first", "second", "rest"]
    assert section(doc, "Returns") == []
    assert section(doc, "Raises") is None


def test_the_walk_reaches_the_api() -> None:
    """The walk covers the classes and functions the guide names, and reports what a class of
    the package lacks: a method's docstring, a parameter, a Returns section, a property's
    docstring, a constructor's parameter, a navcore-made class's attribute."""
    names = {name for name, _ in public_objects()}
    assert {"navcore.Navigator", "navcore.Operation", "navcore.Screen", "navcore.ActionEvent", "navcore.NavcoreError",
            "navcore.aio.attach", "navcore.mirror.StackMirror", "navcore.textual.Navigation"} <= names

    def __init__(self: Any, size: int) -> None:
        """Makes one."""

    def grow(self: Any, by: int, twice: bool) -> int:
        """Grows.

        Args:
            by: how much.
        """
        return by

    def shrink(self: Any) -> None:
        pass

    members = {"__module__": "navcore.fake", "__doc__": "A class.", "__init__": __init__, "grow": grow,
               "shrink": shrink, "size": property(lambda self: 1)}
    assert class_faults("Fake", type("Fake", (), members), set()) == [
        "Fake: its constructor's Args section misses size",
        "Fake.grow: its Args section misses twice",
        "Fake.grow: returns a value, without a Returns section",
        "Fake.shrink: no docstring",
        "Fake.size: no docstring",
    ]
    made = dataclasses.make_dataclass("Change", [("old", int), ("new", int)], namespace={"__doc__": "A change.\n\nAttributes:\n    old: before.\n"})
    made.__module__ = "navcore.fake"
    assert class_faults("Change", made, set()) == ["Change: made by navcore, its Attributes section misses new"]
