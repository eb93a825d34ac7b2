"""The history's numbers, worked out by hand from a few attempts; and loaded once a screen."""

from __future__ import annotations

from typing import Any

from gadget.services.campaign import record_played_elsewhere
from gadget.services.history import history_charts, load_history, matching
from gadget.services.table import Table
from gadget.store import Store
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of
from tests.phones import member
from tests.screens import at_the_table


def _owls(store: Store) -> None:
    store.add_team("Owls", [])
    for mission, bank, actions in (
        ("Prague", (9, 9), ASSASSIN_ACTIONS),
        ("Prague", (9, 9), WINNING_ACTIONS),
        ("Cairo", (9, 5), WINNING_ACTIONS),
        ("Cairo", (9, 5), ASSASSIN_ACTIONS),
    ):
        record_played_elsewhere(store, "Owls", mission, log_of(actions, *bank).to_json())


def test_the_charts_count_wins_and_losses_by_mission_in_map_order(store: Store) -> None:
    _owls(store)
    history = load_history(store, store.team("Owls"))
    charts = history.charts
    assert charts.attempts == 4
    assert charts.scores == ((1, 13), (2, 13))  # the two wins, by their place in the history
    assert charts.score_ceiling == 16
    assert [(t.name, t.wins, t.losses) for t in charts.tallies] == [
        ("Prague", 1, 1),
        ("Cairo", 1, 1),
    ]
    assert history_charts((), {}).score_ceiling == 3  # no attempt yet: an empty axis


def test_a_filter_keeps_the_attempts_it_names_newest_first(store: Store) -> None:
    _owls(store)
    attempts = load_history(store, store.team("Owls")).attempts
    assert [a.mission_id for a in matching(attempts, "all", "all")] == [
        "cairo",
        "cairo",
        "prague",
        "prague",
    ]
    assert [(a.mission_id, a.won) for a in matching(attempts, "prague", "won")] == [
        ("prague", True)
    ]
    assert matching(attempts, "tokyo", "all") == []


@at_the_table
async def test_a_filter_change_reads_nothing_again(table: Table) -> None:
    _owls(table.store)
    reads: list[int] = []
    real = table.store.attempts

    def counted(team_id: Any) -> Any:
        reads.append(team_id)
        return real(team_id)

    table.store.attempts = counted  # type: ignore[method-assign]
    history = await member(table.store, table.store.team("Owls"), "/teams/1/history")
    assert history.says("4 attempts shown")
    await history.choose("Mission", "cairo")
    await history.choose("Result", "won")
    assert history.says("1 attempt shown")
    assert len(reads) == 1  # loaded once; the filters worked on what was loaded
