"""Readable at arm's length: on every screen, in every state a player meets, no text is
smaller than the app's smallest size, except the map's city labels (which zoom)."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from gadget.engine import Clue, Guess, Player
from gadget.services import games
from gadget.services.campaign import record_played_elsewhere
from gadget.services.table import Table
from gadget.views.parts.layout import LABEL_SIZE, TEXT_MIN
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, new_device, seated
from tests.screens import at_the_table, seat_of

A, B = Player.A, Player.B


def _sizes(phone: Phone) -> list[tuple[float, str]]:
    """Every text's size that is set (unset is the theme's 14), with the text."""
    found = []
    for control in phone.controls():
        if isinstance(control, ft.Text):
            for size in (control.size, control.style.size if control.style else None):
                if size is not None:
                    found.append((float(size), str(control.value)))
    return found


def test_no_screen_shows_text_smaller_than_the_smallest_size(tmp_path: Path) -> None:
    @at_the_table
    async def scenario(table: Table) -> None:
        store = table.store
        owls = store.add_team("Owls", ["Ann", "Ben"])
        storage = new_device()
        store.join_team(owls.id, device_of(storage).key)
        for mission, bank, actions in (
            ("Prague", (9, 9), ASSASSIN_ACTIONS),
            ("Prague", (9, 9), WINNING_ACTIONS),
        ):
            record_played_elsewhere(store, "Owls", mission, log_of(actions, *bank).to_json())
        both_missed = (Clue(A), Guess(B, 18), Clue(B), Guess(A, 19))  # a token each
        playing = games.start_game(store, log_of(both_missed))
        ending = games.start_game(store, log_of(ASSASSIN_ACTIONS[:-1]))
        shown: dict[str, list[tuple[float, str]]] = {}
        for route in (
            "/",
            "/settings",
            "/paper",
            "/history",
            "/teams",
            f"/teams/{owls.id}",
            f"/teams/{owls.id}/missions/berlin",
            f"/teams/{owls.id}/history",
            "/join/1000-0000-04SK",
        ):
            phone = await Phone(route, storage=storage).open()
            shown[route] = _sizes(phone)
            phone.close()
        dealer = await Phone("/").open()
        await dealer.tap("New game")
        shown["a new game"] = _sizes(dealer)
        for game, name in ((playing, "a game with tokens on words"), (ending, "the end")):
            phone_a = await seated(store, game, Player.A)
            if game is ending:
                await phone_a.tap_cell(*seat_of(Player.A, 10))  # the assassin
                assert phone_a.says("Lost:")
            else:
                assert phone_a.says("partner") and phone_a.says("you")  # tokens on words
            shown[name] = _sizes(phone_a)
        assert len(shown) == 12 and all(shown.values())
        map_labels = {m.name for m in store.mission_map(owls.map_id).missions} | {
            m.parameters for m in store.mission_map(owls.map_id).missions
        }
        for where, sizes in shown.items():
            for size, text in sizes:
                if where == f"/teams/{owls.id}" and text in map_labels:
                    assert size == LABEL_SIZE, text
                else:
                    assert size >= TEXT_MIN, (where, text, size)

    scenario(tmp_path)
