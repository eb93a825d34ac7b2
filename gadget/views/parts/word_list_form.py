"""The players' own list of words, pasted or opened from a file and checked in one line: one
form for the served app's /words and the site's, which differ only in how they deal."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import flet as ft

from gadget.engine import GadgetError
from gadget.engine.errors import Message
from gadget.engine.words import read_word_list
from gadget.services import palette
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import Typed, text_of, typed_field, use_typed
from gadget.views.parts.files import pick_text
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _, ngettext, say


@dataclass(frozen=True)
class WordListForm:
    """The list's field and its lines (a refusal, or how many words are ready), drawn with
    what the player typed or opened."""

    typed: Typed
    opened: str
    problem: str
    ready: str
    refuse: Callable[[str], None]
    said: Callable[[str], None]
    open_file: Callable[[Tap], Awaitable[None]]

    def text(self) -> str:
        """What the field holds now."""
        return text_of(self.typed, self.opened)

    def words(self) -> tuple[str, ...]:
        """The list read as the rules read it; a refusal names what is wrong."""
        return read_word_list(self.text())

    def check(self, _event: Tap) -> None:
        """How many words the list holds, or why it is refused, in one line."""
        try:
            count = len(self.words())
        except GadgetError as refused:
            self.refuse(say(refused.said))
            return
        self.said(
            ngettext("{count} word: ready.", "{count} words: ready.", count).format(count=count)
        )

    def field(self, label: str) -> ft.TextField:
        """The list's field; keyed by what was opened, so a file's text replaces the typed."""
        return typed_field(
            self.typed,
            label,
            self.opened,
            multiline=True,
            min_lines=6,
            max_lines=12,
            key=f"words {len(self.opened)}",
        )

    def buttons(self, deal: Callable[[Tap], object]) -> ft.Row:
        """Open a file, check the list, and deal with it (the screen's own way)."""
        return ft.Row(
            [
                ft.OutlinedButton(
                    _("Open a file"), icon=ft.Icons.UPLOAD_FILE, on_click=self.open_file
                ),
                ft.OutlinedButton(_("Check the list"), on_click=self.check),
                ft.Button(_("Deal with these words"), icon=ft.Icons.STYLE, on_click=deal),
            ],
            wrap=True,
        )

    def lines(self) -> list[ft.Control]:
        """The refusal or the count, whichever was said last."""
        return [
            *([ft.Text(self.problem, color=palette.DANGER)] if self.problem else []),
            *([ft.Text(self.ready, color=palette.GOOD_NEWS)] if self.ready else []),
        ]


def use_word_list_form() -> WordListForm:
    """The form's state for a component's lifetime; a file opened into it is a `.txt` or a
    `.csv` (too large or not text is refused in one line)."""
    typed = use_typed()
    problem, set_problem = use_value(lambda: "")
    ready, set_ready = use_value(lambda: "")
    opened, set_opened = use_value(lambda: "")  # a file's text, shown in the field

    def refuse(text: str) -> None:
        set_ready("")
        set_problem(text)

    def said(text: str) -> None:
        set_problem("")
        set_ready(text)

    async def open_file(_event: Tap) -> None:
        try:
            text = await pick_text(Message("list of words"), ("txt", "csv"))
        except ValueError as refused:  # too large, not text, or it did not arrive
            refuse(str(refused))
            return
        if text is not None:
            typed.current = None  # the file replaces what was typed
            set_opened(text)
            refuse("")

    return WordListForm(typed, opened, problem, ready, refuse, said, open_file)
