"""The engine's and the missions' values are frozen and slotted: a state handed to a screen or
kept in a history can never change under it, and a long game's states stay small."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest

import gadget.engine
import gadget.missions


def _value_classes() -> list[type]:
    found = []
    for package in (gadget.engine, gadget.missions):
        for module_info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            module = importlib.import_module(module_info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls):
                    found.append(cls)
    return sorted(found, key=lambda cls: cls.__qualname__)


VALUES = _value_classes()


def test_every_value_class_of_the_engine_and_the_missions_is_checked() -> None:
    names = {cls.__name__ for cls in VALUES}
    assert {"GameState", "KeyCard", "ShareCode", "PlayerView", "GameLog", "MissionMap"} <= names
    assert len(VALUES) >= 15


@pytest.mark.parametrize("cls", VALUES, ids=lambda cls: cls.__name__)
def test_a_value_is_frozen_and_has_slots(cls: type) -> None:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen, f"{cls.__name__} can be changed after it is made"
    assert "__slots__" in cls.__dict__, f"{cls.__name__} carries a __dict__ per instance"
