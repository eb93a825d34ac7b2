"""What a phone's WebSocket message is, read once as it arrives and before Flet reads it: a
tap, typing, anything else Flet reads, or what Flet cannot read. A message is read within
bounds (`PARTS`): the budget lets a phone send 2 MiB at once, and 2 MiB of empty msgpack
arrays, two million lists, held every table of a process for 1.7 s while Flet built them
(an outsider's). Flet reads it only once it is known to be none of that."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

import msgpack  # type: ignore[import-untyped]
from flet.messaging import protocol
from starlette.types import Message

SMALL: Final = 1024  # bytes: a tap, a route, a key typed; a longer message is its bytes' cost
# Arrays and maps in one message, and items in each: a phone's messages hold a few (an event,
# its data; a register of the page's size and route; one file picked, its bytes in one part).
PARTS: Final = 256
REGISTER_CLIENT: Final = protocol.MessageAction.REGISTER_CLIENT.value
CONTROL_EVENT: Final = protocol.MessageAction.CONTROL_EVENT.value
UPDATE_CONTROL_PROPS: Final = protocol.MessageAction.UPDATE_CONTROL_PROPS.value
# What a phone may send, and the fields of its body, every one of which Flet requires: a body
# Flet cannot build ends its receive loop (before a session exists, its handler waits for good).
BODIES: Final = {
    action.value: frozenset(field.name for field in fields(body))
    for action, body in (
        (protocol.MessageAction.REGISTER_CLIENT, protocol.RegisterClientRequestBody),
        (protocol.MessageAction.CONTROL_EVENT, protocol.ControlEventBody),
        (protocol.MessageAction.UPDATE_CONTROL_PROPS, protocol.UpdateControlPropsBody),
        (protocol.MessageAction.INVOKE_METHOD, protocol.InvokeMethodResponseBody),
    )
}
# A page's register: Chromium's, 460-500 bytes; a register with a 2 MiB route was answered
# with a first screen as long, 40 at once held /healthz 0.5 s and kept 134 MiB (an outsider's).
REGISTER_BYTES: Final = 16 * 1024
FLETS: Final = 0x00  # a packet's first byte: msgpack of [action, body] (0x01: a data channel's)


@dataclass(frozen=True, slots=True)
class Read:
    """A message Flet can read, as the budget charges it."""

    size: int  # its bytes
    typing: bool  # what typing sends (a field's "change", a property update), or a large one
    tap: bool  # a control's event other than typing's, small: it may be a move
    registers: bool  # the page registering: Flet reads nothing but this before it


def read(message: Message, registered: bool) -> Read | None:
    """What a received message is; None for one Flet cannot read (a text frame, a packet of
    Flet's that is not msgpack of [action, body] within `PARTS`, an action from the server,
    a body of other fields than Flet's), after which its connection would read no more, for
    anything but a short register before the page registers, and for a long register or
    route change after."""
    frame = message.get("bytes")
    if not isinstance(frame, bytes):
        return None
    size = len(frame)
    if not registered and (frame[:1] != bytes([FLETS]) or size > REGISTER_BYTES):
        return None  # a register is all a page sends first, and it is short
    if frame[:1] != bytes([FLETS]):
        return Read(size, typing=size > SMALL, tap=False, registers=False)  # Flet's to drop
    said = _unpacked(frame[1:])
    if not (isinstance(said, list) and len(said) == 2 and isinstance(said[1], dict)):
        return None
    action, body = said
    if BODIES.get(action) != frozenset(body) or not (registered or action == REGISTER_CLIENT):
        return None
    routes = action == REGISTER_CLIENT or (
        action == CONTROL_EVENT and body.get("name") == "route_change"
    )
    if routes and size > REGISTER_BYTES:
        return None  # a route its page keeps as long as the page lives, 2 MiB a page
    change = action == CONTROL_EVENT and body.get("name") == "change"
    typing = size > SMALL or change or action == UPDATE_CONTROL_PROPS
    tap = size <= SMALL and action == CONTROL_EVENT and not change
    return Read(size, typing=typing, tap=tap, registers=action == REGISTER_CLIENT)


class _TooManyPartsError(ValueError):
    """A message of more arrays and maps than a phone sends."""


def _unpacked(packed: bytes) -> object:
    """The msgpack value, as Flet unpacks it, unless it is not one or holds more than
    `PARTS` arrays or maps or items in one (None): read so far, some microseconds."""
    parts = 0

    def counted(part: object) -> object:
        nonlocal parts
        parts += 1
        if parts > PARTS:
            raise _TooManyPartsError
        return part

    try:
        return msgpack.unpackb(
            packed,
            max_array_len=PARTS,
            max_map_len=PARTS,
            list_hook=counted,
            object_hook=counted,
        )
    except Exception:  # anything msgpack cannot read, or will not, within the bounds
        return None
