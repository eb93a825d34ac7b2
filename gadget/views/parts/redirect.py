"""An address that leads to another screen's: the router goes there at once."""

from __future__ import annotations

import flet as ft

from gadget.views.parts.boundary import component
from gadget.views.parts.language import _
from gadget.views.parts.layout import loading


@component
def Redirect(address: str) -> ft.Control:
    """An address that is another screen's: there at once (the router draws it)."""
    page = ft.context.page
    ft.use_effect(lambda: page.navigate(address), [address])
    return loading(_("Opening the card"))
