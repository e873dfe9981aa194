"""Broken lessons for ``lessons check``'s teacher messages, each meeting a different error; free
of English prose (``P``, ``x``), so a word of a message not in the lesson comes from the code."""

from __future__ import annotations

HEAD = "@lesson t\n@title T\n@page P\n"


def _lesson(body: str) -> str:
    return HEAD + body + "\n"


def _question(kind: str, *lines: str) -> str:
    return "\n".join((f"@question {kind}", *lines, "@end"))


def _lessons(table: str) -> list[str]:
    """Lessons' bodies one after another: `` | `` between two, ``; `` between two lines."""
    bodies = table.strip().replace("\n", " | ").split(" | ")
    return [_lesson(body.strip().replace("; ", "\n")) for body in bodies]


SYNTAX = [
    "@lesson t\n@title T\n@page P\n" + "x" * 2_001 + "\n",
    "@lesson t\n@title T\n@page P\nx\u0007x\n",
    "@lesson t\n@title T\nx\n@page P\n",
    "@page P\nx\n",
    "@lesson t\n@title T\n",
    "@lesson t\n@title T\n@page P\n" + ("x" * 1_900 + "\n") * 11,
    "@lesson t\n@title T\n@board n=4\n@page P\n",
    "@lesson t\n@lesson u\n@title T\n@title U\n@page P\n",
    "@lesson t\n@title T\n@summary\n@page P\n",
    "@lesson Bad_Id\n@title T\n@lang English\n@page P\n",
    "@lesson t\n@title T\n" + "@page P\n" * 201,
    "@lesson t\n@title T\n@page\n",
    _lesson("@overlay off\n" * 401),
    *_lessons("""
@question next-choice | @question choice; prompt: x; - [ ] x; - [x] y; @end x; @end
@question choice; prompt: x; @page Q; @end | @question choice; prompt: x; - [ ]; - [x] y; @end
@question choice; prompt: x; zz; @end | @question number; prompt: x; answer: 3; answer: 4; @end
@question choice; prompt: x; why: x; - [ ] x; why:; - [ ] z; why: x; why: x; @end
@question choice; prompt: x; - [ ] x; - [x] y; why: x; @end
@question number; prompt: x; answer: 3; why: x; @end
@question number; prompt: x; answer: 3; wrong: x; @end
@question number; prompt: x; answer: 3; wrong: 3: x; @end
@question choice; prompt: x; - [ ] x; - [x] y; wrong: 3: x; @end | @ x | @frobnicate | @end
@title U | @question
"""),
]
"""The parser's own errors: the file's structure, headers, pages and question fields."""

PARAMETERS = _lessons("""
@board n=4 algorithm=iterative maze=tiny | @board n=4; @back 1 2 | @board n=4; @back x
@board n=4; @run | @board n=4; @run far | @board n=4; @overlay sum diff
@board n=4; @tree maybe so | @board n=7; @tree | @question place n=4 goal=drive mistakes=-1; @end
@board n=4; @question guess ticks=10 goal=3 slack=1; @end | @board n=4; @step 1 tick more
@board n=4; @step 0 | @board n=4; @step 9999999999999999999999999999999999999999
@board n=4; @step 2 leaps | @board n=4; @expect zz | @board n=4; @expect b = x
@board n=4; @expect event = x | @board n=4; @expect finished = maybe | @board n=4; @expect k = x
@board n=4; @step 3; @question attack-rule col=-1; @end | @board n=40 | @board n | @board n=4 n=5
@board n=4 size=5 | @board mode=all | @question choice foo=1; prompt: x; - [ ] x; - [x] y; @end
@question reach-n foo=1; @end | @question choice order=[0,0]; prompt: x; - [ ] x; - [x] y; @end
@question choice review=nothing; prompt: x; - [ ] x; - [x] y; @end
@question next-choice play=maybe; @end | @question same-diagonal square=x other=1,2; @end
@question same-diagonal square=99,99 other=1,2; @end
@question same-diagonal square=1,1 other=1,2; @end
@question array-index array=a row=0 col=0; @end | @question orbit b=x; @end
@question next-state of=b[x]; @end | @question place n=4 goal=exhaust; @end
@question place n=2 goal=solution; @end | @question maze; prompt: x; @end
@question maze; maze: S.#; maze: #QE; @end | @question maze; maze: S.#; maze: ..S; @end
@question maze; maze: S#E; @end | @question frobnicate; @end
@question next-choice; - [ ] x; - [x] y; @end | @question next-choice; maze: S.E; @end
@question next-choice; answer: 3; @end | @question choice; - [ ] x; - [x] y; @end
@question choice; prompt: x; - [x] y; @end | @question choice; prompt: x; - [x] x; - [x] y; @end
@question number; prompt: x; answer: many; @end
@question number; prompt: x; answer: 3; tolerance: -1; @end | @question random-tries n=3; @end
@question orbit b=[0,1,2,3]; @end | @question orbit b=[0,0,0,9]; @end
""")
"""Errors in a directive's words, the question kinds' parameters and their written fields."""

