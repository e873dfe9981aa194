"""Broken lessons for the teacher-facing checks: each one meets a different error of
``lessons check`` (the parser, the parameters, the questions, the played run).

Every lesson is kept free of English prose (titles ``P``, text ``x``), so that a word of an
error message that is not in the lesson and not lesson syntax can only come from the code.
"""

from __future__ import annotations

HEAD = "@lesson t\n@title T\n@page P\n"


def _lesson(body: str) -> str:
    return HEAD + body + "\n"


def _question(kind: str, *lines: str) -> str:
    return "\n".join((f"@question {kind}", *lines, "@end"))


SYNTAX = [
    "@lesson t\n@title T\n@page P\n" + "x" * 2_001 + "\n",
    "@lesson t\n@title T\n@page P\nx\u0007x\n",
    "@lesson t\n@title T\nx\n@page P\n",
    "@lesson t\n@title T\n@page P\n@question next-choice\n",
    "@page P\nx\n",
    "@lesson t\n@title T\n",
    "@lesson t\n@title T\n@page P\n" + ("x" * 1_900 + "\n") * 11,
    _lesson(_question("choice", "prompt: x", "- [ ] x", "- [x] y", "@end x")),
    _lesson("@question choice\nprompt: x\n@page Q\n@end"),
    _lesson(_question("choice", "prompt: x", "- [ ]", "- [x] y")),
    _lesson(_question("choice", "prompt: x", "zz")),
    _lesson(_question("number", "prompt: x", "answer: 3", "answer: 4")),
    _lesson("@question choice\nprompt: x\nwhy: x\n- [ ] x\nwhy:\n- [ ] z\nwhy: x\nwhy: x\n@end"),
    _lesson(_question("choice", "prompt: x", "- [ ] x", "- [x] y", "why: x")),
    _lesson(_question("number", "prompt: x", "answer: 3", "why: x")),
    _lesson(_question("number", "prompt: x", "answer: 3", "wrong: x")),
    _lesson(_question("number", "prompt: x", "answer: 3", "wrong: 3: x")),
    _lesson(_question("choice", "prompt: x", "- [ ] x", "- [x] y", "wrong: 3: x")),
    _lesson("@ x"),
    _lesson("@frobnicate"),
    _lesson("@end"),
    "@lesson t\n@title T\n@board n=4\n@page P\n",
    _lesson("@title U"),
    "@lesson t\n@lesson u\n@title T\n@title U\n@page P\n",
    "@lesson t\n@title T\n@summary\n@page P\n",
    "@lesson Bad_Id\n@title T\n@lang English\n@page P\n",
    "@lesson t\n@title T\n" + "@page P\n" * 201,
    "@lesson t\n@title T\n@page\n",
    _lesson("@overlay off\n" * 401),
    _lesson("@question"),
]
"""The parser's own errors: the file's structure, headers, pages and question fields."""

