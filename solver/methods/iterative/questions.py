"""The Wrocław loop's own words for a lesson's questions about its board: where the queen of column
k goes next, and what k or b[] becomes after a tick or an iteration, with the loop's misconceptions
(b[k] reaching n taken for a row, k++ after a backtrack...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.events import Attacker, Backtrack, attack_rule
from solver.messages import Joined, Message, register

if TYPE_CHECKING:
    from solver.methods.iterative.engine import Snapshot
    from solver.peek import Iteration

register(
    {
        "loop.choice.no_column": "next-choice: k = {k} at tick {tick}, so no column is being "
        "filled; step on to the next column first",
        "loop.choice.prompt": "Column {k} (b[{k}] = {start}): where does the queen go next? "
        "Type a row number, or b for backtrack.",
        "loop.choice.story": "The loop goes up column {k} from row {first}. {story}",
        "loop.choice.story.top": "b[{k}] = {start} is already the top row: b[{k}]++ gives "
        "{n} = n. {story}",
        "loop.choice.hint": "Go up column {k} from row {first}: the first row that no queen in "
        "columns 0..{last} attacks (same row, same col+row or same row-col) is the answer; if "
        "every row is attacked, the answer is backtrack.",
        "loop.choice.hint.first": "Column 0 has no queens to its left: nothing attacks any of "
        "its rows.",
        "loop.choice.hint.second": "Go up column 1 from row {first}: the first row that the "
        "queen of column 0 does not attack (same row, same col+row or same row-col) is the "
        "answer; if every row is attacked, the answer is backtrack.",
        "loop.state.hint.iteration": "An iteration ticks until a queen is placed or the loop "
        "backtracks: go up column k from row b[k]+1 to the first free row; if none is left, "
        "b[k] = -1 and k--.",
        "loop.choice.attacked": "Row {row} is attacked by the queen in column {col} ({why}).",
        "loop.choice.attacked.many": (
            "Row {row} is attacked by {count} queen: {attackers}.",
            "Row {row} is attacked by {count} queens: {attackers}.",
        ),
        "loop.choice.attacker": "column {col} ({why})",
        "loop.choice.free": "Row {row}: free, so b[{k}] = {row} and k = {next}.",
        "loop.choice.no_row": "No free row is left in column {k}: b[{k}] = -1 and k = {prev} "
        "(back to column {prev}!).",
        "loop.choice.no_row.over": "No free row is left in column {k}: b[{k}] = -1 and k = "
        "{prev}: the search is over.",
        "loop.choice.tried": "Rows up to b[{k}] = {start} were already tried: the loop never "
        "goes back to them.",
        "loop.choice.lower_free": "Row {row} is free, but a row below it is free too, and the "
        "loop stops at the first free row going up.",
        # Why a backtrack is wrong, without saying that a row above is free (student walk 12,
        # it 10: "column 1 still has a free row above b[1] = 3" on 5 x 5 named row 4).
        "loop.choice.free_above": "A backtrack comes only when b[{k}]++ reaches n with no free "
        "row found. Test the rows of column {k} above b[{k}] = {start} against the queens "
        "before it, one by one.",
        "loop.choice.free_from_zero": "A backtrack comes only when b[{k}]++ reaches n with no "
        "free row found. Test the rows of column {k} from row 0 up against the queens before "
        "it, one by one.",
        # Column 0 has no queens before it to test against (student walk 13, pl 16).
        "loop.choice.free_first": "Column 0 has no queens before it: nothing attacks any of "
        "its rows. A backtrack from column 0 comes only when b[0]++ reaches n, and that ends "
        "the search.",
        "loop.mistake.row_from_one": "Rows are counted from 0 at the bottom: if you counted from "
        "1, you are one too high.",
        "loop.mistake.next_row_from_one": "Row {row} is free, but a row below it is free too "
        "and comes first. Rows count from 0 at the bottom: did you count from 1?",
        "loop.mistake.row_n_is_backtrack": "There is no row {n}: b[{k}]++ reaching n = {n} "
        "means that column {k} has no row left. What does the loop do then?",
        "loop.mistake.reached_n": "b[{k}]++ reaches n = {n}, and there is no row {n}: column {k} "
        "has no row left. What does the loop write into b[{k}] then?",
        # A row past the board given for b[c] (student walk 10, en, item 8: 8 and 10 for b[4]
        # on 8 x 8 were only "not the answer").
        "loop.mistake.n_never_kept": "b[{k}] never keeps the value {n}: there is no row {n}. "
        "b[{k}]++ reaching n = {n} means that column {k} has no row left, and the loop "
        "backtracks then.",
        "loop.mistake.every_tick_adds": "That adds 1 to b[{k}] at each of the {count} ticks. A "
        "tick adds 1 only to b[k], the column the loop is at, and k moves: on to the next "
        "column when a queen lands on a free square, back when a column has no row left.",
        "loop.mistake.every_tick_adds_past": "That adds 1 to b[{k}] at each of the {count} "
        "ticks, past the top row of the {n} x {n} board. A tick adds 1 only to b[k], the "
        "column the loop is at, and k moves: on to the next column when a queen lands on a free "
        "square, back when a column has no row left.",
        "loop.mistake.past_last_row": "b[{k}] holds the row of column {k}'s queen, and the "
        "rows of the {n} x {n} board go from 0 to n-1: no tick puts a larger number there.",
        "loop.mistake.k_up_after_backtrack": "k++ is for a free square, and here column {k} has "
        "no row left. Think of what the loop does when b[{k}] reaches n, and which way that "
        "moves k.",
        # Over several ticks, neither says that the column runs out of rows: finding that out
        # is what the ticks ask (student walk 12, en 10).
        "loop.mistake.k_up_over_ticks": "k++ happens only when a tested square is free. Play "
        "the {count} ticks one by one: test each row left in column {k} against the queens "
        "before it, and see whether one of them is free.",
        "loop.mistake.k_stays_over_ticks": "Play the {count} ticks one by one: each tests the "
        "next row of column {k} or moves k, and k stays only while the tests go on in the "
        "column. Where does the last tick leave it?",
        "loop.mistake.k_stays_backtrack": "k does not stay at {k}: column {k} has no row left, "
        "and the loop never tries its rows again from there. Think of what the loop does when "
        "b[{k}] reaches n.",
        "loop.mistake.k_down_after_free": "k-- is only for a backtrack. Here the square is free "
        "and the queen stays: which way does k move after a free square?",
        "loop.mistake.k_stays_free": "k does not stay at {k}: the square is free and the queen "
        "stays. Which way does k move after a free square?",
        "loop.mistake.tick_for_iteration": "That is {name} after one tick. An iteration goes on "
        "ticking until a queen is placed or the loop backtracks.",
        "loop.mistake.iteration_for_tick": "That is {name} after a whole iteration. One tick is "
        "only one b[k]++ with its isfree test, or one backtrack.",
        "loop.state.hint.tick": "A tick tests a square (one b[k]++ with its isfree test), "
        "backtracks (b[k]=-1; k--) or reports the solution (k == n). A free square moves k on "
        "by one.",
        "loop.state.hint.ahead": "Write b[] down and tick: each tick is one b[k]++ with its "
        "isfree test, or, when b[k] reaches n, one backtrack b[k]=-1; k--.",
    }
)


def attackers(snapshot: Snapshot, col: int, row: int) -> tuple[Attacker, ...]:
    """The queens of columns 0..col-1 that attack (col, row), with their rules."""
    found = []
    for c in range(col):
        rule = attack_rule(c, snapshot.b[c], col, row)
        if rule is not None:
            found.append(Attacker(c, snapshot.b[c], rule))
    return tuple(found)


def _why(col: int, row: int, attacker: Attacker) -> Message:
    from solver.methods.iterative.narration import why

    return why(col, row, attacker)


def attacked(col: int, row: int, by: tuple[Attacker, ...]) -> Message:
    """``Row 1 is attacked by column 0 (same row 1).``: every attacker, with its rule."""
    if len(by) == 1:
        a = by[0]
        return Message.of("loop.choice.attacked", row=row, col=a.col, why=_why(col, row, a))
    parts = tuple(Message.of("loop.choice.attacker", col=a.col, why=_why(col, row, a)) for a in by)
    return Message.of("loop.choice.attacked.many", row=row, count=len(by), attackers=parts)


def choice_refusal(snapshot: Snapshot) -> Message | None:
    """No column is being filled (k = n after a solution, or -1 at the end)."""
    if 0 <= snapshot.k < snapshot.n:
        return None
    return Message.of("loop.choice.no_column", k=snapshot.k, tick=snapshot.tick)


def choice_prompt(snapshot: Snapshot) -> Message:
    k = snapshot.k
    return Message.of("loop.choice.prompt", k=k, start=snapshot.b[k])


def choice_story(snapshot: Snapshot, iteration: Iteration) -> Message:
    """What the next iteration does in column k, square by square."""
    k, n, start = snapshot.k, snapshot.n, snapshot.b[snapshot.k]
    told: list[Message] = []
    for test in iteration.tests:
        col, row = test.square
        if not test.free:
            told.append(attacked(col, row, attackers(snapshot, col, row)))
        else:
            told.append(Message.of("loop.choice.free", row=row, k=k, next=k + 1))
    if not iteration.placed:
        key = "loop.choice.no_row" if k > 0 else "loop.choice.no_row.over"
        told.append(Message.of(key, k=k, prev=k - 1))
    story = Joined(tuple(told))
    first = start + 1
    if first < n:
        return Message.of("loop.choice.story", k=k, first=first, story=story)
    return Message.of("loop.choice.story.top", k=k, start=start, n=n, story=story)


def choice_hint(snapshot: Snapshot) -> Message:
    k = snapshot.k
    if k == 0:
        return Message.of("loop.choice.hint.first")
    if k == 1:  # one queen to its left: "columns 0..0" says it badly
        return Message.of("loop.choice.hint.second", first=snapshot.b[k] + 1)
    return Message.of("loop.choice.hint", k=k, first=snapshot.b[k] + 1, last=k - 1)


def wrong_choice(snapshot: Snapshot, iteration: Iteration, value: int | None) -> Message:
    """Why row ``value`` (None: a backtrack) is not where the queen of column k goes."""
    k, start = snapshot.k, snapshot.b[snapshot.k]
    if value is None and k == 0:
        return Message.of("loop.choice.free_first")
    if value is None and start < 0:  # not "above b[5] = -1" (student walk 12, pl 28)
        return Message.of("loop.choice.free_from_zero", k=k)
    if value is None:
        return Message.of("loop.choice.free_above", k=k, start=start)
    if value <= start:
        return Message.of("loop.choice.tried", k=k, start=start, next=start + 1)
    by = attackers(snapshot, k, value)
    if by:
        return attacked(k, value, by)
    return Message.of("loop.choice.lower_free", row=value, expected=iteration.answer)


def choice_mistakes(snapshot: Snapshot, iteration: Iteration) -> dict[str, Message]:
    """The loop's misconceptions about the next row, by the answer each gives: counting rows from 1,
    and row n taken for a row."""
    k, n = snapshot.k, snapshot.n
    if iteration.answer is None:
        return {str(n): Message.of("loop.mistake.row_n_is_backtrack", k=k, n=n)}
    right = int(iteration.answer)
    one_up = right + 1
    if one_up >= n:
        return {str(one_up): Message.of("loop.mistake.row_from_one")}
    if not attackers(snapshot, k, one_up):
        return {str(one_up): Message.of("loop.mistake.next_row_from_one", row=one_up, right=right)}
    return {}


def ahead_mistakes(name: str, before: str, value: str, ahead: int) -> dict[str, Message]:
    """k asked ``ahead`` ticks on, where the column runs out of rows and k goes back: the reasons
    for k+1 and k never say that it runs out, since finding that out is what the ticks ask (student
    walk 12, en 10)."""
    if name != "k" or not before.lstrip("-").isdigit():
        return {}
    k = int(before)
    if value != str(k - 1):
        return {}
    return {
        str(k + 1): Message.of("loop.mistake.k_up_over_ticks", k=k, count=ahead),
        str(k): Message.of("loop.mistake.k_stays_over_ticks", k=k, count=ahead),
    }


def state_mistakes(
    name: str, before: Snapshot, after: Snapshot, events: tuple[object, ...]
) -> dict[str, Message]:
    """The loop's core misconceptions about ``k`` or ``b[c]`` after the ticks whose events are
    ``events``, by the wrong value each one gives: b[k] reaching n taken for a row (it means
    backtrack), k++ after a backtrack instead of k--, k-- after a free square, k staying where it
    was."""
    lifted = [event.col for event in events if isinstance(event, Backtrack)]
    backtracked = bool(lifted)
    found: dict[str, Message] = {}
    if name == "k":
        k, right = before.k, after.k
        if backtracked and right == k - 1:
            found[str(k + 1)] = Message.of("loop.mistake.k_up_after_backtrack", k=k, right=right)
            found[str(k)] = Message.of("loop.mistake.k_stays_backtrack", k=k, right=right)
        elif not backtracked and right == k + 1:
            found[str(k - 1)] = Message.of("loop.mistake.k_down_after_free", right=right)
            found[str(k)] = Message.of("loop.mistake.k_stays_free", k=k, right=right)
        return found
    column = _column(name)
    if column is None:
        return found
    n = after.n
    if column in lifted and after.b[column] == -1:
        found[str(n)] = Message.of("loop.mistake.reached_n", k=column, n=n, prev=column - 1)
    added = before.b[column] + len(events)
    if len(events) > 1 and added != after.b[column]:
        # Every tick taken for a b[column]++ (4 + 6 = 10 for b[4] six ticks ahead).
        key = "loop.mistake.every_tick_adds_past" if added >= n else "loop.mistake.every_tick_adds"
        found.setdefault(str(added), Message.of(key, k=column, count=len(events), n=n))
    found.setdefault(str(n), Message.of("loop.mistake.n_never_kept", k=column, n=n))
    return found


def state_largest(name: str, before: Snapshot) -> tuple[int, Message] | None:
    """The largest value ``name`` can hold (a b[] entry: the board's last row), and why no larger
    one is the answer; None for any other name."""
    column = _column(name)
    if column is None or not 0 <= column < before.n:
        return None
    n = before.n
    return n - 1, Message.of("loop.mistake.past_last_row", k=column, n=n)


def landing_reasons(name: str, before: Snapshot, after: Snapshot) -> dict[str, Message]:
    """Where ``name`` is b[k] and the queen of column k landed in the ticks asked about: why each
    other row is not where it lands, as next-choice says it (tried already, attacked by whom, or a
    lower row free first)."""
    column = _column(name)
    if column is None or column != before.k or after.k != column + 1 or after.b[column] < 0:
        return {}
    k, start, right = column, before.b[column], after.b[column]
    found: dict[str, Message] = {}
    for row in range(after.n):
        if row == right:
            continue
        if row <= start:
            found[str(row)] = Message.of("loop.choice.tried", k=k, start=start, next=start + 1)
        elif by := attackers(before, k, row):
            found[str(row)] = attacked(k, row, by)
        else:
            found[str(row)] = Message.of("loop.choice.lower_free", row=row, expected=right)
    return found


def _column(name: str) -> int | None:
    if name.startswith("b[") and name.endswith("]") and name[2:-1].isdecimal():
        return int(name[2:-1])
    return None