PLAYED = [
    *_lessons("""
@question choice; prompt: {zz}; - [ ] x; - [x] y; @end
@board n=4; @question choice; prompt: {zz}; - [ ] x; - [x] y; @end
@board n=4 algorithm=recursive; @question next-state; @end
@board n=4 algorithm=recursive; @run end; @question next-choice; @end
@board n=4 algorithm=recursive; @question attacker; @end | @question next-choice; @end
@board n=4; @run end; @question next-choice; @end
@board n=4 mode=all; @run solution; @question next-choice; @end
@board n=4; @run end; @question next-state; @end
@board n=4 mode=all; @run solution; @question next-state of=b[k]; @end
@board n=4 mode=all; @run solution; @question next-state of=b[k] ticks=1; @end
@board n=4; @run solution; @question next-state ticks=20; @end
@board n=1; @question next-state ticks=5; @end | @board n=4; @question attacker; @end
@board n=4; @step 3; @question attack-rule col=3; @end
@question array-index array=a row=0 col=0; @end | @question random-tries; @end
@board n=20; @question random-tries; @end | @board n=4 algorithm=maze maze=nowhere | @step
@board n=4; @back 3 | @board n=1; @step 5 | @board n=1; @step 5 iterations
@board n=4; @run end; @run end | @board n=4; @expect b[7] = 1 | @board n=4; @expect k = 3
@board n=4 algorithm=recursive; @expect zz = 1 | @board algorithm=maze; @question attacker; @end
@board n=4 algorithm=recursive; @expect depth[0] = 1
@board n=4 algorithm=recursive; @expect q[9] = 1
@board n=4 algorithm=recursive; @expect depth = 7
"""),
    "@lesson t\n@title T\n@quiz\nx\n",
    *_lessons("""
@question examined method=iterative; @end | @board n=3; @question examined method=iterative; @end
@question rotations; @end
"""),
    # A quiz question about the live board whose every situation is a practice question's.
    _lesson(
        "".join(
            f"@board n=2\n@step {tick}\n" + _question("next-choice") + "\n" for tick in (1, 4, 5, 8)
        )
        + "@board n=2\n"
        + _question("next-choice")
        + "\n@quiz Q\n@board n=2\n"
        + _question("next-choice")
    ),
    _lesson("@quiz Q\n" + _question("choice", "prompt: x", "- [ ] x", "- [x] y")),  # no hint
    _lesson(_question("exists n=4") + "\n@quiz Q\n" + _question("exists n=4")),  # practice's own
]
"""Lessons that parse but cannot be played as written: the headless run finds these (and
what it warns of)."""

ORIGINAL = """@lesson t
@title T
@lang en
@page A
x 12
@board n=4
@step 2
@page B
x
@question number
prompt: x
hint: x
answer: 3
tolerance: 1
wrong: 5: x
@end
@question choice
prompt: x
- [ ] x
- [x] y
@end
@question choice
prompt: x
- [ ] x
  why: x
- [x] y
@end
@question maze
prompt: x
maze: S.E
@end
@quiz
@question number
prompt: x
answer: 2
@end
@page C
x
@overlay sum
@page F
x
@run end
"""

TRANSLATION = """@lesson u
@title T
@lang en
@quiz A
x 13
@board n=5
@step 2
@back 1
@page B
x
@question number
prompt: x
answer: 4
tolerance: 2
wrong: 6: x
@end
@question choice
prompt: x
- [ ] x
- [x] y
- [ ] z
@end
@question choice
prompt: x
- [x] x
- [ ] y
  why: y
@end
@question maze
prompt: x
maze: SE
@end
@page D
x
@overlay diff
@page E
x
"""
EXTRA_PAGES = """@page G
x
@step 7
@page H
x
@step 8
"""
"""A translation that changes almost everything its original does (parity's errors)."""
