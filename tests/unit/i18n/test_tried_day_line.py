"""``progress --today DATE``: the day tried and what is due then, in one sentence of its own
in every language (no capital after a colon, no second colon glued in)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from lessons.progress.store import ProgressStore
from tests.cli.clirun import run_ok
from tests.unit.lessons.review_progress import miss

EXPECTED = {
    "en": (
        "As on 2026-11-28 – review: 1 question due, overdue since 2026-11-21 "
        "(queens-tutor review will open it)",
        "As on 2026-11-21 – review: 1 question due (queens-tutor review will open it)",
        "As on 2026-11-20 – review: nothing due; the next on 2026-11-21",
    ),
    "it": (
        "Come se fosse il 28/11/2026 – ripasso: 1 domanda da ripassare, in ritardo dal "
        "21/11/2026 (si apre con queens-tutor review)",
        "Come se fosse il 21/11/2026 – ripasso: 1 domanda da ripassare (si apre con "
        "queens-tutor review)",
        "Come se fosse il 20/11/2026 – ripasso: niente da ripassare; prossimo ripasso il "
        "21/11/2026",
    ),
    "pl": (
        "Tak, jakby był dzień 28.11.2026 – powtórka: 1 pytanie do powtórki, zaległe od "
        "21.11.2026 (otworzy ją queens-tutor review)",
        "Tak, jakby był dzień 21.11.2026 – powtórka: 1 pytanie do powtórki (otworzy ją "
        "queens-tutor review)",
        "Tak, jakby był dzień 20.11.2026 – powtórka: nic do powtórki; następna 21.11.2026",
    ),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_day_tried_is_one_sentence(tmp_path: Path, lang: str) -> None:
    store = ProgressStore(tmp_path / "queens-tutor" / "progress.json")
    miss(store, "naive-search", ["0.0"], when=datetime(2026, 11, 20, 12).timestamp())
    env = {"XDG_DATA_HOME": str(tmp_path)}
    days = ("2026-11-28", "2026-11-21", "2026-11-20")
    for day, expected in zip(days, EXPECTED[lang], strict=True):
        result = run_ok("--lang", lang, "progress", "--today", day, env=env)
        line = result.out.splitlines()[2]
        assert line == expected
        assert line.count(":") == 1  # "As on DAY – review: ...", never "DAY: Review: ..."
