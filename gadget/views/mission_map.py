"""The mission map drawn as a map: lines, then cities told apart by colour and by symbol."""

from __future__ import annotations

from typing import Any

import flet as ft
import flet.canvas as cv

from gadget.missions import MissionState
from gadget.missions.layout import map_layout
from gadget.services import palette
from gadget.services.campaign import CampaignView
from gadget.views.boundary import component

MAP_W, MAP_H = 620.0, 400.0  # drawn large, shown in a viewer the player pans and zooms


STATE_LOOK: dict[MissionState, tuple[str, Any, str]] = {
    MissionState.COMPLETED: (palette.AGENT, ft.Icons.CHECK, "completed"),
    MissionState.OPEN: (palette.ATTENTION, ft.Icons.PLAY_ARROW, "open"),
    MissionState.LOCKED: (palette.FAINT, ft.Icons.LOCK, "locked"),
}


@component
def MissionMapView(view: CampaignView) -> ft.Control:
    """The map drawn as a map: lines, then cities told apart by colour and by symbol."""
    page = ft.context.page
    places = {
        mission: (x * (MAP_W - 40) + 20, y * (MAP_H - 40) + 14)
        for mission, (x, y) in map_layout(view.mission_map, MAP_H / MAP_W, 0.1).items()
    }
    lines: list[cv.Shape] = [
        cv.Line(
            *places[line.a],
            *places[line.b],
            paint=ft.Paint(
                color=palette.ROAD if line.from_rulebook else palette.OUTLINE,
                stroke_width=2 if line.from_rulebook else 1,
            ),
        )
        for line in view.mission_map.lines
    ]
    cities: list[ft.Control] = []
    for card in view.cards:
        colour, icon, word = STATE_LOOK[card.state]
        x, y = places[card.mission.id]
        mission = card.mission
        cities.append(
            ft.Container(
                left=x - 24,
                top=y - 10,
                width=48,
                on_click=lambda _, m=mission.id: page.navigate(
                    f"/teams/{view.team.id}/missions/{m}"
                ),
                content=ft.Semantics(
                    label=f"{mission.name} {mission.parameters}, {word}",
                    button=True,
                    content=ft.Column(
                        [
                            ft.Container(
                                content=ft.Icon(icon, size=12, color=palette.ON_DARK),
                                bgcolor=colour,
                                width=20,
                                height=20,
                                border_radius=10,
                                alignment=ft.Alignment.CENTER,
                            ),
                            ft.Text(mission.name, size=8, no_wrap=True),
                            ft.Text(mission.parameters, size=8),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                ),
            )
        )
    drawing = ft.Container(
        content=ft.Stack([cv.Canvas(lines, width=MAP_W, height=MAP_H), *cities]),
        width=MAP_W,
        height=MAP_H + 20,
        bgcolor=palette.BACKDROP,
    )
    return ft.Container(
        content=ft.InteractiveViewer(
            content=drawing,
            constrained=False,
            min_scale=0.5,
            max_scale=3,
            boundary_margin=ft.Margin.all(40),
        ),
        height=300,
        border_radius=8,
        bgcolor=palette.BACKDROP,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
    )
