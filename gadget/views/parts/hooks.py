"""The hooks screens are made of, typed for mypy: a value kept between renders, data read once
per change of its keys, a lookup that may find nothing, the line saying what a tap did, a
component's identity, a task for as long as a component shows, the screen kept awake."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import operator
import weakref
from collections.abc import Awaitable, Callable, Hashable
from typing import Final, Generic, Protocol, TypeVar, cast

import flet as ft
from flet.messaging.session import Session

from gadget.services import palette
from gadget.views.parts.shared import brief

Value = TypeVar("Value")
Made = TypeVar("Made", bound=ft.BaseControl)


class Kept(Protocol[Value]):
    """A value kept for a component's lifetime, whose change never re-renders (a ref)."""

    current: Value


def use_value(initial: Callable[[], Value]) -> tuple[Value, Callable[[Value], None]]:
    """ft.use_state with a lazy first value, typed for mypy (Flet's own hint loses the type),
    and a setter that is the same function at every render."""
    value, set_state = cast(tuple[Value, Callable[[Value], None]], ft.use_state(initial))
    return value, use_stable(set_state)


def use_stable(latest: Callable[[Value], None]) -> Callable[[Value], None]:
    """One function for every render that calls this render's `latest`: Flet's setter holds
    the component object of the render that made it, and that object the whole screen it
    drew, so a setter kept by a control kept from an earlier render (or by a memoized
    callback) held every older screen in memory, one more a move."""
    kept: Kept[Stable[Value] | None] = use_kept(None)  # one hook: a screen has dozens
    if kept.current is None:
        kept.current = Stable(latest)
    kept.current.latest = latest
    return kept.current


class Stable(Generic[Value]):
    """A function that passes its value on to the latest render's."""

    __slots__ = ("latest",)

    def __init__(self, latest: Callable[[Value], None]) -> None:
        self.latest = latest

    def __call__(self, value: Value) -> None:
        self.latest(value)


def use_kept(initial: Value) -> Kept[Value]:
    """ft.use_ref typed for mypy (Flet's hint says any ref may hold None, even one that never
    does); never a function as `initial`: Flet would call it for the first value."""
    return cast(Kept[Value], ft.use_ref(initial))


def use_data(load: Callable[[], Value], keys: list[object]) -> Value | None:
    """Data from the store, loaded once each time `keys` change, in an effect: never in a
    render, never again for a change that does not touch it (a filter, a tap).

    None until the data for these very keys is in: data loaded for earlier keys is never
    returned (a second join link opened in the same tab must not show the first game for a
    moment, nor act on it).
    """
    loaded, set_loaded = use_value(lambda: cast(tuple[list[object], Value] | None, None))

    def fetch() -> None:
        set_loaded((list(keys), load()))

    ft.use_effect(fetch, keys)
    if loaded is None or loaded[0] != list(keys):
        return None
    return loaded[1]


def use_slow_data(load: Callable[[], Awaitable[Value]], keys: list[object]) -> Value | None:
    """use_data for a read awaited off the event loop (in the server's worker): None until
    the data for these very keys is in, and a read that ends after a newer one is dropped."""
    loaded, set_loaded = use_value(lambda: cast(tuple[list[object], Value] | None, None))
    wanted = ft.use_ref(list(keys))
    wanted.current = list(keys)

    async def fetch() -> None:
        asked = list(keys)
        value = await load()
        if wanted.current == asked:
            set_loaded((asked, value))

    ft.use_effect(fetch, keys)
    if loaded is None or loaded[0] != list(keys):
        return None
    return loaded[1]


class Loading:
    """A lookup whose answer is not in yet (None would mean "there is none")."""


LOADING: Final = Loading()


def use_lookup(load: Callable[[], Value | None], keys: list[object]) -> Value | Loading | None:
    """use_data for an answer that may be None: LOADING until it is in."""
    found = use_data(lambda: (load(),), keys)
    return LOADING if found is None else found[0]


def use_status(
    refused_at_first: str = "",
) -> tuple[ft.Control, Callable[[str], None], Callable[[str], None]]:
    """The line under a form that says what the last tap did: news in green, a refusal in
    red with an icon (never plain text that looks like part of the form); and its setters.
    `refused_at_first`: a refusal the screen opens with (what it found could not be read)."""
    said, set_said = use_value(
        lambda: (brief(refused_at_first), True) if refused_at_first else ("", False)
    )

    def tell(text: str) -> None:
        set_said((text, False))

    def refuse(text: str) -> None:
        set_said((brief(text), True))

    text, refused = said
    line: ft.Control
    if not text:
        line = ft.Container()
    elif refused:
        line = ft.Row(
            [
                ft.Icon(ft.Icons.ERROR_OUTLINE, color=palette.DANGER, size=20),
                ft.Text(text, color=palette.DANGER, expand=True),
            ],
            spacing=6,
        )
    else:
        line = ft.Text(text, color=palette.GOOD_NEWS)
    return line, tell, refuse


