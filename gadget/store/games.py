"""Games being played: saved at every action under a version check for two phones, and
read for a phone's screen in one transaction (a notice used to cost each watching phone
8 to 11 transactions, each a moment of the event loop's thread)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import func, update
from sqlmodel import Session, col, select

from gadget.engine import Action, GameLog, GameState, Player, ShareCode, replay_with_before
from gadget.engine.rules import apply
from gadget.missions import MissionMap
from gadget.store.derived import Worked
from gadget.store.errors import NotFoundError, SeatError, StoreError
from gadget.store.history import finish, take_back
from gadget.store.maps import load_map
from gadget.store.phones import SeatRequest, seat_request_record
from gadget.store.records import (
    SavedGame,
    player_names,
    saved_game,
    stale_error,
)
from gadget.store.repository import Repository
from gadget.store.tables import (
    CompletionRow,
    GameRow,
    SeatRequestRow,
    SeatRow,
    TeamMemberRow,
    TeamRow,
    TimerRow,
)
from gadget.store.timers import SavedTimer, timer_record


@dataclass(frozen=True, slots=True)
class FinishedMission:
    """A finished mission game's campaign as it stands: its map, what the team has completed,
    and what this game's attempt completed."""

    mission_map: MissionMap
    completed: frozenset[str]
    earned: frozenset[str]


@dataclass(frozen=True, slots=True)
class GameScreen:
    """Every record one phone's screen of a game is drawn from, as of one moment."""

    game: SavedGame
    side: Player | None  # the side this phone holds, if any
    holders: dict[Player, str]  # the phone holding each held side
    requests: tuple[SeatRequest, ...]  # every take-over request of the game, oldest first
    members: frozenset[str]  # the phones of the game's team (none outside a team)
    timer: SavedTimer | None
    finished: FinishedMission | None  # a finished mission game's campaign

    def latest_request(self, phone: str) -> SeatRequest | None:
        """This phone's newest request (waiting, allowed or refused)."""
        mine = [request for request in self.requests if request.phone == phone]
        return mine[-1] if mine else None


