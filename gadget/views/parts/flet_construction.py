"""Controls built without a setter call for each field: Flet's dataclass `__init__` sets
each of a control's 50-70 fields, defaults included, through a `Prop` that drops the
defaults (28 µs a `Container`, 79 µs once a diff not frozen has given its class a setter of
its own; a first screen builds some 160), on the event loop every phone of a process shares.
The `__init__` given each class once it is drawn stores what those setters store (6 µs);
`tests/test_flet_construction.py` checks it against Flet's own for every control class, of
the Flet `flet_internals.FLET_VERSION` names."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from types import FunctionType

from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet.controls.value_types import Prop, _get_raw_descriptor

#: The classes already given theirs (or found not to take one).
_done: set[type] = set()

#: Flet's own `__init__` of each class given the replacement (the tests compare them).
FLETS_INITS: dict[type, Callable[..., None]] = {}

#: The setters the replacement stands in for: neither does anything else while a control is
#: built (the setter's change log is made only once the control has been drawn).
_PLAIN_SETTERS = (object.__setattr__, object_patch._control_setattr)


def build_faster(cls: type) -> None:
    """Give a control class the `__init__` below, once (its classes drawn are its callers)."""
    if cls in _done:
        return
    _done.add(cls)
    init = fast_init(cls)
    if init is not None:
        FLETS_INITS[cls] = cls.__dict__["__init__"]
        cls.__init__ = init  # type: ignore[misc]


def fast_init(cls: type) -> Callable[..., None] | None:
    """An `__init__` that does what the class's dataclass `__init__` does, each field a
    `Prop` holds stored in its `_values` when it differs from the `Prop`'s default (as
    `Prop.__set__` stores it while a control is built), or None where that would not be the
    same: a class that notifies of its changes, sets attributes its own way, or wrote its
    own `__init__`."""
    own_init = cls.__dict__.get("__init__")
    params = getattr(cls, "__dataclass_params__", None)
    if (
        own_init is None
        or not issubclass(cls, BaseControl)  # its `_values` and `_dirty` made first
        or params is None
        or params.frozen
        or getattr(own_init, "__code__", None) is None
        or own_init.__code__.co_filename != "<string>"  # not the one dataclass wrote
        or cls.__setattr__ not in _PLAIN_SETTERS
        or hasattr(cls, "_notify")
        or hasattr(cls, "_frozen")
        or "__slots__" in cls.__dict__
    ):
        return None
    names: dict[str, object] = {
        "_object_setattr": object.__setattr__,
        "_cls": cls,
        "_flets": own_init,
    }
    header = _header(own_init, names)
    if header is None:
        return None
    passed = ", ".join(
        f"{name}={name}" for name in (part.split("=")[0] for part in header) if name != "*"
    )
    # A class made from this one without a dataclass `__init__` of its own may hold a field
    # its own way (a plain class attribute over Flet's `Prop`): Flet's builds it.
    body = [f"  if type(self) is not _cls: return _flets(self, {passed})"]
    for field in dataclasses.fields(cls):
        value = _field_value(field, names)
        if value is None:
            continue
        descriptor = _get_raw_descriptor(cls, field.name)
        if isinstance(descriptor, Prop):
            names[f"_prop_{field.name}"] = descriptor.default
            body += [
                f"  _value = {value}",
                f"  if not (_value == _prop_{field.name}):",
                f"    self._values[{field.name!r}] = _value",
                f"    self._dirty[{field.name!r}] = None",
            ]
        else:
            body.append(f"  _object_setattr(self, {field.name!r}, {value})")
    init_vars = [
        f.name
        for f in cls.__dict__["__dataclass_fields__"].values()
        if f._field_type is dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
    ]
    if hasattr(cls, "__post_init__"):
        body.append(f"  self.__post_init__({', '.join(init_vars)})")
    source = f"def __init__(self, {', '.join(header)}):\n" + "\n".join(body)
    exec(source, names)  # the way dataclasses writes an __init__
    init = names["__init__"]
    assert isinstance(init, FunctionType)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _header(own_init: Callable[..., None], names: dict[str, object]) -> list[str] | None:
    """The parameters of Flet's `__init__` as written in a new one, their defaults in
    `names`; None if one is of a kind a dataclass does not write."""
    header: list[str] = []
    keyword_only = False
    for parameter in list(inspect.signature(own_init).parameters.values())[1:]:
        if parameter.kind is parameter.KEYWORD_ONLY and not keyword_only:
            header.append("*")
            keyword_only = True
        elif parameter.kind not in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            return None
        if parameter.default is parameter.empty:
            header.append(parameter.name)
        else:
            names[f"_default_{parameter.name}"] = parameter.default
            header.append(f"{parameter.name}=_default_{parameter.name}")
    return header


def _field_value(field: dataclasses.Field[object], names: dict[str, object]) -> str | None:
    """The expression the dataclass `__init__` sets a field to, or None if it sets none."""
    if field.default_factory is not dataclasses.MISSING:
        names[f"_factory_{field.name}"] = field.default_factory
        if field.init:
            # (the parameter's default is the dataclass's mark for "made by the factory")
            made, given = f"_factory_{field.name}()", field.name
            return f"{made} if {given} is _default_{given} else {given}"
        return f"_factory_{field.name}()"
    return field.name if field.init else None
