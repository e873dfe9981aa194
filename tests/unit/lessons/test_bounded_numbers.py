"""Numbers a teacher writes in a lesson are read with a bound on their digits: a clear message,
never Python's 4,300-digit ValueError, and never ``int()`` on a digit of another script."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.answers.whole_numbers import MAX_DIGITS, is_digits, shown, too_long, whole
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.quiz.params import ParamError, Params, parse_int, parse_list
from tests.tiers import examples

HUGE = "9" * 5000


@pytest.mark.parametrize("text", [HUGE, "-" + HUGE, "²", "٣", "1²", " ", "", "+", "-"])
def test_whole_refuses_what_int_cannot_or_should_not_read(text: str) -> None:
    assert whole(text) is None
    assert not is_digits(text)


def test_whole_reads_ascii_digits_up_to_the_bound() -> None:
    assert whole("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert whole("-12") == -12
    assert whole("9" * (MAX_DIGITS + 1)) is None
    assert too_long("9" * (MAX_DIGITS + 1)) and not too_long("9" * MAX_DIGITS)
    assert len(shown(HUGE)) < 40


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=string.digits + "-²³¹٣߀０ ", max_size=6000))
def test_parse_int_raises_only_param_errors(text: str) -> None:
    """Any digits, of any script and any number: a value or a one-line ParamError."""
    try:
        value = parse_int(text, "n", 1, 27)
    except ParamError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 200, message
    else:
        assert 1 <= value <= 27


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.text(alphabet=string.digits, min_size=1, max_size=5000), max_size=3))
def test_parse_list_raises_only_param_errors(numbers: list[str]) -> None:
    text = "[" + ", ".join(numbers) + "]"
    try:
        values = parse_list(text, "@expect b")
    except ParamError as error:
        assert len(str(error)) < 200
    else:
        assert all(len(str(v)) <= MAX_DIGITS for v in values)


def test_a_huge_number_is_named_with_the_bound() -> None:
    with pytest.raises(ParamError, match=f"at most {MAX_DIGITS} digits"):
        Params.parse([f"n={HUGE}"], "@board").integer("n", 1, 27)
    with pytest.raises(ParamError, match="whole number, not '²'"):
        parse_int("²", "@step count", 1, 10)


LESSON = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n"
BIG = "9" * 1900  # under the 2,000-character line limit, over anything int() should be asked


NUMBER = "@question number\nprompt: How many?\nanswer: "
BIG_LINES = [
    f"@step {BIG}",
    "@step ²",
    f"@back {BIG}",
    f"@expect k = {BIG}",
    f"@expect b = [{BIG}]",
]
BIG_LINES += [f"@expect b[{BIG}] = 1", f"@question solutions n={BIG}\n@end"]
BIG_LINES += ["@question next-state of=b[²]\n@end", f"{NUMBER}{BIG}\n@end"]
BIG_LINES += [f"{NUMBER}3\ntolerance: {BIG}\n@end"]


@pytest.mark.parametrize("lines", [f"{lines}\n" for lines in BIG_LINES], ids=lambda x: x[:24])
def test_lesson_numbers_give_one_short_error(lines: str) -> None:
    errors = check_text(LESSON + lines, "extra.md")
    assert errors, lines[:40]
    for error in map(str, errors):
        assert len(error) < 300 and "\n" not in error, error[:300]


def test_a_lesson_number_in_another_script_finds_nothing() -> None:
    catalog = load_catalog("en", [])
    assert catalog.find("²") is None and catalog.find(HUGE) is None
    assert catalog.find("1") is not None
