"""Home: deal a game or a mission (or a classic or Pictures card), join the partner's, resume
this phone's, go elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict, Unpack

import flet as ft

from gadget.engine import AGENTS, Phase
from gadget.engine.classic import Game
from gadget.engine.words import WordsChoice, newest_list
from gadget.missions import MissionState
from gadget.services import addresses, palette
from gadget.services.classic_games import deal_card
from gadget.services.phones import Phone
from gadget.services.records import HeldGame
from gadget.services.table import Table
from gadget.services.words import turn_words
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import use_typed
from gadget.views.parts.hooks import use_data, use_status, use_value
from gadget.views.parts.language import _, ago, city, say
from gadget.views.parts.layout import panel, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.parts.typed_code import join_by_code
from gadget.views.parts.words_choice import app_deal, words_deal
from gadget.views.served.table_context import use_table
from gadget.views.served.take_over import request_panel


class HowDealt(TypedDict, total=False):
    """What a Deal button sets beside the phone: the bank, or a team's mission."""

    tokens: int
    team_name: str
    mission_name: str
    words: WordsChoice
    with_the_app: bool


def _deal(
    table: Table, page: ft.Page, phone: Phone, tell: Callable[[str], None], **how: Unpack[HowDealt]
) -> Callable[[Tap], None]:
    def start() -> None:
        game = table.deal(phone=phone, **how)
        page.navigate(addresses.game(game.public_id))

    return guarded(start, tell)


def _deal_classic(page: ft.Page, tell: Callable[[str], None], game: Game) -> Callable[[Tap], None]:
    """A new classic or Pictures card, opened on this phone at its own address (its screen
    keeps it at the server)."""

    def start() -> None:
        page.navigate(addresses.classic(deal_card(game)))

    return guarded(start, tell)


@component
def MissionPicker() -> ft.Control:
    """This phone's teams' open and completed missions: one sets the time bank on both phones.
    Its refusals show under its own button (they showed on the partner's code field)."""
    table = use_table()
    status, _tell, refuse = use_status()
    page = ft.context.page
    phone = use_phone()
    teams = use_data(lambda: table.teams_of(phone), [phone.key]) or []
    team_id, set_team_id = use_value(lambda: "")
    mission, set_mission = use_value(lambda: "")
    team = next((t for t in teams if str(t.id) == team_id), teams[0] if teams else None)
    view = use_data(lambda: table.campaign(phone, team.id) if team else None, [team])
    if team is None:
        return ft.TextButton(
            _("Add a team to play the mission map"),
            icon=ft.Icons.GROUP_ADD,
            on_click=lambda _e: page.navigate(addresses.TEAMS),
        )
    if view is None:
        return ft.ProgressRing()
    playable = [c for c in view.cards if c.state is not MissionState.LOCKED]
    return ft.Column(
        [
            dropdown(
                _("Team"),
                str(team.id),
                [ft.DropdownOption(key=str(t.id), text=t.name) for t in teams],
                lambda e: set_team_id(str(e.control.value or "")),
            ),
            dropdown(
                _("Mission"),
                mission or None,
                [
                    ft.DropdownOption(
                        key=c.mission.id,
                        text=(
                            _("{city} {bank} (done)")
                            if c.state is MissionState.COMPLETED
                            else _("{city} {bank}")
                        ).format(city=city(c.mission.name), bank=c.mission.parameters),
                    )
                    for c in playable
                ],
                lambda e: set_mission(str(e.control.value or "")),
            ),
            ft.Button(
                _("Start this mission"),
                on_click=_deal(
                    table, page, phone, refuse, team_name=team.name, mission_name=mission
                )
                if mission
                else lambda _e: refuse(_("Pick a mission first.")),
            ),
            status,
            ft.Row(
                [
                    ft.TextButton(
                        _("{team}: the map").format(team=team.name),
                        icon=ft.Icons.MAP,
                        on_click=lambda _e: page.navigate(addresses.team(team.id)),
                    ),
                    ft.TextButton(
                        _("History"),
                        icon=ft.Icons.HISTORY,
                        on_click=lambda _e: page.navigate(addresses.team_history(team.id)),
                    ),
                ],
                wrap=True,
            ),
        ]
    )


def _game_title(held: HeldGame) -> str:
    """Whose game it is: the team and the city, or a practice game."""
    if held.mission_name is not None and held.team_name is not None:
        return _("{team}: {city}").format(team=held.team_name, city=city(held.mission_name))
    if held.team_name is not None:
        return _("{team}: practice game").format(team=held.team_name)
    return _("Practice game")


def _game_line(page: ft.Page, held: HeldGame) -> ft.Control:
    """One of this phone's games, told apart from the others: whose game, which side and
    when it last moved, where the turn stands, and whether the partner has joined."""
    view, side = held.seen.view, held.seen.side
    moved = (
        _("Side {side}, last move {ago}.")
        if held.seen.facts.has_actions
        else _("Side {side}, dealt {ago}.")
    ).format(side=side.value.upper(), ago=ago(held.idle))
    partner = (
        _("The app holds side {partner}.")
        if held.with_the_app
        else _("Your partner holds side {partner}.")
        if held.partner_seated
        else _("Nobody holds side {partner} yet.")
    ).format(partner=side.partner.value.upper())
    turn = (
        _("Sudden death: no more clues.")
        if view.phase is Phase.SUDDEN_DEATH
        else say(turn_words(view))
    )
    bank = _("Tokens left: {count}. Agents found: {found} of {agents}.").format(
        count=view.checkmark_tokens + view.bystander_tokens,
        found=view.agents_found,
        agents=AGENTS,
    )
    return ft.Container(
        ft.Column(
            [
                ft.Text(_game_title(held), weight=ft.FontWeight.W_600),
                ft.Text(f"{moved} {partner}"),
                ft.Text(f"{turn} {bank}"),
                ft.TextButton(
                    _("Resume"),
                    on_click=lambda _e, at=held.seen.facts.public_id: page.navigate(
                        addresses.game(at)
                    ),
                ),
            ],
            spacing=2,
        ),
        padding=10,
        border=ft.Border.all(1, palette.OUTLINE),
        border_radius=8,
    )


