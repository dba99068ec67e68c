"""save_tree, restore_tree, on_child and open's focus through the Python binding (SPEC §16.10)."""

from __future__ import annotations

import json
from typing import Any, List, Optional, Tuple

import pytest

import navcore

TREE = ('{"navcore":2,"stack":[{"route":"tabs","state":null,"active":0,"children":'
        '[{"stack":[{"route":"list","state":"p=1"}]}]}],'
        '"modal":{"stack":[{"route":"sheet","state":null}],"covers":true,"dismiss_on_back":false}}')


def routes(nav: navcore.Navigator) -> None:
    for name in ("tabs", "list", "sheet"):
        nav.route(name)(lambda request: request.route)


def test_restore_tree_makes_new_navigators_announced_before_their_screens(nav: navcore.Navigator) -> None:
    routes(nav)
    heard: List[Tuple[Optional[str], int]] = []
    children: List[navcore.Navigator] = []

    def on_child(parent: navcore.Navigator, screen: Optional[navcore.Screen[Any]], child: navcore.Navigator) -> None:
        assert parent is nav
        heard.append((screen.route if screen is not None else None, len(child.stack)))
        children.append(child)

    nav.on_child(on_child)
    assert nav.restore_tree(TREE).outcome is navcore.Outcome.COMPLETED
    assert heard == [("tabs", 0), (None, 0)]  # announced before any of its screens was made
    assert [screen.route for screen in children[0].stack] == ["list"]
    assert nav.save_tree() == TREE
    assert json.loads(nav.save_tree())["modal"]["dismiss_on_back"] is False
    assert nav.save_text() == '{"navcore":1,"stack":[{"route":"tabs","state":null}]}'


def test_a_document_is_checked_at_the_call(nav: navcore.Navigator) -> None:
    routes(nav)
    for bad in ('{"navcore":2,"stack":[]}', '{"navcore":3,"stack":[{"route":"tabs","state":null}]}',
                '{"navcore":2,"stack":[{"route":"tabs","state":null,"active":1,"children":[{"stack":[]}]}]}'):
        with pytest.raises(navcore.InvalidError):
            nav.restore_tree(bad)
    with pytest.raises(navcore.InvalidError):
        nav.restore(TREE)  # restore takes version 1 only
    assert nav.restore_tree(json.loads('{"navcore":1,"stack":[{"route":"list","state":null}]}')).outcome \
        is navcore.Outcome.COMPLETED
    assert nav.save_tree() == '{"navcore":2,"stack":[{"route":"list","state":null}]}'


def test_open_with_focus_on_a_root_builds_the_stack_as_open_does(nav: navcore.Navigator) -> None:
    routes(nav)
    assert nav.open(["tabs", ("list", "x")], focus=True).outcome is navcore.Outcome.COMPLETED
    assert [screen.route for screen in nav.stack] == ["tabs", "list"]
    assert nav.ask(navcore.Request.open(["list"], focus=True)).outcome is navcore.Outcome.COMPLETED
    assert [screen.route for screen in nav.stack] == ["list"]


def test_a_made_navigators_bar_follows_the_stack_restore_tree_gives_it(nav: navcore.Navigator) -> None:
    # The threshold a host sets in the child event counts from the navigator's first screen
    # (SPEC §8): three screens against a threshold of 3 show the bar, as pushes would.
    routes(nav)
    bars: List[bool] = []

    def on_child(parent: navcore.Navigator, screen: Optional[navcore.Screen[Any]], child: navcore.Navigator) -> None:
        child.on("bar", lambda event: bars.append(event.shown))
        child.bar_threshold = 3

    nav.on_child(on_child)
    tree = ('{"navcore":2,"stack":[{"route":"tabs","state":null,"active":0,"children":[{"stack":['
            '{"route":"list","state":null},{"route":"list","state":null},{"route":"list","state":null}]}]}]}')
    assert nav.restore_tree(tree).outcome is navcore.Outcome.COMPLETED
    child = nav.children(nav.stack[0])[0]
    assert child.bar_shown
    assert bars == [False, True]  # hidden at the threshold's setting, shown at the third screen
