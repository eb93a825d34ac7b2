"""The camera inside the app, reading the partner's QR code: how the picture is read is given
(on a server, zxing-cpp; on the static site, jsQR in the browser)."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

import flet as ft
import flet_camera

from gadget.engine import GadgetError
from gadget.language import N_
from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import screen

NO_CAMERA = N_("No camera here: type the code on the home screen, or scan with the camera app.")


RouteOfPicture = Callable[[bytes], Awaitable[str]]


@component
def CameraScreen(route_of: RouteOfPicture) -> ft.Control:
    """The camera preview; it never re-renders, so the camera stays mounted where it is.
    `route_of` reads the QR code in a picture and says where it leads (a GadgetError for
    a picture that holds none)."""
    camera = ft.use_memo(lambda: flet_camera.Camera(expand=True, preview_enabled=True), [])
    return screen(
        [
            ft.Text(_("Scan the code"), size=22, weight=ft.FontWeight.BOLD),
            ScanControls(camera, route_of),
            ft.Container(camera, height=320, border_radius=8),
        ],
        spacing=12,
    )


@component
def ScanControls(camera: flet_camera.Camera, route_of: RouteOfPicture) -> ft.Control:
    """Start the camera, say what to do, and read the picture when asked."""
    page = ft.context.page
    status, set_status = use_value(lambda: _("Starting the camera…"))
    ready, set_ready = use_value(lambda: False)

    async def start() -> None:
        try:
            cameras = await camera.get_available_cameras()
        except Exception:  # the platform refused or has no camera API
            cameras = []
        if not cameras:
            set_status(_(NO_CAMERA))
            return
        back = next(
            (c for c in cameras if c.lens_direction == flet_camera.CameraLensDirection.BACK),
            cameras[0],
        )
        try:
            await camera.initialize(back, flet_camera.ResolutionPreset.MEDIUM, enable_audio=False)
        except Exception:
            set_status(_(NO_CAMERA))
            return
        set_ready(True)
        set_status(_("Point the camera at your partner's QR code, then tap Scan."))

    ft.use_effect(start, [])

    async def scan(_event: ft.Event[ft.Button]) -> None:
        try:
            route = await route_of(await camera.take_picture())
        except GadgetError as wrong:
            set_status(say(wrong))
            return
        except Exception:
            set_status(_("The camera did not take a picture: try again."))
            return
        with contextlib.suppress(Exception):
            await camera.pause_preview()
        page.navigate(route)

    buttons: list[ft.Control] = []
    if ready:
        buttons.append(ft.Button(_("Scan"), icon=ft.Icons.QR_CODE_SCANNER, on_click=scan))
    buttons.append(ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)))
    return ft.Column([ft.Text(status), ft.Row(buttons)], spacing=8)
