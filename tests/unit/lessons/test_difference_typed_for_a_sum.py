"""Language review, third round: i-j typed where a[]'s index i+j is asked got the generic
feedback; it now says that i-j is the row-col diagonal's difference and a[] takes the sum."""

from __future__ import annotations

from lessons import i18n
from lessons.model import Question
from lessons.quiz.pose import pose


def test_i_minus_j_for_a_names_the_difference() -> None:
    i18n.set_language("en")
    question = Question(
        line=1,
        kind="array-index",
        params={"array": "a", "row": "2", "col": "5", "n": "8"},
    )
    said = pose(question, None).check("-3").message
    assert "i-j = 2-5" in said and "its index is the sum, i+j." in said, said
    assert "2+5" not in said  # the rule, not the sum worked out
