"""Phones in plain pytest: Flet's real Session and a connection that msgpack-encodes every
message it is sent, as the web socket would. Pinned to flet 1.0.5 (pyproject.toml)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from gadget.engine import Player
from gadget.services.phones import STORAGE_KEY, new_phone_token, phone_from_token
from gadget.services.table import Table
from gadget.site.app import main as site_main
from gadget.views.app import main, main_in_turn

#: Turns of the event loop with nothing ready to run that end a settle, each TURN s apart: a
#: step of a screen (a patch, an effect, the hub's notice to the other phones) makes the next
#: one ready at once; a thread's answer (PostgreSQL's notices) comes within a few turns.
QUIET, TURN = 4, 0.003
# s: the longest a screen may take to show a change on a busy machine; a wait ends as soon as
# the change is seen (a fixed sleep of 0.3 s was too short with both cores busy).
PATIENCE = 30.0


async def until(condition: Callable[[], bool], within: float = PATIENCE) -> bool:
    """True once the condition holds, looked at every 10 ms; False if it never did."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def settle_loop() -> None:
    """Back once this event loop has had nothing ready to run for QUIET turns in a row, or
    after PATIENCE (a loop that never rests, then, is for the test's assertion to find)."""
    loop = asyncio.get_running_loop()
    quiet, deadline = 0, time.monotonic() + PATIENCE
    while quiet < QUIET and time.monotonic() < deadline:
        await asyncio.sleep(TURN)
        quiet = 0 if loop._ready else quiet + 1  # type: ignore[attr-defined]  # CPython's queue


_serving: list[Table] = []  # the table the phones of this test play at


def serve(table: Table) -> None:
    """Every Phone opened from now on plays at this table (as `gadget serve` gives its own)."""
    _serving[:] = [table]


@dataclass(frozen=True)
class Refused:
    """A method's answer that is an error, as a browser's plugin gives it (Chromium with no
    camera: `CameraException(cameraNotFound, ...)`, not an empty list)."""

    error: str


class RecordingConnection(Connection):
    """A client that only listens: every message is encoded and kept, nothing is answered."""

    def __init__(self, loop: asyncio.AbstractEventLoop, executor: ThreadPoolExecutor) -> None:
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = PubSubHub(loop=loop, executor=executor)
        self.page_url = "ws://gadget.test"
        self.frames: list[bytes] = []
        self.session: Session | None = None
        self.answers: dict[str, Any] = {}  # what this client answers to a method call
        self.storage: dict[str, Any] = {}  # the browser's local storage for this origin

    def send_message(self, message: Message) -> None:
        self.frames.append(
            msgpack.packb(
                [message.action, message.body],
                default=configure_encode_object_for_msgpack(BaseControl),
            )
        )
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.create_task(self._answer(message.body))

    async def _answer(self, call: Any) -> None:
        """Do what the browser does with a method call: navigate, or just say it is done."""
        assert self.session is not None
        answer = self.answers.get(call.name)
        if call.name == "get" and "key" in (call.args or {}):  # SharedPreferences
            answer = self.storage.get(call.args["key"])
        elif call.name == "set" and "key" in (call.args or {}):
            self.storage[call.args["key"]] = call.args["value"]
            answer = True
        elif call.name == "remove" and "key" in (call.args or {}):
            answer = self.storage.pop(call.args["key"], None) is not None
        if isinstance(answer, Refused):  # the browser's plugin failed, as it says
            self.session.handle_invoke_method_results(
                call.control_id, call.call_id, None, answer.error
            )
            return
        self.session.handle_invoke_method_results(call.control_id, call.call_id, answer, None)
        if call.name == "push_route":
            page = self.session.page
            route = call.args["route"]
            self.session.apply_page_patch({"route": route})
            await page._trigger_event("route_change", {"route": route})


