"""What one phone's screen of a game shows, read in one transaction: a notice used to cost
each watching phone 8 to 11 transactions, each a moment of the event loop's thread."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from gadget.engine import Player
from gadget.missions import MissionMap
from gadget.store.maps import load_map
from gadget.store.phones import SeatRequest, seat_request_record
from gadget.store.records import SavedGame
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


class ScreenRecords(Repository):
    """The one read behind each phone's screen of a game."""

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
