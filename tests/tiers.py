"""How many examples a property test tries in each tier: hypothesis's settings profiles.

``everyday`` is loaded for every run by tests/conftest.py (the README's command); hypothesis's
own option ``--hypothesis-profile thorough`` loads ``thorough`` instead: .ci/run's marked tier
runs every property test that way (``-m "... or hypothesis"``: hypothesis marks its tests). A
property names the number of examples it is worth in the thorough tier through
:func:`examples`; the everyday run tries a tenth of it (at least 5), CI's thorough run
tries them all.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

THOROUGH, EVERYDAY = "thorough", "everyday"
"""The profiles' names."""
THOROUGH_EXAMPLES = 100
"""The thorough profile's ``max_examples``: hypothesis's own default."""

BUSY_MACHINE = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
"""What a busy machine would fail that says nothing of the code: an example's time, and the
time taken to generate examples (each test has its own timeout for a real hang)."""

settings.register_profile(THOROUGH, max_examples=THOROUGH_EXAMPLES, **BUSY_MACHINE)
settings.register_profile(EVERYDAY, max_examples=THOROUGH_EXAMPLES // 10, **BUSY_MACHINE)


def examples(thorough: int) -> int:
    """``max_examples`` for a property worth ``thorough`` examples in the thorough tier: that
    many under the thorough profile, the profile's share of it (at least 5, or ``thorough`` if
    fewer) under the everyday one. Read as the test module is imported, after the profile is
    loaded."""
    share = settings.default.max_examples / THOROUGH_EXAMPLES
    return max(min(5, thorough), round(thorough * share))


def sweep(cases: Iterable[Any], everyday: Collection[Any], *, several: bool = False) -> list[Any]:
    """A parametrized sweep's cases (every language, every size, every method ...): the cases
    in ``everyday`` run in every run, the others only in the thorough tier (marked
    ``thorough``; .ci/run's marked tier runs them): the everyday run keeps a representative
    case of the behaviour, chosen where it is likeliest to fail (Polish for a line's width:
    its words are the longest), and the walk over every case is still run by CI. With
    ``several``, each case is a tuple of several arguments' values, as ``parametrize`` takes
    them for several names."""
    swept: list[Any] = []
    for case in cases:
        if case in everyday:
            swept.append(case)
        else:
            values = case if several else (case,)
            swept.append(pytest.param(*values, marks=pytest.mark.thorough))
    return swept


def method_sweep(names: Iterable[str], everyday: Collection[str]) -> list[Any]:
    """A sweep over registered methods (:func:`sweep`) that stays registry-driven: the methods in
    ``everyday`` (chosen from the registry by the caller: the first registered, one with a
    distinct trait) run in every run, and so does every method whose kit is not one of the
    project's own (solver/methods/): a kit registered for the run, such as ``--throwaway-kit``'s,
    is checked by every such test in the everyday run as before."""
    from solver.registry import kit

    names = list(names)
    added = [name for name in names if not type(kit(name)).__module__.startswith("solver.")]
    return sweep(names, everyday=[*everyday, *added])


def naive_searches() -> tuple[str, ...]:
    """The queens methods that try every placement of a search space in order."""
    from solver.registry import METHODS

    return tuple(
        name
        for name, info in METHODS.items()
        if info.queens and info.lists_all and info.search_space(4) is not None
    )
