"""The Wrocław loop's own words for a lesson's questions about its board (the iterative kit's
question hooks): where the queen of column k goes next, what k or b[] becomes, and the loop's
misconceptions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit_words import QuestionWords
from solver.messages import Joined, Message, register

if TYPE_CHECKING:
    from solver.events import Attacker
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
        "loop.choice.hint.top": "b[{k}] is already the top row: b[{k}]++ gives {n} = n. What does "
        "the loop do then?",
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
        "loop.mistake.one_row_a_tick": "One tick is one b[{k}]++: the queen moves up one row, "
        "and then its square is tested.",
        "loop.choice.lower_free": "Row {row} is free, but a row below it is free too, and the "
        "loop stops at the first free row going up.",
        "loop.choice.free_above": "A backtrack comes only when b[{k}]++ reaches n with no free "
        "row found. Test the rows of column {k} above b[{k}] = {start} against the queens "
        "before it, one by one.",
        "loop.choice.free_from_zero": "A backtrack comes only when b[{k}]++ reaches n with no "
        "free row found. Test the rows of column {k} from row 0 up against the queens before "
        "it, one by one.",
        "loop.choice.free_first": "Column 0 has no queens before it: nothing attacks any of "
        "its rows. A backtrack from column 0 comes only when b[0]++ reaches n, and that ends "
        "the search.",
        "loop.mistake.row_from_one": "Rows are counted from 0 at the bottom: if you counted from "
        "1, you are one too high.",
        "loop.mistake.next_row_from_one": "Rows count from 0 at the bottom, and the loop stops "
        "at the first free row it tests going up: did you count from 1?",
        "loop.mistake.row_n_is_backtrack": "There is no row {n}: b[{k}]++ reaching n = {n} "
        "means that column {k} has no row left. What does the loop do then?",
        "loop.mistake.reached_n": "b[{k}]++ reaches n = {n}, and there is no row {n}: column {k} "
        "has no row left. What does the loop write into b[{k}] then?",
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
        "loop.mistake.k_up_after_backtrack": "k++ follows only a free square. Before you "
        "answer, test each row left in column {k} against the queens before it: is one of them "
        "free?",
        "loop.mistake.k_up_over_ticks": "k++ happens only when a tested square is free. Play "
        "the {count} ticks one by one: test each row left in column {k} against the queens "
        "before it, and see whether one of them is free.",
        "loop.mistake.k_stays_over_ticks": "Play the {count} ticks one by one: each tests the "
        "next row of column {k} or moves k, and k stays only while the tests go on in the "
        "column. Where does the last tick leave it?",
        "loop.mistake.k_stays_backtrack": "k does not stay at {k}: every iteration ends with "
        "k++ (a free row found) or k-- (none left). Test the rows left in column {k} against "
        "the queens before it to see which.",
        "loop.mistake.k_down_after_free": "k-- follows only a column with no free row left. "
        "Before you answer, test each row left in this column against the queens before it: is "
        "one of them free?",
        "loop.mistake.k_stays_free": "k does not stay at {k}: every iteration ends with k++ (a "
        "free row found) or k-- (none left). Test the rows left in column {k} against the "
        "queens before it to see which.",
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
    from solver.events import Attacker, attack_rule

    found = []
    for c in range(col):
        rule = attack_rule(c, snapshot.b[c], col, row)
        if rule is not None:
            found.append(Attacker(c, snapshot.b[c], rule))
    return tuple(found)


def attacked(col: int, row: int, by: tuple[Attacker, ...]) -> Message:
    """``Row 1 is attacked by the queen in column 0 (same row 1).``: every attacker, with its
    rule."""
    from solver.methods.iterative.narration import why

    if len(by) == 1:
        a = by[0]
        return Message.of("loop.choice.attacked", row=row, col=a.col, why=why(col, row, a))
    parts = tuple(Message.of("loop.choice.attacker", col=a.col, why=why(col, row, a)) for a in by)
    return Message.of("loop.choice.attacked.many", row=row, count=len(by), attackers=parts)


def _column(name: str) -> int | None:
    """The column of a ``b[c]`` name, else None."""
    if name.startswith("b[") and name.endswith("]") and name[2:-1].isdecimal():
        return int(name[2:-1])
    return None


class LoopQuestions(QuestionWords):
    """The question hooks of :class:`solver.kit_words.QuestionWords`, in the loop's words."""

    state_name: ClassVar[str | None] = "k"

    def choice_refusal(self, before: Any) -> Message | None:
        if 0 <= before.k < before.n:
            return None
        return Message.of("loop.choice.no_column", k=before.k, tick=before.tick)

    def choice_prompt(self, before: Any, iteration: Iteration) -> Message:
        return Message.of("loop.choice.prompt", k=before.k, start=before.b[before.k])

    def choice_story(self, before: Any, iteration: Iteration) -> Message:
        k, n, start = before.k, before.n, before.b[before.k]
        told: list[Message] = []
        for test in iteration.tests:
            col, row = test.square
            if not test.free:
                told.append(attacked(col, row, attackers(before, col, row)))
            else:
                told.append(Message.of("loop.choice.free", row=row, k=k, next=k + 1))
        if not iteration.placed:
            key = "loop.choice.no_row" if k > 0 else "loop.choice.no_row.over"
            told.append(Message.of(key, k=k, prev=k - 1))
        story = Joined(tuple(told))
        if start + 1 < n:
            return Message.of("loop.choice.story", k=k, first=start + 1, story=story)
        return Message.of("loop.choice.story.top", k=k, start=start, n=n, story=story)

    def choice_hint(self, before: Any, iteration: Iteration) -> Message:
        k = before.k
        if k == 0:
            return Message.of("loop.choice.hint.first")
        if before.b[k] + 1 == before.n:  # no row left to go up from
            return Message.of("loop.choice.hint.top", k=k, n=before.n)
        if k == 1:  # one queen to its left: "columns 0..0" says it badly
            return Message.of("loop.choice.hint.second", first=before.b[k] + 1)
        return Message.of("loop.choice.hint", k=k, first=before.b[k] + 1, last=k - 1)

    def wrong_choice(self, before: Any, iteration: Iteration, value: int | str | None) -> Message:
        k, start = before.k, before.b[before.k]
        if not isinstance(value, int):
            if k == 0:
                return Message.of("loop.choice.free_first")
            if start < 0:
                return Message.of("loop.choice.free_from_zero", k=k)
            return Message.of("loop.choice.free_above", k=k, start=start)
        if value <= start:
            return Message.of("loop.choice.tried", k=k, start=start, next=start + 1)
        by = attackers(before, k, value)
        if by:
            return attacked(k, value, by)
        return Message.of("loop.choice.lower_free", row=value, expected=iteration.answer)

    def choice_mistakes(self, before: Any, iteration: Iteration) -> dict[str, Message]:
        """Counting rows from 1, and row n taken for a row."""
        k, n = before.k, before.n
        if iteration.answer is None:
            return {str(n): Message.of("loop.mistake.row_n_is_backtrack", k=k, n=n)}
        right = int(iteration.answer)
        one_up = right + 1
        if one_up >= n:
            return {str(one_up): Message.of("loop.mistake.row_from_one")}
        if not attackers(before, k, one_up):
            message = Message.of("loop.mistake.next_row_from_one", row=one_up, right=right)
            return {str(one_up): message}
        return {}

    def ahead_mistakes(self, name: str, before: str, value: str, ahead: int) -> dict[str, Message]:
        """k asked ``ahead`` ticks on where the column runs out of rows: the reasons for k+1 and
        k never say that it runs out."""
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
        self, name: str, before: Any, after: Any, events: tuple[object, ...]
    ) -> dict[str, Message]:
        """b[k] reaching n taken for a row, k++ after a backtrack, k-- after a free square, k
        staying where it was."""
        from solver.events import Backtrack

        lifted = [event.col for event in events if isinstance(event, Backtrack)]
        found: dict[str, Message] = {}
        if name == "k":
            k, right = before.k, after.k
            if lifted and right == k - 1:
                found[str(k + 1)] = Message.of(
                    "loop.mistake.k_up_after_backtrack", k=k, right=right
                )
                found[str(k)] = Message.of("loop.mistake.k_stays_backtrack", k=k, right=right)
            elif not lifted and right == k + 1:
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
        if len(events) > 1 and added != after.b[column]:  # every tick taken for a b[column]++
            key = "loop.mistake.every_tick_adds" + ("_past" if added >= n else "")
            found.setdefault(str(added), Message.of(key, k=column, count=len(events), n=n))
        found.setdefault(str(n), Message.of("loop.mistake.n_never_kept", k=column, n=n))
        return found

    def state_largest(self, name: str, before: Any) -> tuple[int, Message] | None:
        column = _column(name)
        if column is None or not 0 <= column < before.n:
            return None
        n = before.n
        return n - 1, Message.of("loop.mistake.past_last_row", k=column, n=n)

    def landing_reasons(self, name: str, before: Any, after: Any) -> dict[str, Message]:
        column = _column(name)
        if column is None or column != before.k:
            return {}
        k, start, right = column, before.b[column], after.b[column]
        found: dict[str, Message] = {}
        for row in range(after.n if right >= 0 else start + 1):  # a backtrack: the rows tried
            if row == right:
                continue
            if row <= start:
                found[str(row)] = Message.of("loop.choice.tried", k=k, start=start, next=start + 1)
            elif after.k == k:  # a tick up, to a square attacked
                found[str(row)] = Message.of("loop.mistake.one_row_a_tick", k=k)
            elif by := attackers(before, k, row):
                found[str(row)] = attacked(k, row, by)
            else:
                found[str(row)] = Message.of("loop.choice.lower_free", row=row, expected=right)
        return found

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        if ahead:
            return Message.of("loop.state.hint.ahead")
        return Message.of("loop.state.hint.iteration" if iteration else "loop.state.hint.tick")

    def step_mistake(self, name: str, iteration: bool) -> Message:
        key = "loop.mistake.tick_for_iteration" if iteration else "loop.mistake.iteration_for_tick"
        return Message.of(key, name=name)