def use_task(
    run: Callable[[], Awaitable[None]],
    keys: list[object],
    cleanup: Callable[[], None] | None = None,
) -> None:
    """A task that runs while the component shows (a clock's ticks, a wait for a phone's
    next connection, a game followed live), started again when `keys` change and cancelled
    when it goes: Flet cancels an effect's task on unmount only when it has a cleanup, and a
    running clock left its ticks on the loop every phone shares after its screen had gone.
    Cancelled too when Flet closes the page's session (`cancel_tasks_when_closed`).
    `cleanup`: run, as Flet runs an effect's, when the task is cancelled with its screen
    or its keys (not when its session closes)."""
    session = ft.context.page.session

    @functools.wraps(run)  # its task named after `run`
    async def running() -> None:
        task = asyncio.current_task()
        assert task is not None  # an effect's coroutine runs in a task of its own
        tasks = _open_tasks.setdefault(session, set())
        tasks.add(task)
        try:
            await run()
        finally:
            tasks.discard(task)

    ft.use_effect(running, keys, cleanup=cleanup or _nothing)


#: Each served session's running tasks, cancelled when Flet closes it.
_open_tasks: weakref.WeakKeyDictionary[Session, set[asyncio.Task[None]]] = (
    weakref.WeakKeyDictionary()
)


def cancel_tasks_when_closed(page: ft.Page) -> None:
    """Flet closes a session (an hour after its phone left) without unmounting its screen:
    a screen's tasks went on (a game followed live read it again at every move, for every
    phone that had left, and held the whole session in memory for good)."""
    session = page.session

    def closed(_event: ft.Event[ft.Page]) -> None:
        for task in _open_tasks.pop(session, set()):
            task.cancel()

    page.on_close = closed


def _nothing() -> None:
    """A cleanup with nothing to clean: its presence is what cancels the task."""


def keyed(component: Callable[..., ft.Control], key: str, *args: object) -> ft.Control:
    """A component with a key: another key is another screen with fresh state (Flet's
    decorator hides the `key` keyword from type checkers)."""
    return made_by(component, *args)(key)


def made_by(
    make: Callable[..., ft.Control], *args: object, **kwargs: object
) -> Callable[[str | None], ft.Control]:
    """A control (or component) of these arguments, made under the key it is handed (for
    `use_retained`)."""
    return lambda key: make(*args, **kwargs, key=key)


def use_wakelock() -> None:
    """Keep the screen awake while a card is shown, where the platform allows it."""
    lock = ft.use_memo(ft.Wakelock, [])

    async def keep_awake() -> None:
        with contextlib.suppress(Exception):  # not every platform has one
            await lock.enable()  # type: ignore[no-untyped-call]

    async def let_sleep() -> None:
        with contextlib.suppress(Exception):
            await lock.disable()  # type: ignore[no-untyped-call]

    ft.use_effect(keep_awake, [], cleanup=let_sleep)


class Retain(Protocol):
    """A control in a slot: the last render's, when it showed the same there."""

    def __call__(self, slot: str, shows: Hashable, make: Callable[[str], Made]) -> Made: ...


def use_retained() -> Retain:
    """Controls kept from the last render, each in its slot among its siblings (its key) with
    everything it shows: one shown again unchanged is the very same object, and Flet's diff
    passes over it without comparing it (a move compared every cell of a touched row and
    every line of the screen, on each phone). The key is what lets Flet's diff match it
    with itself when siblings come or go before it (matched by place, a kept control took
    over another's identity): `make` is handed it. Whatever a kept control calls must not
    change between renders: a stable callback, never a lambda over this render's values."""
    kept: Kept[dict[str, tuple[Hashable, ft.BaseControl]]] = use_kept({})
    before: dict[str, tuple[Hashable, ft.BaseControl]] = kept.current
    now: dict[str, tuple[Hashable, ft.BaseControl]] = {}
    kept.current = now

    def retain(slot: str, shows: Hashable, make: Callable[[str], Made]) -> Made:
        assert slot not in now, f"two controls in slot {slot!r}"
        last = before.get(slot)
        # Made with its key: a made control is frozen.
        made = cast(Made, last[1]) if last is not None and last[0] == shows else make(slot)
        now[slot] = (shows, made)
        return made

    return retain


def use_same_whole(parts: list[ft.Control], make: Callable[[list[ft.Control]], Made]) -> Made:
    """The control made of these parts at the last render when every part is the very same
    object again, else one made now: Flet's diff then passes over the whole, where a screen's
    column made again at every touch was made and compared on each phone for nothing."""
    kept: Kept[tuple[tuple[ft.Control, ...], Made] | None] = use_kept(None)
    last = kept.current
    if last is not None and len(last[0]) == len(parts) and all(map(operator.is_, parts, last[0])):
        return last[1]
    whole = make(parts)
    kept.current = (tuple(parts), whole)
    return whole
