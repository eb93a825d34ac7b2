"""What a game's screen shows under its card: the buttons of the moves this phone may make
(at one table or played apart), and the side's phones or the story below them."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from gadget.engine import Action, Phase, Player
from gadget.services.records import SideSeen
from gadget.views.parts.apart import apart_buttons
from gadget.views.parts.hooks import Retain, made_by
from gadget.views.parts.language import spoken
from gadget.views.served.game_parts import action_buttons, clue_form, offered, undo_button
from gadget.views.served.side_phones import SidePhones
from gadget.views.served.story import StoryPanel, words_language


def moves(
    seen: SideSeen,
    act: Callable[[Action], None],
    ask_undo: Callable[[ft.Event[ft.OutlinedButton]], None],
    retain: Retain,
    app_to_act: bool = False,
) -> ft.Control:
    """The buttons under the card: at one table (kept while the same buttons are offered),
    or played apart; while the app acts, no clue and no undo (either would race its move,
    and an undo asked then was closed by it)."""
    if not seen.played_apart:
        names = offered(seen.view, seen.may_undo)
        form = clue_form(seen.view, act, names, retain)  # made again when shown or hidden
        return retain(
            "actions",
            (spoken().code, names),
            lambda key: ft.Row(
                action_buttons(seen.view, act, ask_undo, names, form), wrap=True, key=key
            ),
        )
    buttons = [
        *apart_buttons(seen.view, act, seen.visible_words, words_language(seen), app_to_act),
        *undo_button(ask_undo, seen.may_undo and not app_to_act),
    ]
    return ft.Row(buttons, wrap=True, key="actions")


def below_the_card(
    seen: SideSeen,
    side: Player,
    game_id: int,
    phones: tuple[tuple[str, ...], int],
    retain: Retain,
) -> list[ft.Control]:
    """The story once the game is over; while it is played, this side's phones and a link
    for more (the game of more than two: kept, not even compared, until a phone comes or
    goes)."""
    if seen.story is not None:
        return [StoryPanel(seen.story, side)]
    if seen.view.phase is Phase.OVER:
        return []
    shows = (spoken().code, game_id, side, phones)
    return [retain("side phones", shows, made_by(SidePhones, game_id, side, *phones))]