PARAMETERS = [
    _lesson("@board n=4 algorithm=iterative maze=tiny"),
    _lesson("@board n=4\n@back 1 2"),
    _lesson("@board n=4\n@back x"),
    _lesson("@board n=4\n@run"),
    _lesson("@board n=4\n@run far"),
    _lesson("@board n=4\n@overlay sum diff"),
    _lesson("@board n=4\n@tree maybe so"),
    _lesson("@board n=7\n@tree"),
    _lesson(_question("place n=4 goal=drive mistakes=-1")),
    _lesson("@board n=4\n" + _question("guess ticks=10 goal=3 slack=1")),
    _lesson("@board n=4\n@step 1 tick more"),
    _lesson("@board n=4\n@step 0"),
    _lesson("@board n=4\n@step " + "9" * 40),
    _lesson("@board n=4\n@step 2 leaps"),
    _lesson("@board n=4\n@expect zz"),
    _lesson("@board n=4\n@expect b = x"),
    _lesson("@board n=4\n@expect event = x"),
    _lesson("@board n=4\n@expect finished = maybe"),
    _lesson("@board n=4\n@expect k = x"),
    _lesson("@board n=4\n@step 3\n" + _question("attack-rule col=-1")),
    _lesson("@board n=40"),
    _lesson("@board n"),
    _lesson("@board n=4 n=5"),
    _lesson("@board n=4 size=5"),
    _lesson("@board mode=all"),
    _lesson(_question("choice foo=1", "prompt: x", "- [ ] x", "- [x] y")),
    _lesson(_question("reach-n foo=1")),
    _lesson(_question("choice order=[0,0]", "prompt: x", "- [ ] x", "- [x] y")),
    _lesson(_question("choice review=nothing", "prompt: x", "- [ ] x", "- [x] y")),
    _lesson(_question("next-choice play=maybe")),
    _lesson(_question("same-diagonal square=x other=1,2")),
    _lesson(_question("same-diagonal square=99,99 other=1,2")),
    _lesson(_question("same-diagonal square=1,1 other=1,2")),
    _lesson(_question("array-index array=a row=0 col=0")),
    _lesson(_question("orbit b=x")),
    _lesson(_question("next-state of=b[x]")),
    _lesson(_question("place n=4 goal=exhaust")),
    _lesson(_question("place n=2 goal=solution")),
    _lesson(_question("maze", "prompt: x")),
    _lesson(_question("maze", "maze: S.#", "maze: #QE")),
    _lesson(_question("maze", "maze: S.#", "maze: ..S")),
    _lesson(_question("maze", "maze: S#E")),
    _lesson(_question("frobnicate")),
    _lesson(_question("next-choice", "- [ ] x", "- [x] y")),
    _lesson(_question("next-choice", "maze: S.E")),
    _lesson(_question("next-choice", "answer: 3")),
    _lesson(_question("choice", "- [ ] x", "- [x] y")),
    _lesson(_question("choice", "prompt: x", "- [x] y")),
    _lesson(_question("choice", "prompt: x", "- [x] x", "- [x] y")),
    _lesson(_question("number", "prompt: x", "answer: many")),
    _lesson(_question("number", "prompt: x", "answer: 3", "tolerance: -1")),
    _lesson(_question("random-tries n=3")),
    _lesson(_question("orbit b=[0,1,2,3]")),
    _lesson(_question("orbit b=[0,0,0,9]")),
]
"""Errors in a directive's words, the question kinds' parameters and their written fields."""

PLAYED = [
    _lesson(_question("choice", "prompt: {zz}", "- [ ] x", "- [x] y")),
    _lesson("@board n=4\n" + _question("choice", "prompt: {zz}", "- [ ] x", "- [x] y")),
    _lesson("@board n=4 algorithm=recursive\n" + _question("next-state")),
    _lesson("@board n=4 algorithm=recursive\n@run end\n" + _question("next-choice")),
    _lesson("@board n=4 algorithm=recursive\n" + _question("attacker")),
    _lesson(_question("next-choice")),
    _lesson("@board n=4\n@run end\n" + _question("next-choice")),
    _lesson("@board n=4 mode=all\n@run solution\n" + _question("next-choice")),
    _lesson("@board n=4\n@run end\n" + _question("next-state")),
    _lesson("@board n=4 mode=all\n@run solution\n" + _question("next-state of=b[k]")),
    _lesson("@board n=4 mode=all\n@run solution\n" + _question("next-state of=b[k] ticks=1")),
    _lesson("@board n=4\n@run solution\n" + _question("next-state ticks=20")),
    _lesson("@board n=1\n" + _question("next-state ticks=5")),
    _lesson("@board n=4\n" + _question("attacker")),
    _lesson("@board n=4\n@step 3\n" + _question("attack-rule col=3")),
    _lesson(_question("array-index array=a row=0 col=0")),
    _lesson(_question("random-tries")),
    _lesson("@board n=20\n" + _question("random-tries")),
    _lesson("@board n=4 algorithm=maze maze=nowhere"),
    _lesson("@step"),
    _lesson("@board n=4\n@back 3"),
    _lesson("@board n=1\n@step 5"),
    _lesson("@board n=1\n@step 5 iterations"),
    _lesson("@board n=4\n@run end\n@run end"),
    _lesson("@board n=4\n@expect b[7] = 1"),
    _lesson("@board n=4\n@expect k = 3"),
    _lesson("@board n=4 algorithm=recursive\n@expect zz = 1"),
    _lesson("@board n=4 algorithm=recursive\n@expect depth[0] = 1"),
    _lesson("@board n=4 algorithm=recursive\n@expect q[9] = 1"),
    _lesson("@board n=4 algorithm=recursive\n@expect depth = 7"),
    "@lesson t\n@title T\n@quiz\nx\n",
    _lesson(_question("examined method=iterative")),
    _lesson("@board n=3\n" + _question("examined method=iterative")),
    _lesson(_question("rotations")),
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
]
"""Lessons that parse but cannot be played as written: the headless run finds these."""

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
