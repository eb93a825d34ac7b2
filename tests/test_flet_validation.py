"""Flet's check of a control before each draw, replaced (`views/parts/flet_validation.py`):
the same refusal, in the same words, for every control class, where a rule that reads
only its own field is skipped while the field is at its default (a game screen's first
draw ran some 450 rules, most on defaults)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flet.utils.validation import FieldRule

from gadget.services.table import Table
from gadget.views.parts import flet_validation
from gadget.views.parts.flet_validation import FLETS_VALIDATE
from tests.phones import Phone
from tests.screens import a_clue_given, at_the_table
from tests.test_flet_construction import arguments, control_classes

#: Where Flet keeps, on a control, the refusals it has reported (each is reported once).
REPORTED = "__reported_validation_errors"


def outcome(check: Callable[..., None], control: object, suppress: bool) -> object:
    """What a check answers a control with nothing reported yet, and what it then keeps:
    nothing, or its refusal's kind and words."""
    vars(control).pop(REPORTED, None)
    try:
        check(control, suppress_repeated_errors=suppress)
    except Exception as refused:  # a class rule may fail otherwise: alike
        return (type(refused).__name__, str(refused)), vars(control).get(REPORTED)
    return None, vars(control).get(REPORTED)


def controls_of(cls: type) -> Iterator[object]:
    """Controls of a class: as built with no argument, with its defaults and with values of
    its own, then with each field in turn holding -1 or a million (a colour, a flag, a size
    out of its range; a least above the field it bounds, a slider's `min` over its `value`
    left at its default: a rule that compares fields)."""
    for given in arguments(cls):
        try:
            yield cls(**given)
        except Exception:  # needs arguments of its own kinds
            continue
    for name in getattr(cls, "_prop_defaults", {}):
        for value in (-1, 1_000_000):
            try:
                control: Any = cls(**arguments(cls)[0])
            except Exception:
                return
            control._values[name] = value
            yield control


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # deprecated fields set, told once
def test_every_control_is_refused_or_passed_as_flets_own_check_does() -> None:
    compared = refused = 0
    for cls in control_classes():
        for control in controls_of(cls):
            for suppress in (False, True):
                expected = outcome(FLETS_VALIDATE, control, suppress)
                assert outcome(flet_validation.validate, control, suppress) == expected, cls
                compared += 1
                refused += expected[0] is not None
    assert compared > 10_000 and refused > 1_000, (compared, refused)


def test_a_refusal_repeated_is_reported_once_until_the_control_passes_again() -> None:
    import flet as ft  # noqa: PLC0415

    for check in (FLETS_VALIDATE, flet_validation.validate):
        control = ft.Container(opacity=2)
        said = [outcome_kept(check, control) for _ in range(2)]
        control.opacity = 0.5
        said.append(outcome_kept(check, control))
        control.opacity = 2
        said.append(outcome_kept(check, control))
        assert said == ["refused", None, None, "refused"], (check, said)


def outcome_kept(check: Callable[..., None], control: object) -> str | None:
    """A check as Flet asks it before a draw, what it reported kept on the control."""
    try:
        check(control, suppress_repeated_errors=True)
    except ValueError:
        return "refused"
    return None


@at_the_table
async def test_a_game_screens_first_draw_runs_few_of_flets_rules(table: Table) -> None:
    phone_b, route = await a_clue_given(table)
    ran = 0
    flets = FieldRule.validate

    def counted(rule: FieldRule, *args: object) -> None:
        nonlocal ran
        ran += 1
        flets(rule, *args)  # type: ignore[arg-type]

    FieldRule.validate = counted  # type: ignore[method-assign]
    try:
        again = await Phone(route, storage=phone_b.storage).open()
    finally:
        FieldRule.validate = flets  # type: ignore[method-assign]
    assert again.says("A gave the clue: tree. You guess.")
    assert ran < 120, ran  # 74; 447 with Flet's own check