class Phone:
    """One browser tab on the app: open a route, read the screen, tap, type."""

    def __init__(
        self,
        route: str,
        answers: dict[str, Any] | None = None,
        storage: dict[str, Any] | None = None,
        table: Table | None = None,
        languages: list[str] | None = None,
        site: bool = False,
        in_turn: bool = False,
    ) -> None:
        """A new device unless `storage` is another Phone's: then it is that device again
        (another tab, or the same phone after a reload). `languages`: a browser that says
        which languages it prefers, as a phone's browser does (None: one that will not say).
        `site`: the static site's app, which runs on the phone alone (no table). `in_turn`:
        its page started as the server starts one (`main_in_turn`), not at once."""
        self.route = route
        self.in_turn = in_turn
        self.site = site
        self.languages = languages
        self.table = table  # None: the table `serve` named (another: another server process)
        self.connection = RecordingConnection(
            asyncio.get_running_loop(), ThreadPoolExecutor(max_workers=2)
        )
        self.connection.answers = dict(answers or {})
        if languages is not None:
            self.connection.answers["get_device_info"] = {
                "browser_name": "chrome",
                "languages": languages,
                "locales": [
                    dict(
                        zip(
                            ("language_code", "country_code"),
                            (*code.split("-"), None)[:2],
                            strict=True,
                        )
                    )
                    for code in languages
                ],
            }
        if storage is not None:
            self.connection.storage = storage
        self.session = Session(self.connection)
        self.connection.session = self.session

    async def open(self) -> Phone:
        _context_page.set(self.session.page)
        self.session.apply_page_patch(
            {
                "route": self.route,
                "width": 360,
                "height": 640,
                "platform": "android",
                "web": self.languages is not None,  # a browser on the phone, as served
            }
        )
        # What the server answers a registering client: the page as it stands.
        self.connection.send_message(
            Message(MessageAction.REGISTER_CLIENT, {"page_patch": self.session.get_page_patch()})
        )
        if self.site:
            await site_main(self.session.page)
        elif self.table is None and not _serving:
            raise RuntimeError("no table: call tests.phones.serve(table) first")
        elif self.in_turn:  # as the server starts a page
            await main_in_turn(self.session.page, self.table or _serving[0])
        else:
            main(self.session.page, self.table or _serving[0])
        await self.session.after_event(self.session.page)
        await self.settle()
        return self

    async def go(self, route: str) -> None:
        """Open another address in this same tab (a link tapped, the back button)."""
        self.session.apply_page_patch({"route": route})
        await self.session.page._trigger_event("route_change", {"route": route})
        await self.settle()

    async def settle(self) -> None:
        """Let scheduled updates, effects and other phones' notifications run: turns of the
        event loop, where all of them run, until it has had nothing ready to run for QUIET
        turns in a row (a fixed 80 ms was most of the in-process tier's time, spent waiting)."""
        await settle_loop()

    @property
    def storage(self) -> dict[str, Any]:
        """This device's local storage (hand it to another Phone to be this device again)."""
        return self.connection.storage

    @property
    def identity(self) -> Any:
        """The Phone this device is to the server."""
        return phone_from_token(self.storage.get(STORAGE_KEY))

    def controls(self) -> Iterator[BaseControl]:
        """Every control this phone's page shows now: mounted, and in no hidden part (a
        phone draws nothing of a control whose `visible` is false, nor of what it holds)."""
        known: dict[int, bool] = {}  # each control's answer, once: a climb stops at one known
        return iter([c for c in list(self.session.index.values()) if _shown(c, known)])

    def texts(self) -> list[str]:
        """Every piece of text and every accessible label on the screen."""
        found = []
        for control in self.controls():
            for name in ("value", "label", "text", "content", "error", "helper"):
                value = getattr(control, name, None)
                if isinstance(value, str) and value:
                    found.append(value)
        return found

    def says(self, fragment: str) -> bool:
        """Some text on the screen contains this."""
        return any(fragment in text for text in self.texts())

    async def until_says(self, fragment: str) -> bool:
        """The screen says this, once it does (False if it never did)."""
        return await until(lambda: self.says(fragment))

    def _find(self, kind: type, **wanted: Any) -> BaseControl:
        for control in self.controls():
            if isinstance(control, kind) and all(
                getattr(control, k, None) == v for k, v in wanted.items()
            ):
                return control
        raise AssertionError(f"no {kind.__name__} with {wanted} on {self.route}: {self.texts()}")

    def cell(self, row: int, column: int) -> ft.Semantics:
        """The cell at this place from the player's seat."""
        prefixes = (f"row {row} column {column}: ", f"ligne {row} colonne {column} : ")
        for control in self.controls():
            if isinstance(control, ft.Semantics) and str(control.label).startswith(prefixes):
                return control
        raise AssertionError(f"no cell at row {row} column {column}")

    def grid(self) -> str:
        """The 25 cells as G, X and - from the player's seat."""
        letters = {"agent": "G", "assassin": "X", "bystander": "-"}
        return "".join(
            next(  # a card with words says its word first
                letters[part]
                for part in str(self.cell(r, c).label).split(": ", 1)[1].split(", ")
                if part in letters
            )
            for r in range(1, 6)
            for c in range(1, 6)
        )

    async def _event(self, control: BaseControl, name: str, data: Any = None) -> None:
        await self.session.dispatch_event(control._i, name, data)
        await self.settle()

    async def tap(self, text: str) -> None:
        """Tap the button with this text."""
        for kind in (ft.Button, ft.OutlinedButton, ft.TextButton):
            try:
                await self._event(self._find(kind, content=text), "click")
                return
            except AssertionError:
                continue
        raise AssertionError(f"no button {text!r} on {self.route}: {self.texts()}")

    async def tap_icon(self, label: str) -> None:
        """Tap the icon button with this accessible name."""
        wrapper = self._find(ft.Semantics, label=label)
        await self._event(wrapper.content, "click")

    async def tap_cell(self, row: int, column: int) -> None:
        """Record a touch of the word at this place from the player's seat."""
        await self._event(self.cell(row, column).content, "click")

    async def type(self, label: str, text: str) -> None:
        """Type into the text field with this label."""
        field = self._find(ft.TextField, label=label)
        self.session.apply_patch(field._i, {"value": text})
        await self._event(field, "change", text)

    async def choose(self, label: str, key: str) -> None:
        """Pick an option of the dropdown with this label."""
        dropdown = self._find(ft.Dropdown, label=label)
        self.session.apply_patch(dropdown._i, {"value": key})
        await self._event(dropdown, "select", key)

    def snapshot(self) -> Any:
        """The whole control tree of the page as the protocol encodes it, ids left out."""
        return encoded(self.session.page.views)

    def method_calls(self) -> list[tuple[str, dict[str, Any]]]:
        """The client methods this page was asked to run (navigate, play, save a file...)."""
        calls = []
        for frame in self.connection.frames:
            action, body = msgpack.unpackb(frame, strict_map_key=False, ext_hook=_ext)
            if action == MessageAction.INVOKE_METHOD.value:  # a plain Enum: compare its value
                calls.append((body["name"], body.get("args") or {}))
        return calls

    async def toggle(self, label: str) -> None:
        """Flip the switch with this label."""
        switch = self._find(ft.Switch, label=label)
        self.session.apply_patch(switch._i, {"value": not switch.value})
        await self._event(switch, "change", not switch.value)

    async def submit(self, label: str, text: str) -> None:
        """Type into the text field with this label and press Enter."""
        await self.type(label, text)
        await self._event(self._find(ft.TextField, label=label), "submit", text)

    def crashed(self) -> bool:
        """Whether the page was covered by Flet's error screen."""
        return any(b"Traceback" in frame for frame in self.connection.frames)

    def close(self) -> None:
        self.session.close()
        self.connection.executor.shutdown(wait=False)


