"""A phone's teams: each read and write of a team, its campaign, history and files goes
through here, and each checks that the phone is one of the team's (Table is one)."""

from __future__ import annotations

from collections.abc import Sequence

from gadget.missions import MissionMap
from gadget.services.campaign import CampaignView, campaign_view
from gadget.services.history import History
from gadget.services.phones import Phone
from gadget.services.worker import export_backup, import_backup, on_store, team_history
from gadget.store import Attempt, NotFoundError, Store, Team


class Teams:
    """The team rules of the table: another phone's team is "no such team", as if it were
    not there at all, for reading and writing alike."""

    store: Store

    def team_of(self, phone: Phone, team_id: int) -> Team:
        """One of this phone's teams."""
        if not self.store.is_member(team_id, phone.key):
            raise NotFoundError("no such team on this phone")
        return self.store.team_by_id(team_id)

    def teams_of(self, phone: Phone) -> list[Team]:
        """This phone's teams, by name."""
        return self.store.teams(phone.key)

    def add_team(self, phone: Phone, name: str, players: Sequence[str]) -> Team:
        """A new team, with this phone its first member."""
        return self.store.add_team(name, players, phone=phone.key)

    def campaign(self, phone: Phone, team_id: int) -> CampaignView:
        """One of this phone's teams' whole campaign."""
        return campaign_view(self.store, self.team_of(phone, team_id))

    def maps_for(self, phone: Phone, team_id: int) -> list[tuple[int, str]]:
        """The maps a team may choose: the shipped ones and its own imports."""
        return self.store.maps_of_team(self.team_of(phone, team_id))

    def completed(self, phone: Phone, team_id: int) -> frozenset[str]:
        """The missions a team has won."""
        return self.store.completed(self.team_of(phone, team_id).id)

    def update_team(
        self,
        phone: Phone,
        team_id: int,
        *,
        name: str | None = None,
        players: Sequence[str] | None = None,
        map_id: int | None = None,
    ) -> Team:
        """Rename a team, change its players or the map it plays on."""
        team = self.team_of(phone, team_id)
        if map_id is not None and map_id not in {i for i, _name in self.store.maps_of_team(team)}:
            raise NotFoundError("no map number {map_id} for this team", map_id=map_id)
        return self.store.update_team(team.id, name=name, players=players, map_id=map_id)

    def import_map(self, phone: Phone, team_id: int, mission_map: MissionMap) -> Team:
        """A checked map kept for this team, which now plays on it."""
        team = self.team_of(phone, team_id)
        return self.store.update_team(team.id, map_id=self.store.add_map(mission_map, team.id))

    def new_invite(self, phone: Phone, team_id: int) -> str:
        """A new invite link for the team; the old one stops working."""
        return self.store.new_invite(self.team_of(phone, team_id).id)

    def practice_attempts(self, phone: Phone) -> list[Attempt]:
        """The games outside any team that this phone played, newest first."""
        return self.store.practice_attempts(phone.key)

    def set_attempt_notes(self, phone: Phone, attempt_id: int, notes: str) -> None:
        """Keep a note on an attempt of this phone's (its team's, or its own practice game)."""
        if phone.key not in self.store.phones_of_attempt(attempt_id):
            raise NotFoundError("no attempt number {attempt_id}", attempt_id=attempt_id)
        self.store.set_attempt_notes(attempt_id, notes)

    async def history(self, phone: Phone, team_id: int) -> History:
        """A team's history for its screen (a long one read in the worker)."""
        return await team_history(self.store, self.team_of(phone, team_id))

    async def export_team(self, phone: Phone, team_id: int) -> bytes:
        """A team's backup file, made in the worker."""
        return await on_store(self.store, export_backup, self.team_of(phone, team_id).id)

    async def import_team(self, phone: Phone, text: str) -> Team:
        """A team from a backup, checked whole in the worker; this phone is its first member."""
        return await on_store(self.store, import_backup, text, phone.key)
