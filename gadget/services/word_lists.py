"""The word lists a phone's teams keep: read, kept and deleted only from a phone of the
team, like every other thing of a team (Table is one)."""

from __future__ import annotations

from gadget.services.phones import Phone
from gadget.services.teams import Teams
from gadget.store import KeptWordList, PhoneWordLists


class TeamWordLists(Teams):
    """A team's lists: another phone's team is "no such team" here too, for reading and
    writing alike (`Teams.team_of`)."""

    def word_lists_of(self, phone: Phone) -> PhoneWordLists:
        """This phone's teams and the lists each keeps, in one read (what /words shows)."""
        return self.store.phone_word_lists(phone.key)

    def team_word_lists(self, phone: Phone, team_id: int) -> list[KeptWordList]:
        """The lists one of this phone's teams keeps, by name."""
        return self.store.word_lists(self.team_of(phone, team_id).id)

    def keep_word_list(self, phone: Phone, team_id: int, name: str, text: str) -> KeptWordList:
        """A pasted or opened list kept for one of this phone's teams under a name, checked
        as a list a game is dealt from."""
        return self.store.add_word_list(self.team_of(phone, team_id).id, name, text)

    def delete_word_list(self, phone: Phone, team_id: int, list_id: int) -> None:
        """Forget one of the lists of one of this phone's teams."""
        self.store.delete_word_list(self.team_of(phone, team_id).id, list_id)