def _shown(control: BaseControl, known: dict[int, bool]) -> bool:
    """Whether the phone draws this control: neither it nor a control holding it is hidden
    (`known`: the controls already answered, by id, filled in on the way up)."""
    climbed: list[int] = []
    climbing: BaseControl | None = control
    shown = True
    while climbing is not None:
        if id(climbing) in known:
            shown = known[id(climbing)]
            break
        climbed.append(id(climbing))
        if getattr(climbing, "visible", True) is False:
            shown = False
            break
        climbing = climbing.parent
    for each in climbed:  # below a hidden control, every one climbed is hidden too
        known[each] = shown
    return shown


def new_device() -> dict[str, Any]:
    """The local storage of a device the server has not seen yet, identity already made."""
    return {STORAGE_KEY: new_phone_token()}


def device_of(storage: dict[str, Any]) -> Any:
    """The Phone (identity) a device's storage makes."""
    return phone_from_token(storage[STORAGE_KEY])


async def seated(
    store: Any, game: Any, side: Player, storage: dict[str, Any] | None = None
) -> Phone:
    """A device that holds `side` of a game saved directly in the store, showing the game."""
    storage = storage if storage is not None else new_device()
    assert store.take_seat(game.id, side, device_of(storage).key)
    return await Phone(f"/game/{game.public_id}", storage=storage).open()


