"""Classic and Pictures cards at the server: both spymasters' phones show one card, its count
and its team timer, each step saved as it happens and told at once to every phone watching.

The code is the card: a phone that holds a code opens its game (the first phone to open a
code keeps it at the server), and only a phone that opened it reads or moves it. There is no
way to list games. Each step is one transaction: the phone checked, the version it saw
checked (the other phone may have moved first), the step (a value of `classic_game`)
applied to the kept document by its one pure function and saved. The timer runs on the
server's clock, the same on every phone.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from gadget.engine.classic import ClassicCard, Game, deal
from gadget.engine.classic_game import (
    ClassicGame,
    ClassicGameError,
    Step,
    after,
    classic_game_document,
    classic_game_of_document,
    new_classic_game,
)
from gadget.services.hub import Hub
from gadget.services.phones import Phone
from gadget.store import KeptClassic, Store


@dataclass(frozen=True, slots=True)
class ShownClassic:
    """A card's game as a phone shows it, and the version its next step is based on."""

    game: ClassicGame
    version: int


def document_text(game: ClassicGame) -> str:
    """The game as the store keeps it."""
    return json.dumps(classic_game_document(game), separators=(",", ":"), sort_keys=True)


def classic_game_of_text(text: str) -> ClassicGame:
    """A kept game read back; text that is no game is refused in one line."""
    try:
        document = json.loads(text)
    except ValueError:
        raise ClassicGameError(
            "this kept classic game cannot be read: {wrong}", wrong="not JSON"
        ) from None
    return classic_game_of_document(document)


def deal_card(game: Game, seed: int | None = None) -> ClassicCard:
    """A new card of this game, random unless `seed` is given: kept at the server by the first
    phone that opens its code (the dealer's screen, a moment later)."""
    return deal(game, secrets.randbits(64) if seed is None else seed)


class ClassicGames:
    """Every classic card kept at this server: each call takes the phone, and the store
    checks, in the transaction that reads or saves, that it opened the card's code."""

    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float]) -> None:
        self.store = store
        self.hub = hub
        self.clock = clock

    def open(self, phone: Phone, card: ClassicCard) -> ShownClassic:
        """The card's game on this phone, which holds its code: kept at the server the first
        time any phone opens it (a card dealt anywhere, the same card everywhere)."""
        kept = self.store.open_classic(card.code, phone.key, document_text(new_classic_game(card)))
        return _shown(card, kept)

    def shown(self, phone: Phone, card: ClassicCard) -> ShownClassic:
        """The card's game now, for a phone that opened it (any other: no such card)."""
        return _shown(card, self.store.classic_of(card.code, phone.key))

    def step(self, phone: Phone, card: ClassicCard, version: int, step: Step) -> ShownClassic:
        """One step (a touch, a turn ended, the count or the timer) from a phone that opened
        the card, based on the version it saw: saved in one transaction, then every phone
        watching the card told the version it made (this phone, handed it, need not read it
        again)."""
        now = self.clock()
        changed: list[ClassicGame] = []

        def change(text: str) -> str:
            game = after(_kept_classic_game(card, text), step, now)
            changed.append(game)
            return document_text(game)

        kept = self.store.save_classic(card.code, phone.key, version, change)
        if kept.version != version:  # a step that changed nothing has nothing to tell
            self.hub.changed(card.code, kept.version)
        return ShownClassic(changed[-1], kept.version)


def _kept_classic_game(card: ClassicCard, text: str) -> ClassicGame:
    """The kept game of this card (a row whose document names another card is refused)."""
    game = classic_game_of_text(text)
    if game.card != card:
        raise ClassicGameError(
            "this kept classic game cannot be read: {wrong}", wrong="another card's"
        )
    return game


def _shown(card: ClassicCard, kept: KeptClassic) -> ShownClassic:
    return ShownClassic(_kept_classic_game(card, kept.document), kept.version)
