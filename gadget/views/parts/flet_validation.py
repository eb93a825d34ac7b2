"""Flet's check of a control before each draw, without the rules a field at its default
passes anyway: Flet runs every rule of every field (a game screen's 160-odd controls, some
450 rules, most on fields left at their defaults) each time a control is drawn, on the
event loop every phone of a process shares. A rule that reads only its own field's value
passes on the default once, so always; the rules are Flet's own, run in Flet's order, and
the first that fails is the one Flet's own check reports (`tests/test_flet_validation.py`
compares them for every control class)."""

from __future__ import annotations

from flet.utils import validation
from flet.utils.validation import ClassRule, FieldRule

#: Flet's own check, kept (taken when this module loads, before anything replaces it).
FLETS_VALIDATE = validation.validate

#: The kinds of field rule (the `V.` factory that made it) whose answer depends on the
#: field's value alone (and the class, for whether None is allowed): a deprecation's warns,
#: and a rule that compares fields (`ge_field`) or combines rules (`or_`) reads others.
VALUE_ONLY = frozenset(
    {
        "V.between",
        "V.instance_of",
        "V.ge",
        "V.gt",
        "V.le",
        "V.lt",
        "V.factor_of",
        "V.visible_control",
        "V.str_or_visible_control",
    }
)


#: A class's field rules, each with its name and whether it may be skipped at the default,
#: and its class rules.
Plan = tuple[tuple[tuple[str, FieldRule, bool], ...], tuple[ClassRule, ...]]

_plans: dict[type, Plan] = {}


def plan(cls: type) -> Plan:
    """A class's field rules in Flet's order, each marked True where it may be skipped while
    its field is at its default (a value-only rule the default passes), and its class
    rules."""
    known = _plans.get(cls)
    if known is not None:
        return known
    spec = validation._compile_class_spec(cls)
    defaults: dict[str, object] = getattr(cls, "_prop_defaults", {})
    steps = []
    for name, rule in spec.field_rules:
        kind = rule._check.__qualname__.split(".<locals>")[0]
        skipped = name in defaults and kind in VALUE_ONLY and _passes(cls, name, rule, defaults)
        steps.append((name, rule, skipped))
    made = _plans[cls] = (tuple(steps), spec.class_rules)
    return made


def _passes(cls: type, name: str, rule: FieldRule, defaults: dict[str, object]) -> bool:
    """Whether a value-only rule passes on its field's default (it reads the class alone)."""
    probe: object = object.__new__(cls)  # never drawn: its class is all the rule asks of it
    try:
        rule.validate(probe, name, defaults[name])
    except Exception:  # any refusal: the rule is always run
        return False
    return True


def validate(instance: object, *, suppress_repeated_errors: bool = False) -> None:
    """Flet's `validate`, its rules on fields at their defaults skipped where they pass."""
    values: dict[str, object] | None = getattr(instance, "_values", None)
    if values is None:
        FLETS_VALIDATE(instance, suppress_repeated_errors=suppress_repeated_errors)
        return
    field_rules, class_rules = plan(type(instance))
    reported = (
        validation._get_reported_validation_errors(instance) if suppress_repeated_errors else None
    )
    try:
        for name, rule, skipped in field_rules:
            if skipped and name not in values:
                continue
            rule.validate(instance, name, getattr(instance, name))
        for class_rule in class_rules:
            class_rule.validate(instance)
    except ValueError as refused:
        if reported is None:
            raise
        signature = (refused.__class__.__name__, str(refused))  # as Flet reports it once
        if signature in reported:
            return
        reported.add(signature)
        raise
    else:
        if reported:
            reported.clear()
