"""What a screen's handler does with a refusal, on a server or in the browser alone: the
player is told why in one line (`guarded`, `brief`); every other part screens share is in a
module named for what it holds (hooks, layout, qr, typed_code, fields, files)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from gadget.engine import GadgetError
from gadget.views.parts.language import say

_BREAKS: Final = re.compile(r"[^\S\u00a0]+")  # any white space but the no-break space
_ENDS: Final = (".", "!", "?", "…")  # a sentence already ended


def brief(message: str, limit: int = 300) -> str:
    """A refusal as a player reads it: one sentence on one line (a capital, a full stop:
    every screen says its refusals alike), never longer than a phone can show (a hostile
    file's values are quoted in messages, and may be any size); a no-break space stays one
    (French puts them inside « »)."""
    line = " ".join(word for word in _BREAKS.split(message) if word)
    if len(line) > limit:
        return line[:1].upper() + line[1 : limit - 1] + "…"
    return line[:1].upper() + line[1:] + ("" if line.endswith(_ENDS) else ".")


def guarded(action: Callable[[], object], tell: Callable[[str], None]) -> Callable[[Any], None]:
    """An event handler that tells the player why the app refused (a GadgetError); anything
    else is a bug, and goes on to the error boundary, which reports it as one."""

    def handler(_event: Any) -> None:
        try:
            action()
        except GadgetError as refused:
            tell(brief(say(refused)))

    return handler
