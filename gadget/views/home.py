"""Home, join and settings: start a game or a mission, join the partner's, set the timer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft

from gadget.engine import Player, Setup, ShareCode, ShareCodeError, new_game, view_for
from gadget.missions import MissionState
from gadget.services.campaign import campaign_view
from gadget.services.table import TIMER_PRESETS
from gadget.views.game import GameTable, use_wakelock
from gadget.views.keycard import KeyCardGrid
from gadget.views.shared import guarded, screen, table, use_value
from gadget.views.timer import clock_text


def _deal(page: ft.Page, tell: Any, **how: Any) -> Any:
    def start() -> None:
        game = table().deal(**how)
        page.navigate(f"/game/{game.id}/a")

    return guarded(start, tell)


@ft.component
def MissionPicker(tell: Any) -> ft.Control:
    """A team's open and completed missions: starting one sets the time bank on both phones."""
    page = ft.context.page
    teams = table().store.teams()
    team, set_team = use_value(lambda: teams[0].name if teams else "")
    mission, set_mission = use_value(lambda: "")
    if not teams:
        return ft.TextButton(
            "Add a team to play the mission map",
            icon=ft.Icons.GROUP_ADD,
            on_click=lambda _: page.navigate("/teams"),
        )
    view = campaign_view(table().store, team)
    playable = [c for c in view.cards if c.state is not MissionState.LOCKED]
    return ft.Column(
        [
            ft.Dropdown(
                label="Team",
                value=team,
                options=[ft.DropdownOption(key=t.name, text=t.name) for t in teams],
                on_select=lambda e: set_team(e.control.value or ""),
            ),
            ft.Dropdown(
                label="Mission",
                value=mission or None,
                options=[
                    ft.DropdownOption(
                        key=c.mission.id,
                        text=f"{c.mission.name} {c.mission.parameters}"
                        + (" (done)" if c.state is MissionState.COMPLETED else ""),
                    )
                    for c in playable
                ],
                on_select=lambda e: set_mission(e.control.value or ""),
            ),
            ft.Button(
                "Start this mission",
                on_click=_deal(page, tell, team_name=team, mission_name=mission)
                if mission
                else lambda _: tell("Pick a mission first."),
            ),
        ]
    )


@ft.component
def Home() -> ft.Control:
    """Deal a new game, join the partner's, resume one, or open the settings."""
    page = ft.context.page
    typed = ft.use_ref("")  # the latest keystroke, even before the re-render it causes
    problem, set_problem = use_value(lambda: "")

    def join(_: Any) -> None:
        try:
            code = ShareCode.parse(str(typed.current))
        except ShareCodeError as wrong:
            set_problem(str(wrong))
            return
        page.navigate(f"/join/{code.text}")

    resumable = table().store.games_in_progress(newest=5)
    return screen(
        [
            ft.Text("Gadget", size=32, weight=ft.FontWeight.BOLD),
            ft.Text("A companion for Codenames: Duet."),
            ft.Text("New game", size=18, weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button("New game", icon=ft.Icons.STYLE, on_click=_deal(page, set_problem)),
                    ft.OutlinedButton("10 tokens", on_click=_deal(page, set_problem, tokens=10)),
                    ft.OutlinedButton("11 tokens", on_click=_deal(page, set_problem, tokens=11)),
                ],
                wrap=True,
            ),
            MissionPicker(set_problem),
            ft.Text("Join your partner", size=18, weight=ft.FontWeight.W_600),
            ft.TextField(
                label="Partner's code",
                on_change=lambda e: setattr(typed, "current", e.control.value),
                on_submit=join,
                error=problem or None,
                capitalization=ft.TextCapitalization.CHARACTERS,
            ),
            ft.Row(
                [
                    ft.Button("Join", icon=ft.Icons.LOGIN, on_click=join),
                    ft.OutlinedButton(
                        "Scan the code",
                        icon=ft.Icons.QR_CODE_SCANNER,
                        on_click=lambda _: page.navigate("/scan"),
                    ),
                ],
                wrap=True,
            ),
            *(
                [ft.Text("Games in progress", size=18, weight=ft.FontWeight.W_600)]
                if resumable
                else []
            ),
            *[
                ft.Row(
                    [
                        ft.Text(f"Game {g.id} ({g.log.code.text if g.log.code else ''})"),
                        ft.TextButton(
                            "as A", on_click=lambda _, i=g.id: page.navigate(f"/game/{i}/a")
                        ),
                        ft.TextButton(
                            "as B", on_click=lambda _, i=g.id: page.navigate(f"/game/{i}/b")
                        ),
                    ]
                )
                for g in resumable
            ],
            ft.TextButton(
                "Settings", icon=ft.Icons.SETTINGS, on_click=lambda _: page.navigate("/settings")
            ),
        ],
        spacing=12,
    )


