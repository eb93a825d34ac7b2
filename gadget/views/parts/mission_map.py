"""The mission map drawn as a map: lines, then cities told apart by colour and by symbol."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Final

import flet as ft
import flet.canvas as cv

from gadget.missions import Mission, MissionMap, MissionState
from gadget.missions.layout import map_layout
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.hooks import Kept, use_kept, use_value
from gadget.views.parts.language import _, city, pgettext
from gadget.views.parts.layout import LABEL_SIZE, content_width, icon_button

# A city's label: the dot, its T-M to the right of it, the name (up to two lines) below.
LABEL_W: Final = 72
LABEL_H: Final = 46
DOT: Final = 18
WIDE: Final = 560  # from this content width the map is drawn landscape, below it portrait
CROWDING: Final = 0.52  # labels may cover at most about half the drawing (the shipped map fits)
ZOOM_STEP: Final = 1.5


def drawing_size(width: float, cities: int) -> tuple[float, float]:
    """The drawing's size for a screen this wide: the whole screen width, portrait on a
    phone and landscape on a desktop, and larger only when the labels could not fit."""
    height = width * (0.62 if width >= WIDE else 1.35)
    needed = cities * LABEL_W * LABEL_H / CROWDING
    grow = max(1.0, math.sqrt(needed / (width * height)))
    return round(width * grow), round(height * grow)


STATE_LOOK: dict[MissionState, tuple[str, ft.IconData, str]] = {
    MissionState.COMPLETED: (palette.AGENT, ft.Icons.CHECK, "completed"),
    MissionState.OPEN: (palette.ATTENTION, ft.Icons.PLAY_ARROW, "open"),
    MissionState.LOCKED: (palette.LOCKED, ft.Icons.LOCK, "locked"),
}


@component
def MissionMapView(
    mission_map: MissionMap,
    states: Mapping[str, MissionState],
    city_address: Callable[[str], str],
) -> ft.Control:
    """The map fitted to the screen's width when it opens (every city shown, labels at the
    app's smallest size), with zoom buttons as well as pinch and drag; a city's card is at
    `city_address(its id)` (a team's on a server, the phone's own in the site)."""
    page = ft.context.page
    width, set_width = use_value(lambda: content_width(page))
    viewer_ref: Kept[ft.InteractiveViewer | None] = use_kept(None)
    drawn_w, drawn_h = drawing_size(width, len(mission_map.missions))
    box = (LABEL_W / drawn_w, LABEL_H / drawn_w)
    centres = {
        mission: (x * drawn_w, y * drawn_h)
        for mission, (x, y) in map_layout(mission_map, drawn_h / drawn_w, box).items()
    }
    dots = {m: (x, y - LABEL_H / 2 + DOT / 2) for m, (x, y) in centres.items()}
    lines: list[cv.Shape] = [
        cv.Line(
            *dots[line.a],
            *dots[line.b],
            paint=ft.Paint(
                color=palette.ROAD if line.from_rulebook else palette.OUTLINE,
                stroke_width=2 if line.from_rulebook else 1,
            ),
        )
        for line in mission_map.lines
    ]
    cities = [
        _city(mission, states[mission.id], city_address, centres[mission.id])
        for mission in mission_map.missions
    ]
    viewer = ft.InteractiveViewer(
        content=ft.Container(
            content=ft.Stack([cv.Canvas(lines, width=drawn_w, height=drawn_h), *cities]),
            width=drawn_w,
            height=drawn_h,
            bgcolor=palette.BACKDROP,
        ),
        constrained=False,
        min_scale=min(1.0, width / drawn_w),
        max_scale=4,
        boundary_margin=ft.Margin.all(0),
    )
    viewer_ref.current = viewer  # the live one: Flet hands each new render the old's identity

    def measured(event: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        if abs(event.width - width) >= 2:
            set_width(round(event.width))

    async def zoom_in(_event: Tap) -> None:
        if viewer_ref.current is not None:
            await viewer_ref.current.zoom(ZOOM_STEP)

    async def zoom_out(_event: Tap) -> None:
        if viewer_ref.current is not None:
            await viewer_ref.current.zoom(1 / ZOOM_STEP)

    async def whole(_event: Tap) -> None:
        if viewer_ref.current is not None:
            await viewer_ref.current.reset()

    return ft.Column(
        [
            ft.Row(
                [
                    ft.Container(
                        content=viewer,
                        expand=True,
                        height=min(drawn_h, round(width * 1.35)),
                        border_radius=8,
                        bgcolor=palette.BACKDROP,
                        clip_behavior=ft.ClipBehavior.HARD_EDGE,
                        on_size_change=measured,
                    )
                ]
            ),
            ft.Row(
                [
                    icon_button(ft.Icons.ZOOM_OUT, _("Zoom out"), zoom_out),
                    icon_button(ft.Icons.FIT_SCREEN, _("Whole map"), whole),
                    icon_button(ft.Icons.ZOOM_IN, _("Zoom in"), zoom_in),
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
        ],
        spacing=4,
    )


def _city(
    mission: Mission,
    state: MissionState,
    city_address: Callable[[str], str],
    centre: tuple[float, float],
) -> ft.Control:
    """One city's label: its state by colour and symbol, its T-M, its name; a tap opens its card."""
    page = ft.context.page
    colour, icon, word = STATE_LOOK[state]
    x, y = centre
    return ft.Container(
        left=x - LABEL_W / 2,
        top=y - LABEL_H / 2,
        width=LABEL_W,
        height=LABEL_H,
        on_click=lambda _e: page.navigate(city_address(mission.id)),
        content=ft.Semantics(
            label=_("{city} {bank}, {state}").format(
                city=city(mission.name), bank=mission.parameters, state=pgettext("mission", word)
            ),
            button=True,
            exclude_semantics=True,
            content=ft.Stack(
                [
                    ft.Container(
                        content=ft.Icon(icon, size=12, color=palette.ON_DARK),
                        bgcolor=colour,
                        left=(LABEL_W - DOT) / 2,
                        top=0,
                        width=DOT,
                        height=DOT,
                        border_radius=DOT / 2,
                        alignment=ft.Alignment.CENTER,
                    ),
                    ft.Text(
                        mission.parameters,
                        size=LABEL_SIZE,
                        color=palette.INK,
                        left=(LABEL_W + DOT) / 2 + 2,
                        top=1,
                        no_wrap=True,
                    ),
                    ft.Text(
                        city(mission.name),
                        size=LABEL_SIZE,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        text_align=ft.TextAlign.CENTER,
                        color=palette.INK,
                        left=0,
                        top=DOT,
                        width=LABEL_W,
                    ),
                ],
                width=LABEL_W,
                height=LABEL_H,
            ),
        ),
    )
