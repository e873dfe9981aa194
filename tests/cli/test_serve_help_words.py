"""``serve --help`` says what the seats, --idle-timeout and --run-cpu do: seats per login or per
address, kept by a tab that went away for --keep minutes; idle means nothing typed or clicked, a run
does not count, a logged-in student's progress is kept; --run-cpu bounds a run's total, not its
share of the machine."""

from __future__ import annotations

from tests.cli.clirun import run_main


def test_serve_help_words_the_seats_idle_timeout_and_run_cpu() -> None:
    result = run_main("serve", "--help")
    assert result.status == 0
    text = " ".join(result.out.split())
    assert "one login's with --user-header, else one address's" in text
    assert "keeps its seat for --keep minutes" in text
    assert "typed and clicked nothing (a run or autoplay going on does not count" in text
    assert "student's progress is kept, an anonymous tab's ends" in text
    assert "It bounds a run's total, not its share" in text
    assert "most tabs at once from one address" not in text
