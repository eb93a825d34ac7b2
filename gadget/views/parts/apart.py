"""Playing apart: the clue typed on one phone, each touch chosen and confirmed on the other
(the served app's and the site's game with the app alike)."""

from __future__ import annotations

import time
from collections.abc import Callable

import flet as ft

from gadget.engine import Action, Clue, Guess, Penalty, Phase, PlayerView, Stop
from gadget.engine.clue_rule import clue_problem
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import text_of, typed_field, use_typed, whole_number
from gadget.views.parts.hooks import Kept, use_kept, use_value
from gadget.views.parts.language import _, say
from gadget.views.parts.shield import DEAF_SECONDS


@component
def ApartClueForm(
    on_clue: Callable[[str, int], None], visible: tuple[str, ...], language: str
) -> ft.Control:
    """The clue as the partner will read it: one word and a number, both needed; a word
    the rule book forbids while a card is visible is flagged before it is sent, and the
    players decide: the same clue tapped again is sent (the partner can still call it
    invalid)."""
    # The clue checker's stemmers load with the first form, not with the site's snapshot.
    from gadget.services.clue_check import clue_flags  # noqa: PLC0415

    word = use_typed()
    number = use_kept("")
    flagged, set_flagged = use_value(lambda: "")  # the clue the flags below were read for
    warned_at = use_kept(0.0)  # when the last warning was drawn (time.monotonic)
    problem, set_problem = use_value(lambda: "")

    # Said of the clue last tapped, until the next tap: nothing is drawn again while the
    # player types (a field drawn mid-word loses what was typed since).
    flags = clue_flags(flagged, visible, language) if flagged else ()

    def give(_event: Tap) -> None:
        clue = text_of(word).strip()
        count = whole_number(number.current)
        wrong = clue_problem(clue)
        if wrong is not None:
            set_problem(say(wrong))
            return
        if count is None:
            set_problem(_("Choose how many words the clue is for."))
            return
        set_problem("")
        if clue_flags(clue, visible, language) and flagged != clue:
            warned_at.current = time.monotonic()
            set_flagged(clue)  # shown first: the next tap on Give sends it anyway
            return
        if flagged == clue and time.monotonic() - warned_at.current < DEAF_SECONDS:
            # The warned clue this soon is not "again": a double tap's second (the warning
            # drawn where the last one was, Give in its place), or Enter; judged here, where
            # it arrives, since a phone 100 ms away sent it before any deaf button could
            # reach it. Another clue, one with nothing to warn of, is sent at once.
            return
        set_flagged("")
        on_clue(clue, count)

    shown: list[ft.Control] = [
        ft.Row(
            [
                typed_field(word, _("Clue (one word)"), expand=True, on_submit=give),
                clue_number(number),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    ]
    if problem:
        shown.append(ft.Text(problem, color=palette.DANGER))
    if flags:
        shown.append(
            ft.Text(
                _("The rule book may forbid this clue:"),
                color=palette.WARNING,
                weight=ft.FontWeight.W_600,
            )
        )
        shown += [ft.Text(say(flag.said), color=palette.WARNING) for flag in flags]
        shown.append(
            ft.Text(
                _("Agree with your partner: tap Give clue again to give it anyway, or change it."),
                size=13,
            )
        )
    shown.append(ft.Button(_("Give clue"), on_click=give))
    return ft.Column(shown, spacing=6)


def clue_number(number: Kept[str]) -> ft.Control:
    """The clue's number, 0 to 9, kept where the form reads it (a choice draws nothing)."""

    def choose(event: ft.Event[ft.Dropdown]) -> None:
        number.current = event.control.value or ""

    return dropdown(
        _("No."),
        number.current or None,
        [ft.DropdownOption(key=str(n), text=str(n)) for n in range(10)],
        choose,
        width=104,
        name=_("Number of words"),
    )


def apart_buttons(
    view: PlayerView,
    act: Callable[[Action], None],
    visible: tuple[str, ...],
    language: str,
    app_to_act: bool = False,
) -> list[ft.Control]:
    """What this phone offers played apart: the clue form (not while the app, the partner,
    is about to give its clue: the player's would race it), the guesser's stop and touch
    hint, and the invalid-clue token either player may call."""
    buttons: list[ft.Control] = []
    me = view.player
    if view.i_may_give_clue and not app_to_act:
        buttons.append(
            ApartClueForm(lambda word, number: act(Clue(me, word, number)), visible, language)
        )
    if view.mine_to_touch and view.phase is Phase.GUESSING:
        buttons.append(ft.Text(_("Tap a word on your card, then confirm it.")))
    if view.phase is Phase.SUDDEN_DEATH and view.mine_to_touch:
        buttons.append(ft.Text(_("Sudden death: tap a word, then confirm it. No more clues.")))
    if view.i_may_stop:
        buttons.append(ft.Button(_("Stop guessing"), on_click=lambda _e: act(Stop(me))))
    if view.penalty_open:
        buttons.append(
            ft.OutlinedButton(
                _("Invalid clue: discard a token"), on_click=lambda _e: act(Penalty(me))
            )
        )
    return buttons


def own_touch(
    view: PlayerView, chosen: int | None, choose: Callable[[int], None]
) -> tuple[Callable[[int], None] | None, int | None]:
    """What a tap on this phone's card does (choose a word, when this player may touch) and
    the word chosen, if it may still be touched."""
    return (choose if view.mine_to_touch else None), (
        chosen if chosen in view.mine_to_touch else None
    )


def touch_question(
    view: PlayerView,
    words: tuple[str, ...] | None,
    cell: int | None,
    act: Callable[[Action], None],
    drop: Callable[[], None],
) -> list[ft.Control]:
    """The second step of a touch, once a word is chosen: a slip of the finger chose it,
    only this touches it."""
    if words is None or cell is None:
        return []
    word = words[cell].upper()
    return [
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        _("Touch {word}?").format(word=word), size=18, weight=ft.FontWeight.BOLD
                    ),
                    ft.Row(
                        [
                            ft.Button(
                                _("Touch {word}").format(word=word),
                                icon=ft.Icons.TOUCH_APP,
                                on_click=lambda _e: act(Guess(view.player, cell)),
                            ),
                            ft.OutlinedButton(_("Not this one"), on_click=lambda _e: drop()),
                        ],
                        wrap=True,
                    ),
                ],
                spacing=6,
            ),
            border=ft.Border.all(3, palette.CHOSEN),
            border_radius=8,
            padding=10,
            key="touch question",
        )
    ]
