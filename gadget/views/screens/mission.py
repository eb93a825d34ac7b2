"""/teams/<n>/missions/<id>: a city's card: its time bank, what it rewards, the team's record,
and Start."""

from __future__ import annotations

import flet as ft

from gadget.engine.errors import Message
from gadget.engine.words import WordsChoice, newest_list
from gadget.missions import MissionState, play_style
from gadget.services import addresses, palette
from gadget.services.records import Team
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Loading, use_data, use_value
from gadget.views.parts.language import _, city, ngettext, pgettext, say, spoken
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.served.addressed_team import missing_team, use_team
from gadget.views.served.table_context import use_table


@component
def MissionCardScreen() -> ft.Control:
    """A city's card: its time bank, what it rewards, the team's record, and Start."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    mission_id = ft.use_route_params().get(addresses.MISSION, "")[:40]
    message, set_message = use_value(lambda: "")
    team = use_team()
    view = use_data(
        lambda: table.campaign(phone, team.id) if isinstance(team, Team) else None,
        [team.id if isinstance(team, Team) else None],
    )
    if team is None:
        return missing_team()
    if isinstance(team, Loading) or view is None:
        return loading(_("A city's card"))
    card = next((c for c in view.cards if c.mission.id == mission_id), None)
    if card is None:
        return screen(
            [
                ft.Text(
                    say(
                        Message(
                            "No mission {mission!r} on {team}'s map.",
                            mission=mission_id,
                            team=team.name,
                        )
                    )
                ),
                ft.Button(
                    _("Back to the map"), on_click=lambda _e: page.navigate(addresses.team(team.id))
                ),
            ]
        )
    mission, stats = card.mission, card.stats

    def start(words: WordsChoice | None = None, with_the_app: bool = False) -> None:
        game = table.deal(
            team_name=team.name,
            mission_name=mission.id,
            words=words,
            phone=phone,
            with_the_app=with_the_app,
        )
        page.navigate(addresses.game(game.public_id))

    # Without the box: the words of the list in the phone's language (English otherwise).
    words_here = newest_list(spoken().code).number

    if not stats:
        record = _("Not attempted yet.")
    elif stats.best_score is None:
        record = ngettext(
            "{count} attempt, {wins} won", "{count} attempts, {wins} won", stats.attempts
        ).format(count=stats.attempts, wins=stats.wins)
    else:
        record = ngettext(
            "{count} attempt, {wins} won, best score {best}",
            "{count} attempts, {wins} won, best score {best}",
            stats.attempts,
        ).format(count=stats.attempts, wins=stats.wins, best=stats.best_score)
    actions: list[ft.Control] = []
    if card.state is not MissionState.LOCKED:
        actions.append(
            ft.Row(
                [
                    ft.Button(
                        _("Start this mission"),
                        icon=ft.Icons.PLAY_ARROW,
                        on_click=guarded(start, set_message),
                    ),
                    ft.OutlinedButton(
                        _("Start without the box"),
                        icon=ft.Icons.ABC,
                        on_click=guarded(lambda: start(words_here), set_message),
                    ),
                    ft.OutlinedButton(  # with the words of the phone's language (English else)
                        _("Play it with the app"),
                        icon=ft.Icons.SMART_TOY,
                        on_click=guarded(lambda: start(words_here, with_the_app=True), set_message),
                    ),
                ],
                wrap=True,
            )
        )
        actions.append(
            ft.Text(
                _(
                    "With the app as your partner, the result counts on the map as any other,"
                    " and the history says it was played with the app."
                ),
                size=14,
            )
        )
    else:
        actions.append(ft.Text(_("Locked: win a mission joined to it by a line first.")))
    return screen(
        [
            ft.Text(
                _("{city} {bank}").format(city=city(mission.name), bank=mission.parameters),
                size=24,
                weight=ft.FontWeight.BOLD,
            ),
            ft.Text(
                _("{turns} timer tokens, {mistakes} of them bystander side up.").format(
                    turns=mission.turns, mistakes=mission.mistakes
                )
            ),
            ft.Text(say(play_style(mission))),
            ft.Text(_("State: {state}.").format(state=pgettext("mission", card.state.value))),
            ft.Text(record),
            *actions,
            ft.Text(message, color=palette.DANGER),
            ft.Button(
                _("Back to the map"), on_click=lambda _e: page.navigate(addresses.team(team.id))
            ),
        ],
        spacing=10,
    )
