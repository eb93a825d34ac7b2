"""Scanning the partner's QR code inside the served app: the camera's picture is read on the
server (zxing-cpp)."""

from __future__ import annotations

import flet as ft

from gadget.engine import ShareCode
from gadget.services import addresses
from gadget.services.scan import code_in_photo
from gadget.views.parts.boundary import component
from gadget.views.parts.camera import CameraScreen


async def join_route_of(photo: bytes) -> str:
    """The join link of the share code in the camera's picture, read by zxing-cpp."""
    code = code_in_photo(photo)
    return addresses.join(code) if isinstance(code, ShareCode) else addresses.classic(code)


@component
def ScanScreen() -> ft.Control:
    """/scan: the camera, and the join link of the code it reads."""
    return CameraScreen(join_route_of)
