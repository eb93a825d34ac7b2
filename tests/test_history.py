"""The history's numbers, worked out by hand from a few attempts; and loaded once a screen."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import flet as ft
import flet_charts as charts
import pytest

from gadget.services import attempts, palette
from gadget.services.campaign import record_played_elsewhere
from gadget.services.history import history_charts, load_history, matching, whole_ticks
from gadget.services.table import Table
from gadget.store import Attempt, Store
from gadget.views.served.charts import score_chart
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
    assert charts.scores == ((2, 13), (3, 13))  # the two wins, by their number in the history
    assert charts.score_ticks == (0, 5, 10, 15)  # whole numbers, just above the best
    assert [(t.name, t.wins, t.losses) for t in charts.tallies] == [
        ("Prague", 1, 1),
        ("Cairo", 1, 1),
    ]
    assert history_charts((), {}).score_ticks == (0, 1)  # no attempt yet: an empty axis


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


@pytest.mark.parametrize(
    ("top", "ticks"),
    [
        (0, (0, 1)),
        (1, (0, 1)),
        (5, (0, 1, 2, 3, 4, 5)),
        (6, (0, 2, 4, 6)),
        (14, (0, 5, 10, 15)),
        (99, (0, 20, 40, 60, 80, 100)),
        (1000, (0, 200, 400, 600, 800, 1000)),
        (1001, (0, 500, 1000, 1500)),
    ],
)
def test_axis_labels_are_a_few_whole_numbers_a_round_step_apart(
    top: int, ticks: tuple[int, ...]
) -> None:
    assert whole_ticks(top) == ticks


def test_axis_labels_always_reach_the_top_in_at_most_six_round_steps() -> None:
    for top in range(0, 20_001, 7):
        ticks = whole_ticks(top)
        step = ticks[1]
        assert ticks[0] == 0 and ticks[-1] >= top and len(ticks) <= 6
        assert ticks == tuple(range(0, ticks[-1] + 1, step))
        assert int(str(step)[0]) in (1, 2, 5) and set(str(step)[1:]) <= {"0"}, top


def _played(store: Store, wins: int, losses: int) -> None:
    """Attempts recorded straight into the store, alternating over three missions."""
    team = store.add_team("Owls", [])
    won, lost = log_of(WINNING_ACTIONS), log_of(ASSASSIN_ACTIONS)
    for index in range(wins + losses):
        attempts.record_finished_game(
            store,
            won if index < wins else lost,
            team_id=team.id,
            mission_id=("prague", "berlin", "cairo")[index % 3],
            map_id=team.map_id,
            players=[],
        )


def _axis_labels(axis: Any) -> list[str]:
    return [label.label.value for label in axis.labels]


@pytest.mark.parametrize(("wins", "losses"), [(1, 0), (6, 4), (600, 400)])
def test_the_charts_read_with_one_ten_and_a_thousand_attempts(
    tmp_path: Path, wins: int, losses: int
) -> None:
    async def scenario(table: Table) -> None:
        _played(table.store, wins, losses)
        phone = await member(table.store, table.store.team("Owls"), "/teams/1/history")
        for _ in range(600):  # past 200 attempts the history is read in the worker process
            if any(isinstance(c, charts.LineChart) for c in phone.controls()):
                break
            await asyncio.sleep(0.1)
            await phone.settle()
        chart = next(c for c in phone.controls() if isinstance(c, charts.LineChart))
        line = chart.data_series[0]
        assert len(line.points) == wins
        assert line.point is (wins <= 50)  # a lone win is a dot, not an invisible line
        for axis in (chart.left_axis, chart.bottom_axis):
            shown = _axis_labels(axis)
            assert 1 <= len(shown) <= 6
            assert all(label.isdigit() for label in shown), shown  # never "0.1"
        played = wins + losses
        assert _axis_labels(chart.bottom_axis) == [
            str(tick) for tick in whole_ticks(played) if 1 <= tick <= played
        ]  # "1" alone for a single attempt
        assert min(p.x for p in line.points) > chart.min_x
        assert max(p.x for p in line.points) < chart.max_x  # no point on the frame
        bars = [
            c.label
            for c in phone.controls()
            if isinstance(c, ft.Semantics) and ": " in (c.label or "")
        ]
        names = {0: "Prague", 1: "Berlin", 2: "Cairo"}
        for index, name in names.items():
            mine = range(index, wins + losses, 3)
            won = sum(1 for i in mine if i < wins)
            if mine:
                lost = len(mine) - won
                said = f"{won} win{'s' * (won != 1)}, {lost} loss{'es' * (lost != 1)}"
                assert f"{name}: {said}" in bars, bars
        assert phone.says("Prague") and not phone.crashed()
        phone.close()

    at_the_table(scenario)(tmp_path)


def _attempt(number: int, score: int | None) -> Attempt:
    """An attempt as the store gives it: won with a score, or lost (None)."""
    return Attempt(
        id=number,
        team_id=1,
        mission_id="prague",
        map_id=1,
        played_at=datetime(2026, 11, 1, 20, number, tzinfo=UTC),
        players=(),
        won=score is not None,
        reason=None if score is not None else "assassin",
        score=score,
        tokens_used=3,
        mistakes=0,
        sudden_death=False,
        notes="",
        log=None,
    )


def _drawn_labels(axis: Any, low: float, high: float) -> list[float]:
    """The labels the chart draws on an axis: at each step of its `label_spacing` from its
    low end, and at both ends (fl_chart's titles); with no spacing the chart picks a step
    from its height in pixels, and drops labels we gave it."""
    assert axis.label_spacing, "no label step: the chart picks its own and drops labels"
    given = {label.value for label in axis.labels}
    steps = [
        low + i * axis.label_spacing for i in range(int((high - low) / axis.label_spacing) + 1)
    ]
    return sorted(value for value in {low, *steps, high} if value in given)


def _drawn_grid(chart: Any) -> list[float]:
    """The horizontal lines the chart draws: its grid strictly between its ends (fl_chart
    leaves both ends out) and its frame's top and bottom sides."""
    interval = chart.horizontal_grid_lines.interval
    inside = range(chart.min_y + interval, chart.max_y, interval)
    border = chart.border
    ends = [
        end
        for end, side in (
            (chart.min_y, border and border.bottom),
            (chart.max_y, border and border.top),
        )
        if side is not None and side.width
    ]
    return sorted({*inside, *ends})


def test_the_score_chart_labels_every_grid_line_and_breaks_its_line_at_each_loss() -> None:
    attempts = [_attempt(1, 24), _attempt(2, None), _attempt(3, 12), _attempt(4, 14)]
    plot = history_charts(attempts, {"prague": "Prague"})
    chart = score_chart(plot).content
    assert isinstance(chart, charts.LineChart)
    labels = _drawn_labels(chart.left_axis, chart.min_y, chart.max_y)
    assert labels == [0, 5, 10, 15, 20, 25]  # not 0, 10, 20, 25
    assert _drawn_grid(chart) == labels  # a line at each label, 0 included
    assert _drawn_labels(chart.bottom_axis, chart.min_x, chart.max_x) == [1, 2, 3, 4]
    lines = [s for s in chart.data_series if s.stroke_width and s.color != ft.Colors.TRANSPARENT]
    joined = [[p.x for p in line.points] for line in lines]
    assert joined == [[1], [3, 4]]  # attempt 1 is never joined to 3 across the loss of 2
    assert all(line.point for line in lines if len(line.points) == 1)  # a lone win: a dot
    marks = [s for s in chart.data_series if s not in lines]
    assert [(p.x, p.y) for s in marks for p in s.points] == [(2, 0)]  # the loss, on the axis
    assert all(isinstance(s.point, charts.ChartCrossPoint) for s in marks)
    assert all(s.point.color == palette.DANGER for s in marks)
    assert "attempt 2 lost" in score_chart(plot).label


def test_the_score_chart_says_which_attempts_were_played_with_the_app() -> None:
    attempts = [_attempt(1, 24), replace(_attempt(2, None), with_the_app=True)]
    attempts.append(replace(_attempt(3, 12), with_the_app=True))
    plot = history_charts(attempts, {"prague": "Prague"})
    assert plot.with_the_app == (2, 3)
    label = score_chart(plot).label
    assert "attempt 1 scored 24" in label and "attempt 1 scored 24, with the app" not in label
    assert "attempt 2 lost, with the app" in label and "attempt 3 scored 12, with the app" in label
    chart = score_chart(plot).content
    assert isinstance(chart, charts.LineChart)
    words = [point.tooltip.text for series in chart.data_series for point in series.points]
    assert "attempt 3: 12, with the app" in words and "attempt 1: 24" in words