class GameRecords(Repository):
    """Games in progress (and just finished)."""

    def start_game(
        self,
        log: GameLog,
        team_id: int | None = None,
        mission_id: str | None = None,
        players: Sequence[str] = (),
        *,
        map_id: int | None = None,
        phone: str | None = None,
    ) -> SavedGame:
        """Save a new game before its first action; the phone that dealt it holds side A."""
        before, state = replay_with_before(log)
        text = log.to_json()
        with self._transaction() as session:
            now = self.now()
            row = GameRow(
                public_id=secrets.token_urlsafe(16),
                code=log.code.text if log.code else None,
                side_b=log.card.b,
                team_id=team_id,
                mission_id=mission_id,
                map_id=map_id,
                players=json.dumps(list(players)),
                log=text,
                version=len(log.actions),
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            assert row.id is not None
            if phone is not None:
                session.add(SeatRow(game_id=row.id, side="a", phone=phone, taken_at=now))
            self.derived.keep(row.id, Worked(text, log, state, before))
            return saved_game(row, log, state, before=before)

    def game(self, game_id: int) -> SavedGame:
        """A saved game as it stands now: what a phone that reconnects catches up with."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError("no game number {game_id}", game_id=game_id)
            return self.derived.saved(row)

    def game_by_public_id(self, public_id: str) -> SavedGame | None:
        """The game an address names, or None."""
        with self._transaction() as session:
            row = session.exec(select(GameRow).where(GameRow.public_id == public_id)).first()
            return self.derived.saved(row) if row is not None else None

    def game_by_code(self, code: ShareCode) -> SavedGame | None:
        """The newest game whose side B the code makes, finished or not: found by the card,
        never by the code's text (a code edited to carry another bank names the same game)."""
        with self._transaction() as session:
            row = session.exec(
                select(GameRow)
                .where(GameRow.side_b == code.side_b)
                .order_by(col(GameRow.id).desc())
            ).first()
            return self.derived.saved(row) if row is not None else None

    def game_screen(self, game_id: int, phone: str) -> GameScreen | None:
        """Everything this phone's screen of the game needs; None for no such game."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            game = self.derived.saved(row)
            seats = session.exec(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            holders = {Player(seat.side): seat.phone for seat in seats}
            requests = session.exec(
                select(SeatRequestRow)
                .where(SeatRequestRow.game_id == game_id)
                .order_by(col(SeatRequestRow.id))
            ).all()
            members: frozenset[str] = frozenset()
            if game.team_id is not None:
                members = frozenset(
                    session.exec(
                        select(TeamMemberRow.phone).where(TeamMemberRow.team_id == game.team_id)
                    ).all()
                )
            timer = session.get(TimerRow, game_id)
            finished = None
            if game.team_id is not None and game.attempt_id is not None:
                finished = _finished(session, game)
            mine = next((side for side, holder in holders.items() if holder == phone), None)
            return GameScreen(
                game,
                mine,
                holders,
                tuple(seat_request_record(request) for request in requests),
                members,
                timer_record(timer) if timer is not None else None,
                finished,
            )

    def games_in_progress(self, newest: int | None = None) -> list[SavedGame]:
        """Games not finished yet, oldest first (only the `newest` few when given): a
        restarted server resumes every one of them."""
        with self._transaction() as session:
            query = select(GameRow).where(col(GameRow.attempt_id).is_(None))
            if newest is not None:
                query = query.order_by(col(GameRow.id).desc()).limit(newest)
                rows = list(reversed(session.exec(query).all()))
            else:
                rows = list(session.exec(query.order_by(col(GameRow.id))).all())
            return [self.derived.saved(row) for row in rows]

    def count_games_in_progress(self) -> int:
        """How many games are not finished, without reading them."""
        with self._transaction() as session:
            counted = session.exec(
                select(func.count()).select_from(GameRow).where(col(GameRow.attempt_id).is_(None))
            ).one()
            return int(counted)

    def record_action(
        self,
        game_id: int,
        action: Action,
        expected_version: int,
        *,
        phone: str | None = None,
        side: Player | Callable[[GameLog], Player] | None = None,
    ) -> SavedGame:
        """Apply an action and save it in one transaction; at the end, record the attempt too.

        `expected_version` is the version the phone saw: if the other phone acted first, this
        one is refused (StaleGameError) and nothing is applied twice. Given a phone, it must
        hold `side` in that same transaction (the table says which side records an action).
        """
        return self._save(game_id, expected_version, action, phone, side)

    def undo(self, game_id: int, expected_version: int, *, phone: str | None = None) -> SavedGame:
        """Take back the last action, even the one that ended the game (its attempt and what
        that completed are taken back in the same transaction); given a phone, it must hold
        a side of the game."""
        return self._save(game_id, expected_version, None, phone, None)

    def _save(
        self,
        game_id: int,
        expected_version: int,
        action: Action | None,
        phone: str | None,
        side: Player | Callable[[GameLog], Player] | None,
    ) -> SavedGame:
        """One more action (or, with None, one fewer) under the version check; `side` is
        the side whose phone records it, or what reads it from the game's log."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError("no game number {game_id}", game_id=game_id)
            kept = self.derived.worked(game_id, row.log)
            if phone is not None:
                _check_seat(session, game_id, phone, side(kept.log) if callable(side) else side)
            if row.version != expected_version:
                raise stale_error(row.version, expected_version)
            before: GameState | None
            if action is not None:
                state, before, log = apply(kept.state, action), kept.state, kept.log.then(action)
            else:
                if row.attempt_id is not None:
                    take_back(session, row.attempt_id, game_id)
                if not kept.log.actions:
                    raise StoreError("nothing to undo: no action has been recorded yet")
                back = self.derived.worked(game_id, kept.log.without_last().to_json())
                state, before, log = back.state, back.before, back.log
            now = self.now()
            attempt_id = None
            if state.is_over:
                players = player_names(row.players)
                attempt_id = finish(
                    session,
                    team_id=row.team_id,
                    mission_id=row.mission_id,
                    map_id=row.map_id,
                    players=players,
                    log=log,
                    state=state,
                    played_at=now,
                )
            text = log.to_json()
            changed = session.execute(
                update(GameRow)
                .where(col(GameRow.id) == game_id, col(GameRow.version) == expected_version)
                .values(
                    log=text,
                    version=expected_version + 1,
                    updated_at=now,
                    attempt_id=attempt_id,
                )
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                raise stale_error(expected_version + 1, expected_version)
            self._tell_others(session, game_id)
            self.derived.keep(game_id, Worked(text, log, state, before))
            return saved_game(row, log, state, expected_version + 1, attempt_id, before=before)


def _check_seat(session: Session, game_id: int, phone: str, side: Player | None) -> None:
    """Refuse a phone that does not hold the side that records this (any side, for None)."""
    held = session.exec(
        select(SeatRow.side).where(SeatRow.game_id == game_id, SeatRow.phone == phone)
    ).first()
    if held is None:
        raise SeatError("this phone holds no side of this game: nothing was changed")
    if side is not None and held != side.value:
        raise SeatError(
            "side {side}'s phone records that, not side {held}'s: nothing was changed",
            side=side.value.upper(),
            held=held.upper(),
        )


def _finished(session: Session, game: SavedGame) -> FinishedMission:
    """The campaign a finished mission game leaves, read in the caller's transaction."""
    assert game.team_id is not None
    map_id = game.map_id
    if map_id is None:
        team = session.get(TeamRow, game.team_id)
        assert team is not None
        map_id = team.map_id
    completions = session.exec(
        select(CompletionRow.mission_id, CompletionRow.attempt_id).where(
            CompletionRow.team_id == game.team_id
        )
    ).all()
    return FinishedMission(
        load_map(session, map_id),
        frozenset(mission for mission, _attempt in completions),
        frozenset(mission for mission, attempt in completions if attempt == game.attempt_id),
    )