@ft.component
def JoinRoute() -> ft.Control:
    """/join/<code>: the link in the QR code opens the game on side B."""
    page = ft.context.page
    typed = ft.use_route_params().get("code", "")
    try:
        game = table().find(typed)
        code = ShareCode.parse(typed)
    except ShareCodeError as wrong:
        return ft.Column(
            [
                ft.Text("That code did not work", size=22, weight=ft.FontWeight.BOLD),
                ft.Text(str(wrong)),
                ft.Button("Home", on_click=lambda _: page.navigate("/")),
            ]
        )
    if game is not None:
        return GameTable(game.id, Player.B)
    return CardOnly(code)


@ft.component
def CardOnly(code: ShareCode) -> ft.Control:
    """A code dealt elsewhere (another server, the command line): side B's card, no table."""
    page = ft.context.page
    use_wakelock()
    view = view_for(new_game(code.key_card(), Setup(code.tokens, code.mistakes)), Player.B)
    return screen(
        [
            ft.Text("Side B", size=22, weight=ft.FontWeight.BOLD),
            ft.Text(
                "Turned the way you see the table. No game with this code runs on this"
                " server, so only the card is shown: keep the time bank on the table."
            ),
            KeyCardGrid(view),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ],
        spacing=12,
    )


def _seconds_field(label: str, seconds: int, on_change: Any) -> ft.Control:
    options = [ft.DropdownOption(key=str(p), text=clock_text(p)) for p in TIMER_PRESETS]
    if seconds not in TIMER_PRESETS:
        options.append(ft.DropdownOption(key=str(seconds), text=clock_text(seconds)))
    return ft.Row(
        [
            ft.Dropdown(
                label=label,
                value=str(seconds),
                options=options,
                width=150,
                on_select=lambda e: on_change(int(e.control.value or seconds)),
            ),
            ft.TextField(
                label=f"{label} in seconds",
                width=110,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_submit=lambda e: (
                    on_change(int(e.control.value)) if e.control.value.isdigit() else None
                ),
            ),
        ]
    )


@ft.component
def Settings() -> ft.Control:
    """The turn timer for new games: off by default, with separate clue and guess times."""
    page = ft.context.page
    settings, set_settings = use_value(table().default_timer)
    message, set_message = use_value(lambda: "")

    def change(**what: Any) -> None:
        def apply() -> None:
            updated = replace(settings, **what)
            table().set_default_timer(updated)
            set_settings(updated)
            set_message("Saved: new games use these settings.")

        guarded(apply, set_message)(None)

    return screen(
        [
            ft.Text("Settings", size=24, weight=ft.FontWeight.BOLD),
            ft.Switch(
                label="Turn timer",
                value=settings.enabled,
                on_change=lambda e: change(enabled=bool(e.control.value)),
            ),
            _seconds_field("Clue time", settings.clue_seconds, lambda s: change(clue_seconds=s)),
            _seconds_field("Guess time", settings.guess_seconds, lambda s: change(guess_seconds=s)),
            ft.Text("Warnings at 30 and 10 seconds; a sound and a vibration at zero.", size=12),
            ft.Text(message),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ],
        spacing=12,
    )
