"""The mission map and campaign progress, pure and standard library only (built on the engine)."""

from gadget.missions.map import (
    FORMAT,
    MAX_LINES,
    MAX_MISSIONS,
    Line,
    MapError,
    Mission,
    MissionMap,
    default_map,
    map_from_dict,
    parse_map,
)
from gadget.missions.progress import (
    MissionLockedError,
    MissionResult,
    MissionState,
    after_result,
    check_playable,
    mission_states,
    play_style,
    result_on_map,
)
from gadget.missions.result import Result, ResultError, result_from_dict

__all__ = [
    "FORMAT",
    "MAX_LINES",
    "MAX_MISSIONS",
    "Line",
    "MapError",
    "Mission",
    "MissionLockedError",
    "MissionMap",
    "MissionResult",
    "MissionState",
    "Result",
    "ResultError",
    "after_result",
    "check_playable",
    "default_map",
    "map_from_dict",
    "mission_states",
    "parse_map",
    "play_style",
    "result_from_dict",
    "result_on_map",
]
