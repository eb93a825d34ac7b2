"""Questions to the phone's browser (its storage, its languages), asked again when the phone
reconnects: Flet sends a question once, and one asked just before a reload or a dropped
connection is never answered, so the screen waiting for it (Home, behind the phone's
identity) waited for good, and so did every reload of that tab."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import TypeVar

import flet as ft
from flet.messaging.session import Session

Answer = TypeVar("Answer")

#: Each served phone's next reconnection, set when it comes (then a new one is made).
_reconnections: weakref.WeakKeyDictionary[Session, asyncio.Event] = weakref.WeakKeyDictionary()


def follow_reconnections(page: ft.Page) -> None:
    """Wake the questions this page's phone left unanswered each time it connects again."""
    session = page.session

    def reconnected(_event: ft.Event[ft.Page]) -> None:
        woken = _reconnections.pop(session, None)
        if woken is not None:
            woken.set()

    page.on_connect = reconnected


async def reconnection(session: Session) -> None:
    """This phone's next connection (a reload, or a connection dropped and made again)."""
    await _reconnections.setdefault(session, asyncio.Event()).wait()


async def asked(question: Callable[[], Awaitable[Answer]]) -> Answer:
    """The phone's answer to `question`, asked again on the new connection whenever the
    phone reconnects before answering (each question here may be asked twice: a read, or a
    write of the same value)."""
    session = ft.context.page.session
    while True:
        reconnection = _reconnections.setdefault(session, asyncio.Event())
        answer = asyncio.ensure_future(question())
        woken = asyncio.ensure_future(reconnection.wait())
        try:
            await asyncio.wait({answer, woken}, return_when=asyncio.FIRST_COMPLETED)
        finally:  # the one not done is dropped (so is the question, if the screen went)
            woken.cancel()
            if not answer.done():
                answer.cancel()  # its answer went with the old connection
            elif not answer.cancelled():
                answer.exception()  # read: left unread (asker cancelled), its finalizer logs it
        if not answer.cancelled():
            return answer.result()