def _my_games(page: ft.Page, games: list[HeldGame]) -> list[ft.Control]:
    """This phone's unfinished games: the side it holds, never a code or the other side."""
    if not games:
        return []
    return [
        ft.Text(_("Your games"), size=18, weight=ft.FontWeight.W_600),
        *[_game_line(page, held) for held in games],
    ]


def insecure_notice() -> ft.Control:
    """Why the scanner and the awake screen cannot work here, and what to do (a control a
    page: one instance is never shared between phones)."""
    return panel(
        [
            ft.Text(
                _(
                    "This address starts with http://, not https://: this phone will not let the"
                    " page use its camera (Scan the code) or keep the screen awake during a game."
                )
            ),
            ft.Text(
                _(
                    "Type your partner's code instead, or have Gadget started with `gadget serve"
                    " --tls` and open the https:// address it prints."
                )
            ),
        ],
        border=palette.ATTENTION,
    )


@component
def Home() -> ft.Control:
    """Deal a new game, join the partner's, resume one of this phone's, or go elsewhere."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    typed = use_typed()  # the latest keystroke, even before the re-render it causes
    problem, set_problem = use_value(lambda: "")
    answered, set_answered = use_value(lambda: 0)  # requests are read again after each answer
    requests = use_data(lambda: table.requests_to_answer(phone), [phone.key, answered]) or []
    games = use_data(lambda: table.games_of(phone), [phone.key]) or []

    return screen(
        [
            ft.Text(_("Gadget"), size=32, weight=ft.FontWeight.BOLD),
            ft.Text(_("A companion for Codenames: Duet, and for classic Codenames and Pictures.")),
            *([] if not page.url or addresses.secure_origin(page.url) else [insecure_notice()]),
            *[
                request_panel(
                    table,
                    request,
                    phone,
                    set_problem,
                    False,
                    done=lambda: set_answered(answered + 1),
                    own_side=(request.game_id, request.side)
                    in {(held.seen.facts.id, held.seen.side) for held in games},
                )
                for request in requests
            ],
            ft.Text(_("New game"), size=18, weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button(
                        _("New game"),
                        icon=ft.Icons.STYLE,
                        on_click=_deal(table, page, phone, set_problem),
                    ),
                    ft.OutlinedButton(
                        _("10 tokens"), on_click=_deal(table, page, phone, set_problem, tokens=10)
                    ),
                    ft.OutlinedButton(
                        _("11 tokens"), on_click=_deal(table, page, phone, set_problem, tokens=11)
                    ),
                ],
                wrap=True,
            ),
            MissionPicker(),
            ft.Text(_("Join your partner"), size=18, weight=ft.FontWeight.W_600),
            *join_by_code(typed, problem, set_problem, addresses.join, page),
            *words_deal(
                lambda choice: _deal(table, page, phone, set_problem, words=choice),
                lambda _e: page.navigate(addresses.WORDS),
                _(
                    "The 25 words on both phones; each player touches on their own phone. For"
                    " two homes on a call, or a table with no cards."
                ),
            ),
            *app_deal(
                lambda language: _deal(
                    table,
                    page,
                    phone,
                    set_problem,
                    words=newest_list(language).number,
                    with_the_app=True,
                )
            ),
            ft.Text(_("Classic Codenames or Pictures"), size=18, weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button(
                        _("Deal a classic card"),
                        icon=ft.Icons.GRID_VIEW,
                        on_click=_deal_classic(page, set_problem, Game.CLASSIC),
                    ),
                    ft.OutlinedButton(
                        _("Deal a Pictures card"),
                        icon=ft.Icons.IMAGE,
                        on_click=_deal_classic(page, set_problem, Game.PICTURES),
                    ),
                ],
                wrap=True,
            ),
            *_my_games(page, games),
            ft.Row(
                [
                    ft.TextButton(
                        _("Teams"),
                        icon=ft.Icons.GROUPS,
                        on_click=lambda _e: page.navigate(addresses.TEAMS),
                    ),
                    ft.TextButton(
                        _("Games outside a team"),
                        icon=ft.Icons.HISTORY,
                        on_click=lambda _e: page.navigate(addresses.HISTORY),
                    ),
                    ft.TextButton(
                        _("Paper"),
                        icon=ft.Icons.PRINT,
                        on_click=lambda _e: page.navigate(addresses.PAPER),
                    ),
                    ft.TextButton(
                        _("Settings"),
                        icon=ft.Icons.SETTINGS,
                        on_click=lambda _e: page.navigate(addresses.SETTINGS),
                    ),
                ],
                wrap=True,
            ),
        ],
        spacing=12,
    )
