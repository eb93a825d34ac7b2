"""What a handler shared by several kinds of control is given: Flet types each control's
event apart (a Button's click is not a TextButton's), and one handler often serves a button,
a field's Enter and a screen reader's tap; a handler of one control takes its own event."""

from __future__ import annotations

import flet as ft

Tap = (
    ft.Event[ft.Button]
    | ft.Event[ft.OutlinedButton]
    | ft.Event[ft.TextButton]
    | ft.Event[ft.IconButton]
    | ft.Event[ft.Semantics]
    | ft.Event[ft.TextField]
)
