"""Values of the lines Google does not act on (`Request-rate`, `Visit-time`), for the drop-in classes.

Which records apply is the engine's answer (`Robots.group_values`); this only reads a value's text.
"""

from __future__ import annotations

import datetime
from typing import NamedTuple, Optional, Tuple

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class Rate(NamedTuple):
    requests: int
    seconds: int
    start_time: Optional[datetime.time]
    end_time: Optional[datetime.time]


def _time_of_day(text: str) -> datetime.time:
    digits = text.strip()
    if len(digits) != 4 or not digits.isdigit():
        raise ValueError(f"not a time of day: {text!r}")
    return datetime.time(int(digits[:2]), int(digits[2:]))


def time_period(text: str) -> Optional[Tuple[datetime.time, datetime.time]]:
    """`0600-0845` or `0600 0845`: the start and end times, or None when it does not read."""
    for separator in ("-", " "):
        parts = text.strip().split(separator)
        if len(parts) == 2:
            try:
                return _time_of_day(parts[0]), _time_of_day(parts[1])
            except ValueError:
                continue
    return None


def request_rate(text: str) -> Optional[Rate]:
    """`9/30`, `1/10s`, `100/1h 0600-0845`: requests per seconds and an optional time of day, or None."""
    fields = text.split()
    if not fields or len(fields) > 2:
        return None
    requests_text, _, seconds_text = fields[0].partition("/")
    unit = seconds_text[-1:].lower()
    scale = _UNITS.get(unit, 1)
    if unit in _UNITS:
        seconds_text = seconds_text[:-1]
    if not (requests_text.isdigit() and seconds_text.isdigit()):
        return None
    requests, seconds = int(requests_text), int(seconds_text) * scale
    if requests <= 0 or seconds <= 0:
        return None
    if len(fields) == 1:
        return Rate(requests, seconds, None, None)
    period = time_period(fields[1])
    return None if period is None else Rate(requests, seconds, period[0], period[1])