async def member(store: Any, team: Any, route: str | None = None) -> Phone:
    """A device that is one of a team's (as if it had made it), showing the team's screen."""
    storage = new_device()
    store.join_team(team.id, device_of(storage).key)
    return await Phone(route or f"/teams/{team.id}", storage=storage).open()


def decoded_strings(frames: list[bytes]) -> list[str]:
    """Every string value in every message, in order: what the phone's page was told.

    Keys are protocol (their batching varies with timing); random ids (a service's `uid`,
    a method call's `call_id`) differ in every session whatever is shown: both left out.
    """
    strings: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            strings.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("uid", "call_id"):
                    walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, msgpack.ExtType):
            walk(msgpack.unpackb(value.data, strict_map_key=False, raw=False, ext_hook=_ext))

    for frame in frames:
        walk(msgpack.unpackb(frame, strict_map_key=False, raw=False, ext_hook=_ext))
    return strings


class Sent(NamedTuple):
    """One change a phone's page was told: the control it is addressed to, where in it (its
    fields and indexes, from that control), and the value (for a replace or an add)."""

    to: int
    op: int  # Flet's `Operation`: 0 replace, 1 add, 2 remove, 3 move
    path: list[Any]
    value: Any  # a move's: the path it moves to


def sent_changes(frames: list[bytes]) -> list[Sent]:
    """Every change in every patch of these frames, its path spelt out (Flet sends each path
    as a node of a tree of the patch's paths, and the last part)."""
    changes: list[Sent] = []
    for frame in frames:
        action, body = msgpack.unpackb(frame, strict_map_key=False, raw=False, ext_hook=_ext)
        if action != MessageAction.PATCH_CONTROL.value:
            continue
        tree, *ops = body["patch"]
        where: dict[int, list[Any]] = {}  # each node's number: the path to it
        nodes: list[tuple[list[Any], list[Any]]] = [(tree, [])]
        while nodes:
            node, parts = nodes.pop()  # [number] or [number, {part: node}]
            where[node[0]] = parts
            children = node[1] if len(node) > 1 else {}
            nodes += [(child, [*parts, part]) for part, child in children.items()]
        for op, node_id, last, *rest in ops:
            # A move's value is where it moves to; a replace's or an add's, what it puts there.
            value = [*where[rest[0]], rest[1]] if op == 3 else (rest[0] if rest else None)
            changes.append(Sent(body["id"], op, [*where[node_id], last], value))
    return changes


def told_to(cell: ft.Control, changes: list[Sent]) -> list[Sent]:
    """Those of these changes that reach into a cell of the key card, each checked to come
    through the card, at its row's place and its own (a kept cell, told in place:
    `keycard._told`), or through its row (a cell drawn again, compared by Flet's diff);
    their paths from the cell."""
    row = cell.parent
    assert isinstance(row, ft.Row) and isinstance(row.parent, ft.Column)
    card, place = row.parent, row.controls.index(cell)
    through_card = ["controls", card.controls.index(row), "controls", place]
    return [
        change._replace(path=change.path[4:])
        for change in changes
        if change.to == card._i and change.path[:4] == through_card
    ] + [
        change._replace(path=change.path[2:])
        for change in changes
        if change.to == row._i and change.path[:2] == ["controls", place]
    ]


def encoded(value: object) -> Any:
    """A control's whole tree (or any value) as the protocol encodes it, ids left out."""
    packed = msgpack.packb(value, default=configure_encode_object_for_msgpack(BaseControl))
    return _without_ids(msgpack.unpackb(packed, strict_map_key=False, ext_hook=_ext))


def _without_ids(value: Any) -> Any:
    if isinstance(value, dict):
        # A component's key (here a game's random public id) is never shown to the player.
        ids = ("_i", "uid", "key") if value.get("_c") == "C" else ("_i", "uid")
        return {k: _without_ids(v) for k, v in value.items() if k not in ids}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _ext(code: int, data: bytes) -> Any:
    return msgpack.unpackb(data, strict_map_key=False, raw=False, ext_hook=_ext)
