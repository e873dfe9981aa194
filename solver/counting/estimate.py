"""How long a count will take here: the search tree's size by Knuth's random probes (1975), times
the speed measured on a smaller board, shared by the processes as the machine's load allows."""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from functools import lru_cache

from solver.messages import Figure, Message, register, render

PROBES = 3000
CALIBRATION_N = {"python": 11, "compiled": 14}


def tree_size(n: int, probes: int = PROBES, seed: int = 0) -> float:
    """Knuth's estimate of the number of partial placements the n x n search visits."""
    rng = random.Random(seed)
    full = (1 << n) - 1
    total = 0.0
    for _ in range(probes):
        cols = ld = rd = 0
        product = 1.0
        estimate = 1.0
        for _row in range(n):
            avail = full & ~(cols | ld | rd)
            free = avail.bit_count()
            if free == 0:
                break
            product *= free
            estimate += product
            for _skip in range(rng.randrange(free)):
                avail &= avail - 1
            bit = avail & -avail
            cols |= bit
            ld = ((ld | bit) << 1) & full
            rd = (rd | bit) >> 1
        total += estimate
    return total / probes


@lru_cache(maxsize=8)
def seconds_per_node(engine: str, unique: bool) -> float:
    """Seconds one process of ``engine`` spends per partial placement (measured now)."""
    from solver.counting.bitmask import count

    n = CALIBRATION_N[engine]
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        count(n, unique=unique, workers=1, engine=engine)
        best = min(best, time.perf_counter() - started)
    return best / tree_size(n)


@dataclass(frozen=True, slots=True)
class Estimate:
    """The estimated time of a count, and what it assumed."""

    seconds: float
    engine: str
    processes: int


def speedup(processes: int, cores: int, load: float) -> float:
    """How much faster ``processes`` run than one, on ``cores`` busy with ``load`` others."""
    one = min(1.0, cores / (load + 1))
    return processes * min(1.0, cores / (load + processes)) / one


def estimate(
    n: int, unique: bool, engine: str, processes: int, jobs: int, cores: int | None = None
) -> Estimate:
    """The time ``count(n)`` should take here with ``processes`` sharing ``jobs`` jobs."""
    share = max(1, min(processes, jobs))
    load = max(0.0, os.getloadavg()[0]) if cores is not None else 0.0
    factor = speedup(share, cores, load) if cores is not None else float(share)
    return Estimate(seconds_per_node(engine, unique) * tree_size(n) / factor, engine, share)


def duration(seconds: float) -> str:
    """A rough duration for people: 40 s, 12 min, 3.5 hours, 2.1 days, 40 years."""
    if seconds < 90:
        value = f"{max(seconds, 0.1):.1f}" if seconds < 10 else f"{seconds:.0f}"
        return render(Message.of("duration.seconds", value=Figure(value)))
    if seconds < 90 * 60:
        return render(Message.of("duration.minutes", value=Figure(f"{seconds / 60:.0f}")))
    if seconds < 48 * 3600:
        return render(Message.of("duration.hours", value=Figure(f"{seconds / 3600:.1f}")))
    if seconds < 730 * 86400:
        return render(Message.of("duration.days", value=Figure(f"{seconds / 86400:.1f}")))
    years = round(seconds / (365.25 * 86400))
    return render(Message.of("duration.years", count=years, value=Figure(f"{years:,}")))


register(
    {
        "duration.seconds": "{value} s",
        "duration.minutes": "{value} min",
        "duration.hours": "{value} hours",
        "duration.days": "{value} days",
        "duration.years": ("{value} year", "{value} years"),
    }
)
