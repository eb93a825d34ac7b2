"""Controls packed into messages by `serve/packing.py` give Flet's own bytes, and keep on
each control the same snapshots Flet's packing keeps for its next diff: a wrong byte is a
phone drawing another screen, a wrong snapshot a change never sent."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction

from gadget.engine import Player
from gadget.serve import packing
from gadget.services.table import Table
from tests.phones import RecordingConnection
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_flet_construction import control_classes
from tests.test_flet_validation import controls_of

SNAPSHOTS = ("__prev_lists", "__prev_dicts", "__prev_classes")


def packed(encode: Any, control: object) -> tuple[object, dict[str, object]]:
    """The bytes of a patch holding the control (or the refusal's kind), and the snapshots
    the packing left on it."""
    for name in SNAPSHOTS:
        vars(control).pop(name, None)
    message = Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": [[0], [0, 0, "x", control]]})
    try:
        sent: object = msgpack.packb([message.action, message.body], default=encode)
    except Exception as refused:  # a value msgpack cannot take: alike
        sent = type(refused).__name__
    return sent, {name: vars(control).get(name) for name in SNAPSHOTS}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_control_is_packed_as_flets_own_packing_packs_it() -> None:
    compared = 0
    for cls in control_classes():
        for control in controls_of(cls):
            expected = packed(packing.FLETS_ENCODE, control)
            assert packed(packing.encode, control) == expected, cls
            compared += isinstance(expected[0], bytes)
    assert compared > 5_000, compared


@at_the_table
async def test_a_games_screens_and_moves_are_sent_in_flets_own_bytes(table: Table) -> None:
    """Every message two phones are sent through a game: the first screens, a clue, touches
    (cells changed in place), the turn's end."""
    sent = 0
    flets = RecordingConnection.send_message

    def both(connection: RecordingConnection, message: Message) -> None:
        nonlocal sent
        ours = msgpack.packb([message.action, message.body], default=packing.encode)
        flets(connection, message)  # Flet's packing, kept as the phone's frame
        assert connection.frames[-1] == ours
        sent += 1

    RecordingConnection.send_message = both  # type: ignore[method-assign]
    try:
        phone_a, phone_b, code = await deal_and_join(table)
        await give_clue(phone_a, "tree")
        card = card_of(table, code)
        for cell in (card.a.index("G"), card.a.index("-")):
            await phone_a.tap_cell(*seat_of(Player.A, cell))
        await phone_b.settle()
    finally:
        RecordingConnection.send_message = flets  # type: ignore[method-assign]
    assert phone_b.says("You touched a bystander"), phone_b.texts()
    assert sent > 30, sent
