"""Whether this copy of the binding runs in the main interpreter: navigators are made there only.

In a sub-interpreter (``Py_NewInterpreter``, ``_xxsubinterpreters``, ``interpreters``) the
binding imports, but ``Navigator()`` raises RuntimeError (``refuse_sub_interpreter``), before
anything is made, for two reasons:

- ctypes runs a C callback under the thread state ``PyGILState_Ensure`` finds, which on a thread
  that ran the main interpreter is the main interpreter's (CPython issue gh-59956): the listeners,
  hooks and animator of a sub-interpreter's navigator would run in the main interpreter, among
  its modules;
- dropped navigators are destroyed by a thread (the reaper, _navigator.py), and a sub-interpreter
  cannot end while it has one (``Py_EndInterpreter`` aborts the whole process), nor start one
  when it is isolated.

Nor does a sub-interpreter's copy take the C entry guard (_guard.py): its targets are
process-global, and would lead to closures of an interpreter that ends.
"""

from __future__ import annotations

import ctypes


def _in_main_interpreter() -> bool:
    """Whether the calling interpreter is the main one (``PyInterpreterState_Get``, public
    since Python 3.9, against ``PyInterpreterState_Main``)."""
    state = ctypes.PYFUNCTYPE(ctypes.c_void_p)  # prototypes of our own: pythonapi's are shared
    current = state(("PyInterpreterState_Get", ctypes.pythonapi))
    main = state(("PyInterpreterState_Main", ctypes.pythonapi))
    return bool(current() == main())


#: Fixed at import: each interpreter imports its own copy of this module.
IN_MAIN_INTERPRETER = _in_main_interpreter()


def refuse_sub_interpreter() -> None:
    """Raises RuntimeError, saying why and what to do, unless this is the main interpreter."""
    if not IN_MAIN_INTERPRETER:
        raise RuntimeError(
            "navcore: Navigator() is not supported in a sub-interpreter: ctypes would run its "
            "callbacks in the main interpreter, and the thread that destroys dropped navigators "
            "would keep this sub-interpreter from ending. Make navigators in the main interpreter "
            "(docs/python.md, 'Sub-interpreters')."
        )
